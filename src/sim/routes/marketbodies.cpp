// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/marketbodies.h"

#include "common/money.h"

#include <QJsonArray>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::FieldError;
using sfdesk::FieldErrors;
namespace Money = sfdesk::Money;
using sfdesk::Schedule;

std::optional<NewOrder> MarketBodies::readOrder(const QJsonObject& body, qint64 now,
                                                const MarketEngine& market, FieldErrors* errors)
{
    FieldErrors found;
    auto fail = [&found](const QString& field, const QString& code, const QString& message) {
        found.append(FieldError{field, code, message});
    };
    NewOrder order;

    const QJsonValue pool = body.value(u"pool"_s);
    if (pool.isUndefined() || pool.isNull())
        fail(u"pool"_s, u"required"_s, u"is required"_s);
    else if (!pool.isString() || pool.toString().isEmpty())
        fail(u"pool"_s, u"invalid_type"_s, u"must be a pool id or resource path"_s);
    else
        order.poolId = pool.toString();

    const QJsonValue side = body.value(u"side"_s);
    const std::optional<OrderSide> parsedSide = orderSideFromName(side.toString());
    if (side.isUndefined())
        fail(u"side"_s, u"required"_s, u"is required"_s);
    else if (!parsedSide)
        fail(u"side"_s, u"invalid_value"_s, u"must be \"buy\" or \"sell\""_s);
    else
        order.side = *parsedSide;

    const QJsonValue skuValue = body.value(u"instance_sku"_s);
    if (skuValue.isUndefined())
        fail(u"instance_sku"_s, u"required"_s, u"is required"_s);
    else if (!skuValue.isString())
        fail(u"instance_sku"_s, u"invalid_type"_s, u"must be an instance SKU id"_s);
    else if (const std::optional<MarketSku> known = market.sku(skuValue.toString()))
        order.skuId = known->id;
    else
        fail(u"instance_sku"_s, u"not_found"_s, u"is not a registered instance SKU"_s);

    const QJsonValue schedule = body.value(u"allocation_schedule_delta"_s);
    if (schedule.isUndefined()) {
        fail(u"allocation_schedule_delta"_s, u"required"_s, u"is required"_s);
    } else {
        FieldErrors scheduleErrors;
        const std::optional<Schedule> parsed =
            Schedule::fromJson(schedule, u"allocation_schedule_delta"_s, &scheduleErrors);
        found.append(scheduleErrors);
        if (parsed) {
            const QJsonArray entries = schedule.toArray();
            const QJsonValue end =
                entries.isEmpty() ? QJsonValue() : entries[0].toObject().value(u"end_at"_s);
            if (entries.size() != 1 || !end.isDouble()) {
                fail(u"allocation_schedule_delta"_s, u"invalid_value"_s,
                     u"must be a single range with both start_at and end_at"_s);
            } else {
                const QJsonObject entry = entries[0].toObject();
                order.startAt = entry.value(u"start_at"_s).toInteger();
                order.endAt = entry.value(u"end_at"_s).toInteger();
                order.nodeCount = entry.value(u"node_count"_s).toInteger();
                if (order.nodeCount < 1)
                    fail(u"allocation_schedule_delta[0].node_count"_s, u"invalid_value"_s,
                         u"must be at least 1"_s);
                if (order.startAt < now - Schedule::Alignment)
                    fail(u"allocation_schedule_delta[0].start_at"_s, u"in_past"_s,
                         u"must not be in the past"_s);
                // Compared without adding to `now` first: the times may be anywhere in qint64.
                if (order.startAt > now && order.startAt - now > MarketEngine::MaxOrderAheadSeconds)
                    fail(u"allocation_schedule_delta[0].start_at"_s, u"too_far_ahead"_s,
                         u"must be at most %1 days from now"_s.arg(MarketEngine::MaxOrderAheadSeconds
                                                                   / 86400));
                else if (order.endAt > now && order.endAt - now > MarketEngine::MaxOrderAheadSeconds)
                    fail(u"allocation_schedule_delta[0].end_at"_s, u"too_far_ahead"_s,
                         u"must be at most %1 days from now"_s.arg(MarketEngine::MaxOrderAheadSeconds
                                                                   / 86400));
                if (market.config().strictHours) {
                    if (order.startAt % SyntheticMarket::Hour != 0 && order.startAt > now)
                        fail(u"allocation_schedule_delta[0].start_at"_s, u"not_hour_aligned"_s,
                             u"must be now or on an hour boundary"_s);
                    if (order.endAt % SyntheticMarket::Hour != 0)
                        fail(u"allocation_schedule_delta[0].end_at"_s, u"not_hour_aligned"_s,
                             u"must be on an hour boundary"_s);
                }
            }
        }
    }

    const QJsonValue limit = body.value(u"limit_price_dollars_per_node_hour"_s);
    if (limit.isUndefined()) {
        fail(u"limit_price_dollars_per_node_hour"_s, u"required"_s, u"is required"_s);
    } else if (!limit.isString()) {
        fail(u"limit_price_dollars_per_node_hour"_s, u"invalid_type"_s,
             u"must be a decimal string such as \"2.500000\""_s);
    } else {
        QString message;
        if (const std::optional<qint64> rate = Money::parseRate(limit.toString(), &message)) {
            order.limitRate = Money::roundToMinutePrecision(*rate);
            // A zero limit would pass the balance check of a buy at no cost.
            if (order.limitRate <= 0)
                fail(u"limit_price_dollars_per_node_hour"_s, u"invalid_value"_s, u"must be greater than 0"_s);
        } else
            fail(u"limit_price_dollars_per_node_hour"_s, u"invalid_value"_s, message);
    }

    // IOC unless told otherwise; sells fill partly by default, buys all or nothing.
    order.allowPartial = order.side == OrderSide::Sell;
    for (const auto& [name, target] : {std::pair{u"allow_standing"_s, &order.allowStanding},
                                       std::pair{u"allow_partial"_s, &order.allowPartial}}) {
        const QJsonValue value = body.value(name);
        if (value.isUndefined() || value.isNull())
            continue;
        if (!value.isBool())
            fail(name, u"invalid_type"_s, u"must be true or false"_s);
        else
            *target = value.toBool();
    }

    if (!found.isEmpty()) {
        if (errors)
            errors->append(found);
        return std::nullopt;
    }
    return order;
}

