// SPDX-License-Identifier: Apache-2.0

#include "core/models/format.h"

#include "common/money.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace sfdesk {

QString Format::dateTime(qint64 secs)
{
    if (secs <= 0)
        return {};
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(secs), QLocale::ShortFormat);
}

QString Format::optionalDateTime(const std::optional<qint64>& secs)
{
    return secs ? dateTime(*secs) : QString();
}

QString Format::pricePerNodeHour(const Price& price)
{
    if (price.text.isEmpty())
        return {};
    // The rate as the user typed it, not the per-minute rounding of the server.
    return tr("$%1/node-hour").arg(Money::formatRate(price.micros));
}

QString Format::rate(qint64 micros)
{
    return QStringLiteral("$") + Money::formatRate(micros);
}

QString Format::amount(qint64 micros)
{
    return QStringLiteral("$") + Money::formatAmount(micros);
}

QString Format::rateRounded(qint64 micros, int decimals)
{
    return QStringLiteral("$") + Money::formatRounded(micros, decimals);
}

QString Format::rateToCents(qint64 micros)
{
    return QStringLiteral("$") + Money::formatCents(micros);
}

QString Format::bytes(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

QString Format::instanceStatus(const Instance& instance)
{
    switch (instance.status) {
    case Instance::Status::AwaitingAllocation:
        return tr("Awaiting allocation");
    case Instance::Status::Running:
        return tr("Running");
    case Instance::Status::Terminated:
        return tr("Terminated");
    case Instance::Status::Failed:
        return tr("Failed");
    case Instance::Status::Unknown:
        break;
    }
    return instance.statusText; // a status this version does not know yet, shown as sent
}

QString Format::orderStatus(const Order& order)
{
    switch (order.status) {
    case Order::Status::Pending:
        return tr("Pending");
    case Order::Status::Standing:
        return tr("Standing");
    case Order::Status::PartiallyFilled:
        return tr("Partially filled");
    case Order::Status::Filled:
        return tr("Filled");
    case Order::Status::Cancelled:
        return tr("Cancelled");
    case Order::Status::Rejected:
        return tr("Rejected");
    case Order::Status::Unknown:
        break;
    }
    return order.statusText;
}

QString Format::imageStatus(const Image& image)
{
    switch (image.status) {
    case Image::UploadStatus::Started:
        return tr("Started");
    case Image::UploadStatus::Uploading:
        return tr("Uploading");
    case Image::UploadStatus::Completed:
        return tr("Ready");
    case Image::UploadStatus::Failed:
        return tr("Failed");
    case Image::UploadStatus::Revoked:
        return tr("Revoked");
    case Image::UploadStatus::Unknown:
        break;
    }
    return image.statusText;
}

QString Format::side(const QString& side)
{
    if (side == u"buy")
        return tr("Buy");
    if (side == u"sell")
        return tr("Sell");
    return side;
}

QString Format::duration(qint64 seconds)
{
    seconds = std::max<qint64>(seconds, 0);
    const qint64 hours = seconds / 3600;
    const qint64 minutes = seconds / 60 % 60;
    const qint64 secs = seconds % 60;
    const QLatin1Char zero('0');
    if (hours > 0)
        return QStringLiteral("%1:%2:%3").arg(hours).arg(minutes, 2, 10, zero).arg(secs, 2, 10, zero);
    return QStringLiteral("%1:%2").arg(minutes).arg(secs, 2, 10, zero);
}

QString Format::releasing(const Instance& instance, std::optional<qint64> releaseDelay, qint64 now)
{
    // A terminated instance is last updated when it terminates.
    const qint64 elapsed = std::max<qint64>(0, now - instance.updatedAt);
    if (!releaseDelay)
        return tr("Releasing for %1").arg(duration(elapsed));
    const qint64 left = *releaseDelay - elapsed;
    return left > 0 ? tr("Releasing: about %1 left").arg(duration(left)) : tr("Releasing any moment now");
}

} // namespace sfdesk
