// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/simresources.h"

#include "sim/store/simstore.h"

using namespace Qt::StringLiterals;

namespace sfsim {

SimRoom::SimRoom(SimResources& resources)
    : m_res(resources)
    , m_store(resources.store())
    , m_options(resources.options())
{}

SimResources::SimResources(SimStore& store, const SimOptions& options, SimClock& clock)
    : m_store(store)
    , m_options(options)
    , m_clock(clock)
{}

SimResources::~SimResources()
{
    m_store.setRollbackHook({});
}

void SimResources::beginRequest(const Caller& caller, qint64 now)
{
    m_caller = caller;
    m_now = now;
}

void SimResources::startWorld()
{
    m_clockHighWater = m_now;
    marketSide().initializeMarket();
    m_store.setMeta(u"clock"_s, QString::number(m_clockHighWater));
}

void SimResources::advanceWorld()
{
    if (m_now >= m_clockHighWater + 60 || m_now < m_clockHighWater) {
        m_clockHighWater = qMax(m_now, m_clockHighWater);
        m_store.setMeta(u"clock"_s, QString::number(m_clockHighWater));
    }
    m_store.exec(
        u"UPDATE instances SET infiniband_released_at = terminated_at + ? "
        "WHERE partition_id IS NOT NULL AND infiniband_released_at IS NULL AND terminated_at IS NOT NULL "
        "AND terminated_at <= ?"_s,
        {m_options.ibReleaseSeconds, m_now - m_options.ibReleaseSeconds});
    // Fills change allocations, so the market moves before instances follow them.
    marketSide().advanceMarket();
    if (instances().reconcileDue())
        instances().reconcile();
    // Deployments follow what the instances did: replace the terminated, buy, scale.
    deployments().reconcileDeployments();
}

void SimResources::advanceClockBy(qint64 seconds)
{
    m_clock.advance(seconds);
    m_now = m_clock.now();
    advanceWorld();
    instances().reconcile();
    deployments().reconcileDeployments();
}

} // namespace sfsim
