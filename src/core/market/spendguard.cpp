// SPDX-License-Identifier: Apache-2.0

#include "core/market/spendguard.h"

#include "common/money.h"
#include "core/settings/settings.h"

#include <QDateTime>

#include <limits>

namespace sfdesk::SpendGuard {

namespace {

// Hostile amounts from a server must not overflow: sums and products stop at the largest value.
qint64 saturatingAdd(qint64 a, qint64 b)
{
    qint64 sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<qint64>::max() : sum;
}

qint64 nodeSeconds(const NodeSchedule& schedule)
{
    qint64 sum = 0;
    for (const ScheduleEntry& entry : schedule) {
        if (!entry.endAt || *entry.endAt <= entry.startAt || entry.nodeCount <= 0)
            continue;
        qint64 product = 0;
        if (__builtin_mul_overflow(entry.nodeCount, *entry.endAt - entry.startAt, &product))
            product = std::numeric_limits<qint64>::max();
        sum = saturatingAdd(sum, product);
    }
    return sum;
}

} // namespace

qint64 totalAtLimit(const OrderRequest& request)
{
    const auto limit = Money::parseRate(request.limitPrice);
    if (!limit || request.endAt <= request.startAt)
        return 0;
    return Money::total(*limit, request.nodeCount, request.endAt - request.startAt);
}

qint64 countedTotal(const Order& order)
{
    if (order.side != u"buy" || !order.procurement.isEmpty())
        return 0;
    const bool ended = order.status == Order::Status::Cancelled || order.status == Order::Status::Rejected;
    return Money::totalForNodeSeconds(order.limitPrice.micros,
                                      nodeSeconds(ended ? order.filledDelta : order.delta));
}

qint64 boughtOnDayOf(const QList<Order>& orders, qint64 now, const QTimeZone& zone)
{
    const QDate day = QDateTime::fromSecsSinceEpoch(now, zone).date();
    const qint64 from = day.startOfDay(zone).toSecsSinceEpoch();
    const qint64 to = day.addDays(1).startOfDay(zone).toSecsSinceEpoch();
    qint64 sum = 0;
    for (const Order& order : orders) {
        if (order.createdAt >= from && order.createdAt < to)
            sum = saturatingAdd(sum, countedTotal(order));
    }
    return sum;
}

Decision decide(const OrderRequest& request, const Limits& limits, const QList<Order>& orders, qint64 now,
                const QTimeZone& zone)
{
    Decision decision;
    if (request.side != u"buy")
        return decision;
    decision.total = totalAtLimit(request);
    if (limits.dailyBuyCap) {
        decision.boughtToday = boughtOnDayOf(orders, now, zone);
        decision.together = saturatingAdd(decision.boughtToday, decision.total);
        if (decision.together > *limits.dailyBuyCap) {
            decision.verdict = Verdict::Refuse;
            return decision;
        }
    }
    if (limits.confirmAbove && decision.total > *limits.confirmAbove)
        decision.verdict = Verdict::AskAgain;
    return decision;
}

namespace {
// The names the settings have always kept them under.
const auto confirmAboveName = QStringLiteral("ConfirmAboveMicros");
const auto dailyBuyCapName = QStringLiteral("DailyBuyCapMicros");
} // namespace

Limits savedLimits(const Settings& settings, const QString& profileId)
{
    const QMap<QString, qint64> saved = settings.spendLimits(profileId);
    const auto amount = [&saved](const QString& name) -> std::optional<qint64> {
        const auto it = saved.constFind(name);
        return it == saved.cend() ? std::nullopt : std::optional<qint64>(*it);
    };
    return Limits{amount(confirmAboveName), amount(dailyBuyCapName)};
}

void saveLimits(Settings& settings, const QString& profileId, const Limits& limits)
{
    QMap<QString, qint64> saved;
    if (limits.confirmAbove)
        saved.insert(confirmAboveName, *limits.confirmAbove);
    if (limits.dailyBuyCap)
        saved.insert(dailyBuyCapName, *limits.dailyBuyCap);
    settings.setSpendLimits(profileId, saved);
}

} // namespace sfdesk::SpendGuard
