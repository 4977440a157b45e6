// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simcaller.h"
#include "sim/resources/accessrules.h"
#include "sim/resources/catalogroom.h"
#include "sim/resources/deploymentroom.h"
#include "sim/resources/imageroom.h"
#include "sim/resources/infinibandroom.h"
#include "sim/resources/instanceroom.h"
#include "sim/resources/listpages.h"
#include "sim/resources/marketroom.h"
#include "sim/resources/poolroom.h"
#include "sim/world/simclock.h"
#include "sim/world/simids.h"
#include "sim/world/simoptions.h"

namespace sfsim {

class SimStore;

// What the route classes share, one room per resource: the rules of access for the request's
// caller, list pages, the catalog, pools, images, instances, InfiniBand, deployments and the
// market side. This house only holds the request (its caller and virtual time) and the world's
// time, and composes the rooms: the rooms hold the rules, references, writers and pages. SimApi
// runs a request through it; route handlers reach it through their SimRequestContext.
class SimResources final
{
    Q_DISABLE_COPY_MOVE(SimResources)

public:
    SimResources(SimStore& store, const SimOptions& options, SimClock& clock);
    ~SimResources();

    // The request being handled: who calls (nobody for control routes) and its virtual time.
    void beginRequest(const Caller& caller, qint64 now);
    const Caller& caller() const { return m_caller; }
    qint64 now() const { return m_now; }

    SimStore& store() { return m_store; }
    const SimOptions& options() const { return m_options; }
    SimClock& clock() { return m_clock; }
    IdGenerator& ids() { return m_ids; }

    AccessRules& access() { return m_access; }
    ListPages& pages() { return m_pages; }
    CatalogRoom& catalog() { return m_catalog; }
    PoolRoom& pools() { return m_pools; }
    ImageRoom& images() { return m_images; }
    InstanceRoom& instances() { return m_instances; }
    InfinibandRoom& infiniband() { return m_infiniband; }
    DeploymentRoom& deployments() { return m_deployments; }
    MarketRoom& marketSide() { return m_market; }

    // --- Time ---
    // The world as it starts at now(): the clock's high-water mark and the market.
    void startWorld();
    // Releases, fills and allocations catch up with now().
    void advanceWorld();
    // Moves the clock on and the world with it (a control route).
    void advanceClockBy(qint64 seconds);

private:
    SimStore& m_store;
    const SimOptions& m_options;
    SimClock& m_clock;
    IdGenerator m_ids;
    Caller m_caller;  // of the request being handled
    qint64 m_now = 0; // virtual time of the request being handled
    qint64 m_clockHighWater = 0;

    AccessRules m_access{*this};
    ListPages m_pages{*this};
    CatalogRoom m_catalog{*this};
    PoolRoom m_pools{*this};
    ImageRoom m_images{*this};
    InstanceRoom m_instances{*this};
    InfinibandRoom m_infiniband{*this};
    DeploymentRoom m_deployments{*this};
    MarketRoom m_market{*this};
};

} // namespace sfsim
