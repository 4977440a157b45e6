// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// The account's workspaces and its feature flags.
class SimWorkspaceRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse listWorkspaces(const SimRequestContext& c);
    static ApiResponse createWorkspace(const SimRequestContext& c);
    static ApiResponse getWorkspace(const SimRequestContext& c);
    static ApiResponse patchWorkspace(const SimRequestContext& c);
    static ApiResponse deleteWorkspace(const SimRequestContext& c);
    static ApiResponse listFeatureFlags(const SimRequestContext& c);
    static ApiResponse setFeatureFlag(const SimRequestContext& c);
};

} // namespace sfsim
