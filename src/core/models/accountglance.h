// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QList>
#include <QString>

namespace sfdesk {

// The account at a glance, from the connection's lists at one moment: what each pool owns now and
// over the next days and how much of it is idle, what runs on each InfiniBand partition, and the orders still
// open.
struct AccountGlance
{
    static constexpr int HoursAhead = 7 * 24;

    struct PoolLine
    {
        QString id;
        QString name;
        int nodesNow = 0;
        // Nodes owned at the start of each hour from the current one, HoursAhead of them.
        QList<int> hourly;
        int fewest = 0;
        int most = 0;
        // Owned node-hours of the next 48 whole hours that no instance uses (IdleCapacity).
        qint64 idleNodeHours = 0;
        bool operator==(const PoolLine&) const = default;
    };
    struct PartitionLine
    {
        QString id;   // empty: instances on no partition
        QString name; // the partition's name, else its ID
        int running = 0;
        int starting = 0;
        bool operator==(const PartitionLine&) const = default;
    };

    QList<PoolLine> pools;
    qint64 idleNodeHours = 0;
    // Partitions with instances running or starting first (most running first), then the rest.
    QList<PartitionLine> partitions;
    int running = 0;
    int starting = 0;
    // Orders waiting on the book or being matched, and those resting on it (standing).
    QList<Order> openOrders;
    int standingOrders = 0;

    static AccountGlance of(const QList<Pool>& pools, const QList<Instance>& instances,
                            const QList<InfinibandPartition>& partitions, const QList<Order>& orders,
                            qint64 now);
};

} // namespace sfdesk
