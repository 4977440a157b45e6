// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace sfdesk {

// The `sf` CLI's time and duration input, so the app can read what a user would type and write
// "copy as sf command" lines the CLI accepts (API.md §6.2, §6.3). Times are Unix seconds.
namespace CliTime {

// A point in time: "now" (any case, optionally quoted), "in 6h" / "+6h" (a duration from now),
// ISO 8601 ("2025-03-15T10:00:00Z", with an offset, or without one meaning local time, or a date
// alone meaning local midnight), or Unix seconds ("1741946400"). Natural dates ("tomorrow",
// "mar 15") are refused with an error that lists what is accepted.
std::optional<qint64> parseTime(QStringView text, qint64 now, QString* error = nullptr);

// A duration in seconds, by the old CLI's rules: '_' and whitespace are removed; empty input, a
// leading '-' or any '.' is refused; a bare integer is seconds; otherwise one or more
// <integer><unit> parts, units case-insensitive: s/sec/secs/second/seconds, m/min/mins/minute/
// minutes, h/hr/hrs/hour/hours, d/day/days, w/wk/wks/week/weeks ("1h30m", "2w3d", "1d 12h").
std::optional<qint64> parseDuration(QStringView text, QString* error = nullptr);

// parseTime, and also a month's name with a day and an optional time ("oct 12", "oct 12 14:00",
// "12 oct 14:00") or a date and time with a space ("2026-10-12 14:00"), in local time or, with
// `utc`, in UTC; a trailing "UTC" or the local zone's abbreviation says which. A month and day
// without a year is the next one that has not passed by more than a day.
std::optional<qint64> parseWindowTime(QStringView text, qint64 now, QString* error = nullptr,
                                      bool utc = false);

// The shortest CLI duration for a number of seconds: 5400 -> "1h30m", 604800 -> "1w", 0 -> "0s".
QString formatDuration(qint64 seconds);
// UTC ISO 8601 with a Z: 1741946400 -> "2025-03-14T10:00:00Z".
QString formatTime(qint64 time);

// Hour snapping of order windows. The old CLI with --yes (and the planner's drag) moves the start
// down to its hour, or to the next minute after `now` when that hour has begun, and the end up to
// the next hour boundary (§6.3).
qint64 snapStartToHour(qint64 start, qint64 now);
qint64 snapEndToHour(qint64 end);
// The old CLI's roundStartDate / roundEndDate: a start within a minute of now (or earlier) means
// "now", which the market reads as the start of the next minute; a later start rounds up to the
// next hour; an end rounds up to the next hour.
qint64 roundStart(qint64 start, qint64 now);
qint64 roundEnd(qint64 end);

} // namespace CliTime

} // namespace sfdesk
