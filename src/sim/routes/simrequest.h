// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simcaller.h"

#include <QStringList>

namespace sfsim {

class SimResources;
class SimStore;

// What a route handler gets: the request and its path parameters, who calls, the request's
// virtual time and the store (inside the request's transaction), and what the route classes
// share (access rules, references, writers, the market).
struct SimRequestContext
{
    const SimApiRequest& request;
    const QStringList& params;
    const Caller& caller;
    qint64 now;
    SimStore& store;
    SimResources& resources;
};

} // namespace sfsim
