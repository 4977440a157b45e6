// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/pooltransferroutes.h"

#include "sim/market/marketengine.h"
#include "sim/resources/simpooltransfers.h"
#include "sim/resources/simresources.h"
#include "sim/routes/idempotency.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::FieldErrors;
using sfdesk::Schedule;

namespace {

QStringList statuses()
{
    return {u"pending"_s, u"executed"_s, u"rejected"_s};
}

} // namespace

void SimPoolTransferRoutes::add(SimRouter& router)
{
    router.add("POST", "pool_transfers", &SimPoolTransferRoutes::createTransfer);
    router.add("GET", "pool_transfers", &SimPoolTransferRoutes::listTransfers);
    router.add("GET", "pool_transfers/{}", &SimPoolTransferRoutes::getTransfer);
}

ApiResponse SimPoolTransferRoutes::createTransfer(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    // A repeated key answers with the transfer the first request asked for, as it stands now.
    const IdempotencyKey key(c, u"pool_transfers"_s, u"transfer"_s);
    if (const auto asked = key.previous())
        return {202, pooltransfer::json(pooltransfer::find(c.resources, *asked)), false};

    const auto fromRef = body.string(u"from_pool"_s, true, 512);
    const auto toRef = body.string(u"to_pool"_s, true, 512);
    const auto skuRef = body.string(u"instance_sku"_s, true, 64);
    std::optional<QString> skuId;
    if (skuRef) {
        if (const auto known = c.resources.marketSide().market().sku(*skuRef))
            skuId = known->id;
        else
            body.addError(u"instance_sku"_s, u"not_found"_s,
                          u"instance_sku %1 is not a registered instance SKU."_s.arg(*skuRef));
    }
    std::optional<Schedule> delta;
    if (!body.has(u"allocation_schedule_delta"_s)) {
        body.addError(u"allocation_schedule_delta"_s, u"missing_field"_s,
                      u"allocation_schedule_delta is required."_s);
    } else {
        FieldErrors problems;
        delta = Schedule::fromJson(body.raw(u"allocation_schedule_delta"_s), u"allocation_schedule_delta"_s,
                                   &problems);
        for (const auto& p : std::as_const(problems))
            body.addError(p.field, p.code, p.message);
        if (delta && delta->isEmpty()) {
            body.addError(u"allocation_schedule_delta"_s, u"empty"_s,
                          u"allocation_schedule_delta moves no nodes."_s);
            delta.reset();
        }
        // What a transfer moves is owned now or later: its first range starts this minute at the
        // earliest, and it ends within the market's horizon (or never).
        if (delta && *delta->firstStart() < Schedule::floorTo(c.now, Schedule::Alignment))
            body.addError(u"allocation_schedule_delta"_s, u"in_past"_s,
                          u"allocation_schedule_delta must not start in the past."_s);
        if (delta && delta->lastEnd() && *delta->lastEnd() - c.now > MarketEngine::MaxOrderAheadSeconds
            && *delta->lastEnd() > c.now)
            body.addError(u"allocation_schedule_delta"_s, u"too_far_ahead"_s,
                          u"allocation_schedule_delta must end at most %1 days from now."_s.arg(
                              MarketEngine::MaxOrderAheadSeconds / routeutil::Day));
    }
    body.finish();

    const QSqlRecord from = c.resources.pools().findPool(*fromRef, u"from_pool"_s);
    const QSqlRecord to = c.resources.pools().findPool(*toRef, u"to_pool"_s);
    // Both pools change: the caller writes in both workspaces.
    c.resources.access().requireWrite(from.value(u"workspace_id"_s).toString());
    c.resources.access().requireWrite(to.value(u"workspace_id"_s).toString());
    if (from.value(u"id"_s) == to.value(u"id"_s))
        throw SimApiError::unprocessable(
            u"from_pool and to_pool are the same pool."_s,
            {{u"to_pool"_s, u"same_pool"_s, u"A transfer moves allocation to another pool."_s}});

    const QString id = c.resources.ids().make(u"pxfr"_s);
    c.store.exec(
        u"INSERT INTO pool_transfers(id, from_pool_id, to_pool_id, instance_sku_id, schedule, status, "
        "created_at) VALUES(?, ?, ?, ?, ?, 'pending', ?)"_s,
        {id, from.value(u"id"_s), to.value(u"id"_s), *skuId, pooltransfer::deltaText(*delta), c.now});
    key.remember(id);
    // Accepted: the world carries it out at its next step.
    return {202, pooltransfer::json(pooltransfer::find(c.resources, id)), false};
}

ApiResponse SimPoolTransferRoutes::listTransfers(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QVariantList binds;
    // The caller reads one of the two pools.
    const QString readable = c.resources.access().readableWorkspacesCondition(u"fp.workspace_id"_s, binds);
    const QString readableTo = c.resources.access().readableWorkspacesCondition(u"tp.workspace_id"_s, binds);
    QStringList where{u"("_s + readable + u" OR "_s + readableTo + u")"_s};
    const QStringList pools = query.list(u"pool"_s);
    if (!pools.isEmpty()) {
        QStringList ids;
        for (const QString& ref : pools) {
            try {
                ids.append(c.resources.pools().findPool(ref).value(u"id"_s).toString());
            } catch (const SimApiError&) {
                // An unknown pool matches nothing.
            }
        }
        const QString list =
            QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(ids)).toJson(QJsonDocument::Compact));
        where.append(u"(t.from_pool_id IN (SELECT value FROM json_each(?)) OR t.to_pool_id IN (SELECT value "
                     "FROM json_each(?)))"_s);
        binds << list << list;
    }
    if (const auto status = query.string(u"status"_s)) {
        if (!statuses().contains(*status))
            query.addError(u"status"_s, u"invalid_value"_s,
                           u"status must be pending, executed or rejected."_s);
        where.append(u"t.status = ?"_s);
        binds.append(*status);
    }
    return ApiResponse::ok(c.resources.pages().page(pooltransfer::selectSql(), where, binds, u"t.seq"_s, true,
                                                    query, u"ptfrc"_s, 50, 200, &pooltransfer::json));
}

ApiResponse SimPoolTransferRoutes::getTransfer(const SimRequestContext& c)
{
    return ApiResponse::ok(pooltransfer::json(pooltransfer::find(c.resources, c.params.at(0))));
}

} // namespace sfsim
