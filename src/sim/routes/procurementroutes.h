// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// The procurements (sim/simprocurements.h): create, list, get, patch (rename, retune, enable,
// disable), delete.
class SimProcurementRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse createProcurement(const SimRequestContext& c);
    static ApiResponse listProcurements(const SimRequestContext& c);
    static ApiResponse getProcurement(const SimRequestContext& c);
    static ApiResponse patchProcurement(const SimRequestContext& c);
    static ApiResponse deleteProcurement(const SimRequestContext& c);
};

} // namespace sfsim
