// SPDX-License-Identifier: Apache-2.0

#include "core/model/resources.h"

#include <limits>

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

int Pool::nodesAt(qint64 at) const
{
    return scheduleNodesAt(total, at);
}
