// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simresources.h"
#include "sim/routes/simrouter.h"

namespace sfsim {

// Deployments and spot deployments: keep a target number of instances of a template running in a
// pool (spot deployments also buy the nodes under a price cap). Create, list, get, patch, delete;
// the reconciliation itself is DeploymentRoom::reconcileDeployments.
class SimDeploymentRoutes final
{
public:
    static void add(SimRouter& router);
    // A pool a live deployment keeps instances in is not deleted.
    static PoolRoom::PoolDeleteGuard poolDeleteGuard();

private:
    static ApiResponse createDeployment(const SimRequestContext& c);
    static ApiResponse listDeployments(const SimRequestContext& c);
    static ApiResponse getDeployment(const SimRequestContext& c);
    static ApiResponse patchDeployment(const SimRequestContext& c);
    static ApiResponse deleteDeployment(const SimRequestContext& c);
};

} // namespace sfsim
