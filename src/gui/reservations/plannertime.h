// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDateTime>
#include <QString>

namespace sfdesk {

// How the planner shows times: always with their zone, in local time or in UTC as the user chose.
namespace PlannerTime {

// The planner's steps of time, in seconds: its windows start on the hour and default to a day.
inline constexpr qint64 Hour = 3600;
inline constexpr qint64 Day = 24 * Hour;

QDateTime at(qint64 t, bool utc);
// "Fri 4 Dec 2026 10:00 CET"
QString format(qint64 t, bool utc);
// "2026-12-04 10:00 CET", as Start and End show it (CliTime::parseWindowTime reads it back).
QString field(qint64 t, bool utc);
// "UTC", or the local zone's abbreviation at `t`.
QString zone(qint64 t, bool utc);
// "in 2h10m", or "now" within a minute.
QString until(qint64 seconds);

} // namespace PlannerTime

} // namespace sfdesk
