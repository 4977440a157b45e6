// SPDX-License-Identifier: Apache-2.0

#include "core/api/resourcejson.h"
#include "core/api/resourcejson_p.h"

#include <cmath>

#include "core/api/jsonreader.h"

namespace sfdesk {

namespace {

// The price level value, which is at key (a member, or an item such as "bids[0]") of reader's object.
std::optional<PriceLevel> readPriceLevelValue(JsonReader& reader, const QString& key, const JsonNode& value)
{
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isObject()) {
        reader.fail(key, QStringLiteral("expected an object"));
        return std::nullopt;
    }
    JsonReader level(value, reader.pathOf(key));
    PriceLevel result;
    result.sku = level.optString(QStringLiteral("instance_sku"));
    result.price = level.price(QStringLiteral("dollars_per_node_hour"));
    // The May shape had a node_count instead of a schedule.
    if (level.has(QStringLiteral("allocation_schedule_delta")))
        result.delta = level.schedule(QStringLiteral("allocation_schedule_delta"));
    if (!level.ok()) {
        reader.absorb(level);
        return std::nullopt;
    }
    return result;
}

std::optional<PriceLevel> readPriceLevel(JsonReader& reader, const QString& key)
{
    return readPriceLevelValue(reader, key, reader.value(key));
}

} // namespace

std::optional<OrderbookQuote> parseOrderbookQuote(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_quote"));
    OrderbookQuote quote;
    quote.startAt = reader.epoch(QStringLiteral("start_at"));
    quote.endAt = reader.epoch(QStringLiteral("end_at"));
    quote.requestedAt = reader.optEpoch(QStringLiteral("requested_at")).value_or(0);
    quote.bestBid = readPriceLevel(reader, QStringLiteral("best_bid"));
    quote.bestAsk = readPriceLevel(reader, QStringLiteral("best_ask"));
    if (!reader.finish(error))
        return std::nullopt;
    return quote;
}

