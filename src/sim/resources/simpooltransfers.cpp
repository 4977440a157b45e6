// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/simpooltransfers.h"

#include "common/constvalue.h"
#include "sim/market/marketjson.h"
#include "sim/resources/simallocation.h"
#include "sim/store/simstore.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldErrors;
using sfdesk::Schedule;
using sfdesk::ScheduleEntry;

namespace pooltransfer {

namespace {

const QString select =
    u"SELECT t.seq, t.id, t.from_pool_id, t.to_pool_id, t.instance_sku_id, t.schedule, t.status, "
    "t.rejected_reason, t.created_at, t.executed_at, s.alias AS sku_alias, fp.name AS from_name, "
    "fp.workspace_id AS from_workspace_id, fp.deleted_at AS from_deleted_at, tp.name AS to_name, "
    "tp.workspace_id AS to_workspace_id, tp.deleted_at AS to_deleted_at, fw.account_id "
    "FROM pool_transfers t JOIN pools fp ON fp.id = t.from_pool_id JOIN pools tp ON tp.id = t.to_pool_id "
    "JOIN workspaces fw ON fw.id = fp.workspace_id JOIN instance_skus s ON s.id = t.instance_sku_id"_s;

QString isoTime(qint64 t)
{
    return QDateTime::fromSecsSinceEpoch(t, QTimeZone::UTC).toString(Qt::ISODate);
}

// Why the transfer cannot be carried out now; empty when it can.
QString problem(SimResources& r, const QSqlRecord& t)
{
    if (!t.value(u"from_deleted_at"_s).isNull())
        return u"The source pool %1 was deleted."_s.arg(t.value(u"from_name"_s).toString());
    if (!t.value(u"to_deleted_at"_s).isNull())
        return u"The destination pool %1 was deleted."_s.arg(t.value(u"to_name"_s).toString());
    const QString pool = t.value(u"from_pool_id"_s).toString();
    const QString sku = t.value(u"instance_sku_id"_s).toString();
    // What the source owns and does not already offer for sale.
    Schedule offered;
    for (const MarketOrder& order :
         constValue(r.marketSide().market().activeOrders([&](const MarketOrder& o) {
             return o.side == OrderSide::Sell && o.poolId == pool && o.skuId == sku;
         })))
        offered = offered.plus(order.remaining());
    const Schedule moved = delta(t);
    const Schedule free = r.marketSide().ownedAllocation(pool, sku).minus(offered);
    const Schedule left = free.minus(moved);
    if (left.isNonNegative())
        return {};
    qint64 when = moved.firstStart().value_or(0);
    for (const ScheduleEntry& entry : constValue(left.entries())) {
        if (entry.nodeCount < 0) {
            when = entry.startAt;
            break;
        }
    }
    return u"The pool %1 owns %2 node(s) of %3 at %4 that are not offered for sale, fewer than the %5 to "
           "transfer."_s.arg(
               t.value(u"from_name"_s).toString(), QString::number(std::max<qint64>(0, free.at(when))),
               t.value(u"sku_alias"_s).toString(), isoTime(when), QString::number(moved.at(when)));
}

void execute(SimResources& r, const QSqlRecord& t, qint64 at)
{
    const QString id = t.value(u"id"_s).toString();
    const QString why = problem(r, t);
    if (!why.isEmpty()) {
        r.store().exec(u"UPDATE pool_transfers SET status = 'rejected', rejected_reason = ? WHERE id = ?"_s,
                       {why, id});
        return;
    }
    for (const ScheduleEntry& entry : constValue(delta(t).entries())) {
        allocation::Rectangle rect;
        rect.instanceSkuId = t.value(u"instance_sku_id"_s).toString();
        rect.startAt = entry.startAt;
        rect.endAt = entry.endAt;
        rect.nodeCount = -entry.nodeCount;
        allocation::addRectangle(r.store(), t.value(u"from_pool_id"_s).toString(), rect, u"transfer"_s, id);
        rect.nodeCount = entry.nodeCount;
        allocation::addRectangle(r.store(), t.value(u"to_pool_id"_s).toString(), rect, u"transfer"_s, id);
    }
    r.store().exec(u"UPDATE pool_transfers SET status = 'executed', executed_at = ? WHERE id = ?"_s,
                   {at, id});
    // Instances follow the pools' new allocation at the end of this step.
    r.instances().forgetNextReconcile();
}

} // namespace

const QString& selectSql()
{
    return select;
}

QSqlRecord find(SimResources& resources, const QString& ref)
{
    const QString id = ref.startsWith(u"cxfr_"_s) ? u"pxfr_"_s + ref.mid(5) : ref;
    const auto row = resources.store().row(select + u" WHERE t.id = ?"_s, {id});
    const Caller& caller = resources.caller();
    if (!row || row->value(u"account_id"_s).toString() != caller.account
        || (caller.level(row->value(u"from_workspace_id"_s).toString()) < 1
            && caller.level(row->value(u"to_workspace_id"_s).toString()) < 1))
        throw SimApiError::notFound(u"Pool transfer %1 not found."_s.arg(ref));
    return *row;
}

Schedule delta(const QSqlRecord& row)
{
    FieldErrors ignored;
    return Schedule::fromJson(QJsonDocument::fromJson(row.value(u"schedule"_s).toString().toUtf8()).array(),
                              u"schedule"_s, &ignored)
        .value_or(Schedule());
}

QString deltaText(const Schedule& delta)
{
    return QString::fromUtf8(QJsonDocument(delta.toJson()).toJson(QJsonDocument::Compact));
}

QJsonObject json(const QSqlRecord& row)
{
    const QJsonValue reason = row.value(u"rejected_reason"_s).isNull()
                                  ? QJsonValue(QJsonValue::Null)
                                  : QJsonValue(row.value(u"rejected_reason"_s).toString());
    return {
        {u"object"_s, u"pool_transfer"_s},
        {u"id"_s, row.value(u"id"_s).toString()},
        {u"status"_s, row.value(u"status"_s).toString()},
        {u"created_at"_s, row.value(u"created_at"_s).toLongLong()},
        {u"from_pool"_s, row.value(u"from_pool_id"_s).toString()},
        {u"to_pool"_s, row.value(u"to_pool_id"_s).toString()},
        {u"instance_sku"_s, MarketJson::skuSummary(row.value(u"instance_sku_id"_s).toString(),
                                                   row.value(u"sku_alias"_s).toString())},
        {u"rejected_reason"_s, reason},
        // Constant-quantity rectangles, explicit zero gaps, the final one unbounded.
        {u"allocation_schedule_delta"_s, delta(row).toJson(Schedule::JsonStyle::Expanded)},
    };
}

MarketRoom::Automation automation()
{
    MarketRoom::Automation transfers;
    transfers.due = [](SimResources& r) {
        return r.store().scalar(u"SELECT 1 FROM pool_transfers WHERE status = 'pending' LIMIT 1"_s).isValid();
    };
    transfers.run = [](SimResources& r, qint64 at) {
        // In the order they were asked for: an earlier transfer may take what a later one needs.
        for (const QSqlRecord& t :
             constValue(r.store().rows(select + u" WHERE t.status = 'pending' ORDER BY t.seq"_s)))
            execute(r, t, at);
    };
    return transfers;
}

} // namespace pooltransfer

} // namespace sfsim
