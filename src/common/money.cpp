// SPDX-License-Identifier: Apache-2.0

#include "common/money.h"

#include "common/erroroutput.h"

#include <algorithm>
#include <limits>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

__extension__ using Int128 = __int128;

constexpr qint64 SecondsPerHour = 3600;

qint64 saturate(Int128 value)
{
    if (value > std::numeric_limits<qint64>::max())
        return std::numeric_limits<qint64>::max();
    if (value < std::numeric_limits<qint64>::min())
        return std::numeric_limits<qint64>::min();
    return static_cast<qint64>(value);
}

Int128 divideHalfUp(Int128 numerator, Int128 denominator)
{
    const bool negative = numerator < 0;
    const Int128 magnitude = negative ? -numerator : numerator;
    const Int128 rounded = (magnitude + denominator / 2) / denominator;
    return negative ? -rounded : rounded;
}

} // namespace

namespace Money {

std::optional<qint64> parseAmount(QStringView text, QString* error)
{
    if (!text.startsWith(u'-'))
        return parseRate(text, error);
    const std::optional<qint64> magnitude = parseRate(text.sliced(1), error);
    return magnitude ? std::optional<qint64>(-*magnitude) : std::nullopt;
}

std::optional<qint64> parseRate(QStringView text, QString* error)
{
    const qsizetype dot = text.indexOf(u'.');
    if (text.isEmpty() || dot <= 0 || dot == text.size() - 1) {
        setError(error, u"must be a decimal string with a decimal point, such as \"2.500000\""_s);
        return std::nullopt;
    }
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (i != dot && !text[i].isDigit()) {
            setError(error, u"must contain only digits and one decimal point"_s);
            return std::nullopt;
        }
        if (i != dot && text[i].unicode() > u'9') {
            setError(error, u"must contain only ASCII digits"_s);
            return std::nullopt;
        }
    }
    const QStringView whole = text.first(dot);
    const QStringView fraction = text.sliced(dot + 1);
    qint64 dollars = 0;
    for (const QChar c : whole) {
        dollars = dollars * 10 + (c.unicode() - u'0');
        if (dollars > MaxDollars) {
            setError(error, u"is too large"_s);
            return std::nullopt;
        }
    }
    qint64 micros = 0;
    for (qsizetype i = 0; i < 6; ++i)
        micros = micros * 10 + (i < fraction.size() ? fraction[i].unicode() - u'0' : 0);
    if (fraction.size() > 6 && fraction[6].unicode() >= u'5')
        ++micros;
    return dollars * MicrosPerDollar + micros;
}

QString format(qint64 micros)
{
    const bool negative = micros < 0;
    // Work in unsigned so that the most negative value formats too.
    const quint64 magnitude = negative ? 0 - static_cast<quint64>(micros) : static_cast<quint64>(micros);
    const quint64 dollars = magnitude / MicrosPerDollar;
    const quint64 fraction = magnitude % MicrosPerDollar;
    return (negative ? u"-"_s : QString()) + QString::number(dollars) + u'.'
           + QString::number(fraction).rightJustified(6, u'0');
}

QString formatRounded(qint64 micros, int decimals)
{
    decimals = std::clamp(decimals, 0, 6);
    quint64 unit = 1;
    for (int i = decimals; i < 6; ++i)
        unit *= 10;
    const quint64 scale = 1'000'000 / unit;
    const bool negative = micros < 0;
    // In unsigned, so that the qint64 range's ends round too.
    const quint64 magnitude = negative ? 0 - static_cast<quint64>(micros) : static_cast<quint64>(micros);
    const quint64 rounded = magnitude / unit + (unit > 1 && magnitude % unit >= unit / 2 ? 1 : 0);
    QString text = (negative && rounded != 0 ? u"-"_s : QString()) + QString::number(rounded / scale);
    if (decimals > 0)
        text += u'.' + QString::number(rounded % scale).rightJustified(decimals, u'0');
    return text;
}

QString formatCents(qint64 micros)
{
    return formatRounded(micros, 2);
}

QString formatAmount(qint64 micros)
{
    QString text = format(micros);
    // Six decimals always: at most four trailing zeros go.
    const qsizetype keep = text.size() - 4;
    while (text.size() > keep && text.endsWith(u'0'))
        text.chop(1);
    return text;
}

QString formatRate(qint64 rate)
{
    if (rate >= 0) {
        const qint64 target = roundToMinutePrecision(rate);
        for (qint64 unit : {qint64(10'000), qint64(1'000), qint64(100), qint64(10)}) {
            const qint64 shorter = divideRoundHalfUp(rate, unit) * unit;
            if (roundToMinutePrecision(shorter) == target
                && (rate % MinutePrecision == 0 || shorter == rate)) {
                QString text = format(shorter);
                const int decimals = unit == 10'000 ? 2 : unit == 1'000 ? 3 : unit == 100 ? 4 : 5;
                text.chop(6 - decimals);
                return text;
            }
        }
    }
    return format(rate);
}

qint64 divideRoundHalfUp(qint64 numerator, qint64 denominator)
{
    Q_ASSERT(denominator > 0);
    return saturate(divideHalfUp(numerator, denominator));
}

qint64 roundToMinutePrecision(qint64 rate)
{
    return divideRoundHalfUp(rate, MinutePrecision) * MinutePrecision;
}

qint64 roundUpToMinutePrecision(qint64 rate)
{
    const qint64 remainder = rate % MinutePrecision;
    if (remainder == 0)
        return rate;
    return remainder > 0 ? rate + (MinutePrecision - remainder) : rate - remainder;
}

qint64 roundDownToMinutePrecision(qint64 rate)
{
    const qint64 remainder = rate % MinutePrecision;
    if (remainder == 0)
        return rate;
    return remainder > 0 ? rate - remainder : rate - (MinutePrecision + remainder);
}

qint64 total(qint64 rate, qint64 nodes, qint64 seconds)
{
    return saturate(divideHalfUp(Int128(rate) * nodes * seconds, SecondsPerHour));
}

qint64 totalForNodeSeconds(qint64 rate, qint64 nodeSeconds)
{
    return saturate(divideHalfUp(Int128(rate) * nodeSeconds, SecondsPerHour));
}

qint64 averageRate(qint64 amount, qint64 nodeSeconds)
{
    if (nodeSeconds <= 0)
        return 0;
    return saturate(divideHalfUp(Int128(amount) * SecondsPerHour, nodeSeconds));
}

qint64 rateWithinTotal(qint64 amount, qint64 nodes, qint64 seconds)
{
    if (nodes <= 0 || seconds <= 0 || amount <= 0)
        return 0;
    const Int128 rate = Int128(amount) * SecondsPerHour / (Int128(nodes) * seconds);
    return roundDownToMinutePrecision(saturate(rate));
}

qint64 fee(qint64 flatRate, int percentageBps, qint64 nodeSeconds, qint64 executionTotal)
{
    const Int128 flat = divideHalfUp(Int128(flatRate) * nodeSeconds, SecondsPerHour);
    const Int128 percentage = divideHalfUp(Int128(percentageBps) * executionTotal, 10'000);
    return saturate(flat + percentage);
}

} // namespace Money

} // namespace sfdesk
