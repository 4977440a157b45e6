// SPDX-License-Identifier: Apache-2.0

#include "common/clitime.h"

#include "common/erroroutput.h"
#include "common/schedule.h"

#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

#include <limits>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Minute = 60;
constexpr qint64 Hour = 3600;
constexpr qint64 Day = 86400;
constexpr qint64 Week = 7 * Day;
// Durations above a thousand years are typing mistakes, and keep the arithmetic far from overflow.
constexpr qint64 MaxDuration = 1000LL * 366 * Day;

std::optional<qint64> unitSeconds(const QString& unit)
{
    static const QHash<QString, qint64> units = {
        {u"s"_s, 1},           {u"sec"_s, 1},          {u"secs"_s, 1},     {u"second"_s, 1},
        {u"seconds"_s, 1},     {u"m"_s, Minute},       {u"min"_s, Minute}, {u"mins"_s, Minute},
        {u"minute"_s, Minute}, {u"minutes"_s, Minute}, {u"h"_s, Hour},     {u"hr"_s, Hour},
        {u"hrs"_s, Hour},      {u"hour"_s, Hour},      {u"hours"_s, Hour}, {u"d"_s, Day},
        {u"day"_s, Day},       {u"days"_s, Day},       {u"w"_s, Week},     {u"wk"_s, Week},
        {u"wks"_s, Week},      {u"week"_s, Week},      {u"weeks"_s, Week},
    };
    const auto it = units.constFind(unit);
    if (it == units.constEnd())
        return std::nullopt;
    return *it;
}

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isAsciiLetter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

} // namespace

