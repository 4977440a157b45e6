// SPDX-License-Identifier: Apache-2.0

#include "core/market/marketdepth.h"

#include "common/money.h"
#include "core/models/ordermodel.h"

#include <algorithm>
#include <map>

namespace sfdesk {

namespace MarketDepth {

qint64 nodesThroughout(const NodeSchedule& schedule, qint64 start, qint64 end)
{
    if (end <= start)
        return 0;
    // The count can change only where an entry starts or ends.
    qint64 fewest = scheduleNodesAt(schedule, start);
    for (const ScheduleEntry& entry : schedule) {
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
    // Per second: what the fills pay and for how many node-seconds, and the nodes they deliver at once.
    struct Moment
    {
        qint64 amount = 0;
        qint64 nodeSeconds = 0;
        qint64 rateSum = 0; // for fills without a schedule to weigh them by
        std::map<qint64, qint64> nodeChanges;
        int trades = 0;
    };
    std::map<qint64, Moment> moments;
    for (const OrderbookFill& fill : fills) {
        if (fill.sku != sku)
            continue;
        Moment& moment = moments[fill.filledAt];
        ++moment.trades;
        moment.rateSum += fill.price.micros;
        for (const ScheduleEntry& entry : fill.delta) {
            if (!entry.endAt || *entry.endAt <= entry.startAt || entry.nodeCount <= 0)
                continue;
            const qint64 nodeSeconds = qint64(entry.nodeCount) * (*entry.endAt - entry.startAt);
            moment.amount += Money::totalForNodeSeconds(fill.price.micros, nodeSeconds);
            moment.nodeSeconds += nodeSeconds;
            moment.nodeChanges[entry.startAt] += entry.nodeCount;
            moment.nodeChanges[*entry.endAt] -= entry.nodeCount;
        }
    }
    QList<Fill> result;
    for (const auto& [at, moment] : moments) {
        qint64 current = 0;
        qint64 most = 0;
        for (const auto& [time, change] : moment.nodeChanges) {
            current += change;
            most = std::max(most, current);
        }
        const qint64 rate = moment.nodeSeconds > 0 ? Money::averageRate(moment.amount, moment.nodeSeconds)
                                                   : moment.rateSum / moment.trades;
        result.append(Fill{at, rate, most, moment.trades});
    }
    return result;
}

std::optional<qint64> fillingBid(const QList<Level>& ladder, qint64 nodes)
{
    qint64 wanted = 0;
    for (const Level& level : ladder) {
        if (level.side != Level::Side::Bid || level.nodes <= 0)
            continue;
        wanted += level.nodes;
        if (wanted >= nodes)
            return level.rate;
    }
    return std::nullopt;
}

} // namespace MarketDepth

} // namespace sfdesk
