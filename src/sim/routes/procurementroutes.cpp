// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/procurementroutes.h"

#include "common/money.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simprocurements.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

using namespace Qt::StringLiterals;

namespace sfsim {

namespace Money = sfdesk::Money;

namespace {

// A procurement holds at most this many nodes: far above any pool the market can fill.
constexpr qint64 MaxTarget = 10'000;
// managed_window_minutes: 1 to 90 days, as the API document bounds it.
constexpr qint64 MaxWindowMinutes = 129'600;

// A DollarsPerNodeHour field, rounded to the nearest $0.000060 as the document says.
std::optional<qint64> readRate(BodyReader& body, const QString& key, bool required)
{
    const auto text = body.string(key, required, 32);
    if (!text)
        return std::nullopt;
    QString why;
    const std::optional<qint64> rate = Money::parseRate(*text, &why);
    if (!rate) {
        body.addError(key, u"invalid_value"_s, u"%1: %2"_s.arg(key, why));
        return std::nullopt;
    }
    return Money::roundToMinutePrecision(*rate);
}

// `target`: a node count. The document's other form, the bare tag "node_count", names no count.
std::optional<qint64> readTarget(BodyReader& body)
{
    const QJsonValue value = body.raw(u"target"_s);
    if (value.isString()) {
        body.addError(u"target"_s, u"invalid_value"_s,
                      u"target must be the node count to keep, an integer from 0 to %1."_s.arg(MaxTarget));
        return std::nullopt;
    }
    return body.integer(u"target"_s, true, 0, MaxTarget);
}

// The SKU `ref` when the market trades it; an error on `body` otherwise.
std::optional<QString> readSku(const SimRequestContext& c, BodyReader& body,
                               const std::optional<QString>& ref)
{
    if (!ref)
        return std::nullopt;
    if (const auto known = c.resources.marketSide().market().sku(*ref))
        return known->id;
    body.addError(u"instance_sku"_s, u"not_found"_s,
                  u"instance_sku %1 is not a registered instance SKU."_s.arg(*ref));
    return std::nullopt;
}

void requireUniqueName(const SimRequestContext& c, const QString& workspaceId, const QString& name,
                       const QString& except = {})
{
    if (c.store.row(u"SELECT 1 FROM procurements WHERE workspace_id = ? AND name = ? AND deleted_at IS NULL "
                    "AND id <> ?"_s,
                    {workspaceId, name, except.isEmpty() ? u"-"_s : except}))
        throw SimApiError::badRequest(
            u"A procurement named %1 already exists in this workspace."_s.arg(name),
            {{u"name"_s, u"name_taken"_s, u"A procurement named %1 already exists."_s.arg(name)}});
}

// One procurement per pool and SKU (the document: 409 when the pool and SKU already have a
// procurement or spot deployment).
void requireFreePoolSku(const SimRequestContext& c, const QString& poolId, const QString& skuId,
                        const QString& except = {})
{
    const auto buyer = procurement::poolSkuBuyer(c.store, poolId, skuId, except);
    if (!buyer)
        return;
    const QString detail = buyer->spot ? u"Spot deployment %1 (%2) already buys this pool's instance SKU."_s
                                       : u"Procurement %1 (%2) already manages this pool's instance SKU."_s;
    throw SimApiError::conflict(
        u"The pool already has an automation for this instance SKU: %1 %2."_s.arg(
            buyer->spot ? u"spot deployment"_s : u"procurement"_s, buyer->name),
        {{u"instance_sku"_s, u"automation_exists"_s, detail.arg(buyer->name, buyer->id)}});
}

// The document declares no 404 for creating or listing procurements: a pool or workspace they
// name that the caller cannot see is a field that fails validation (422).
template <typename Find> QSqlRecord referenced(Find find, const QString& field)
{
    try {
        return find();
    } catch (const SimApiError& error) {
        if (error.status() != 404)
            throw;
        const QString what = error.toJson().value(u"error"_s).toObject().value(u"message"_s).toString();
        throw SimApiError::unprocessable(what, {{field, u"not_found"_s, what}});
    }
}

QJsonObject stored(const SimRequestContext& c, const QString& id)
{
    return procurement::json(*c.store.row(procurement::selectSql() + u" WHERE pr.id = ?"_s, {id}));
}

} // namespace

void SimProcurementRoutes::add(SimRouter& router)
{
    router.addCollection("procurements", {.create = &SimProcurementRoutes::createProcurement,
                                          .list = &SimProcurementRoutes::listProcurements,
                                          .get = &SimProcurementRoutes::getProcurement,
                                          .patch = &SimProcurementRoutes::patchProcurement,
                                          .remove = &SimProcurementRoutes::deleteProcurement});
}

ApiResponse SimProcurementRoutes::createProcurement(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    auto name = body.name(u"name"_s, false);
    const auto poolRef = body.string(u"pool"_s, true, 512);
    const auto skuId = readSku(c, body, body.string(u"instance_sku"_s, true, 64));
    const auto target = readTarget(body);
    const auto minSell = readRate(body, u"min_sell_price_dollars_per_node_hour"_s, true);
    const auto maxBuy = readRate(body, u"max_buy_price_dollars_per_node_hour"_s, true);
    const auto window = body.integer(u"managed_window_minutes"_s, true, 1, MaxWindowMinutes);
    const bool enabled = body.boolean(u"enabled"_s, false).value_or(true);
    body.finish();

    const QSqlRecord pool =
        referenced([&] { return c.resources.pools().findPool(*poolRef, u"pool"_s); }, u"pool"_s);
    const QString workspaceId = pool.value(u"workspace_id"_s).toString();
    c.resources.access().requireWrite(workspaceId);
    if (!name)
        name = resourcerows::defaultName(u"procurement-"_s, c.resources.ids().make(u"p"_s).mid(2, 8));
    requireUniqueName(c, workspaceId, *name);
    const QString poolId = pool.value(u"id"_s).toString();
    requireFreePoolSku(c, poolId, *skuId);

    const QString id = c.resources.ids().make(u"proc"_s);
    c.store.exec(
        u"INSERT INTO procurements(id, workspace_id, pool_id, instance_sku_id, name, target, "
        "min_sell_rate, max_buy_rate, window_minutes, enabled, status_state, status_message, "
        "created_at, updated_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'info', '', ?, ?)"_s,
        {id, workspaceId, poolId, *skuId, *name, *target, *minSell, *maxBuy, *window, enabled, c.now, c.now});
    // It acts at once, as it will at every hour from now on.
    procurement::act(c.resources, id, c.now);
    c.resources.instances().reconcile();
    return ApiResponse::created(stored(c, id));
}

ApiResponse SimProcurementRoutes::listProcurements(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QStringList where{u"pr.deleted_at IS NULL"_s};
    QVariantList binds;
    if (const auto ws = query.string(u"workspace"_s)) {
        where.append(u"pr.workspace_id = ?"_s);
        binds.append(referenced([&] { return c.resources.access().readableWorkspace(*ws, u"workspace"_s); },
                                u"workspace"_s)
                         .value(u"id"_s));
    } else {
        where.append(c.resources.access().readableWorkspacesCondition(u"pr.workspace_id"_s, binds));
    }
    if (const auto pool = query.string(u"pool"_s)) {
        where.append(u"pr.pool_id = ?"_s);
        binds.append(referenced([&] { return c.resources.pools().findPool(*pool, u"pool"_s); }, u"pool"_s)
                         .value(u"id"_s));
    }
    return ApiResponse::ok(c.resources.pages().page(procurement::selectSql(), where, binds, u"pr.seq"_s, true,
                                                    query, u"procc"_s, 50, 50, &procurement::json));
}

ApiResponse SimProcurementRoutes::getProcurement(const SimRequestContext& c)
{
    return ApiResponse::ok(procurement::json(procurement::find(c.resources, c.params.at(0))));
}

ApiResponse SimProcurementRoutes::patchProcurement(const SimRequestContext& c)
{
    const QSqlRecord current = procurement::find(c.resources, c.params.at(0));
    BodyReader body = BodyReader::parse(c.request.body);
    const auto name = body.name(u"name"_s, false);
    const auto skuId = readSku(c, body, body.string(u"instance_sku"_s, false, 64));
    const auto minSell = readRate(body, u"min_sell_price_dollars_per_node_hour"_s, false);
    const auto maxBuy = readRate(body, u"max_buy_price_dollars_per_node_hour"_s, false);
    const auto window = body.integer(u"managed_window_minutes"_s, false, 1, MaxWindowMinutes);
    const auto enabled = body.boolean(u"enabled"_s, false);
    body.finish();

    const QString id = current.value(u"id"_s).toString();
    const QString workspaceId = current.value(u"workspace_id"_s).toString();
    c.resources.access().requireWrite(workspaceId);
    if (name)
        requireUniqueName(c, workspaceId, *name, id);
    if (skuId)
        requireFreePoolSku(c, current.value(u"pool_id"_s).toString(), *skuId, id);

    const auto changed = [&current](const QString& column, const auto& value) {
        return value && QVariant(*value) != current.value(column);
    };
    // New terms (or disabling) cancel the orders placed under the old ones.
    const bool terms = changed(u"instance_sku_id"_s, skuId) || changed(u"min_sell_rate"_s, minSell)
                       || changed(u"max_buy_rate"_s, maxBuy) || changed(u"window_minutes"_s, window)
                       || (enabled && *enabled != current.value(u"enabled"_s).toBool());
    const bool anything = terms || changed(u"name"_s, name);
    if (!anything)
        return ApiResponse::ok(stored(c, id));
    c.store.exec(
        u"UPDATE procurements SET name = COALESCE(?, name), instance_sku_id = COALESCE(?, "
        "instance_sku_id), min_sell_rate = COALESCE(?, min_sell_rate), max_buy_rate = COALESCE(?, "
        "max_buy_rate), window_minutes = COALESCE(?, window_minutes), enabled = COALESCE(?, enabled), "
        "updated_at = ? WHERE id = ?"_s,
        {name ? QVariant(*name) : QVariant(QMetaType(QMetaType::QString)),
         skuId ? QVariant(*skuId) : QVariant(QMetaType(QMetaType::QString)),
         minSell ? QVariant(*minSell) : QVariant(QMetaType(QMetaType::LongLong)),
         maxBuy ? QVariant(*maxBuy) : QVariant(QMetaType(QMetaType::LongLong)),
         window ? QVariant(*window) : QVariant(QMetaType(QMetaType::LongLong)),
         enabled ? QVariant(*enabled) : QVariant(QMetaType(QMetaType::Bool)), c.now, id});
    if (terms) {
        procurement::cancelOrders(c.resources, id, c.now);
        procurement::act(c.resources, id, c.now);
        c.resources.instances().reconcile();
    }
    return ApiResponse::ok(stored(c, id));
}

ApiResponse SimProcurementRoutes::deleteProcurement(const SimRequestContext& c)
{
    const QSqlRecord current = procurement::find(c.resources, c.params.at(0));
    const QString id = current.value(u"id"_s).toString();
    c.resources.access().requireWrite(current.value(u"workspace_id"_s).toString());
    // Its standing orders are cancelled; what they filled stays in the pool.
    procurement::cancelOrders(c.resources, id, c.now);
    c.store.exec(u"UPDATE procurements SET deleted_at = ?, enabled = 0 WHERE id = ?"_s, {c.now, id});
    return ApiResponse::noContent();
}

} // namespace sfsim
