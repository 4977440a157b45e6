// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/market/markettypes.h"

#include <QList>

namespace sfsim {

// One synthetic seller's (or buyer's) offer in one hour slot. `level` identifies it within the slot.
struct SyntheticOffer
{
    int level = 0;
    qint64 nodes = 0;
    qint64 rate = 0;
};

// The synthetic side of the market, a pure function of (seed, SKU, hour slot, time): sellers
// offer nodes hour by hour over the horizon at prices around a fair curve with a daily and weekly
// shape and seeded noise; buyers bid below. Prices move every hour: asks fall and bids rise as a
// slot comes closer (unsold compute is worth less the nearer it is), with a little noise, so that
// resting orders fill as time passes. Integer arithmetic only, so every platform agrees.
class SyntheticMarket final
{
public:
    static constexpr qint64 Hour = 3600;
    static constexpr int AskLevels = 4;
    static constexpr int BidLevels = 3;

    SyntheticMarket(quint64 seed, qint64 horizonSeconds);

    // Fair price of a slot (µ$ per node-hour) before the level spreads and the approach.
    qint64 fairRate(const MarketSku& sku, qint64 slot) const;
    // Offers in the hour slot starting at `slot`, as they stand at time `now`; empty when the slot
    // has ended or lies beyond the horizon. Asks are cheapest first, bids highest first.
    QList<SyntheticOffer> asks(const MarketSku& sku, qint64 slot, qint64 now) const;
    QList<SyntheticOffer> bids(const MarketSku& sku, qint64 slot, qint64 now) const;
    // Whether the slot is on offer at `now`.
    bool isTradable(qint64 slot, qint64 now) const;
    qint64 horizonSeconds() const { return m_horizon; }

    // Deterministic, well-mixed 64-bit hashing (splitmix64).
    static quint64 mix(quint64 value);
    quint64 hash(const QString& skuId, qint64 a, qint64 b = 0, qint64 c = 0) const;
    // hash() in two steps, for many hashes of one SKU: its id mixed once, then the numbers.
    quint64 skuHash(const QString& skuId) const;
    static quint64 hashFrom(quint64 skuPart, qint64 a, qint64 b = 0, qint64 c = 0);
    // A value in [-amplitude, amplitude] from a hash.
    static qint64 spread(quint64 hash, qint64 amplitude);

private:
    QList<SyntheticOffer> offers(const MarketSku& sku, qint64 slot, qint64 now, bool asks) const;

    quint64 m_seed;
    qint64 m_horizon;
};

} // namespace sfsim
