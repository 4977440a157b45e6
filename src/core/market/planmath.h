// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"

#include <QList>
#include <QPair>

namespace sfdesk {

// Schedule arithmetic of the planner.
namespace PlanMath {

// (time, count from then on) change points of a schedule, clipped to [from, to): starts with the
// count at `from`, ends with (to, count before to).
using Steps = QList<QPair<qint64, qint64>>;

Steps steps(const Schedule& schedule, qint64 from, qint64 to);
// The stacked outline of several schedules: entry i is the sum of schedules 0..i.
QList<Steps> stackedSteps(const QList<Schedule>& layers, qint64 from, qint64 to);

// The least the pool owns of a SKU at any time of [start, end).
qint64 ownedMinimum(const PlannerSnapshot& snapshot, const QString& sku, qint64 start, qint64 end);
// What the open sell orders of a SKU still list (the order windows minus their fills).
Schedule listedForSale(const PlannerSnapshot& snapshot, const QString& sku);
// The most nodes of a SKU that can still be sold over the whole of [start, end): owned minus what
// is already listed, at its lowest point. Never negative.
qint64 sellableNodes(const PlannerSnapshot& snapshot, const QString& sku, qint64 start, qint64 end);
// Owned nodes of the SKU minus what is listed: what remains if every listing fills.
Schedule remainingAfterListings(const PlannerSnapshot& snapshot, const QString& sku);

// The window that extends what the pool owns of a SKU: from the end of what it owns, as many nodes
// as it has then, for `length` seconds; nullopt when it owns nothing after `now`. endAt is set.
std::optional<ScheduleEntry> extension(const PlannerSnapshot& snapshot, const QString& sku, qint64 length);

} // namespace PlanMath

} // namespace sfdesk
