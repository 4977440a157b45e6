// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QtGlobal>

namespace sfdesk {

// The planner's horizontal axis: Unix seconds over [from, to) drawn across [left, left + width)
// pixels, and the rules for zooming, panning and snapping a dragged window. Pure arithmetic, so it
// is tested without a chart.
class TimeAxis final
{
public:
    TimeAxis() = default;
    TimeAxis(qint64 from, qint64 to, double left, double width);

    qint64 from() const { return m_from; }
    qint64 to() const { return m_to; }
    qint64 span() const { return m_to - m_from; }
    double left() const { return m_left; }
    double width() const { return m_width; }
    bool isValid() const { return m_to > m_from && m_width > 0; }

    double xOf(qint64 time) const;
    // The time under a pixel, rounded to the nearest second.
    qint64 timeAt(double x) const;

    // The range after zooming by `factor` (< 1 zooms in) with `anchor` kept at the same pixel,
    // kept between MinimumSpan and MaximumSpan.
    TimeAxis zoomed(double factor, qint64 anchor) const;
    TimeAxis panned(qint64 seconds) const;

    static constexpr qint64 MinimumSpan = 4 * 3600;
    static constexpr qint64 MaximumSpan = qint64(120) * 24 * 3600;

    // An order window from two dragged times in either order: the start goes down to its hour (or
    // to the next minute after now when that hour has begun, so never into the past), the end up to
    // the next hour, and a window is at least one hour long.
    struct Window
    {
        qint64 start = 0;
        qint64 end = 0;
        bool operator==(const Window&) const = default;
    };
    static Window snapWindow(qint64 a, qint64 b, qint64 now);

private:
    qint64 m_from = 0;
    qint64 m_to = 0;
    double m_left = 0;
    double m_width = 0;
};

} // namespace sfdesk
