// SPDX-License-Identifier: Apache-2.0

#include "core/market/plannerconversion.h"

#include "common/schedule.h"
#include "core/market/marketdepth.h"
#include "core/model/resources.h"

#include <QHash>

#include <algorithm>
#include <limits>

namespace sfdesk {

namespace PlannerConversion {

Schedule bounded(const QList<ScheduleEntry>& schedule, qint64 horizon)
{
    QList<ScheduleEntry> entries;
    entries.reserve(schedule.size());
    for (qsizetype i = 0; i < schedule.size(); ++i) {
        const ScheduleEntry& entry = schedule.at(i);
        entries.append(ScheduleEntry{
            entry.startAt,
            entry.endAt.value_or(i + 1 < schedule.size() ? schedule.at(i + 1).startAt : horizon),
            entry.nodeCount});
    }
    return Schedule::fromEntries(entries);
}

PlannerOrder order(const Order& order)
{
    PlannerOrder result;
    result.id = order.id;
    result.poolId = order.pool.id;
    result.buy = order.side != u"sell";
    result.sku = order.sku.id;
    result.start = order.startAt();
    result.end = order.endAt();
    result.nodes = order.nodeCount();
    result.limitMicros = order.limitPrice.micros;
    result.status = order.status;
    result.statusText = order.statusText;
    result.filled = bounded(order.filledDelta, result.end);
    result.procurement = order.procurement;
    return result;
}

PlannerProcurement procurement(const Procurement& procurement)
{
    PlannerProcurement result;
    result.id = procurement.id;
    result.name = procurement.name;
    result.sku = procurement.sku.id;
    result.target = procurement.target;
    result.window = procurement.windowMinutes * 60;
    result.maxBuyMicros = procurement.maxBuyPrice.micros;
    result.minSellMicros = procurement.minSellPrice.micros;
    result.enabled = procurement.enabled;
    result.statusMessage = procurement.statusMessage;
    return result;
}

PlannerSnapshot snapshot(const Pool& pool, const QList<Order>& orders, qint64 now,
                         const QList<Procurement>& procurements)
{
    PlannerSnapshot result;
    result.poolId = pool.id;
    result.poolName = pool.name;
    result.now = now;
    const qint64 horizon = now + PlannerHorizonSeconds;
    for (auto it = pool.bySku.cbegin(); it != pool.bySku.cend(); ++it)
        result.ownedBySku.insert(it.key(), bounded(it.value(), horizon));
    for (const Order& candidate : orders) {
        if (candidate.pool.id == pool.id)
            result.orders.append(order(candidate));
    }
    for (const Procurement& candidate : procurements) {
        if (candidate.pool.id == pool.id)
            result.procurements.append(procurement(candidate));
    }
    return result;
}

QList<HourQuote> hourQuotes(const QList<OrderbookWindow>& windows, const QString& sku, qint64 from, qint64 to)
{
    constexpr qint64 Hour = 3600;
    const qint64 first = Schedule::floorHour(from);
    QMap<qint64, HourQuote> byHour;
    for (const OrderbookWindow& window : windows) {
        if (window.sku != sku || window.endAt <= window.startAt)
            continue;
        const qint64 windowStart = std::max(first, Schedule::floorHour(window.startAt));
        for (qint64 hour = windowStart; hour < std::min(window.endAt, to); hour += Hour) {
            HourQuote& quote = byHour[hour];
            quote.hourStart = hour;
            if (window.bestAsk) {
                const qint64 price = window.bestAsk->price.micros;
                const std::optional<qint64> nodes = window.bestAsk->delta.isEmpty()
                                                        ? std::nullopt
                                                        : std::optional<qint64>(MarketDepth::nodesThroughout(
                                                              window.bestAsk->delta, hour, hour + Hour));
                if (!quote.bestAsk || price < *quote.bestAsk) {
                    quote.bestAsk = price;
                    quote.askNodes = nodes;
                } else if (price == *quote.bestAsk && nodes
                           && (!quote.askNodes || *nodes > *quote.askNodes)) {
                    quote.askNodes = nodes;
                }
            }
            if (window.bestBid)
                quote.bestBid = std::max(quote.bestBid.value_or(0), window.bestBid->price.micros);
        }
    }
    return byHour.values();
}

QMap<QString, QStringList> requirements(const InstanceSku& sku)
{
    QMap<QString, QStringList> result;
    for (const QString& key : InstanceSku::standardProperties()) {
        const QString value = sku.property(key);
        if (!value.isEmpty())
            result.insert(key, {value});
    }
    return result;
}

QString requirementsQuery(const QMap<QString, QStringList>& requirements)
{
    QStringList parts;
    for (auto it = requirements.cbegin(); it != requirements.cend(); ++it)
        parts << it.key() + u':' + it.value().join(u',');
    return parts.join(u';');
}

} // namespace PlannerConversion

} // namespace sfdesk
