// SPDX-License-Identifier: Apache-2.0

#include "core/models/format.h"

#include "common/money.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace sfdesk {

QString Format::refName(const ObjectRef& ref)
{
    return ref.name.isEmpty() ? ref.id : ref.name;
}

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

namespace {

constexpr quint64 powerOfTen(int exponent)
{
    quint64 value = 1;
    for (int i = 0; i < exponent; ++i)
        value *= 10;
    return value;
}

// `units` of 10^-decimals dollars, with the locale's grouping, decimal point and digits.
QString moneyText(bool negative, quint64 units, int decimals)
{
    QLocale locale;
    // The C locale leaves its thousands separator out unless asked for it; an amount needs it.
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    const quint64 scale = powerOfTen(decimals);
    QString digits = locale.toString(units / scale);
    if (decimals > 0) {
        QLocale plain = locale;
        plain.setNumberOptions(QLocale::OmitGroupSeparator);
        QString fraction = plain.toString(units % scale);
        while (fraction.size() < decimals)
            fraction.prepend(locale.zeroDigit());
        digits += locale.decimalPoint() + fraction;
    }
    // The translation places the symbol: "$1,234.57", "1.234,57 $".
    const QString text = Format::tr("$%1", "an amount of US dollars").arg(digits);
    return negative && units != 0 ? locale.negativeSign() + text : text;
}

quint64 roundedUnits(quint64 whole, quint64 kept, bool droppedNonZero, bool droppedHalfOrMore, bool negative,
                     int decimals, Format::Rounding rounding)
{
    quint64 units = whole * powerOfTen(decimals) + kept;
    switch (rounding) {
    case Format::Rounding::HalfUp:
        units += droppedHalfOrMore ? 1 : 0;
        break;
    // Up and down on the number line: a magnitude grows going up only when it is positive.
    case Format::Rounding::Up:
        units += droppedNonZero && !negative ? 1 : 0;
        break;
    case Format::Rounding::Down:
        units += droppedNonZero && negative ? 1 : 0;
        break;
    }
    return units;
}

QString fromMicros(qint64 micros, int decimals, Format::Rounding rounding)
{
    const bool negative = micros < 0;
    // In unsigned, so that the most negative value formats too.
    const quint64 magnitude = negative ? 0 - static_cast<quint64>(micros) : static_cast<quint64>(micros);
    const quint64 unit = powerOfTen(6 - decimals);
    const quint64 dropped = magnitude % unit;
    const quint64 kept = magnitude / unit;
    return moneyText(
        negative,
        roundedUnits(0, kept, dropped != 0, dropped * 2 >= unit && unit > 1, negative, decimals, rounding),
        decimals);
}

// Rounds the decimal string by its own digits: only the first digit dropped decides a half-up
// rounding, so "1.0049999" is $1.00 (through micro-dollars it would be 1.005000 and $1.01).
QString fromDecimal(QStringView text, int decimals, Format::Rounding rounding)
{
    if (!Money::parseAmount(text))
        return {};
    const bool negative = text.startsWith(u'-');
    const QStringView digits = negative ? text.sliced(1) : text;
    const qsizetype dot = digits.indexOf(u'.');
    quint64 whole = 0;
    for (const QChar c : digits.first(dot))
        whole = whole * 10 + (c.unicode() - u'0');
    const QStringView fraction = digits.sliced(dot + 1);
    quint64 kept = 0;
    for (int i = 0; i < decimals; ++i)
        kept = kept * 10 + (i < fraction.size() ? fraction[i].unicode() - u'0' : 0);
    const QStringView rest = fraction.size() > decimals ? fraction.sliced(decimals) : QStringView();
    const bool nonZero = std::any_of(rest.begin(), rest.end(), [](QChar c) { return c != u'0'; });
    const bool halfOrMore = !rest.isEmpty() && rest.front() >= u'5';
    return moneyText(negative, roundedUnits(whole, kept, nonZero, halfOrMore, negative, decimals, rounding),
                     decimals);
}

} // namespace

QString Format::money(qint64 micros)
{
    return fromMicros(micros, 2, Rounding::HalfUp);
}

QString Format::money(QStringView decimal)
{
    return fromDecimal(decimal, 2, Rounding::HalfUp);
}

QString Format::rate(qint64 micros, Rounding rounding)
{
    return fromMicros(micros, RateDecimals, rounding);
}

QString Format::rate(QStringView decimal)
{
    return fromDecimal(decimal, RateDecimals, Rounding::HalfUp);
}

QString Format::ratePerNodeHour(qint64 micros)
{
    return tr("%1/node-hour").arg(rate(micros));
}

QString Format::pricePerNodeHour(const Price& price)
{
    if (price.text.isEmpty())
        return {};
    const QString text = rate(QStringView(price.text));
    return tr("%1/node-hour").arg(text.isEmpty() ? rate(price.micros) : text);
}

QString Format::rateInput(qint64 micros, Rounding rounding)
{
    const bool negative = micros < 0;
    const quint64 magnitude = negative ? 0 - static_cast<quint64>(micros) : static_cast<quint64>(micros);
    const quint64 unit = powerOfTen(6 - RateDecimals);
    const quint64 dropped = magnitude % unit;
    const quint64 units = roundedUnits(0, magnitude / unit, dropped != 0, dropped * 2 >= unit, negative,
                                       RateDecimals, rounding);
    const quint64 scale = powerOfTen(RateDecimals);
    return (negative && units != 0 ? QStringLiteral("-") : QString()) + QString::number(units / scale) + u'.'
           + QString::number(units % scale).rightJustified(RateDecimals, u'0');
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
