// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace sfdesk {

// Display text shared by the models: translated, locale-aware.
class Format final
{
    Q_DECLARE_TR_FUNCTIONS(Format)

public:
    // An object another refers to: by its name, or by its id where it has none.
    static QString refName(const ObjectRef& ref);
    static QString dateTime(qint64 secs);
    static QString optionalDateTime(const std::optional<qint64>& secs);
    // Money, everywhere the app shows it. Read exactly from the API's decimal strings (or the
    // micro-dollars Money parses them into), never through binary floating point, rounded once,
    // half up, with the locale's digit grouping and decimal point: "$1,234.57".
    enum class Rounding
    {
        HalfUp,
        Up,   // a buy's limit: at least the price it stands for
        Down, // a sell's minimum: at most the price it stands for
    };
    // The places of a rate in dollars per node-hour: a tenth of a cent.
    static constexpr int RateDecimals = 3;
    // A total, a fee, a balance: to the cent. "$1,234.57"
    static QString money(qint64 micros);
    // The same for an API decimal string ("-12.345678"), rounded from its own digits; empty when
    // it is not one.
    static QString money(QStringView decimal);
    // A rate per node-hour, to RateDecimals places: "$14.117".
    static QString rate(qint64 micros, Rounding rounding = Rounding::HalfUp);
    static QString rate(QStringView decimal);
    // "$14.117/node-hour"
    static QString ratePerNodeHour(qint64 micros);
    static QString pricePerNodeHour(const Price& price);
    // A rate as the order panel's limit field takes and the API reads it: RateDecimals places, no
    // symbol, no grouping, a decimal point: "14.850".
    static QString rateInput(qint64 micros, Rounding rounding);
    static QString bytes(qint64 bytes);
    static QString instanceStatus(const Instance& instance);
    static QString orderStatus(const Order& order);
    static QString imageStatus(const Image& image);
    static QString side(const QString& side);
    // "1:05", "2:03:05"; negative counts as 0.
    static QString duration(qint64 seconds);
    // A terminated instance whose node has not released its partition: how long it has been
    // releasing, or about how long is left once the release delay is known.
    static QString releasing(const Instance& instance, std::optional<qint64> releaseDelay, qint64 now);
};

} // namespace sfdesk
