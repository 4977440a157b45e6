// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"

#include <QMap>
#include <QStringList>

namespace sfdesk {

struct InstanceSku;
struct Order;
struct Pool;
struct Procurement;
struct OrderbookWindow;

// Turns the API value types into the planner's own (see plannerdata.h for why they are separate).
namespace PlannerConversion {

// A schedule as the API writes it: entries without an end last until the next entry starts, or
// (the last one) up to `horizon`.
Schedule bounded(const QList<ScheduleEntry>& schedule, qint64 horizon);
PlannerOrder order(const Order& order);
// The pool's allocation per SKU, its orders and its procurements (those of other pools are left
// out).
PlannerSnapshot snapshot(const Pool& pool, const QList<Order>& orders, qint64 now,
                         const QList<Procurement>& procurements = {});
PlannerProcurement procurement(const Procurement& procurement);
// Best ask and bid per hour of [from, to) for one SKU, from the orderbook's windows: each window's
// price is a per-node-hour rate for every hour it covers; the lowest ask and highest bid win, and
// the nodes resting at that ask for the whole hour go with it.
QList<HourQuote> hourQuotes(const QList<OrderbookWindow>& windows, const QString& sku, qint64 from,
                            qint64 to);

// The requirements that single a SKU out in the order book and order previews: every property of
// the SKU property catalog it has (region, zone and accelerator alone can match two SKUs, an
// InfiniBand one and its twin on another fabric).
QMap<QString, QStringList> requirements(const InstanceSku& sku);
// The same as the orderbook's `requirements` query value: "key:value;key:value".
QString requirementsQuery(const QMap<QString, QStringList>& requirements);

} // namespace PlannerConversion

} // namespace sfdesk
