// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simresources.h"

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

#include <optional>

namespace sfsim {

// Procurements: a pool's allocation of one SKU kept at a target node count over a rolling window.
// The engine acts only through the market, as a user would: where the pool owns less than the
// target it places buy orders at the price cap, where it owns more, sell orders at the floor, into
// the same book and matching as every order, marked as the procurement's (MarketOrder::placedBy),
// so its orders, fills and the pool's schedule are ordinary data. Its buys take what the book
// offers at once at or under the cap, partly if need be (immediate-or-cancel), and what is still
// missing is bought at the next hour (four hours after a buy that took nothing: the market then
// asks more than the cap); its sells rest on the book (standing, partial) until buyers lift them. Resting
// buys were tried first: the market matches every resting order again at each step of its clock, and a day of
// 100 procurements then cost seven times a day without them.
//
// When it acts: at every hour boundary the clock passes, and at once when a procurement is created,
// changed or enabled. Each time it manages from the next minute to the end of the hour in which
// the window (managed_window_minutes) ends as of the next hour boundary, so that the window stays
// covered until it acts again; a new run usually buys or sells only the hour that came into the
// window. Every resting sell of the pool's SKU (its own and the user's) counts as sold. Disabling,
// deleting or changing the terms of a procurement cancels its active orders, its resting sells (as
// the API document says of disabling and deleting); what they filled stays in the pool. The document allows
// one procurement (or spot deployment) per pool and SKU (409); two on one pool manage different SKUs and
// never touch each other's allocation.
namespace procurement {

// Every column of a procurement with its pool's, workspace's and SKU's names, for the writer.
const QString& selectSql();
// The procurement `ref` (proc_ id or sfc:procurement:<account>:<workspace>:<name>) when the caller
// may read it, else 404 (with `field` in the details when given).
QSqlRecord find(SimResources& resources, const QString& ref, const QString& field = {});
// The API's ProcurementResponse.
QJsonObject json(const QSqlRecord& row);

// Acts for the procurement `id` now (created, changed or enabled), and writes its status.
void act(SimResources& resources, const QString& id, qint64 at);
// Cancels its active orders (disabled, deleted, or its terms changed).
void cancelOrders(SimResources& resources, const QString& id, qint64 at);
// Writes the status of a procurement that places no orders.
void setDisabledStatus(SimResources& resources, const QString& id);
// What already buys the SKU `skuId` for the pool `poolId`: its procurement or spot deployment,
// of which the document allows one (409 on a second). `exceptProcurement` does not count.
struct PoolSkuBuyer
{
    bool spot = false; // a spot deployment; otherwise a procurement
    QString id;
    QString name;
};
std::optional<PoolSkuBuyer> poolSkuBuyer(SimStore& store, const QString& poolId, const QString& skuId,
                                         const QString& exceptProcurement = {});
// The engine, for MarketRoom::addAutomation.
MarketRoom::Automation automation();
// A pool delete guard: a pool with procurements cannot be deleted.
PoolRoom::PoolDeleteGuard deleteGuard();

} // namespace procurement

} // namespace sfsim
