// SPDX-License-Identifier: Apache-2.0

#include "sim/market/marketjson.h"

#include "common/money.h"
#include "sim/resources/simjsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::FieldErrors;
using sfdesk::fieldErrorsToJson;
namespace Money = sfdesk::Money;
using sfdesk::Schedule;

namespace {

// A page as the API's list: its items, whether more follow, and the cursor (null on the last page).
QJsonObject pageList(const QJsonArray& data, bool hasMore, const QString& cursor)
{
    return QJsonObject{
        {u"object"_s, u"list"_s},
        {u"data"_s, data},
        {u"has_more"_s, hasMore},
        {u"cursor"_s, cursor.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(cursor)},
    };
}

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
    return pageList(data, page.hasMore, page.cursor);
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

namespace {

// PriceLevel, as priceLevel() and QJsonDocument write it.
void appendPriceLevel(QByteArray& out, const BookLevel& level)
{
    out.append("{\"allocation_schedule_delta\":");
    jsonout::appendSchedule(out, level.schedule.entries());
    out.append(",\"dollars_per_node_hour\":");
    jsonout::appendString(out, Money::format(level.rate));
    out.append(",\"instance_sku\":");
    jsonout::appendString(out, level.skuId);
    out.append('}');
}

// OrderbookWindow, its keys in the order QJsonObject sorts them.
void appendWindow(QByteArray& out, const BookWindow& window)
{
    out.append('{');
    if (window.bestAsk) {
        out.append("\"best_ask\":");
        appendPriceLevel(out, *window.bestAsk);
        out.append(',');
    }
    if (window.bestBid) {
        out.append("\"best_bid\":");
        appendPriceLevel(out, *window.bestBid);
        out.append(',');
    }
    out.append("\"duration_hours\":");
    jsonout::appendInteger(out, (window.endAt - window.startAt) / 3600);
    out.append(",\"end_at\":");
    jsonout::appendInteger(out, window.endAt);
    out.append(",\"instance_sku\":");
    jsonout::appendString(out, window.skuId);
    out.append(",\"start_at\":");
    jsonout::appendInteger(out, window.startAt);
    out.append(",\"total_ask_order_count\":");
    jsonout::appendInteger(out, window.askOrderCount);
    out.append(",\"total_bid_order_count\":");
    jsonout::appendInteger(out, window.bidOrderCount);
    out.append('}');
}

} // namespace

QJsonObject window(const BookWindow& window)
{
    QByteArray out;
    appendWindow(out, window);
    return QJsonDocument::fromJson(out).object();
}

QByteArray windowListJson(const BookWindowPage& page, const QJsonObject& requirements, qint64 rangeStart,
                          qint64 rangeEnd)
{
    // A page of 200 windows is about 100 KB: written straight, not through the object model.
    QByteArray out;
    out.reserve(page.windows.size() * 560 + 256);
    out.append("{\"cursor\":");
    jsonout::appendValue(out, page.cursor.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(page.cursor));
    out.append(",\"data\":[");
    for (qsizetype i = 0; i < page.windows.size(); ++i) {
        if (i > 0)
            out.append(',');
        appendWindow(out, page.windows.at(i));
    }
    out.append("],\"has_more\":").append(page.hasMore ? "true" : "false");
    out.append(",\"object\":\"list\",\"range_end_at\":");
    jsonout::appendInteger(out, rangeEnd);
    out.append(",\"range_start_at\":");
    jsonout::appendInteger(out, rangeStart);
    out.append(",\"requirements\":");
    jsonout::appendValue(out, requirements);
    out.append('}');
    return out;
}

QJsonObject windowList(const BookWindowPage& page, const QJsonObject& requirements, qint64 rangeStart,
                       qint64 rangeEnd)
{
    return QJsonDocument::fromJson(windowListJson(page, requirements, rangeStart, rangeEnd)).object();
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
    QJsonObject list = pageList(data, page.hasMore, page.cursor);
    list.insert(u"requirements"_s, requirements);
    list.insert(u"start_at"_s, start);
    list.insert(u"end_at"_s, end);
    list.insert(u"requested_at"_s, requestedAt);
    return list;
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
