// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/plannertime.h"

#include "common/clitime.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTimeZone>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace PlannerTime {

QDateTime at(qint64 t, bool utc)
{
    return utc ? QDateTime::fromSecsSinceEpoch(t, QTimeZone::UTC) : QDateTime::fromSecsSinceEpoch(t);
}

QString format(qint64 t, bool utc)
{
    return QLocale().toString(at(t, utc), u"ddd d MMM yyyy HH:mm"_s) + u' ' + zone(t, utc);
}

QString field(qint64 t, bool utc)
{
    return at(t, utc).toString(u"yyyy-MM-dd HH:mm"_s) + u' ' + zone(t, utc);
}

QString zone(qint64 t, bool utc)
{
    return utc ? u"UTC"_s : at(t, false).timeZoneAbbreviation();
}

QString until(qint64 seconds)
{
    if (seconds < 60)
        return QCoreApplication::translate("PlannerTime", "now");
    return QCoreApplication::translate("PlannerTime", "in %1")
        .arg(CliTime::formatDuration(seconds - seconds % 60));
}

} // namespace PlannerTime

} // namespace sfdesk
