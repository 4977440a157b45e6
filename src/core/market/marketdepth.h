// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/orderbook.h"

#include <QList>

#include <optional>

namespace sfdesk {

// The market beside the planner, in rows a chart or a screen reader can show: the depth of one
// SKU's book for a window as price levels with node counts (the user's own resting orders marked
// at their prices), and the recent fills as points of price and size over time.
namespace MarketDepth {

struct Level
{
    enum class Side
    {
        Ask,
        Bid
    };
    Side side = Side::Ask;
    // µ$ per node-hour.
    qint64 rate = 0;
    // Nodes offered (asks) or wanted (bids) at this rate for the whole window.
    qint64 nodes = 0;
    // The user's resting orders of this SKU and side at this rate that overlap the window.
    int ownOrders = 0;
    qint64 ownNodes = 0;
    bool operator==(const Level&) const = default;
};

// Asks then bids, each from the highest rate down (the best ask last among the asks, the best bid
// first among the bids), as a price ladder reads top to bottom. Levels of other SKUs are left out;
// an own order's rate that no level has gets a row of its own.
QList<Level> ladder(const OrderbookDepth& depth, const QString& sku, const QList<Order>& ownOrders);

// The rate a sell of `nodes` for the whole window needs to fill against the bids of a ladder: the
// bids taken from the best down until they want `nodes`, the last one's rate; none when the bids
// together want fewer.
std::optional<qint64> fillingBid(const QList<Level>& ladder, qint64 nodes);

// Nodes a schedule holds throughout [start, end): its smallest count over the window.
qint64 nodesThroughout(const NodeSchedule& schedule, qint64 start, qint64 end);

// The trades made at one moment: one order matched against the book fills hour by hour and seller
// by seller, which a chart of the market shows as one trade.
struct Fill
{
    qint64 filledAt = 0;
    // µ$ per node-hour, the trades' mean weighted by node-hours (rounded half up).
    qint64 rate = 0;
    // The most nodes the trades deliver at once.
    qint64 nodes = 0;
    int trades = 1;
    bool operator==(const Fill&) const = default;
};

// The fills of `sku` (as the API lists them, newest first), those of one second together, oldest
// first.
QList<Fill> fills(const QList<OrderbookFill>& fills, const QString& sku);

} // namespace MarketDepth

} // namespace sfdesk
