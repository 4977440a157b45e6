// SPDX-License-Identifier: Apache-2.0

#pragma once

// What crosses between sfdesk and its simulator module (sfdesk-simulator.so, loaded once the local
// profile starts): Qt's value types and this header's two plain classes, no type of core, gui or
// sim. The module keeps its own copies of the static libraries it is built from, sfsim and the
// shared value types, hidden inside it; so no object of those crosses, and nothing here has a
// meta-object that the app and the module would each hold a copy of.

#include <QJsonObject>
#include <QString>
#include <QUrl>
#include <QtGlobal>

#include <functional>

namespace sfdesk::SimulatorModule {

// Raised whenever anything in this header changes: the app refuses a module of another version.
inline constexpr int InterfaceVersion = 1;

// The module's one exported symbol, a CreateFunction.
inline constexpr char CreateFunctionName[] = "sfdesk_simulator_create";

// The simulator's answers, called on the thread that created it. tokens: the simulated accounts'
// tokens by user name. storeHolder: the process that has the store open, when that is why it failed.
struct Events
{
    std::function<void(const QUrl& baseUrl, const QJsonObject& tokens)> started;
    std::function<void(const QString& error, qint64 storeHolder)> failed;
    std::function<void(const QJsonObject& tokens)> worldReset;
    std::function<void(const QString& error)> resetFailed;
};

// sfsim on a thread of its own, its store and tokens file in dataDir, the demo world in a new store.
class Simulator
{
public:
    Simulator() = default;
    virtual ~Simulator() = default;
    Q_DISABLE_COPY_MOVE(Simulator)

    virtual void start() = 0;
    // The demo world or an empty account; answered by worldReset or resetFailed.
    virtual void resetWorld(bool demo) = 0;
};

// A new simulator (the caller owns it), or null when interfaceVersion is not the module's.
using CreateFunction = Simulator* (*)(int interfaceVersion, const QString& dataDir, const Events& events);

} // namespace sfdesk::SimulatorModule