std::optional<OrderbookWindow> parseOrderbookWindow(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_window"));
    OrderbookWindow window;
    window.sku = reader.string(QStringLiteral("instance_sku"));
    window.startAt = reader.epoch(QStringLiteral("start_at"));
    window.endAt = reader.epoch(QStringLiteral("end_at"));
    window.durationHours = reader.optInteger(QStringLiteral("duration_hours"), 0);
    window.bidOrderCount = reader.optInteger(QStringLiteral("total_bid_order_count"), 0);
    window.askOrderCount = reader.optInteger(QStringLiteral("total_ask_order_count"), 0);
    window.bestBid = readPriceLevel(reader, QStringLiteral("best_bid"));
    window.bestAsk = readPriceLevel(reader, QStringLiteral("best_ask"));
    if (reader.ok() && window.endAt <= window.startAt)
        reader.fail(QStringLiteral("end_at"), QStringLiteral("must be after start_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return window;
}

std::optional<OrderbookDepth> parseOrderbookDepth(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_depth"));
    OrderbookDepth depth;
    depth.startAt = reader.epoch(QStringLiteral("start_at"));
    depth.endAt = reader.epoch(QStringLiteral("end_at"));
    depth.requestedAt = reader.optEpoch(QStringLiteral("requested_at")).value_or(0);
    for (const auto& [key, levels] :
         {std::pair{QStringLiteral("bids"), &depth.bids}, std::pair{QStringLiteral("asks"), &depth.asks}}) {
        const JsonNode items = reader.value(key);
        if (!items.isArray()) {
            reader.fail(key, QStringLiteral("expected an array"));
            break;
        }
        qsizetype i = 0;
        items.forEachItem([&](const JsonNode& item) {
            const QString itemKey = QStringLiteral("%1[%2]").arg(key).arg(i++);
            const std::optional<PriceLevel> level = readPriceLevelValue(reader, itemKey, item);
            if (!reader.ok())
                return false;
            if (!level) {
                reader.fail(itemKey, QStringLiteral("expected an object"));
                return false;
            }
            levels->append(*level);
            return true;
        });
    }
    if (!reader.finish(error))
        return std::nullopt;
    return depth;
}

std::optional<OrderbookFill> parseOrderbookFill(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_fill"));
    OrderbookFill fill;
    fill.sku = reader.string(QStringLiteral("instance_sku"));
    fill.price = reader.price(QStringLiteral("dollars_per_node_hour"));
    fill.delta = reader.schedule(QStringLiteral("allocation_schedule_delta"));
    fill.filledAt = reader.epoch(QStringLiteral("filled_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return fill;
}

std::optional<OrderPreview> parseOrderPreview(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("order_preview"));
    OrderPreview preview;
    const QString type = reader.string(QStringLiteral("type"));
    if (reader.ok() && type != u"quoted" && type != u"unavailable")
        reader.fail(QStringLiteral("type"), QStringLiteral("unknown preview type \"%1\"").arg(type));
    preview.quoted = type == u"quoted";
    if (reader.ok() && preview.quoted) {
        const JsonNode body = reader.object(QStringLiteral("post_order_body"));
        if (reader.ok()) {
            JsonReader bodyReader(body, reader.pathOf(QStringLiteral("post_order_body")));
            OrderRequest& request = preview.postOrderBody;
            request.pool = bodyReader.string(QStringLiteral("pool"));
            request.side = bodyReader.string(QStringLiteral("side"));
            request.sku = bodyReader.string(QStringLiteral("instance_sku"));
            request.limitPrice = bodyReader.price(QStringLiteral("limit_price_dollars_per_node_hour")).text;
            request.allowStanding = bodyReader.optBoolean(QStringLiteral("allow_standing"), false);
            request.allowPartial = bodyReader.optBoolean(QStringLiteral("allow_partial"), false);
            const NodeSchedule delta = bodyReader.schedule(QStringLiteral("allocation_schedule_delta"));
            if (bodyReader.ok() && (delta.size() != 1 || !delta.first().endAt))
                bodyReader.fail(QStringLiteral("allocation_schedule_delta"),
                                QStringLiteral("expected exactly one bounded entry"));
            if (bodyReader.ok()) {
                request.startAt = delta.first().startAt;
                request.endAt = *delta.first().endAt;
                request.nodeCount = delta.first().nodeCount;
            }
            if (!bodyReader.finish(error))
                return std::nullopt;
        }
    } else if (reader.ok()) {
        preview.unavailableReason = reader.string(QStringLiteral("reason"));
    }
    const JsonNode fee = reader.value(QStringLiteral("fee"));
    if (fee.isObject()) {
        JsonReader feeReader(fee, reader.pathOf(QStringLiteral("fee")));
        preview.feeFlatPerNodeHour = feeReader.price(QStringLiteral("flat_dollars_per_node_hour"));
        preview.feePercentageBps = static_cast<int>(feeReader.integer(QStringLiteral("percentage_bps")));
        if (!feeReader.finish(error))
            return std::nullopt;
    } else if (preview.quoted) {
        reader.fail(QStringLiteral("fee"), QStringLiteral("missing"));
    }
    qsizetype noticeIndex = 0;
    bool noticesRead = true;
    reader.optArray(QStringLiteral("notices")).forEachItem([&](const JsonNode& noticeObject) {
        if (!reader.ok())
            return false;
        JsonReader noticeReader(noticeObject,
                                reader.pathOf(QStringLiteral("notices[%1]").arg(noticeIndex++)));
        MaintenanceNotice notice;
        notice.startAt = noticeReader.epoch(QStringLiteral("start_at"));
        notice.endAt = noticeReader.epoch(QStringLiteral("end_at"));
        notice.maintenanceType = noticeReader.optString(QStringLiteral("maintenance_type"));
        notice.title = noticeReader.string(QStringLiteral("title"));
        notice.description = noticeReader.optString(QStringLiteral("description"));
        notice.actionMessage = noticeReader.optString(QStringLiteral("action_message"));
        if (!noticeReader.finish(error))
            return noticesRead = false;
        preview.notices.append(notice);
        return true;
    });
    if (!noticesRead)
        return std::nullopt;
    if (!reader.finish(error))
        return std::nullopt;
    return preview;
}

std::optional<NodeSchedule> parseSchedule(const JsonNode& json, QString* error)
{
    return parseScheduleValue(json, QStringLiteral("schedule"), error);
}

QJsonArray scheduleToJson(const NodeSchedule& schedule)
{
    QJsonArray array;
    for (const ScheduleEntry& entry : schedule) {
        QJsonObject object{{QStringLiteral("start_at"), entry.startAt},
                           {QStringLiteral("node_count"), entry.nodeCount}};
        object.insert(QStringLiteral("end_at"), entry.endAt ? QJsonValue(*entry.endAt) : QJsonValue());
        array.append(object);
    }
    return array;
}

QJsonObject orderRequestToJson(const OrderRequest& request)
{
    return {
        {QStringLiteral("pool"), request.pool},
        {QStringLiteral("side"), request.side},
        {QStringLiteral("instance_sku"), request.sku},
        {QStringLiteral("allocation_schedule_delta"),
         scheduleToJson({ScheduleEntry{request.startAt, request.endAt, request.nodeCount}})},
        {QStringLiteral("limit_price_dollars_per_node_hour"), request.limitPrice},
        {QStringLiteral("allow_standing"), request.allowStanding},
        {QStringLiteral("allow_partial"), request.allowPartial},
    };
}

Procurement::State procurementStateFromString(const QString& state)
{
    if (state == u"info")
        return Procurement::State::Info;
    if (state == u"warning")
        return Procurement::State::Warning;
    if (state == u"error")
        return Procurement::State::Error;
    return Procurement::State::Unknown;
}

PoolTransfer::Status poolTransferStatusFromString(const QString& status)
{
    if (status == u"pending")
        return PoolTransfer::Status::Pending;
    if (status == u"executed")
        return PoolTransfer::Status::Executed;
    if (status == u"rejected")
        return PoolTransfer::Status::Rejected;
    return PoolTransfer::Status::Unknown;
}

std::optional<Procurement> parseProcurement(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("procurement"));
    reader.expectObjectType(QStringLiteral("procurement"));
    Procurement procurement;
    readScope(reader, procurement);
    procurement.pool = reader.has(QStringLiteral("pool")) ? reader.ref(QStringLiteral("pool"))
                                                          : reader.ref(QStringLiteral("capacity"));
    procurement.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    // A node count; the document's other form, the tag "node_count", carries none.
    const JsonNode target = reader.value(QStringLiteral("target"));
    if (target.isDouble())
        procurement.target = reader.integer(QStringLiteral("target"));
    else if (!target.isString())
        reader.fail(QStringLiteral("target"), QStringLiteral("expected a node count"));
    procurement.maxBuyPrice = reader.price(QStringLiteral("max_buy_price_dollars_per_node_hour"));
    procurement.minSellPrice = reader.price(QStringLiteral("min_sell_price_dollars_per_node_hour"));
    procurement.windowMinutes = reader.integer(QStringLiteral("managed_window_minutes"));
    procurement.enabled = reader.optBoolean(QStringLiteral("enabled"), true);
    const JsonNode status = reader.object(QStringLiteral("status"));
    if (reader.ok()) {
        JsonReader inner(status, reader.pathOf(QStringLiteral("status")));
        procurement.stateText = inner.optString(QStringLiteral("state"));
        procurement.state = procurementStateFromString(procurement.stateText);
        procurement.statusMessage = inner.optString(QStringLiteral("message"));
        reader.absorb(inner);
    }
    procurement.createdAt = reader.epoch(QStringLiteral("created_at"));
    procurement.updatedAt = reader.optEpoch(QStringLiteral("updated_at")).value_or(procurement.createdAt);
    if (!reader.finish(error))
        return std::nullopt;
    return procurement;
}

std::optional<PoolTransfer> parsePoolTransfer(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("pool_transfer"));
    reader.expectObjectType(QStringLiteral("pool_transfer"));
    PoolTransfer transfer;
    transfer.id = reader.string(QStringLiteral("id"));
    transfer.statusText = reader.string(QStringLiteral("status"));
    transfer.status = poolTransferStatusFromString(transfer.statusText);
    transfer.createdAt = reader.epoch(QStringLiteral("created_at"));
    transfer.fromPool = reader.string(QStringLiteral("from_pool"));
    transfer.toPool = reader.string(QStringLiteral("to_pool"));
    transfer.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    transfer.rejectedReason = reader.optString(QStringLiteral("rejected_reason"));
    transfer.delta = reader.schedule(QStringLiteral("allocation_schedule_delta"));
    if (!reader.finish(error))
        return std::nullopt;
    return transfer;
}

QJsonObject procurementRequestToJson(const ProcurementRequest& request)
{
    QJsonObject body{
        {QStringLiteral("pool"), request.pool},
        {QStringLiteral("instance_sku"), request.sku},
        {QStringLiteral("target"), request.target},
        {QStringLiteral("max_buy_price_dollars_per_node_hour"), request.maxBuyPrice},
        {QStringLiteral("min_sell_price_dollars_per_node_hour"), request.minSellPrice},
        {QStringLiteral("managed_window_minutes"), request.windowMinutes},
        {QStringLiteral("enabled"), request.enabled},
    };
    if (!request.name.isEmpty())
        body.insert(QStringLiteral("name"), request.name);
    return body;
}

QJsonObject procurementChangeToJson(const ProcurementChange& change)
{
    QJsonObject body;
    if (change.name)
        body.insert(QStringLiteral("name"), *change.name);
    if (change.sku)
        body.insert(QStringLiteral("instance_sku"), *change.sku);
    if (change.maxBuyPrice)
        body.insert(QStringLiteral("max_buy_price_dollars_per_node_hour"), *change.maxBuyPrice);
    if (change.minSellPrice)
        body.insert(QStringLiteral("min_sell_price_dollars_per_node_hour"), *change.minSellPrice);
    if (change.windowMinutes)
        body.insert(QStringLiteral("managed_window_minutes"), *change.windowMinutes);
    if (change.enabled)
        body.insert(QStringLiteral("enabled"), *change.enabled);
    return body;
}

QJsonObject poolTransferRequestToJson(const PoolTransferRequest& request)
{
    return {
        {QStringLiteral("from_pool"), request.fromPool},
        {QStringLiteral("to_pool"), request.toPool},
        {QStringLiteral("instance_sku"), request.sku},
        {QStringLiteral("allocation_schedule_delta"), scheduleToJson(request.delta)},
    };
}

} // namespace sfdesk
