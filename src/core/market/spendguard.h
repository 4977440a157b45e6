// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QList>
#include <QTimeZone>

#include <cstdint>
#include <optional>

namespace sfdesk {

class Settings;

// What stops a costly click before an order goes out: per connection, a confirmation threshold
// (a buy whose total at its limit is above it is asked about again) and a daily buy cap (a buy that
// would take the day's buys past it is refused). Amounts are exact micro-dollars, as Money's.
namespace SpendGuard {

struct Limits
{
    // Ask again above this total; none: never.
    std::optional<qint64> confirmAbove;
    // The most the day's buys may cost at their limits; none: no cap.
    std::optional<qint64> dailyBuyCap;
    bool operator==(const Limits&) const = default;
};

enum class Verdict : std::uint8_t
{
    Allow,
    AskAgain,
    Refuse,
};

struct Decision
{
    Verdict verdict = Verdict::Allow;
    // The order's total at its limit.
    qint64 total = 0;
    // What the day's earlier buys cost at their limits (counted only when a cap is set).
    qint64 boughtToday = 0;
    // Both together.
    qint64 together = 0;
};

// nodes × seconds × limit price, rounded once; 0 without a readable limit.
qint64 totalAtLimit(const OrderRequest& request);
// What an order listed by the server counts towards the day's buys: a buy the user placed (not a
// procurement's), at its limit, in full while it is open or filled; of a cancelled or rejected one
// only what filled.
qint64 countedTotal(const Order& order);
// The buys among `orders` created on the day that holds `now` in `zone`.
qint64 boughtOnDayOf(const QList<Order>& orders, qint64 now, const QTimeZone& zone);
// A sell is never guarded. Over the cap wins over the threshold: there is nothing to confirm.
Decision decide(const OrderRequest& request, const Limits& limits, const QList<Order>& orders, qint64 now,
                const QTimeZone& zone = QTimeZone::LocalTime);

// A connection's limits (by its profile's id) as the settings keep them: none of either until the
// user sets it. Saving emits Settings::spendLimitsChanged() when they change.
Limits savedLimits(const Settings& settings, const QString& profileId);
void saveLimits(Settings& settings, const QString& profileId, const Limits& limits);

} // namespace SpendGuard

} // namespace sfdesk
