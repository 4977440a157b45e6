// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>

namespace sfsim {

class SimStore;

// The world of DESIGN.md, generated once per store and the same for the same seed: accounts acme
// (workspaces default, production, research) and globex, regions and zones with InfiniBand fabrics
// (one zone holds two), InfiniBand SKUs on fabrics and RoCE or plain SKUs elsewhere, public
// images, the infiniband-preview flag, balances, and the four API tokens.
namespace world {

// True when the store already holds a world.
bool isSeeded(SimStore& store);
// Seeds the world inside the caller's transaction; returns the tokens by label. The store keeps
// only their digests, so this is the one time they are known (besides the tokens file).
QJsonObject seed(SimStore& store, quint64 seed, qint64 now);
// Replaces tokens and idempotency keys a store of an earlier version kept in the clear by their
// digests; returns those tokens by label (empty when there were none).
QJsonObject hashStoredSecrets(SimStore& store);
// The candidates (label: token) whose digest is the stored token of that label.
QJsonObject verifiedTokens(SimStore& store, const QJsonObject& candidates);
// Gives every token but those labelled `keep` a new secret, inside the caller's transaction; its
// grants and idempotency keys go with it. Returns the new tokens by label.
QJsonObject remintTokens(SimStore& store, const QStringList& keep);

} // namespace world

} // namespace sfsim
