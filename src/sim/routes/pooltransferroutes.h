// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// The pool transfers (sim/simpooltransfers.h): create (with idempotency keys), list, get.
class SimPoolTransferRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse createTransfer(const SimRequestContext& c);
    static ApiResponse listTransfers(const SimRequestContext& c);
    static ApiResponse getTransfer(const SimRequestContext& c);
};

} // namespace sfsim