std::optional<PreviewRequest> MarketBodies::readPreview(const QJsonObject& body, FieldErrors* errors)
{
    FieldErrors found;
    auto fail = [&found](const QString& field, const QString& code, const QString& message) {
        found.append(FieldError{field, code, message});
    };
    auto integer = [&](const QString& field) -> std::optional<qint64> {
        const QJsonValue value = body.value(field);
        if (value.isUndefined()) {
            fail(field, u"required"_s, u"is required"_s);
            return std::nullopt;
        }
        const qint64 parsed = value.toInteger(std::numeric_limits<qint64>::min());
        if (!value.isDouble() || parsed == std::numeric_limits<qint64>::min()) {
            fail(field, u"invalid_type"_s, u"must be an integer"_s);
            return std::nullopt;
        }
        return parsed;
    };
    PreviewRequest request;
    const QJsonValue side = body.value(u"side"_s);
    if (side.isUndefined())
        fail(u"side"_s, u"required"_s, u"is required"_s);
    else if (const std::optional<OrderSide> parsed = orderSideFromName(side.toString()))
        request.side = *parsed;
    else
        fail(u"side"_s, u"invalid_value"_s, u"must be \"buy\" or \"sell\""_s);

    const QJsonValue requirements = body.value(u"requirements"_s);
    if (requirements.isUndefined()) {
        fail(u"requirements"_s, u"required"_s, u"is required (an empty object means no constraint)"_s);
    } else if (!requirements.isObject()) {
        fail(u"requirements"_s, u"invalid_type"_s, u"must be an object of property names to value lists"_s);
    } else {
        const QJsonObject object = requirements.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const bool strings = it.value().isArray()
                                 && std::all_of(it.value().toArray().begin(), it.value().toArray().end(),
                                                [](const QJsonValue& v) { return v.isString(); });
            if (!strings)
                fail(u"requirements."_s + it.key(), u"invalid_type"_s, u"must be a list of values"_s);
        }
    }
    if (const std::optional<qint64> start = integer(u"start_at"_s)) {
        request.startAt = *start;
        if (!Schedule::isAligned(*start))
            fail(u"start_at"_s, u"not_aligned"_s, u"must be a multiple of 60 seconds"_s);
    }
    if (const std::optional<qint64> duration = integer(u"duration_seconds"_s)) {
        request.durationSeconds = *duration;
        if (*duration <= 0 || !Schedule::isAligned(*duration))
            fail(u"duration_seconds"_s, u"invalid_value"_s, u"must be a positive multiple of 60"_s);
        else if (*duration > MarketEngine::MaxOrderAheadSeconds)
            fail(u"duration_seconds"_s, u"out_of_range"_s,
                 u"must be at most %1 (%2 days)"_s.arg(MarketEngine::MaxOrderAheadSeconds)
                     .arg(MarketEngine::MaxOrderAheadSeconds / 86400));
    }
    if (const std::optional<qint64> nodes = integer(u"node_count"_s)) {
        request.nodeCount = *nodes;
        if (*nodes <= 0 || *nodes > std::numeric_limits<qint32>::max())
            fail(u"node_count"_s, u"invalid_value"_s, u"must be positive"_s);
    }
    const QJsonValue pool = body.value(u"pool"_s);
    if (!pool.isUndefined() && !pool.isNull() && !pool.isString())
        fail(u"pool"_s, u"invalid_type"_s, u"must be a pool id or resource path"_s);
    if (!found.isEmpty()) {
        if (errors)
            errors->append(found);
        return std::nullopt;
    }
    return request;
}

} // namespace sfsim
