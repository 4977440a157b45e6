// SPDX-License-Identifier: Apache-2.0

#include "common/schedule.h"

#include "common/constvalue.h"

#include <QJsonObject>

#include <algorithm>
#include <limits>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 MaxNodeCount = std::numeric_limits<qint32>::max();

std::optional<qint64> integerOf(const QJsonValue& value)
{
    if (!value.isDouble())
        return std::nullopt;
    const qint64 integer = value.toInteger(std::numeric_limits<qint64>::min());
    if (integer == std::numeric_limits<qint64>::min())
        return std::nullopt;
    return integer;
}

QJsonObject entryJson(qint64 start, std::optional<qint64> end, qint64 count)
{
    return QJsonObject{
        {u"start_at"_s, start},
        {u"end_at"_s, end ? QJsonValue(*end) : QJsonValue(QJsonValue::Null)},
        {u"node_count"_s, count},
    };
}

} // namespace

Schedule Schedule::rectangle(qint64 startAt, qint64 endAt, qint64 nodeCount)
{
    Schedule schedule;
    if (endAt > startAt && nodeCount != 0)
        schedule.m_steps = {{startAt, nodeCount}, {endAt, 0}};
    return schedule;
}

Schedule Schedule::tail(qint64 startAt, qint64 nodeCount)
{
    Schedule schedule;
    if (nodeCount != 0)
        schedule.m_steps = {{startAt, nodeCount}};
    return schedule;
}

Schedule Schedule::fromEntries(const QList<ScheduleEntry>& entries)
{
    // Each entry steps up at its start and down at its end; the steps, in time order, add up.
    std::vector<Step> changes;
    changes.reserve(size_t(entries.size()) * 2);
    for (const ScheduleEntry& entry : entries) {
        if (entry.nodeCount == 0 || (entry.endAt && *entry.endAt <= entry.startAt))
            continue;
        changes.emplace_back(entry.startAt, entry.nodeCount);
        if (entry.endAt)
            changes.emplace_back(*entry.endAt, -entry.nodeCount);
    }
    // At one time, steps down come first: the running sum stays within the entries' own levels.
    std::sort(changes.begin(), changes.end());
    Schedule sum;
    qint64 level = 0;
    for (size_t i = 0; i < changes.size(); ++i) {
        level += changes[i].second;
        if (i + 1 == changes.size() || changes[i + 1].first != changes[i].first)
            sum.m_steps.emplace_back(changes[i].first, level);
    }
    sum.normalise();
    return sum;
}

