// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/deploymentroutes.h"

#include "common/constvalue.h"
#include "common/money.h"
#include "sim/resources/infinibandroom.h"
#include "sim/resources/nametemplate.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simprocurements.h"
#include "sim/resources/simresources.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;
namespace Money = sfdesk::Money;

namespace {

// A deployment keeps at most this many instances.
constexpr qint64 MaxTargetInstances = 1000;

// A spot deployment's price cap, rounded to per-minute precision as the market's limits are.
std::optional<qint64> readPrice(BodyReader& body, bool required)
{
    const auto text = body.string(u"max_buy_price_dollars_per_node_hour"_s, required, 32);
    if (!text)
        return std::nullopt;
    QString problem;
    const auto rate = Money::parseRate(*text, &problem);
    if (!rate || *rate <= 0) {
        body.addError(
            u"max_buy_price_dollars_per_node_hour"_s, u"invalid_value"_s,
            u"max_buy_price_dollars_per_node_hour must be a positive decimal like \"2.500000\"%1."_s.arg(
                problem.isEmpty() ? QString() : u": "_s + problem));
        return std::nullopt;
    }
    return Money::roundToMinutePrecision(*rate);
}

std::optional<QString> readNameTemplate(BodyReader& body)
{
    const auto text = body.string(u"instance_name_template"_s, false, nametemplate::maxLength);
    if (text) {
        if (const auto problem = nametemplate::problem(*text))
            body.addError(u"instance_name_template"_s, u"invalid_value"_s, *problem);
    }
    return text;
}

} // namespace

void SimDeploymentRoutes::add(SimRouter& router)
{
    router.addCollection("deployments", {.create = &SimDeploymentRoutes::createDeployment,
                                         .list = &SimDeploymentRoutes::listDeployments,
                                         .get = &SimDeploymentRoutes::getDeployment,
                                         .patch = &SimDeploymentRoutes::patchDeployment,
                                         .remove = &SimDeploymentRoutes::deleteDeployment});
}

