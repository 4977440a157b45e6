// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// What the account can launch: the instance SKUs, their availability on the market and the property
// catalog (the images have routes of their own, SimImageRoutes).
class SimCatalogRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse listSkus(const SimRequestContext& c);
    static ApiResponse getSku(const SimRequestContext& c);
    static ApiResponse listAvailability(const SimRequestContext& c);
    static ApiResponse getAvailability(const SimRequestContext& c);
    static ApiResponse propertyCatalog(const SimRequestContext& c);
};

} // namespace sfsim
