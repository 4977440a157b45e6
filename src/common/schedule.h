// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QList>

#include <optional>
#include <utility>
#include <vector>

namespace sfdesk {

// One `[startAt, endAt)` range of a schedule with a fixed node count; no endAt = unbounded tail.
struct ScheduleEntry
{
    qint64 startAt = 0;
    std::optional<qint64> endAt;
    qint64 nodeCount = 0;

    friend bool operator==(const ScheduleEntry&, const ScheduleEntry&) = default;
};

// Node count over time, as the API's Schedule describes it: a step function of Unix seconds that
// is zero outside its entries. Kept in one canonical form (change points, each with the count from
// that time on), so equal schedules compare equal however they were written. Counts may go
// negative in intermediate results (a difference); validation of input refuses negative counts.
class Schedule final
{
public:
    // How toJson() writes a schedule.
    enum class JsonStyle
    {
        // Only the non-zero ranges, each with explicit start_at and end_at (end_at null on an
        // unbounded tail). Orders, fills and price levels use this.
        Compact,
        // Contiguous entries from the first change to the last, zero gaps written out, ending in
        // an entry with end_at null (the pool and transfer shape). An empty schedule is [].
        Expanded,
    };

    Schedule() = default;
    // nodeCount over [startAt, endAt); empty when the range is empty or the count is zero.
    static Schedule rectangle(qint64 startAt, qint64 endAt, qint64 nodeCount);
    // nodeCount from startAt on, forever.
    static Schedule tail(qint64 startAt, qint64 nodeCount);
    // Adds the entries up; overlapping entries add. Entries with endAt <= startAt are ignored.
    static Schedule fromEntries(const QList<ScheduleEntry>& entries);

    // Parses the API's JSON shape: an array of {start_at, end_at?, node_count}, in time order,
    // 60-second aligned, node_count >= 0, end_at omitted on a non-final entry meaning "until the
    // next start_at", end_at null or omitted on the final entry meaning an unbounded tail.
    // `field` prefixes the paths in the errors ("allocation_schedule_delta").
    static std::optional<Schedule> fromJson(const QJsonValue& json, const QString& field,
                                            FieldErrors* errors);
    QJsonArray toJson(JsonStyle style = JsonStyle::Compact) const;

    bool isEmpty() const { return m_steps.empty(); }
    // True when the count drops back to zero at some time (no unbounded tail).
    bool isBounded() const { return m_steps.empty() || m_steps.back().second == 0; }
    // First time with a non-zero count, and the time after which it is zero for good.
    std::optional<qint64> firstStart() const;
    std::optional<qint64> lastEnd() const;

    // Count at time t (the range is [start, end), so a range's end_at has the next count).
    qint64 at(qint64 t) const;
    // Minimum and maximum count over [from, to); 0 for an empty range.
    qint64 minOver(qint64 from, qint64 to) const;
    qint64 maxOver(qint64 from, qint64 to) const;
    // Σ count × seconds over [from, to).
    qint64 nodeSecondsOver(qint64 from, qint64 to) const;
    // Σ count × seconds over everything; nullopt for an unbounded non-zero tail.
    std::optional<qint64> nodeSeconds() const;
    bool isNonNegative() const;
    // True when this count is at least `other`'s at every time.
    bool covers(const Schedule& other) const;

    // Pointwise sum and difference.
    Schedule plus(const Schedule& other) const;
    Schedule minus(const Schedule& other) const;
    // Pointwise minimum and maximum.
    Schedule min(const Schedule& other) const;
    Schedule max(const Schedule& other) const;
    // Zero outside [from, to).
    Schedule clipped(qint64 from, qint64 to) const;
    // Counts below zero become zero.
    Schedule clampedToZero() const;

    // Explicit entries of the non-zero ranges (the Compact form).
    QList<ScheduleEntry> entries() const;

    friend bool operator==(const Schedule&, const Schedule&) = default;

    // Alignment rules of the API and the CLI.
    static constexpr qint64 Alignment = 60;
    static constexpr qint64 Hour = 3600;
    static bool isAligned(qint64 t) { return t % Alignment == 0; }
    static qint64 floorTo(qint64 t, qint64 step);
    static qint64 ceilTo(qint64 t, qint64 step);
    // The start of the hour t is in (before the epoch too).
    static qint64 floorHour(qint64 t) { return floorTo(t, Hour); }

private:
    using Step = std::pair<qint64, qint64>; // time, count from that time on
    // The least or greatest count over [from, to), as `pick` chooses.
    template <typename Pick> qint64 extremeOver(qint64 from, qint64 to, Pick pick) const;
    template <typename Combine> Schedule combined(const Schedule& other, Combine combine) const;
    void normalise();

    std::vector<Step> m_steps;
};

} // namespace sfdesk
