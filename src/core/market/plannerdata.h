// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/schedule.h"
#include "core/model/marketorderstatus.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace sfdesk {

// What the planner draws, in plain types of its own, free of the API value types
// (core/model/resources.h; plannerconversion.cpp converts from them). Nodes over time are the
// exact schedules of src/common, bounded (an unbounded tail is cut at the horizon).

struct PlannerOrder
{
    using Status = MarketOrderStatus;

    QString id;
    QString poolId;
    bool buy = true;
    QString sku;
    qint64 start = 0;
    qint64 end = 0;
    qint64 nodes = 0;
    qint64 limitMicros = 0; // µ$ per node-hour
    Status status = Status::Unknown;
    QString statusText;
    // What has filled so far, within [start, end).
    Schedule filled;
    // The procurement that placed it; empty for the user's own.
    QString procurement;
    bool operator==(const PlannerOrder&) const = default;

    // Still on the book: may yet fill, may be cancelled.
    bool isOpen() const { return sfdesk::isOpen(status); }
};

// The market's best prices for one hour of one SKU, in µ$ per node-hour.
struct HourQuote
{
    qint64 hourStart = 0;
    std::optional<qint64> bestAsk;
    std::optional<qint64> bestBid;
    // Nodes resting at the best ask throughout the hour; none when the book gave no schedule.
    std::optional<qint64> askNodes;
    bool operator==(const HourQuote&) const = default;
};

// A procurement of the pool: the server keeps `target` nodes of `sku` over the next `window`
// seconds (rolling), buying at up to the cap and selling at the floor or more.
struct PlannerProcurement
{
    QString id;
    QString name;
    QString sku;
    qint64 target = 0;
    qint64 window = 0; // seconds
    qint64 maxBuyMicros = 0;
    qint64 minSellMicros = 0;
    bool enabled = true;
    QString statusMessage; // the server's, as it sent it
    bool operator==(const PlannerProcurement&) const = default;
};

// One pool as the chart shows it.
struct PlannerSnapshot
{
    QString poolId;
    QString poolName;
    // Owned nodes per SKU id; an unbounded tail is cut at `horizon`.
    QMap<QString, Schedule> ownedBySku;
    QList<PlannerOrder> orders; // of this pool only
    QList<PlannerProcurement> procurements;
    QList<HourQuote> quotes; // for `quoteSku`
    QString quoteSku;
    qint64 now = 0;
    bool operator==(const PlannerSnapshot&) const = default;
};

// How far an unbounded allocation is drawn and counted.
inline constexpr qint64 PlannerHorizonSeconds = qint64(400) * 24 * 3600;

} // namespace sfdesk
