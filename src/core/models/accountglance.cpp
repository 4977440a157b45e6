// SPDX-License-Identifier: Apache-2.0

#include "core/models/accountglance.h"

#include "common/schedule.h"
#include "core/market/idlecapacity.h"
#include "core/models/ordermodel.h"

#include <QHash>

#include <algorithm>

namespace sfdesk {

AccountGlance AccountGlance::of(const QList<Pool>& pools, const QList<Instance>& instances,
                                const QList<InfinibandPartition>& partitions, const QList<Order>& orders,
                                qint64 now)
{
    AccountGlance glance;
    const qint64 hour = Schedule::floorHour(now);
    for (const Pool& pool : pools) {
        PoolLine line;
        line.id = pool.id;
        line.name = pool.name.isEmpty() ? pool.id : pool.name;
        line.nodesNow = pool.nodesAt(now);
        line.hourly.reserve(HoursAhead);
        for (int i = 0; i < HoursAhead; ++i)
            line.hourly.append(pool.nodesAt(i == 0 ? now : hour + qint64(i) * 3600));
        const auto [fewest, most] = std::minmax_element(line.hourly.cbegin(), line.hourly.cend());
        line.fewest = *fewest;
        line.most = *most;
        line.idleNodeHours = IdleCapacity::compute(pool, instances, now).nodeHours;
        glance.idleNodeHours += line.idleNodeHours;
        glance.pools.append(line);
    }

    QHash<QString, qsizetype> rowOf;
    for (const InfinibandPartition& partition : partitions) {
        rowOf.insert(partition.id, glance.partitions.size());
        glance.partitions.append({partition.id, partition.name.isEmpty() ? partition.id : partition.name});
    }
    for (const Instance& instance : instances) {
        const bool running = instance.status == Instance::Status::Running;
        const bool starting = instance.status == Instance::Status::AwaitingAllocation;
        if (!running && !starting)
            continue;
        glance.running += running;
        glance.starting += starting;
        const QString partition = instance.infinibandPartition ? instance.infinibandPartition->id : QString();
        qsizetype row = rowOf.value(partition, -1);
        if (row < 0) {
            const QString name = !instance.infinibandPartition ? QString()
                                 : instance.infinibandPartition->name.isEmpty()
                                     ? partition
                                     : instance.infinibandPartition->name;
            row = glance.partitions.size();
            rowOf.insert(partition, row);
            glance.partitions.append({partition, name});
        }
        PartitionLine& line = glance.partitions[row];
        line.running += running;
        line.starting += starting;
    }
    std::stable_sort(glance.partitions.begin(), glance.partitions.end(),
                     [](const PartitionLine& a, const PartitionLine& b) {
                         const bool aUsed = a.running + a.starting > 0;
                         const bool bUsed = b.running + b.starting > 0;
                         if (aUsed != bUsed)
                             return aUsed;
                         return a.running > b.running;
                     });

    for (const Order& order : orders) {
        if (!OrderModel::isOpen(order))
            continue;
        glance.openOrders.append(order);
        glance.standingOrders += order.status == Order::Status::Standing;
    }
    std::stable_sort(glance.openOrders.begin(), glance.openOrders.end(),
                     [](const Order& a, const Order& b) { return a.startAt() < b.startAt(); });
    return glance;
}

} // namespace sfdesk