std::optional<Schedule> Schedule::fromJson(const QJsonValue& json, const QString& field, FieldErrors* errors)
{
    FieldErrors found;
    auto fail = [&found](const QString& path, const QString& code, const QString& message) {
        found.append(FieldError{path, code, message});
    };
    if (!json.isArray()) {
        fail(field, u"invalid_type"_s, u"must be an array of {start_at, end_at, node_count}"_s);
        if (errors)
            errors->append(found);
        return std::nullopt;
    }
    const QJsonArray array = json.toArray();
    QList<ScheduleEntry> entries;
    std::optional<qint64> previousEnd;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = field + u'[' + QString::number(i) + u']';
        const bool last = i == array.size() - 1;
        if (!array[i].isObject()) {
            fail(path, u"invalid_type"_s, u"must be an object"_s);
            continue;
        }
        const QJsonObject object = array[i].toObject();
        const std::optional<qint64> start = integerOf(object.value(u"start_at"_s));
        if (!start) {
            fail(path + u".start_at"_s, object.contains(u"start_at"_s) ? u"invalid_type"_s : u"required"_s,
                 u"must be a Unix timestamp in seconds"_s);
            continue;
        }
        const QJsonValue countValue = object.value(u"node_count"_s);
        const std::optional<qint64> count = integerOf(countValue);
        if (!count) {
            fail(path + u".node_count"_s, countValue.isUndefined() ? u"required"_s : u"invalid_type"_s,
                 u"must be an integer"_s);
            continue;
        }
        if (*count < 0 || *count > MaxNodeCount) {
            fail(path + u".node_count"_s, u"invalid_value"_s,
                 u"must be between 0 and %1"_s.arg(MaxNodeCount));
            continue;
        }
        if (!isAligned(*start))
            fail(path + u".start_at"_s, u"not_aligned"_s, u"must be a multiple of 60 seconds"_s);
        if (previousEnd && *start < *previousEnd)
            fail(path + u".start_at"_s, u"overlapping"_s,
                 u"must not be before the end of the previous entry"_s);

        std::optional<qint64> end;
        const QJsonValue endValue = object.value(u"end_at"_s);
        if (endValue.isUndefined() || endValue.isNull()) {
            if (!last) {
                if (endValue.isNull()) {
                    fail(path + u".end_at"_s, u"invalid_value"_s, u"may be null only on the final entry"_s);
                    continue;
                }
                // Inferred from the next entry's start; a malformed next entry is reported there.
                end = integerOf(array[i + 1].toObject().value(u"start_at"_s));
                if (!end)
                    continue;
            }
        } else {
            end = integerOf(endValue);
            if (!end) {
                fail(path + u".end_at"_s, u"invalid_type"_s,
                     u"must be a Unix timestamp in seconds or null"_s);
                continue;
            }
            if (!isAligned(*end))
                fail(path + u".end_at"_s, u"not_aligned"_s, u"must be a multiple of 60 seconds"_s);
        }
        if (end && *end <= *start) {
            fail(path + u".end_at"_s, u"invalid_range"_s, u"must be after start_at"_s);
            continue;
        }
        previousEnd = end ? *end : std::numeric_limits<qint64>::max();
        entries.append(ScheduleEntry{*start, end, *count});
    }
    if (!found.isEmpty()) {
        if (errors)
            errors->append(found);
        return std::nullopt;
    }
    return fromEntries(entries);
}

QJsonArray Schedule::toJson(JsonStyle style) const
{
    QJsonArray array;
    if (style == JsonStyle::Compact) {
        for (const ScheduleEntry& entry : constValue(entries()))
            array.append(entryJson(entry.startAt, entry.endAt, entry.nodeCount));
        return array;
    }
    for (size_t i = 0; i < m_steps.size(); ++i) {
        const std::optional<qint64> end =
            i + 1 < m_steps.size() ? std::optional<qint64>(m_steps[i + 1].first) : std::nullopt;
        array.append(entryJson(m_steps[i].first, end, m_steps[i].second));
    }
    return array;
}

std::optional<qint64> Schedule::firstStart() const
{
    if (m_steps.empty())
        return std::nullopt;
    return m_steps.front().first;
}

std::optional<qint64> Schedule::lastEnd() const
{
    if (m_steps.empty() || !isBounded())
        return std::nullopt;
    return m_steps.back().first;
}

qint64 Schedule::at(qint64 t) const
{
    auto it = std::upper_bound(m_steps.begin(), m_steps.end(), t,
                               [](qint64 time, const Step& step) { return time < step.first; });
    if (it == m_steps.begin())
        return 0;
    return std::prev(it)->second;
}

template <typename Pick> qint64 Schedule::extremeOver(qint64 from, qint64 to, Pick pick) const
{
    if (from >= to)
        return 0;
    // The step in force at `from`, then only the steps inside the range.
    auto it = std::upper_bound(m_steps.begin(), m_steps.end(), from,
                               [](qint64 time, const Step& step) { return time < step.first; });
    qint64 result = it == m_steps.begin() ? 0 : std::prev(it)->second;
    for (; it != m_steps.end() && it->first < to; ++it)
        result = pick(result, it->second);
    return result;
}

qint64 Schedule::minOver(qint64 from, qint64 to) const
{
    return extremeOver(from, to, [](qint64 a, qint64 b) { return std::min(a, b); });
}

qint64 Schedule::maxOver(qint64 from, qint64 to) const
{
    return extremeOver(from, to, [](qint64 a, qint64 b) { return std::max(a, b); });
}

