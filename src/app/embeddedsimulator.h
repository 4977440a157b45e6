// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/connection/connection.h"

#include <memory>

namespace sfsim {
class SimThread;
}

namespace sfdesk {

// The local profile's server: sfsim on its own thread, its state in the user's data folder, signed
// in as the simulated account's owner. A new store starts as the demo world.
class EmbeddedSimulator final : public LocalServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddedSimulator)

public:
    // dataDir holds the simulator's database and tokens file.
    explicit EmbeddedSimulator(const QString& dataDir, QObject* parent = nullptr);
    ~EmbeddedSimulator() override;

    void start() override;
    bool canResetWorld() const override { return true; }
    void resetWorld(bool demo) override;

    static LocalServerFactory factory(const QString& dataDir);

private:
    std::unique_ptr<sfsim::SimThread> m_sim;
};

} // namespace sfdesk
