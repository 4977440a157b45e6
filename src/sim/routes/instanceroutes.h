// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// The instances: create, list, get, patch (one or a batch), terminate, replace, delete, console logs
// and SSH details.
class SimInstanceRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse createInstance(const SimRequestContext& c);
    static ApiResponse listInstances(const SimRequestContext& c);
    static ApiResponse getInstance(const SimRequestContext& c);
    static ApiResponse patchInstance(const SimRequestContext& c);
    static ApiResponse terminateInstance(const SimRequestContext& c);
    static ApiResponse deleteInstance(const SimRequestContext& c);
    static ApiResponse instanceLogs(const SimRequestContext& c);
    static ApiResponse instanceSsh(const SimRequestContext& c);
    static ApiResponse batchPatchInstances(const SimRequestContext& c);
    static ApiResponse replaceInstance(const SimRequestContext& c);
};

} // namespace sfsim
