// SPDX-License-Identifier: Apache-2.0

// The simulator module (sfdesk-simulator.so): sfsim's SimThread behind SimulatorModule's interface.

#include "simulatormodule.h"

#include "sim/http/simthread.h"

#include <QDir>

#include <memory>
#include <type_traits>

namespace {

using namespace sfdesk;

class ModuleSimulator final : public SimulatorModule::Simulator
{
public:
    ModuleSimulator(const QString& dataDir, const SimulatorModule::Events& events)
    {
        sfsim::SimOptions options;
        options.port = 0;
        options.dbFile = QDir(dataDir).filePath(QStringLiteral("sfsim.db"));
        options.tokensFile = QDir(dataDir).filePath(QStringLiteral("sfsim-tokens.json"));
        // A first start shows what sfdesk is for: pools, orders, a partition with running workers.
        options.demo = true;
        m_sim = std::make_unique<sfsim::SimThread>(options);
        // The events are called with the thread object as context: none comes after it is gone.
        QObject::connect(m_sim.get(), &sfsim::SimThread::started, m_sim.get(), events.started);
        QObject::connect(m_sim.get(), &sfsim::SimThread::failed, m_sim.get(), events.failed);
        QObject::connect(m_sim.get(), &sfsim::SimThread::worldReset, m_sim.get(), events.worldReset);
        QObject::connect(m_sim.get(), &sfsim::SimThread::resetFailed, m_sim.get(), events.resetFailed);
    }

    void start() override { m_sim->start(); }
    void resetWorld(bool demo) override { m_sim->resetWorld(demo); }

private:
    std::unique_ptr<sfsim::SimThread> m_sim;
};

} // namespace

extern "C" Q_DECL_EXPORT sfdesk::SimulatorModule::Simulator*
sfdesk_simulator_create(int interfaceVersion, const QString& dataDir,
                        const sfdesk::SimulatorModule::Events& events)
{
    if (interfaceVersion != sfdesk::SimulatorModule::InterfaceVersion)
        return nullptr;
    return new ModuleSimulator(dataDir, events);
}

// The declaration the app resolves by name has this type.
static_assert(std::is_same_v<decltype(&sfdesk_simulator_create), sfdesk::SimulatorModule::CreateFunction>);
