// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// The pools: create, list, get, rename and retag, delete.
class SimPoolRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse createPool(const SimRequestContext& c);
    static ApiResponse listPools(const SimRequestContext& c);
    static ApiResponse getPool(const SimRequestContext& c);
    static ApiResponse patchPool(const SimRequestContext& c);
    static ApiResponse deletePool(const SimRequestContext& c);
};

} // namespace sfsim
