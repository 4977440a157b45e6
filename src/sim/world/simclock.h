// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QElapsedTimer>
#include <QtGlobal>

namespace sfsim {

namespace simtime {
constexpr qint64 Day = 86400;
// Far enough for any window the market trades, small enough to keep arithmetic exact.
constexpr qint64 MaxTime = 4'102'444'800; // 2100-01-01
} // namespace simtime

// Virtual time of the simulated world, in Unix seconds. It starts at real time (or where the
// world last was, so that time never runs backwards across restarts), runs `scale` virtual
// seconds per real second, and can be moved forward on demand.
class SimClock final
{
public:
    explicit SimClock(double scale = 1.0);

    // Resumes from a stored point: the clock never goes below it.
    void resumeFrom(qint64 virtualSeconds);
    // Starts the clock at a given virtual time instead of real time.
    void startAt(qint64 virtualSeconds);
    qint64 now() const;
    void advance(qint64 seconds);
    double scale() const { return m_scale; }

private:
    double m_scale;
    qint64 m_startVirtualMs;
    qint64 m_advancedMs = 0;
    QElapsedTimer m_elapsed;
};

} // namespace sfsim
