// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// InfiniBand fabrics (read only) and partitions: create, list, get, patch, delete, and the
// instances attached to a partition.
class SimInfinibandRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse listFabrics(const SimRequestContext& c);
    static ApiResponse getFabric(const SimRequestContext& c);
    static ApiResponse createPartition(const SimRequestContext& c);
    static ApiResponse listPartitions(const SimRequestContext& c);
    static ApiResponse getPartition(const SimRequestContext& c);
    static ApiResponse patchPartition(const SimRequestContext& c);
    static ApiResponse partitionInstances(const SimRequestContext& c);
    static ApiResponse deletePartition(const SimRequestContext& c);
};

} // namespace sfsim
