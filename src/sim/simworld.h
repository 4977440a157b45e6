#pragma once

#include <QJsonObject>

class SimStore;

// The world of DESIGN.md, generated once per store and the same for the same seed: accounts acme
// (workspaces default, production, research) and globex, regions and zones with InfiniBand fabrics
// (one zone holds two), InfiniBand SKUs on fabrics and RoCE or plain SKUs elsewhere, public
// images, the infiniband-preview flag, balances, and the four API tokens.
namespace world {

// True when the store already holds a world.
bool isSeeded(SimStore& store);
// Seeds the world inside the caller's transaction; returns the tokens by label.
QJsonObject seed(SimStore& store, quint64 seed, qint64 now);
QJsonObject tokens(SimStore& store);

} // namespace world