qint64 Schedule::nodeSecondsOver(qint64 from, qint64 to) const
{
    if (from >= to)
        return 0;
    qint64 sum = 0;
    qint64 cursor = from;
    qint64 count = at(from);
    for (const Step& step : m_steps) {
        if (step.first <= from)
            continue;
        if (step.first >= to)
            break;
        sum += count * (step.first - cursor);
        cursor = step.first;
        count = step.second;
    }
    return sum + count * (to - cursor);
}

std::optional<qint64> Schedule::nodeSeconds() const
{
    if (m_steps.empty())
        return 0;
    if (!isBounded())
        return std::nullopt;
    return nodeSecondsOver(m_steps.front().first, m_steps.back().first);
}

bool Schedule::isNonNegative() const
{
    return std::all_of(m_steps.begin(), m_steps.end(), [](const Step& step) { return step.second >= 0; });
}

bool Schedule::covers(const Schedule& other) const
{
    return minus(other).isNonNegative();
}

template <typename Combine> Schedule Schedule::combined(const Schedule& other, Combine combine) const
{
    Schedule result;
    result.m_steps.reserve(m_steps.size() + other.m_steps.size());
    size_t i = 0;
    size_t j = 0;
    qint64 a = 0;
    qint64 b = 0;
    while (i < m_steps.size() || j < other.m_steps.size()) {
        qint64 time;
        if (j >= other.m_steps.size() || (i < m_steps.size() && m_steps[i].first < other.m_steps[j].first))
            time = m_steps[i].first;
        else
            time = other.m_steps[j].first;
        if (i < m_steps.size() && m_steps[i].first == time)
            a = m_steps[i++].second;
        if (j < other.m_steps.size() && other.m_steps[j].first == time)
            b = other.m_steps[j++].second;
        result.m_steps.emplace_back(time, combine(a, b));
    }
    result.normalise();
    return result;
}

Schedule Schedule::plus(const Schedule& other) const
{
    return combined(other, [](qint64 a, qint64 b) { return a + b; });
}

Schedule Schedule::minus(const Schedule& other) const
{
    return combined(other, [](qint64 a, qint64 b) { return a - b; });
}

Schedule Schedule::min(const Schedule& other) const
{
    return combined(other, [](qint64 a, qint64 b) { return std::min(a, b); });
}

Schedule Schedule::max(const Schedule& other) const
{
    return combined(other, [](qint64 a, qint64 b) { return std::max(a, b); });
}

Schedule Schedule::clipped(qint64 from, qint64 to) const
{
    if (from >= to)
        return {};
    Schedule window = rectangle(from, to, 1);
    return combined(window, [](qint64 a, qint64 inside) { return inside ? a : 0; });
}

Schedule Schedule::clampedToZero() const
{
    Schedule result = *this;
    for (Step& step : result.m_steps)
        step.second = std::max<qint64>(step.second, 0);
    result.normalise();
    return result;
}

QList<ScheduleEntry> Schedule::entries() const
{
    QList<ScheduleEntry> result;
    for (size_t i = 0; i < m_steps.size(); ++i) {
        if (m_steps[i].second == 0)
            continue;
        const std::optional<qint64> end =
            i + 1 < m_steps.size() ? std::optional<qint64>(m_steps[i + 1].first) : std::nullopt;
        result.append(ScheduleEntry{m_steps[i].first, end, m_steps[i].second});
    }
    return result;
}

qint64 Schedule::floorTo(qint64 t, qint64 step)
{
    const qint64 remainder = t % step;
    return remainder < 0 ? t - remainder - step : t - remainder;
}

qint64 Schedule::ceilTo(qint64 t, qint64 step)
{
    const qint64 floor = floorTo(t, step);
    return floor == t ? t : floor + step;
}

void Schedule::normalise()
{
    // In place: a step that keeps the level goes.
    size_t kept = 0;
    qint64 previous = 0;
    for (const Step& step : m_steps) {
        if (step.second == previous)
            continue;
        m_steps[kept++] = step;
        previous = step.second;
    }
    m_steps.resize(kept);
}

} // namespace sfdesk
