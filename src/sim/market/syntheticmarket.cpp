// SPDX-License-Identifier: Apache-2.0

#include "sim/market/syntheticmarket.h"

#include "common/money.h"
#include "common/schedule.h"

#include <algorithm>

namespace sfsim {

namespace Money = sfdesk::Money;
using sfdesk::Schedule;

namespace {

// Per mille of the fair price by UTC hour: quiet early in the UTC day, busiest in the afternoon.
constexpr int Diurnal[24] = {940,  930,  920,  915,  910,  915,  925,  940,  960,  980,  1000, 1020,
                             1040, 1060, 1075, 1085, 1090, 1085, 1070, 1050, 1025, 1000, 975,  955};
// Per mille by weekday, Monday first: weekends are cheaper.
constexpr int Weekly[7] = {1010, 1020, 1020, 1015, 1000, 930, 920};
// Share of the SKU's hourly nodes per level (per mille).
constexpr int AskShare[SyntheticMarket::AskLevels] = {150, 250, 300, 300};
constexpr int BidShare[SyntheticMarket::BidLevels] = {100, 150, 200};
// The approach: how far ahead (seconds) a slot trades at its full spread.
constexpr qint64 Approach = 72 * SyntheticMarket::Hour;

} // namespace

SyntheticMarket::SyntheticMarket(quint64 seed, qint64 horizonSeconds)
    : m_seed(seed)
    , m_horizon(horizonSeconds)
{}

quint64 SyntheticMarket::mix(quint64 value)
{
    value += 0x9e3779b97f4a7c15ULL;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
}

quint64 SyntheticMarket::skuHash(const QString& skuId) const
{
    quint64 h = mix(m_seed);
    for (const QChar ch : skuId)
        h = mix(h ^ ch.unicode());
    return h;
}

quint64 SyntheticMarket::hashFrom(quint64 skuPart, qint64 a, qint64 b, qint64 c)
{
    quint64 h = mix(skuPart ^ static_cast<quint64>(a));
    h = mix(h ^ static_cast<quint64>(b));
    return mix(h ^ static_cast<quint64>(c));
}

quint64 SyntheticMarket::hash(const QString& skuId, qint64 a, qint64 b, qint64 c) const
{
    return hashFrom(skuHash(skuId), a, b, c);
}

qint64 SyntheticMarket::spread(quint64 hash, qint64 amplitude)
{
    return static_cast<qint64>(hash % static_cast<quint64>(2 * amplitude + 1)) - amplitude;
}

qint64 SyntheticMarket::fairRate(const MarketSku& sku, qint64 slot) const
{
    const qint64 dayStart = Schedule::floorTo(slot, 86400);
    const qint64 hourOfDay = (slot - dayStart) / Hour;
    const qint64 day = dayStart / 86400;
    const qint64 weekday = ((day % 7) + 7 + 3) % 7; // 1970-01-01 was a Thursday
    const qint64 noise = 1000 + spread(hash(sku.id, slot, 0x5107), 40);
    const qint64 perMillion = Diurnal[hourOfDay] * Weekly[weekday] * noise / 1000;
    return sku.baseRate * perMillion / 1'000'000;
}

bool SyntheticMarket::isTradable(qint64 slot, qint64 now) const
{
    return slot + Hour > now && slot < Schedule::floorHour(now) + m_horizon;
}

QList<SyntheticOffer> SyntheticMarket::asks(const MarketSku& sku, qint64 slot, qint64 now) const
{
    return offers(sku, slot, now, true);
}

QList<SyntheticOffer> SyntheticMarket::bids(const MarketSku& sku, qint64 slot, qint64 now) const
{
    return offers(sku, slot, now, false);
}

QList<SyntheticOffer> SyntheticMarket::offers(const MarketSku& sku, qint64 slot, qint64 now, bool asks) const
{
    QList<SyntheticOffer> result;
    if (!isTradable(slot, now) || sku.baseRate <= 0 || sku.nodesPerHour <= 0)
        return result;
    const qint64 fair = fairRate(sku, slot);
    // The SKU's part of every hash below, mixed once.
    const quint64 skuPart = skuHash(sku.id);
    const qint64 epoch = Schedule::floorHour(now);
    const qint64 lead = std::clamp<qint64>(slot - epoch, 0, Approach);
    // Asks fall from 100 % to 85 % of their spread price as the slot approaches; bids rise from
    // 92 % to 100 %. Level 0 ask stays above level 0 bid whatever the noise (0.833 > 0.820).
    const qint64 approach = asks ? 850 + 150 * lead / Approach : 1000 - 80 * lead / Approach;
    const int levels = asks ? AskLevels : BidLevels;
    for (int level = 0; level < levels; ++level) {
        const quint64 tick = hashFrom(skuPart, slot, (asks ? 0x100 : 0x200) + level, epoch);
        const qint64 spreadPerMille = asks ? 1000 + 45 * level : 800 - 45 * level;
        const qint64 perMille = spreadPerMille + spread(tick, 20);
        const qint64 rate = Money::roundToMinutePrecision(fair * perMille / 1000 * approach / 1000);
        const int share = asks ? AskShare[level] : BidShare[level];
        const qint64 typical = sku.nodesPerHour * share / 1000;
        const qint64 nodes = std::max<qint64>(
            1, typical + spread(hashFrom(skuPart, slot, (asks ? 0x300 : 0x400) + level), typical / 4));
        result.append(SyntheticOffer{level, nodes, std::max<qint64>(rate, Money::MinutePrecision)});
    }
    std::sort(result.begin(), result.end(), [asks](const SyntheticOffer& a, const SyntheticOffer& b) {
        return asks ? a.rate < b.rate : a.rate > b.rate;
    });
    return result;
}

} // namespace sfsim
