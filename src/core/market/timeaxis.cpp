// SPDX-License-Identifier: Apache-2.0

#include "core/market/timeaxis.h"

#include "common/clitime.h"

#include <algorithm>
#include <cmath>

namespace sfdesk {

TimeAxis::TimeAxis(qint64 from, qint64 to, double left, double width)
    : m_from(from)
    , m_to(to)
    , m_left(left)
    , m_width(width)
{}

double TimeAxis::xOf(qint64 time) const
{
    if (!isValid())
        return m_left;
    return m_left + double(time - m_from) * m_width / double(span());
}

qint64 TimeAxis::timeAt(double x) const
{
    if (!isValid())
        return m_from;
    return m_from + std::llround((x - m_left) * double(span()) / m_width);
}

TimeAxis TimeAxis::zoomed(double factor, qint64 anchor) const
{
    if (!isValid() || !(factor > 0))
        return *this;
    const qint64 newSpan =
        std::clamp<qint64>(std::llround(double(span()) * factor), MinimumSpan, MaximumSpan);
    const double share = double(anchor - m_from) / double(span());
    const qint64 from = anchor - std::llround(share * double(newSpan));
    return TimeAxis(from, from + newSpan, m_left, m_width);
}

TimeAxis TimeAxis::panned(qint64 seconds) const
{
    return TimeAxis(m_from + seconds, m_to + seconds, m_left, m_width);
}

TimeAxis::Window TimeAxis::snapWindow(qint64 a, qint64 b, qint64 now)
{
    const qint64 start = CliTime::snapStartToHour(std::min(a, b), now);
    const qint64 end = CliTime::snapEndToHour(std::max({a, b, start + 1}));
    return Window{start, end};
}

} // namespace sfdesk
