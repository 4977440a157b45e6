// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// Instance templates: an image and cloud-init user data to start instances with. Create, list,
// fetch, delete (refused while a deployment uses the template).
class SimInstanceTemplateRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse createTemplate(const SimRequestContext& c);
    static ApiResponse listTemplates(const SimRequestContext& c);
    static ApiResponse getTemplate(const SimRequestContext& c);
    static ApiResponse deleteTemplate(const SimRequestContext& c);
};

} // namespace sfsim
