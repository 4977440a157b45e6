#include "core/market/marketdepth.h"

#include "core/models/ordermodel.h"

#include <algorithm>

namespace MarketDepth {

namespace {

qint64 mostNodes(const NodeSchedule& schedule)
{
    qint64 most = 0;
    for (const NodeScheduleEntry& entry : schedule)
        most = std::max<qint64>(most, entry.nodeCount);
    return most;
}

} // namespace

qint64 nodesThroughout(const NodeSchedule& schedule, qint64 start, qint64 end)
{
    if (end <= start)
        return 0;
    // The count can change only where an entry starts or ends.
    qint64 fewest = scheduleNodesAt(schedule, start);
    for (const NodeScheduleEntry& entry : schedule) {
        for (const std::optional<qint64> at : {std::optional<qint64>(entry.startAt), entry.endAt}) {
            if (at && *at > start && *at < end)
                fewest = std::min<qint64>(fewest, scheduleNodesAt(schedule, *at));
        }
    }
    return std::max<qint64>(fewest, 0);
}

QList<Level> ladder(const OrderbookDepth& depth, const QString& sku, const QList<Order>& ownOrders)
{
    QList<Level> levels;
    const auto add = [&](const QList<PriceLevel>& side, Level::Side which) {
        for (const PriceLevel& level : side) {
            if (!level.sku.isEmpty() && level.sku != sku)
                continue;
            const qint64 rate = level.price.micros;
            const qint64 nodes =
                level.delta.isEmpty() ? 0 : nodesThroughout(level.delta, depth.startAt, depth.endAt);
            const auto same = std::find_if(levels.begin(), levels.end(),
                                           [&](const Level& l) { return l.side == which && l.rate == rate; });
            if (same != levels.end())
                same->nodes += nodes;
            else
                levels.append(Level{which, rate, nodes, 0, 0});
        }
    };
    add(depth.asks, Level::Side::Ask);
    add(depth.bids, Level::Side::Bid);

    for (const Order& order : ownOrders) {
        if (!OrderModel::isOpen(order) || order.sku.id != sku || order.startAt() >= depth.endAt
            || order.endAt() <= depth.startAt)
            continue;
        const Level::Side side = order.side == u"sell" ? Level::Side::Ask : Level::Side::Bid;
        const qint64 rate = order.limitPrice.micros;
        auto same = std::find_if(levels.begin(), levels.end(),
                                 [&](const Level& l) { return l.side == side && l.rate == rate; });
        if (same == levels.end()) {
            levels.append(Level{side, rate, 0, 0, 0});
            same = levels.end() - 1;
        }
        same->ownOrders += 1;
        same->ownNodes += std::max<qint64>(0, order.nodeCount() - OrderModel::filledNodes(order));
    }

    std::stable_sort(levels.begin(), levels.end(), [](const Level& a, const Level& b) {
        if (a.side != b.side)
            return a.side == Level::Side::Ask;
        return a.rate > b.rate;
    });
    return levels;
}

QList<Fill> fills(const QList<OrderbookFill>& fills, const QString& sku)
{
    QList<Fill> result;
    // The API lists the newest first; fills made at the same second keep its order, reversed.
    for (auto it = fills.crbegin(); it != fills.crend(); ++it) {
        const OrderbookFill& fill = *it;
        if (fill.sku == sku)
            result.append(Fill{fill.filledAt, fill.price.micros, mostNodes(fill.delta)});
    }
    std::stable_sort(result.begin(), result.end(),
                     [](const Fill& a, const Fill& b) { return a.filledAt < b.filledAt; });
    return result;
}

} // namespace MarketDepth
