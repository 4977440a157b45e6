// SPDX-License-Identifier: Apache-2.0

#include "core/market/planmath.h"

#include "common/constvalue.h"
#include "common/schedule.h"

#include <algorithm>

namespace sfdesk {

namespace {

PlanMath::Steps stepsOf(const Schedule& schedule, qint64 from, qint64 to)
{
    PlanMath::Steps result;
    if (to <= from)
        return result;
    result.append({from, schedule.at(from)});
    const Schedule clipped = schedule.clipped(from, to);
    for (const ScheduleEntry& entry : constValue(clipped.entries())) {
        for (const qint64 t : {entry.startAt, entry.endAt.value_or(to)}) {
            if (t <= from || t >= to)
                continue;
            const qint64 count = schedule.at(t);
            if (!result.isEmpty() && result.last().first == t)
                result.last().second = count;
            else if (result.last().second != count)
                result.append({t, count});
        }
    }
    result.append({to, result.last().second});
    return result;
}

} // namespace

namespace PlanMath {

Steps steps(const Schedule& schedule, qint64 from, qint64 to)
{
    return stepsOf(schedule, from, to);
}

QList<Steps> stackedSteps(const QList<Schedule>& layers, qint64 from, qint64 to)
{
    QList<Steps> result;
    Schedule sum;
    for (const Schedule& layer : layers) {
        sum = sum.plus(layer);
        result.append(stepsOf(sum, from, to));
    }
    return result;
}

qint64 ownedMinimum(const PlannerSnapshot& snapshot, const QString& sku, qint64 start, qint64 end)
{
    return snapshot.ownedBySku.value(sku).minOver(start, end);
}

Schedule listedForSale(const PlannerSnapshot& snapshot, const QString& sku)
{
    Schedule listed;
    for (const PlannerOrder& order : snapshot.orders) {
        if (order.buy || order.sku != sku || !order.isOpen())
            continue;
        const Schedule window = Schedule::rectangle(order.start, order.end, order.nodes);
        listed = listed.plus(window.minus(order.filled).clampedToZero());
    }
    return listed;
}

qint64 sellableNodes(const PlannerSnapshot& snapshot, const QString& sku, qint64 start, qint64 end)
{
    if (end <= start)
        return 0;
    return std::max<qint64>(0, remainingAfterListings(snapshot, sku).minOver(start, end));
}

Schedule remainingAfterListings(const PlannerSnapshot& snapshot, const QString& sku)
{
    return snapshot.ownedBySku.value(sku).minus(listedForSale(snapshot, sku)).clampedToZero();
}

std::optional<ScheduleEntry> extension(const PlannerSnapshot& snapshot, const QString& sku, qint64 length)
{
    const Schedule owned = snapshot.ownedBySku.value(sku);
    const std::optional<qint64> end = owned.lastEnd();
    if (!end || *end <= snapshot.now || length <= 0)
        return std::nullopt;
    return ScheduleEntry{*end, *end + length, owned.at(*end - 1)};
}

} // namespace PlanMath

} // namespace sfdesk
