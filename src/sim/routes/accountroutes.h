// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// GET /me and the account's users.
class SimAccountRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse getMe(const SimRequestContext& c);
    static ApiResponse listUsers(const SimRequestContext& c);
    static ApiResponse getUser(const SimRequestContext& c);
};

} // namespace sfsim
