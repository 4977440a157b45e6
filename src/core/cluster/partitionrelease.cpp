// SPDX-License-Identifier: Apache-2.0

#include "core/cluster/partitionrelease.h"

#include <algorithm>

namespace sfdesk {

namespace PartitionRelease {

bool isReleasing(const Instance& instance)
{
    return instance.infinibandPartition && instance.status == Instance::Status::Terminated
           && !instance.infinibandReleasedAt;
}

std::optional<qint64> observedDelay(const QList<Instance>& instances, std::optional<qint64> known)
{
    for (const Instance& instance : instances) {
        if (instance.status != Instance::Status::Terminated || !instance.infinibandReleasedAt
            || !instance.infinibandPartition || instance.updatedAt <= 0
            || *instance.infinibandReleasedAt < instance.updatedAt)
            continue;
        known = std::max(known.value_or(0), *instance.infinibandReleasedAt - instance.updatedAt);
    }
    return known;
}

} // namespace PartitionRelease

} // namespace sfdesk
