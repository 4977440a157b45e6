// SPDX-License-Identifier: Apache-2.0

#include "core/market/idlecapacity.h"

#include "core/market/plannerconversion.h"
#include "core/model/resources.h"

#include <algorithm>

namespace sfdesk::IdleCapacity {

namespace {

// The pool's instances holding a node of `sku` at `at`.
qint64 nodesInUse(const QString& poolId, const QString& sku, const QList<Instance>& instances, qint64 at)
{
    return std::count_if(instances.cbegin(), instances.cend(), [&](const Instance& instance) {
        return instance.pool.id == poolId && instance.sku.id == sku && usesNode(instance)
               && (!instance.expectedShutdownAt || *instance.expectedShutdownAt > at);
    });
}

// The best block of one SKU's idle schedule: runs of equal count, hour by hour.
std::optional<Block> bestBlock(const QString& sku, const Schedule& idle, qint64 from, qint64 to)
{
    std::optional<Block> best;
    qint64 runStart = from;
    qint64 runNodes = idle.at(from);
    for (qint64 hour = from; hour <= to; hour += Schedule::Hour) {
        const qint64 nodes = hour < to ? idle.at(hour) : -1;
        if (nodes == runNodes)
            continue;
        if (runNodes > 0) {
            const Block block{sku, runStart, hour, runNodes};
            if (!best || block.nodeHours() > best->nodeHours())
                best = block;
        }
        runStart = hour;
        runNodes = nodes;
    }
    return best;
}

} // namespace

qint64 windowStart(qint64 now)
{
    return Schedule::ceilTo(now, Schedule::Hour);
}

qint64 windowEnd(qint64 now)
{
    return windowStart(now) + Hours * Schedule::Hour;
}

bool usesNode(const Instance& instance)
{
    return instance.status == Instance::Status::Running
           || instance.status == Instance::Status::AwaitingAllocation;
}

namespace {

// The instances holding a node of each pool, by pool id: every count below reads only its pool's.
QHash<QString, QList<Instance>> byPool(const QList<Instance>& instances)
{
    QHash<QString, QList<Instance>> result;
    for (const Instance& instance : instances) {
        if (usesNode(instance))
            result[instance.pool.id].append(instance);
    }
    return result;
}

PoolIdle computeOwn(const Pool& pool, const QList<Instance>& instances, qint64 now)
{
    PoolIdle result;
    result.poolId = pool.id;
    const qint64 from = windowStart(now);
    const qint64 to = windowEnd(now);
    for (auto it = pool.bySku.cbegin(); it != pool.bySku.cend(); ++it) {
        const Schedule owned = PlannerConversion::bounded(it.value(), to);
        QList<ScheduleEntry> hours;
        for (qint64 hour = from; hour < to; hour += Schedule::Hour) {
            const qint64 idle =
                owned.minOver(hour, hour + Schedule::Hour) - nodesInUse(pool.id, it.key(), instances, hour);
            if (idle > 0)
                hours.append(ScheduleEntry{hour, hour + Schedule::Hour, idle});
        }
        if (hours.isEmpty())
            continue;
        const Schedule idle = Schedule::fromEntries(hours);
        result.nodeHours += idle.nodeSecondsOver(from, to) / Schedule::Hour;
        result.bySku.insert(it.key(), idle);
        const std::optional<Block> block = bestBlock(it.key(), idle, from, to);
        if (block && (!result.sellable || block->nodeHours() > result.sellable->nodeHours()))
            result.sellable = block;
    }
    result.sellableIsAll = result.sellable && result.sellable->nodeHours() == result.nodeHours;
    return result;
}

} // namespace

PoolIdle compute(const Pool& pool, const QList<Instance>& instances, qint64 now)
{
    return computeOwn(pool, byPool(instances).value(pool.id), now);
}

QHash<QString, PoolIdle> computeAll(const QList<Pool>& pools, const QList<Instance>& instances, qint64 now)
{
    const QHash<QString, QList<Instance>> holding = byPool(instances);
    QHash<QString, PoolIdle> result;
    result.reserve(pools.size());
    for (const Pool& pool : pools)
        result.insert(pool.id, computeOwn(pool, holding.value(pool.id), now));
    return result;
}

qint64 idleNodesAt(const Pool& pool, const QList<Instance>& instances, qint64 at)
{
    qint64 idle = 0;
    for (auto it = pool.bySku.cbegin(); it != pool.bySku.cend(); ++it)
        idle += std::max<qint64>(0, scheduleNodesAt(it.value(), at)
                                        - nodesInUse(pool.id, it.key(), instances, at));
    return idle;
}

} // namespace sfdesk::IdleCapacity
