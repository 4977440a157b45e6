// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/market/markettypes.h"
#include "sim/routes/simrouter.h"

namespace sfsim {

// POST /order_preview and the orders: place (with idempotency keys), list, get, cancel.
class SimOrderRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse orderPreview(const SimRequestContext& c);
    static ApiResponse createOrder(const SimRequestContext& c);
    static ApiResponse listOrders(const SimRequestContext& c);
    static ApiResponse getOrder(const SimRequestContext& c);
    static ApiResponse cancelOrder(const SimRequestContext& c);
    // The order when the caller may see it (its pool is in a readable workspace), else 404.
    static MarketOrder visibleOrder(const SimRequestContext& c, const QString& id);
};

} // namespace sfsim
