// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// What the account can launch: the instance SKUs, their availability on the market, the property
// catalog, and the images.
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
    static ApiResponse listImages(const SimRequestContext& c);
    static ApiResponse getImage(const SimRequestContext& c);
};

} // namespace sfsim
