// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// GET /orderbook/quote, depth, windows and fills: the read side of the market.
class SimOrderbookRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse quote(const SimRequestContext& c);
    static ApiResponse depth(const SimRequestContext& c);
    static ApiResponse windows(const SimRequestContext& c);
    static ApiResponse fills(const SimRequestContext& c);
};

} // namespace sfsim
