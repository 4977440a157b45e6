// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/connection/connection.h"

#include <memory>

class QLibrary;
class QThread;

namespace sfdesk {

namespace SimulatorModule {
class Simulator;
}

// The local profile's server: sfsim on its own thread, its state in the user's data folder, signed
// in as the simulated account's owner. A new store starts as the demo world. sfsim and the
// libraries it needs (Qt HTTP Server, SQL, SQLite) are in a module (simulatormodule.h) loaded when
// the simulator starts, so that the app does not load them before its window shows. A module that
// cannot be loaded fails the start and says why.
class EmbeddedSimulator final : public LocalServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddedSimulator)

public:
    // dataDir holds the simulator's database and tokens file; modulePath is the module's file
    // (defaultModulePath() when empty).
    explicit EmbeddedSimulator(const QString& dataDir, const QString& modulePath = {},
                               QObject* parent = nullptr);
    ~EmbeddedSimulator() override;

    void start() override;
    bool canResetWorld() const override { return true; }
    void resetWorld(bool demo) override;

    // Beside the executable (a build tree), else in ../lib/sfdesk from it (an install); the first
    // of them when neither has the module, so that the error names where it was looked for.
    static QString defaultModulePath();
    static LocalServerFactory factory(const QString& dataDir, const QString& modulePath = {});

private:
    // The simulator of the module `library` loaded, or null with `why` set.
    std::unique_ptr<SimulatorModule::Simulator> create(QLibrary& library, QString* why);

    QString m_dataDir;
    QString m_modulePath;
    // Loads the module off the UI thread; there while it does.
    std::unique_ptr<QThread> m_loader;
    std::unique_ptr<SimulatorModule::Simulator> m_sim;
    QString m_loadError;
};

} // namespace sfdesk
