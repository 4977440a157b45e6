// SPDX-License-Identifier: Apache-2.0

#include "embeddedsimulator.h"

#include "sim/http/simthread.h"

#include <QDir>
#include <QFile>

namespace sfdesk {

EmbeddedSimulator::EmbeddedSimulator(const QString& dataDir, QObject* parent)
    : LocalServer(parent)
{
    QDir().mkpath(dataDir);
    // The simulator's database holds its tokens: the folder is the user's alone.
    QFile::setPermissions(dataDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    sfsim::SimOptions options;
    options.port = 0;
    options.dbFile = QDir(dataDir).filePath(QStringLiteral("sfsim.db"));
    options.tokensFile = QDir(dataDir).filePath(QStringLiteral("sfsim-tokens.json"));
    // A first start shows what sfdesk is for: pools, orders, a partition with running workers.
    options.demo = true;
    m_sim = std::make_unique<sfsim::SimThread>(options);
    connect(m_sim.get(), &sfsim::SimThread::started, this,
            [this](const QUrl& baseUrl, const QJsonObject& tokens) {
                const QString token = tokens.value(u"acme-owner").toString();
                // Without it every call would fail "not signed in" while the app looked ready.
                if (token.isEmpty()) {
                    Q_EMIT failed(tr("The local simulator started without a token to sign in with."));
                    return;
                }
                Q_EMIT started(baseUrl, token);
            });
    connect(m_sim.get(), &sfsim::SimThread::failed, this, [this](const QString& error, qint64 storeHolder) {
        if (storeHolder == 0) {
            Q_EMIT failed(error);
            return;
        }
        Q_EMIT failed(tr("Another sfdesk window (process %1) has the local simulator open: use that window, "
                         "or close it and start sfdesk again.")
                          .arg(storeHolder));
    });
    connect(m_sim.get(), &sfsim::SimThread::worldReset, this,
            [this](const QJsonObject& tokens) { Q_EMIT worldReset(tokens.value(u"acme-owner").toString()); });
    connect(m_sim.get(), &sfsim::SimThread::resetFailed, this, &LocalServer::resetFailed);
}

EmbeddedSimulator::~EmbeddedSimulator() = default;

void EmbeddedSimulator::start()
{
    m_sim->start();
}

void EmbeddedSimulator::resetWorld(bool demo)
{
    m_sim->resetWorld(demo);
}

LocalServerFactory EmbeddedSimulator::factory(const QString& dataDir)
{
    return [dataDir] { return std::make_unique<EmbeddedSimulator>(dataDir); };
}

} // namespace sfdesk
