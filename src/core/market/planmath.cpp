// SPDX-License-Identifier: Apache-2.0

#include "core/market/planmath.h"

#include "common/schedule.h"

#include <algorithm>

namespace {

Schedule toSchedule(const TimeSpans& spans)
{
    QList<ScheduleEntry> entries;
    entries.reserve(spans.size());
    for (const TimeSpan& span : spans)
        entries.append(ScheduleEntry{span.start, span.end, span.nodes});
    return Schedule::fromEntries(entries);
}

TimeSpans toSpans(const Schedule& schedule)
{
    TimeSpans spans;
    for (const ScheduleEntry& entry : schedule.entries())
        spans.append(TimeSpan{entry.startAt, entry.endAt.value_or(entry.startAt + PlannerHorizonSeconds),
                              entry.nodeCount});
    return spans;
}

PlanMath::Steps stepsOf(const Schedule& schedule, qint64 from, qint64 to)
{
    PlanMath::Steps result;
    if (to <= from)
        return result;
    result.append({from, schedule.at(from)});
    const Schedule clipped = schedule.clipped(from, to);
    for (const ScheduleEntry& entry : clipped.entries()) {
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

Steps steps(const TimeSpans& spans, qint64 from, qint64 to)
{
    return stepsOf(toSchedule(spans), from, to);
}

QList<Steps> stackedSteps(const QList<TimeSpans>& layers, qint64 from, qint64 to)
{
    QList<Steps> result;
    Schedule sum;
    for (const TimeSpans& layer : layers) {
        sum = sum.plus(toSchedule(layer));
        result.append(stepsOf(sum, from, to));
    }
    return result;
}

qint64 nodesAt(const TimeSpans& spans, qint64 at)
{
    return toSchedule(spans).at(at);
}

qint64 ownedMinimum(const PlannerSnapshot& snapshot, const QString& sku, qint64 start, qint64 end)
{
    return toSchedule(snapshot.ownedBySku.value(sku)).minOver(start, end);
}

TimeSpans listedForSale(const PlannerSnapshot& snapshot, const QString& sku)
{
    Schedule listed;
    for (const PlannerOrder& order : snapshot.orders) {
        if (order.buy || order.sku != sku || !order.isOpen())
            continue;
        const Schedule window = Schedule::rectangle(order.start, order.end, order.nodes);
        listed = listed.plus(window.minus(toSchedule(order.filled)).clampedToZero());
    }
    return toSpans(listed);
}

qint64 sellableNodes(const PlannerSnapshot& snapshot, const QString& sku, qint64 start, qint64 end)
{
    if (end <= start)
        return 0;
    const Schedule free = toSchedule(remainingAfterListings(snapshot, sku));
    return std::max<qint64>(0, free.minOver(start, end));
}

TimeSpans remainingAfterListings(const PlannerSnapshot& snapshot, const QString& sku)
{
    const Schedule owned = toSchedule(snapshot.ownedBySku.value(sku));
    return toSpans(owned.minus(toSchedule(listedForSale(snapshot, sku))).clampedToZero());
}

std::optional<qint64> lastOwnedEnd(const TimeSpans& spans)
{
    return toSchedule(spans).lastEnd();
}

std::optional<TimeSpan> extension(const PlannerSnapshot& snapshot, const QString& sku, qint64 length)
{
    const TimeSpans owned = snapshot.ownedBySku.value(sku);
    const auto end = lastOwnedEnd(owned);
    if (!end || *end <= snapshot.now || length <= 0)
        return std::nullopt;
    return TimeSpan{*end, *end + length, nodesAt(owned, *end - 1)};
}

} // namespace PlanMath