ApiResponse SimDeploymentRoutes::createDeployment(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const QString kind = body.string(u"kind"_s, false, 16).value_or(u"generic"_s);
    if (kind != u"generic"_s && kind != u"spot"_s)
        body.addError(u"kind"_s, u"invalid_value"_s, u"kind must be generic or spot."_s);
    const bool spot = kind == u"spot"_s;
    auto name = body.name(u"name"_s, false);
    const auto poolRef = body.string(u"pool"_s, true, 512);
    const auto skuRef = body.string(u"instance_sku"_s, true, 64);
    const auto templateRef = body.string(u"instance_template"_s, true, 512);
    const auto target = body.integer(u"target_instance_count"_s, true, 0, MaxTargetInstances);
    const QString nameTemplate =
        readNameTemplate(body).value_or(QString::fromLatin1(nametemplate::defaultTemplate));
    std::optional<qint64> price;
    if (spot)
        price = readPrice(body, true);
    else if (body.has(u"max_buy_price_dollars_per_node_hour"_s)
             && !body.isNull(u"max_buy_price_dollars_per_node_hour"_s))
        body.addError(u"max_buy_price_dollars_per_node_hour"_s, u"not_applicable"_s,
                      u"max_buy_price_dollars_per_node_hour is for spot deployments only."_s);
    const auto partitionRef = body.string(u"infiniband_partition"_s, false, 512);
    body.finish();

    if (partitionRef)
        c.resources.access().requireFlag(u"infiniband-preview"_s);
    const QSqlRecord pool = c.resources.pools().findPool(*poolRef, u"pool"_s);
    const QString workspaceId = pool.value(u"workspace_id"_s).toString();
    c.resources.access().requireWrite(workspaceId);
    const QSqlRecord sku = c.resources.catalog().findSku(*skuRef, u"instance_sku"_s);
    const QSqlRecord tmpl =
        c.resources.deployments().findTemplate(*templateRef, u"instance_template"_s, workspaceId);
    QList<FieldError> problems;
    if (tmpl.value(u"workspace_id"_s).toString() != workspaceId)
        problems.append({u"instance_template"_s, u"workspace_mismatch"_s,
                         u"Instance template %1 is in workspace %2, the pool in %3."_s.arg(
                             tmpl.value(u"name"_s).toString(), tmpl.value(u"workspace"_s).toString(),
                             pool.value(u"workspace"_s).toString())});
    QVariant partitionId{QMetaType(QMetaType::QString)};
    if (partitionRef) {
        const QSqlRecord partition = c.resources.infiniband().writablePartition(*partitionRef, workspaceId);
        partitionId = partition.value(u"id"_s);
        if (sku.value(u"rdma_type"_s).toString() != u"infiniband"_s)
            problems.append({u"infiniband_partition"_s, u"sku_not_infiniband"_s,
                             u"Instance SKU %1 has no InfiniBand."_s.arg(sku.value(u"alias"_s).toString())});
        else if (const auto mismatch = InfinibandRoom::fabricMismatch(partition, sku))
            problems.append(*mismatch);
    }
    if (!problems.isEmpty())
        throw SimApiError::unprocessable(problems.first().message, problems);
    // One automation buys for a pool's SKU: a spot deployment or a procurement.
    if (spot) {
        if (const auto buyer = procurement::poolSkuBuyer(c.store, pool.value(u"id"_s).toString(),
                                                         sku.value(u"id"_s).toString()))
            throw SimApiError::conflict(
                u"Pool and instance SKU already have an incompatible automation."_s,
                {{u"pool"_s, u"automation_exists"_s,
                  u"%1 %2 already buys %3 for pool %4."_s.arg(
                      buyer->spot ? u"Spot deployment"_s : u"Procurement"_s, buyer->name,
                      sku.value(u"alias"_s).toString(), pool.value(u"name"_s).toString())}});
    }
    const QString id = c.resources.ids().make(spot ? u"spot"_s : u"depl"_s);
    if (!name)
        name = resourcerows::defaultName(u"deployment-"_s, id.mid(5, 8));
    if (resourcerows::nameTaken(c.store, u"deployments"_s, workspaceId, *name))
        throw SimApiError::unprocessable(
            u"A deployment named %1 already exists in this workspace."_s.arg(*name),
            {{u"name"_s, u"name_taken"_s, u"A deployment named %1 already exists."_s.arg(*name)}});
    c.store.exec(
        u"INSERT INTO deployments(id, kind, workspace_id, name, pool_id, instance_sku_id, template_id, "
        "partition_id, enabled, target_instance_count, instance_name_template, max_buy_price_micros, "
        "status_state, status_message, created_at, updated_at) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, 'info', 'Starting.', ?, ?)"_s,
        {id, kind, workspaceId, *name, pool.value(u"id"_s), sku.value(u"id"_s), tmpl.value(u"id"_s),
         partitionId, *target, nameTemplate,
         price ? QVariant(*price) : QVariant(QMetaType(QMetaType::LongLong)), c.now, c.now});
    c.resources.deployments().reconcileDeployments(id);
    return ApiResponse::created(c.resources.deployments().storedDeploymentJson(id));
}

ApiResponse SimDeploymentRoutes::listDeployments(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QStringList where{u"d.deleted_at IS NULL"_s};
    QVariantList binds;
    // The document requires the workspace.
    const QString ws = query.string(u"workspace"_s).value_or(QString());
    if (ws.isEmpty()) {
        query.addError(u"workspace"_s, u"required"_s, u"workspace is required."_s);
        query.finish();
    }
    where.append(u"d.workspace_id = ?"_s);
    binds.append(c.resources.access().readableWorkspace(ws, u"workspace"_s).value(u"id"_s));
    if (const auto pool = query.string(u"pool"_s)) {
        where.append(u"d.pool_id = ?"_s);
        try {
            binds.append(c.resources.pools().findPool(*pool).value(u"id"_s));
        } catch (const SimApiError&) {
            binds.append(QString()); // an unknown pool matches nothing
        }
    }
    return ApiResponse::ok(c.resources.pages().page(
        DeploymentRoom::deploymentSelectSql(), where, binds, u"d.seq"_s, true, query, u"deplc"_s, 50, 50,
        [&c](const QSqlRecord& r) { return c.resources.deployments().deploymentJson(r); }));
}

ApiResponse SimDeploymentRoutes::getDeployment(const SimRequestContext& c)
{
    return ApiResponse::ok(
        c.resources.deployments().deploymentJson(c.resources.deployments().findDeployment(c.params.at(0))));
}

