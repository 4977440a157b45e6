// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/connection/connection.h"
#include "sim/http/simthread.h"
#include "sim/world/simoptions.h"
#include "support/simclient.h"

#include <QDir>
#include <QJsonObject>

#include <memory>

namespace sfdesk {

// The local profile's simulator with its control routes on (the app's own has them off), in an
// empty world: the test reaches it with the owner's token to place orders and move its clock, and
// with `tokens` (when given) as any other account.
class ControlledSimulator final : public LocalServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ControlledSimulator)

public:
    ControlledSimulator(const QString& dataDir, SimClient* api, QJsonObject* tokens = nullptr)
    {
        QDir().mkpath(dataDir);
        sfsim::SimOptions options;
        options.dbFile = QDir(dataDir).filePath(QStringLiteral("sfsim.db"));
        options.tokensFile = QDir(dataDir).filePath(QStringLiteral("sfsim-tokens.json"));
        options.control = true;
        m_sim = std::make_unique<sfsim::SimThread>(options);
        connect(m_sim.get(), &sfsim::SimThread::started, this,
                [this, api, tokens](const QUrl& baseUrl, const QJsonObject& all) {
                    const QString owner = all.value(u"acme-owner").toString();
                    api->setBaseUrl(baseUrl);
                    api->setToken(owner);
                    if (tokens)
                        *tokens = all;
                    Q_EMIT started(baseUrl, owner);
                });
        connect(m_sim.get(), &sfsim::SimThread::failed, this, &LocalServer::failed);
    }
    void start() override { m_sim->start(); }

private:
    std::unique_ptr<sfsim::SimThread> m_sim;
};

} // namespace sfdesk
