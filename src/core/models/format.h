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
    static QString dateTime(qint64 secs);
    static QString optionalDateTime(const std::optional<qint64>& secs);
    // "$2.50/node-hour"
    static QString pricePerNodeHour(const Price& price);
    // "$20.00": a rate as a person types it (Money::formatRate).
    static QString rate(qint64 micros);
    // "$12.3456": an amount, exact (Money::formatAmount).
    static QString amount(qint64 micros);
    // "$13.069": a rate rounded to `decimals` places, where the exact figure is at hand elsewhere.
    static QString rateRounded(qint64 micros, int decimals);
    // "$13.17": a rate to the cent, where a scale needs no more (an axis).
    static QString rateToCents(qint64 micros);
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