namespace CliTime {

std::optional<qint64> parseDuration(QStringView text, QString* error)
{
    QString cleaned;
    cleaned.reserve(text.size());
    for (const QChar c : text) {
        if (c != u'_' && !c.isSpace())
            cleaned.append(c.toLower());
    }
    if (cleaned.isEmpty()) {
        setError(error, u"Duration is empty. Use e.g. 1h, 7d, 2w, 1h30m or seconds."_s);
        return std::nullopt;
    }
    if (cleaned.startsWith(u'-')) {
        setError(error, u"Duration must not be negative."_s);
        return std::nullopt;
    }
    if (cleaned.contains(u'.')) {
        setError(error, u"Duration must use whole numbers, such as 1h30m instead of 1.5h."_s);
        return std::nullopt;
    }
    const QString invalid = u"Invalid duration \"%1\". Use e.g. 1h, 7d, 2w, 1h30m or seconds."_s.arg(text);
    qint64 total = 0;
    qsizetype i = 0;
    while (i < cleaned.size()) {
        const qsizetype numberStart = i;
        while (i < cleaned.size() && isAsciiDigit(cleaned[i]))
            ++i;
        if (i == numberStart) {
            setError(error, invalid);
            return std::nullopt;
        }
        bool ok = false;
        const qint64 number = QStringView(cleaned).sliced(numberStart, i - numberStart).toLongLong(&ok);
        if (!ok || number > MaxDuration) {
            setError(error, u"Duration is too long."_s);
            return std::nullopt;
        }
        const qsizetype unitStart = i;
        while (i < cleaned.size() && isAsciiLetter(cleaned[i]))
            ++i;
        if (unitStart == i) {
            // A bare integer is seconds, but only on its own ("3600"), not after another part.
            if (numberStart != 0 || i != cleaned.size()) {
                setError(error, invalid);
                return std::nullopt;
            }
            total = number;
            break;
        }
        const std::optional<qint64> unit = unitSeconds(cleaned.sliced(unitStart, i - unitStart));
        if (!unit) {
            setError(error, invalid);
            return std::nullopt;
        }
        if (number > MaxDuration / *unit || total + number * *unit > MaxDuration) {
            setError(error, u"Duration is too long."_s);
            return std::nullopt;
        }
        total += number * *unit;
    }
    if (total > MaxDuration) {
        setError(error, u"Duration is too long."_s);
        return std::nullopt;
    }
    return total;
}

std::optional<qint64> parseTime(QStringView text, qint64 now, QString* error)
{
    QString trimmed = text.trimmed().toString();
    if (trimmed.size() >= 2
        && ((trimmed.startsWith(u'"') && trimmed.endsWith(u'"'))
            || (trimmed.startsWith(u'\'') && trimmed.endsWith(u'\''))))
        trimmed = trimmed.sliced(1, trimmed.size() - 2).trimmed();
    const QString lower = trimmed.toLower();
    if (lower == u"now"_s)
        return now;

    QStringView relative;
    if (lower.startsWith(u"in "_s))
        relative = QStringView(trimmed).sliced(3);
    else if (lower.startsWith(u'+'))
        relative = QStringView(trimmed).sliced(1);
    if (!relative.isNull()) {
        QString durationError;
        const std::optional<qint64> duration = parseDuration(relative, &durationError);
        if (!duration) {
            setError(error, durationError);
            return std::nullopt;
        }
        return now + *duration;
    }

    if (!trimmed.isEmpty() && std::all_of(trimmed.cbegin(), trimmed.cend(), isAsciiDigit)) {
        bool ok = false;
        const qint64 seconds = trimmed.toLongLong(&ok);
        if (ok && seconds <= std::numeric_limits<qint64>::max() / 2)
            return seconds;
    }

    QDateTime parsed = QDateTime::fromString(trimmed, Qt::ISODateWithMs);
    if (!parsed.isValid()) {
        const QDate date = QDate::fromString(trimmed, Qt::ISODate);
        if (date.isValid())
            parsed = date.startOfDay();
    }
    if (parsed.isValid())
        return parsed.toSecsSinceEpoch();

    setError(error, u"Invalid time \"%1\". Use now, a relative time such as \"in 6h\", ISO 8601 such as "
                    "2025-03-15T10:00:00Z, or Unix seconds."_s.arg(text));
    return std::nullopt;
}

std::optional<qint64> parseWindowTime(QStringView text, qint64 now, QString* error, bool utc)
{
    QString simplified = text.toString().simplified();
    // A zone at the end, as the planner shows times: UTC, or the local zone's abbreviation.
    const qsizetype space = simplified.lastIndexOf(u' ');
    if (space > 0) {
        const QString last = simplified.sliced(space + 1);
        const auto localAbbreviation = [now](qint64 offset) {
            return QDateTime::fromSecsSinceEpoch(now + offset).timeZoneAbbreviation();
        };
        if (last.compare(u"utc"_s, Qt::CaseInsensitive) == 0) {
            utc = true;
            simplified.truncate(space);
        } else if (last == localAbbreviation(0) || last == localAbbreviation(182 * Day)
                   || last == localAbbreviation(-182 * Day)) {
            utc = false;
            simplified.truncate(space);
        }
    }
    // The planner's own form first: parseTime would read it as local time whatever the zone.
    const QTimeZone zone = utc ? QTimeZone(QTimeZone::UTC) : QTimeZone(QTimeZone::LocalTime);
    const QLocale c = QLocale::c();
    for (const QString& format : {u"yyyy-MM-dd HH:mm"_s, u"yyyy-MM-dd HH:mm:ss"_s}) {
        QDateTime wall = c.toDateTime(simplified, format);
        if (wall.isValid()) {
            wall.setTimeZone(zone);
            return wall.toSecsSinceEpoch();
        }
    }
    QString firstError;
    if (const auto parsed = parseTime(simplified, now, &firstError))
        return parsed;
    const QStringList parts = simplified.toLower().split(u' ');
    if (parts.size() == 2 || parts.size() == 3) {
        static const QStringList months = {u"jan"_s, u"feb"_s, u"mar"_s, u"apr"_s, u"may"_s, u"jun"_s,
                                           u"jul"_s, u"aug"_s, u"sep"_s, u"oct"_s, u"nov"_s, u"dec"_s};
        const auto monthOf = [](const QString& word) {
            for (qsizetype i = 0; i < months.size(); ++i) {
                if (word.size() >= 3 && QStringView(word).first(3) == months.at(i))
                    return int(i) + 1;
            }
            return 0;
        };
        int month = monthOf(parts.at(0));
        bool ok = false;
        int day = parts.at(1).toInt(&ok);
        if (month == 0 || !ok) {
            month = monthOf(parts.at(1));
            day = parts.at(0).toInt(&ok);
        }
        QTime time(0, 0);
        if (parts.size() == 3)
            time = QTime::fromString(parts.at(2), u"H:mm"_s);
        if (month != 0 && ok && time.isValid()) {
            const int thisYear = QDateTime::fromSecsSinceEpoch(now, zone).date().year();
            for (int year = thisYear; year <= thisYear + 1; ++year) {
                const QDate date(year, month, day);
                if (!date.isValid())
                    continue;
                const qint64 at = QDateTime(date, time, zone).toSecsSinceEpoch();
                if (at >= now - Day || year == thisYear + 1)
                    return at;
            }
        }
    }
    setError(error, firstError + u" Or a month and day such as \"oct 12 14:00\"."_s);
    return std::nullopt;
}

QString formatDuration(qint64 seconds)
{
    if (seconds <= 0)
        return u"0s"_s;
    QString result;
    const std::pair<qint64, QLatin1StringView> units[] = {
        {Week, "w"_L1}, {Day, "d"_L1}, {Hour, "h"_L1}, {Minute, "m"_L1}, {1, "s"_L1}};
    for (const auto& [size, name] : units) {
        if (seconds >= size) {
            result += QString::number(seconds / size) + name;
            seconds %= size;
        }
    }
    return result;
}

QString formatTime(qint64 time)
{
    return QDateTime::fromSecsSinceEpoch(time, QTimeZone::UTC).toString(Qt::ISODate);
}

qint64 snapStartToHour(qint64 start, qint64 now)
{
    const qint64 hour = Schedule::floorTo(start, Hour);
    if (hour < now)
        return Schedule::ceilTo(now, Minute);
    return hour;
}

qint64 snapEndToHour(qint64 end)
{
    return Schedule::ceilTo(end, Hour);
}

qint64 roundStart(qint64 start, qint64 now)
{
    if (start <= now + Minute)
        return Schedule::ceilTo(now, Minute);
    return Schedule::ceilTo(start, Hour);
}

qint64 roundEnd(qint64 end)
{
    return Schedule::ceilTo(end, Hour);
}

} // namespace CliTime

} // namespace sfdesk
