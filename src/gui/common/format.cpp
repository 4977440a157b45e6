#include "gui/common/format.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace Format {

QString time(qint64 unixSeconds)
{
    if (unixSeconds <= 0)
        return {};
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(unixSeconds), QLocale::ShortFormat);
}

QString ago(qint64 seconds)
{
    if (seconds < 60)
        return QCoreApplication::translate("Format", "%n s ago", nullptr, static_cast<int>(seconds));
    return QCoreApplication::translate("Format", "%n min ago", nullptr, static_cast<int>(seconds / 60));
}

QString instanceStatus(const Instance& instance)
{
    QString text = instance.statusText.isEmpty() ? QCoreApplication::translate("Format", "unknown")
                                                 : instance.statusText;
    text.replace(u'_', u' ');
    if (instance.status == Instance::Status::Terminated && instance.infinibandPartition
        && !instance.infinibandReleasedAt)
        text += QCoreApplication::translate("Format", " (partition not released yet)");
    return text;
}

QString partitionOf(const Instance& instance)
{
    return instance.infinibandPartition ? instance.infinibandPartition->name : QStringLiteral("—");
}

} // namespace Format
