// SPDX-License-Identifier: Apache-2.0

#include "sim/world/simclock.h"

#include <QDateTime>

namespace sfsim {

SimClock::SimClock(double scale)
    : m_scale(scale)
    , m_startVirtualMs(QDateTime::currentMSecsSinceEpoch())
{
    m_elapsed.start();
}

void SimClock::resumeFrom(qint64 virtualSeconds)
{
    const qint64 stored = virtualSeconds * 1000;
    if (stored > m_startVirtualMs)
        m_startVirtualMs = stored;
}

void SimClock::startAt(qint64 virtualSeconds)
{
    m_startVirtualMs = virtualSeconds * 1000;
    m_advancedMs = 0;
    m_elapsed.restart();
}

qint64 SimClock::now() const
{
    const auto scaled = static_cast<qint64>(static_cast<double>(m_elapsed.elapsed()) * m_scale);
    return (m_startVirtualMs + scaled + m_advancedMs) / 1000;
}

void SimClock::advance(qint64 seconds)
{
    m_advancedMs += seconds * 1000;
}

} // namespace sfsim