ApiResponse SimDeploymentRoutes::patchDeployment(const SimRequestContext& c)
{
    const QSqlRecord d = c.resources.deployments().findDeployment(c.params.at(0));
    const bool spot = d.value(u"kind"_s).toString() == u"spot"_s;
    BodyReader body = BodyReader::parse(c.request.body);
    const auto name = body.name(u"name"_s, false);
    const auto templateRef = body.string(u"instance_template"_s, false, 512);
    const auto enabled = body.boolean(u"enabled"_s, false);
    const auto target = body.integer(u"target_instance_count"_s, false, 0, MaxTargetInstances);
    const auto nameTemplate = readNameTemplate(body);
    std::optional<qint64> price;
    if (body.has(u"max_buy_price_dollars_per_node_hour"_s)
        && !body.isNull(u"max_buy_price_dollars_per_node_hour"_s)) {
        if (spot)
            price = readPrice(body, false);
        else
            body.addError(u"max_buy_price_dollars_per_node_hour"_s, u"not_applicable"_s,
                          u"max_buy_price_dollars_per_node_hour is for spot deployments only."_s);
    }
    body.finish();
    const QString id = d.value(u"id"_s).toString();
    const QString workspaceId = d.value(u"workspace_id"_s).toString();
    c.resources.access().requireWrite(workspaceId);
    if (name && *name != d.value(u"name"_s).toString()
        && resourcerows::nameTaken(c.store, u"deployments"_s, workspaceId, *name))
        throw SimApiError::badRequest(
            u"Deployment with this name already exists."_s,
            {{u"name"_s, u"name_taken"_s, u"A deployment named %1 already exists."_s.arg(*name)}});
    QString templateId;
    if (templateRef) {
        const QSqlRecord tmpl =
            c.resources.deployments().findTemplate(*templateRef, u"instance_template"_s, workspaceId);
        if (tmpl.value(u"workspace_id"_s).toString() != workspaceId)
            throw SimApiError::unprocessable(
                u"Instance template %1 is in another workspace."_s.arg(tmpl.value(u"name"_s).toString()),
                {{u"instance_template"_s, u"workspace_mismatch"_s,
                  u"The template must be in the deployment's workspace."_s}});
        templateId = tmpl.value(u"id"_s).toString();
    }
    const auto set = [&c, &id](const QString& column, const QVariant& value) {
        c.store.exec(u"UPDATE deployments SET "_s + column + u" = ?, updated_at = ? WHERE id = ?"_s,
                     {value, c.now, id});
    };
    if (name)
        set(u"name"_s, *name);
    if (!templateId.isEmpty())
        set(u"template_id"_s, templateId);
    if (enabled)
        set(u"enabled"_s, *enabled);
    if (target)
        set(u"target_instance_count"_s, *target);
    if (nameTemplate)
        set(u"instance_name_template"_s, *nameTemplate);
    if (price) {
        set(u"max_buy_price_micros"_s, *price);
        // Buys on the book keep their old cap; the next ones take the new one.
        c.resources.deployments().cancelDeploymentOrders(id, 0);
    }
    c.resources.deployments().reconcileDeployments(id);
    return ApiResponse::ok(c.resources.deployments().storedDeploymentJson(id));
}

ApiResponse SimDeploymentRoutes::deleteDeployment(const SimRequestContext& c)
{
    const QSqlRecord d = c.resources.deployments().findDeployment(c.params.at(0));
    const QString id = d.value(u"id"_s).toString();
    c.resources.access().requireWrite(d.value(u"workspace_id"_s).toString());
    // Its instances stop with it, and its buys leave the book.
    QStringList instances;
    for (
        const auto& r : constValue(c.store.rows(
            u"SELECT id FROM instances WHERE deployment_id = ? AND status IN ('running', 'awaiting_allocation')"_s,
            {id})))
        instances.append(r.value(0).toString());
    c.resources.instances().terminateInstances(instances);
    c.resources.deployments().cancelDeploymentOrders(id, 0);
    c.store.exec(u"UPDATE deployments SET deleted_at = ?, updated_at = ? WHERE id = ?"_s, {c.now, c.now, id});
    c.resources.instances().reconcile(d.value(u"pool_id"_s).toString(),
                                      d.value(u"instance_sku_id"_s).toString());
    return ApiResponse::noContent();
}

PoolRoom::PoolDeleteGuard SimDeploymentRoutes::poolDeleteGuard()
{
    return [](SimStore& store, const QString& poolId, qint64) {
        const qint64 count =
            store
                .scalar(u"SELECT COUNT(*) FROM deployments WHERE pool_id = ? AND deleted_at IS NULL"_s,
                        {poolId})
                .toLongLong();
        if (count == 0)
            return QList<FieldError>{};
        return QList<FieldError>{
            {{},
             u"active_deployments"_s,
             u"%1 deployment(s) keep instances in the pool; delete them first."_s.arg(count)}};
    };
}

} // namespace sfsim
