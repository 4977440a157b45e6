// SPDX-License-Identifier: Apache-2.0

#include "embeddedsimulator.h"

#include "simulatormodule.h"

#include "core/util/modulepath.h"

#include <QDir>
#include <QFile>
#include <QLibrary>
#include <QThread>

namespace sfdesk {

namespace {

constexpr QLatin1StringView ModuleFile("sfdesk-simulator.so");

} // namespace

EmbeddedSimulator::EmbeddedSimulator(const QString& dataDir, const QString& modulePath, QObject* parent)
    : LocalServer(parent)
    , m_dataDir(dataDir)
    , m_modulePath(modulePath.isEmpty() ? defaultModulePath() : modulePath)
{
    QDir().mkpath(dataDir);
    // The simulator's database holds its tokens: the folder is the user's alone.
    QFile::setPermissions(dataDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

EmbeddedSimulator::~EmbeddedSimulator()
{
    // A load under way ends first: the process must not exit under the loader's feet.
    if (m_loader)
        m_loader->wait();
}

QString EmbeddedSimulator::defaultModulePath()
{
    return ModulePath::find(ModuleFile);
}

std::unique_ptr<SimulatorModule::Simulator> EmbeddedSimulator::create(QLibrary& library, QString* why)
{
    const QString path = QDir::toNativeSeparators(m_modulePath);
    if (!library.isLoaded()) {
        *why = tr("The local simulator cannot start: its module %1 could not be loaded. %2")
                   .arg(path, library.errorString());
        return nullptr;
    }
    const auto createSimulator = reinterpret_cast<SimulatorModule::CreateFunction>(
        library.resolve(SimulatorModule::CreateFunctionName));
    if (!createSimulator) {
        *why =
            tr("The local simulator cannot start: %1 is not its module. %2").arg(path, library.errorString());
        return nullptr;
    }
    SimulatorModule::Events events;
    events.started = [this](const QUrl& baseUrl, const QJsonObject& tokens) {
        const QString token = tokens.value(u"acme-owner").toString();
        // Without it every call would fail "not signed in" while the app looked ready.
        if (token.isEmpty()) {
            Q_EMIT failed(tr("The local simulator started without a token to sign in with."));
            return;
        }
        Q_EMIT started(baseUrl, token);
    };
    events.failed = [this](const QString& error, qint64 storeHolder) {
        if (storeHolder == 0) {
            Q_EMIT failed(error);
            return;
        }
        Q_EMIT failed(tr("Another sfdesk window (process %1) has the local simulator open: use that window, "
                         "or close it and start sfdesk again.")
                          .arg(storeHolder));
    };
    events.worldReset = [this](const QJsonObject& tokens) {
        Q_EMIT worldReset(tokens.value(u"acme-owner").toString());
    };
    events.resetFailed = [this](const QString& error) { Q_EMIT resetFailed(error); };
    std::unique_ptr<SimulatorModule::Simulator> sim(
        createSimulator(SimulatorModule::InterfaceVersion, m_dataDir, events));
    if (!sim)
        *why =
            tr("The local simulator cannot start: its module %1 is of another version of sfdesk.").arg(path);
    return sim;
}

void EmbeddedSimulator::start()
{
    if (m_sim) {
        m_sim->start();
        return;
    }
    if (m_loader)
        return;
    // The loader maps and initialises the module and its libraries: milliseconds that the UI
    // thread, which has just painted the window's first frame, need not wait for. Loaded for the
    // rest of the process: its code runs on the simulator's thread until the end.
    auto library = std::make_shared<QLibrary>(m_modulePath);
    library->setLoadHints(QLibrary::PreventUnloadHint | QLibrary::ResolveAllSymbolsHint);
    m_loader.reset(QThread::create([library] { library->load(); }));
    connect(m_loader.get(), &QThread::finished, this, [this, library] {
        m_loader->wait();
        m_loader.reset();
        m_sim = create(*library, &m_loadError);
        if (!m_sim) {
            Q_EMIT failed(m_loadError);
            return;
        }
        m_sim->start();
    });
    m_loader->start();
}

void EmbeddedSimulator::resetWorld(bool demo)
{
    // Offered only while signed in to it (ConnectionsDialog): a module that did not load never is.
    if (!m_sim) {
        if (!m_loadError.isEmpty())
            Q_EMIT resetFailed(m_loadError);
        return;
    }
    m_sim->resetWorld(demo);
}

LocalServerFactory EmbeddedSimulator::factory(const QString& dataDir, const QString& modulePath)
{
    return [dataDir, modulePath] { return std::make_unique<EmbeddedSimulator>(dataDir, modulePath); };
}

} // namespace sfdesk
