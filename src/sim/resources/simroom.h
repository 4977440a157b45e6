// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simcaller.h"
#include "sim/api/simhttp.h"

#include <QHash>
#include <QJsonObject>
#include <QSqlRecord>

#include <functional>
#include <optional>

namespace sfsim {

using sfdesk::FieldError;

struct SimOptions;
class SimResources;
class SimStore;
class SimRow;

// What every room of SimResources stands on: the store (inside the request's transaction), the
// options, and the house (SimResources) through which it reaches the request's caller and time
// and the other rooms.
class SimRoom
{
    Q_DISABLE_COPY_MOVE(SimRoom)

public:
    // A room that needs no more than this inherits it (`using SimRoom::SimRoom;`).
    explicit SimRoom(SimResources& resources);

protected:
    ~SimRoom() = default;

    SimResources& m_res;
    SimStore& m_store;
    const SimOptions& m_options;
};

} // namespace sfsim
