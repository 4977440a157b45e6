// SPDX-License-Identifier: Apache-2.0

#include "core/model/resources.h"

#include <algorithm>
#include <limits>

namespace sfdesk {

int scheduleNodesAt(const NodeSchedule& schedule, qint64 at)
{
    for (qsizetype i = 0; i < schedule.size(); ++i) {
        const ScheduleEntry& entry = schedule.at(i);
        const qint64 end = entry.endAt.value_or(i + 1 < schedule.size() ? schedule.at(i + 1).startAt
                                                                        : std::numeric_limits<qint64>::max());
        if (at >= entry.startAt && at < end)
            return entry.nodeCount;
    }
    return 0;
}

const QStringList& InstanceSku::standardProperties()
{
    static const QStringList names{QStringLiteral("region"),           QStringLiteral("availability_zone"),
                                   QStringLiteral("accelerator"),      QStringLiteral("form_factor"),
                                   QStringLiteral("rdma_type"),        QStringLiteral("num_accelerators"),
                                   QStringLiteral("num_vcpus"),        QStringLiteral("memory"),
                                   QStringLiteral("local_storage"),    QStringLiteral("supports_public_ipv4"),
                                   QStringLiteral("infiniband_fabric")};
    return names;
}

int Pool::nodesAt(qint64 at) const
{
    return scheduleNodesAt(total, at);
}

int Pool::skusFrom(qint64 at) const
{
    const auto ownsFrom = [at](const NodeSchedule& schedule) {
        for (qsizetype i = 0; i < schedule.size(); ++i) {
            const ScheduleEntry& entry = schedule.at(i);
            const bool last = i + 1 == schedule.size();
            const qint64 end =
                entry.endAt.value_or(last ? std::numeric_limits<qint64>::max() : schedule.at(i + 1).startAt);
            if (entry.nodeCount > 0 && end > at)
                return true;
        }
        return false;
    };
    return int(std::count_if(bySku.cbegin(), bySku.cend(), ownsFrom));
}

} // namespace sfdesk
