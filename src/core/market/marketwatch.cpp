// SPDX-License-Identifier: Apache-2.0

#include "core/market/marketwatch.h"

#include "core/market/marketbackend.h"

namespace sfdesk {

MarketWatch::MarketWatch(MarketBackend* backend)
    : m_backend(backend)
{}

MarketWatch::~MarketWatch()
{
    hold(false);
}

void MarketWatch::hold(bool on)
{
    if (!m_backend || on == m_held)
        return;
    m_held = on;
    if (on)
        m_backend->watch();
    else
        m_backend->unwatch();
}

} // namespace sfdesk
