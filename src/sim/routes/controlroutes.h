// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

namespace sfsim {

// The simulator's own routes under /_sim/, for tests and the app's local simulator: the clock,
// a pool's allocation, account balances, a failure on demand, and names no check would let
// through. SimApi serves them only with
// --control, only from loopback and without a token.
class SimControlRoutes final
{
public:
    static void add(SimRouter& router);

private:
    static ApiResponse clock(const SimRequestContext& c);
    static ApiResponse advanceClock(const SimRequestContext& c);
    static ApiResponse setPoolAllocation(const SimRequestContext& c);
    static ApiResponse raise(const SimRequestContext& c);
    static ApiResponse accountBalance(const SimRequestContext& c);
    static ApiResponse setAccountBalance(const SimRequestContext& c);
    static ApiResponse setName(const SimRequestContext& c);
};

} // namespace sfsim
