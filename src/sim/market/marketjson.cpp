// SPDX-License-Identifier: Apache-2.0

#include "sim/market/marketjson.h"

#include "common/money.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::FieldErrors;
using sfdesk::fieldErrorsToJson;
namespace Money = sfdesk::Money;
using sfdesk::Schedule;

namespace {

QJsonValue optionalTime(const std::optional<qint64>& time)
{
    return time ? QJsonValue(*time) : QJsonValue(QJsonValue::Null);
}

QString capacityId(const QString& poolId)
{
    // The deprecated capacity summary names the same pool with its canonical cap_ prefix.
    return poolId.startsWith(u"pool_"_s) ? u"cap_"_s + poolId.sliced(5) : poolId;
}

} // namespace

namespace MarketJson {

QJsonObject skuSummary(const QString& id, const QString& alias)
{
    return QJsonObject{
        {u"object"_s, u"instance_sku"_s}, {u"id"_s, id}, {u"alias"_s, alias.isEmpty() ? id : alias}};
}

QJsonObject order(const MarketOrder& order)
{
    QJsonArray fills;
    for (const MarketOrderFill& fill : order.fills) {
        fills.append(QJsonObject{
            {u"contract"_s, fill.contractId},
            {u"filled_at"_s, fill.filledAt},
            {u"allocation_schedule_delta"_s, fill.schedule.toJson()},
            {u"price_dollars_per_node_hour"_s, Money::format(fill.rate)},
        });
    }
    const std::optional<qint64> average = order.averageFillRate();
    return QJsonObject{
        {u"object"_s, u"order"_s},
        {u"id"_s, order.id},
        {u"pool"_s, QJsonObject{{u"id"_s, order.poolId}, {u"name"_s, order.poolName}}},
        {u"capacity"_s, QJsonObject{{u"id"_s, capacityId(order.poolId)}, {u"name"_s, order.poolName}}},
        {u"side"_s, orderSideName(order.side)},
        {u"allow_standing"_s, order.allowStanding},
        {u"allow_partial"_s, order.allowPartial},
        {u"instance_sku"_s, skuSummary(order.skuId, order.skuAlias)},
        {u"allocation_schedule_delta"_s, order.requested().toJson()},
        {u"filled_allocation_schedule_delta"_s, order.filled().toJson()},
        {u"limit_price_dollars_per_node_hour"_s, Money::format(order.limitRate)},
        {u"status"_s, orderStatusName(order.status)},
        {u"created_at"_s, order.createdAt},
        {u"created_by"_s,
         order.createdBy.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(order.createdBy)},
        {u"filled_at"_s, optionalTime(order.filledAt)},
        {u"filled_average_price_dollars_per_node_hour"_s,
         average ? QJsonValue(Money::format(*average)) : QJsonValue(QJsonValue::Null)},
        {u"fills"_s, fills},
        {u"cancelled_at"_s, optionalTime(order.cancelledAt)},
    };
}

QJsonObject orderList(const OrderPage& page)
{
    QJsonArray data;
    for (const MarketOrder& item : page.orders)
        data.append(order(item));
    return QJsonObject{
        {u"object"_s, u"list"_s},
        {u"data"_s, data},
        {u"has_more"_s, page.hasMore},
        {u"cursor"_s, page.cursor.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(page.cursor)},
    };
}

QJsonObject priceLevel(const BookLevel& level)
{
    return QJsonObject{
        {u"instance_sku"_s, level.skuId},
        {u"dollars_per_node_hour"_s, Money::format(level.rate)},
        {u"allocation_schedule_delta"_s, level.schedule.toJson()},
    };
}

QJsonObject quote(const BookQuote& quote, const QJsonObject& requirements, qint64 start, qint64 end,
                  qint64 requestedAt)
{
    QJsonObject json{
        {u"requirements"_s, requirements},
        {u"start_at"_s, start},
        {u"end_at"_s, end},
        {u"requested_at"_s, requestedAt},
    };
    if (quote.bestBid)
        json.insert(u"best_bid"_s, priceLevel(*quote.bestBid));
    if (quote.bestAsk)
        json.insert(u"best_ask"_s, priceLevel(*quote.bestAsk));
    return json;
}

QJsonObject depth(const BookDepth& depth, const QJsonObject& requirements, qint64 start, qint64 end,
                  qint64 requestedAt)
{
    QJsonArray bids;
    for (const BookLevel& level : depth.bids)
        bids.append(priceLevel(level));
    QJsonArray asks;
    for (const BookLevel& level : depth.asks)
        asks.append(priceLevel(level));
    return QJsonObject{
        {u"requirements"_s, requirements}, {u"start_at"_s, start}, {u"end_at"_s, end},
        {u"requested_at"_s, requestedAt},  {u"bids"_s, bids},      {u"asks"_s, asks},
    };
}

QJsonObject window(const BookWindow& window)
{
    QJsonObject json{
        {u"instance_sku"_s, window.skuId},
        {u"start_at"_s, window.startAt},
        {u"end_at"_s, window.endAt},
        {u"duration_hours"_s, (window.endAt - window.startAt) / 3600},
        {u"total_bid_order_count"_s, window.bidOrderCount},
        {u"total_ask_order_count"_s, window.askOrderCount},
    };
    if (window.bestBid)
        json.insert(u"best_bid"_s, priceLevel(*window.bestBid));
    if (window.bestAsk)
        json.insert(u"best_ask"_s, priceLevel(*window.bestAsk));
    return json;
}

QJsonObject windowList(const BookWindowPage& page, const QJsonObject& requirements, qint64 rangeStart,
                       qint64 rangeEnd)
{
    QJsonArray data;
    for (const BookWindow& item : page.windows)
        data.append(window(item));
    return QJsonObject{
        {u"object"_s, u"list"_s},
        {u"requirements"_s, requirements},
        {u"range_start_at"_s, rangeStart},
        {u"range_end_at"_s, rangeEnd},
        {u"cursor"_s, page.cursor.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(page.cursor)},
        {u"has_more"_s, page.hasMore},
        {u"data"_s, data},
    };
}

QJsonObject fill(const BookFill& fill)
{
    return QJsonObject{
        {u"instance_sku"_s, fill.skuId},
        {u"dollars_per_node_hour"_s, Money::format(fill.rate)},
        {u"allocation_schedule_delta"_s, fill.schedule.toJson()},
        {u"filled_at"_s, fill.filledAt},
    };
}

QJsonObject fillList(const BookFillPage& page, const QJsonObject& requirements, qint64 start, qint64 end,
                     qint64 requestedAt)
{
    QJsonArray data;
    for (const BookFill& item : page.fills)
        data.append(fill(item));
    return QJsonObject{
        {u"object"_s, u"list"_s},
        {u"requirements"_s, requirements},
        {u"start_at"_s, start},
        {u"end_at"_s, end},
        {u"requested_at"_s, requestedAt},
        {u"cursor"_s, page.cursor.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(page.cursor)},
        {u"has_more"_s, page.hasMore},
        {u"data"_s, data},
    };
}

QJsonObject fee(const MarketFee& fee)
{
    return QJsonObject{
        {u"flat_dollars_per_node_hour"_s, Money::format(fee.flatRate)},
        {u"percentage_bps"_s, fee.percentageBps},
    };
}

QJsonObject preview(const MarketPreview& preview)
{
    if (!preview.quoted) {
        return QJsonObject{
            {u"type"_s, u"unavailable"_s},
            {u"reason"_s, preview.unavailableReason},
            {u"fee"_s, preview.fee ? QJsonValue(fee(*preview.fee)) : QJsonValue(QJsonValue::Null)},
            {u"notices"_s, QJsonArray()},
        };
    }
    const QJsonObject body{
        {u"pool"_s, preview.pool},
        {u"side"_s, orderSideName(preview.side)},
        {u"instance_sku"_s, preview.skuId},
        {u"allocation_schedule_delta"_s,
         Schedule::rectangle(preview.startAt, preview.endAt, preview.nodeCount).toJson()},
        {u"limit_price_dollars_per_node_hour"_s, Money::format(preview.limitRate)},
        {u"allow_standing"_s, false},
        {u"allow_partial"_s, false},
    };
    return QJsonObject{
        {u"type"_s, u"quoted"_s},
        {u"post_order_body"_s, body},
        {u"fee"_s, fee(preview.fee.value_or(MarketFee{}))},
        {u"notices"_s, QJsonArray()},
    };
}

QJsonObject availability(const QString& skuId, const QString& alias, const Schedule& schedule)
{
    return QJsonObject{
        {u"object"_s, u"instance_sku_availability"_s},
        {u"instance_sku"_s, skuSummary(skuId, alias)},
        {u"schedule"_s, schedule.toJson()},
    };
}

QJsonObject validationError(const QString& message, const FieldErrors& details)
{
    return QJsonObject{{u"error"_s, QJsonObject{
                                        {u"type"_s, u"unprocessable_entity"_s},
                                        {u"message"_s, message},
                                        {u"details"_s, fieldErrorsToJson(details)},
                                    }}};
}

} // namespace MarketJson

} // namespace sfsim
