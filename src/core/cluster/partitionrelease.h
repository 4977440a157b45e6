// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QList>

#include <optional>

namespace sfdesk {

// A terminated instance keeps its InfiniBand partition until its node releases it, after a delay
// the API does not publish. The client learns it from instances it has seen released.
namespace PartitionRelease {

// Terminated, in a partition, and not released yet: it still blocks the partition's deletion.
bool isReleasing(const Instance& instance);

// The longest delay among the released instances here (release time less termination time, a
// terminated instance being last updated when it terminated), or `known` when it is longer.
std::optional<qint64> observedDelay(const QList<Instance>& instances, std::optional<qint64> known = {});

} // namespace PartitionRelease

} // namespace sfdesk
