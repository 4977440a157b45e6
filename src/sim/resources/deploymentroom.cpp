// SPDX-License-Identifier: Apache-2.0

// Instance templates and deployments: references, writers, and the reconciliation that keeps a
// deployment's instances at its target (the routes are routes/instancetemplateroutes and
// routes/deploymentroutes). A deployment acts only as a user would: instances through
// m_res.instances().createInstance() and m_res.instances().terminateInstances(), buys through the market's
// order book, both under the grants of the deployment's account.
#include "sim/resources/deploymentroom.h"
#include "common/constvalue.h"
#include "common/logging.h"
#include "common/money.h"
#include "sim/resources/nametemplate.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

#include <QJsonDocument>
#include <QScopeGuard>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
namespace Money = sfdesk::Money;

namespace {

const QString templateSelect =
    u"SELECT t.*, w.name AS workspace, w.account_id, im.name AS image_name FROM instance_templates t "
    "JOIN workspaces w ON w.id = t.workspace_id JOIN images im ON im.id = t.image_id"_s;
const QString deploymentSelect =
    u"SELECT d.*, w.name AS workspace, w.account_id, p.name AS pool_name, s.alias AS sku_alias, "
    "t.name AS template_name, ip.name AS partition_name FROM deployments d "
    "JOIN workspaces w ON w.id = d.workspace_id JOIN pools p ON p.id = d.pool_id "
    "JOIN instance_skus s ON s.id = d.instance_sku_id JOIN instance_templates t ON t.id = d.template_id "
    "LEFT JOIN infiniband_partitions ip ON ip.id = d.partition_id"_s;

// Lowest priority first, as the pool's reconciliation drops instances.
const QString priorityRank =
    u"CASE priority_level WHEN 'yield' THEN 0 WHEN 'normal' THEN 1 WHEN 'preferred' THEN 2 ELSE 3 END"_s;

// A deployment's buy for the rest of the hour joins the next hour's when the hour has less than
// this left: orders of a few minutes would crowd the order list, and the instances must not wait
// for the hour to turn.
constexpr qint64 MinimumBlockSeconds = 10 * 60;

QJsonObject idName(const QString& id, const QString& name)
{
    return {{u"id"_s, id}, {u"name"_s, name}};
}

} // namespace

// ---------------------------------------------------------------------------------------------
// References and writers.

DeploymentRoom::DeploymentRoom(SimResources& resources)
    : SimRoom(resources)
{
    // A deployment keeps instances in its pool: delete it first.
    m_res.pools().addPoolDeleteGuard([](SimStore& s, const QString& poolId, qint64) {
        QList<FieldError> details;
        for (const auto& r : constValue(s.rows(
                 u"SELECT name FROM deployments WHERE pool_id = ? AND deleted_at IS NULL ORDER BY seq"_s,
                 {poolId})))
            details.append(
                {{},
                 u"deployment"_s,
                 u"Deployment %1 runs instances in the pool; delete it first."_s.arg(r.value(0).toString())});
        return details;
    });
}

const QString& DeploymentRoom::templateSelectSql()
{
    return templateSelect;
}

const QString& DeploymentRoom::deploymentSelectSql()
{
    return deploymentSelect;
}

QSqlRecord DeploymentRoom::findTemplate(const QString& ref, const QString& field, const QString& workspaceId)
{
    const QString id = ref.startsWith(u"ntmpl_"_s) ? u"itmpl"_s + ref.mid(5) : ref;
    std::optional<QSqlRecord> row;
    static const QString live = u" AND t.deleted_at IS NULL"_s;
    if (id.startsWith(u"itmpl_"_s)) {
        row = m_store.row(templateSelect + u" WHERE t.id = ?"_s + live, {id});
    } else if (const auto path = m_res.access().splitPath(u"instance_template"_s, ref, false)) {
        const auto& [account, workspace, name] = *path;
        row = m_store.row(templateSelect
                              + u" WHERE w.account_id = ? AND w.name = ? AND t.name = ? AND "
                                "w.deleted_at IS NULL"_s
                              + live,
                          {account, workspace, name});
    } else if (isValidName(ref) && !workspaceId.isEmpty()) {
        row = m_store.row(templateSelect + u" WHERE t.workspace_id = ? AND t.name = ?"_s + live,
                          {workspaceId, ref});
    } else if (isValidName(ref)) {
        row = m_store.row(templateSelect + u" WHERE w.account_id = ? AND w.name = 'default' AND t.name = ?"_s
                              + live,
                          {m_res.caller().account, ref});
    }
    if (!resourcerows::readable(m_res.caller(), row)) {
        throw resourcerows::notFound(u"Instance template %1 not found."_s.arg(ref), field);
    }
    return *row;
}

QSqlRecord DeploymentRoom::findDeployment(const QString& ref)
{
    std::optional<QSqlRecord> row;
    static const QString live = u" AND d.deleted_at IS NULL"_s;
    if (ref.startsWith(u"depl_"_s) || ref.startsWith(u"spot_"_s)) {
        row = m_store.row(deploymentSelect + u" WHERE d.id = ?"_s + live, {ref});
    } else {
        std::optional<std::tuple<QString, QString, QString>> path =
            m_res.access().splitPath(u"deployment"_s, ref, false);
        QString kind = u"generic"_s;
        if (!path) {
            path = m_res.access().splitPath(u"spot_deployment"_s, ref, false);
            kind = u"spot"_s;
        }
        if (path) {
            const auto& [account, workspace, name] = *path;
            row = m_store.row(deploymentSelect
                                  + u" WHERE w.account_id = ? AND w.name = ? AND d.name = ? AND "
                                    "d.kind = ? AND w.deleted_at IS NULL"_s
                                  + live,
                              {account, workspace, name, kind});
        } else if (isValidName(ref)) {
            row = m_store.row(deploymentSelect
                                  + u" WHERE w.account_id = ? AND w.name = 'default' AND d.name = ?"_s + live,
                              {m_res.caller().account, ref});
        }
    }
    if (!resourcerows::readable(m_res.caller(), row))
        throw SimApiError::notFound(u"Deployment %1 not found."_s.arg(ref));
    return *row;
}

QJsonObject DeploymentRoom::templateJson(const QSqlRecord& r, bool includeUserData) const
{
    const bool hasUserData = !r.value(u"cloud_init_user_data"_s).toString().isEmpty();
    QJsonObject o = resourcerows::json(
        u"instance_template"_s, r,
        {{u"image"_s, idName(r.value(u"image_id"_s).toString(), r.value(u"image_name"_s).toString())},
         {u"cloud_init_user_data_used"_s, hasUserData},
         {u"tags"_s,
          r.value(u"tags"_s).isNull()
              ? QJsonValue(QJsonValue::Null)
              : QJsonValue(QJsonDocument::fromJson(r.value(u"tags"_s).toString().toUtf8()).object())},
         {u"created_at"_s, r.value(u"created_at"_s).toLongLong()}});
    if (includeUserData && hasUserData)
        o.insert(u"cloud_init_user_data"_s, r.value(u"cloud_init_user_data"_s).toString());
    return o;
}

QJsonObject DeploymentRoom::deploymentJson(const QSqlRecord& r) const
{
    const bool spot = r.value(u"kind"_s).toString() == u"spot"_s;
    const QString poolId = r.value(u"pool_id"_s).toString();
    const QString poolName = r.value(u"pool_name"_s).toString();
    QJsonObject o = resourcerows::json(
        spot ? u"spot_deployment"_s : u"deployment"_s, r,
        {{u"pool"_s, idName(poolId, poolName)},
         {u"instance_sku"_s, QJsonObject{{u"object"_s, u"instance_sku"_s},
                                         {u"id"_s, r.value(u"instance_sku_id"_s).toString()},
                                         {u"alias"_s, r.value(u"sku_alias"_s).toString()}}},
         {u"instance_template"_s,
          idName(r.value(u"template_id"_s).toString(), r.value(u"template_name"_s).toString())},
         {u"enabled"_s, r.value(u"enabled"_s).toBool()},
         {u"target_instance_count"_s, r.value(u"target_instance_count"_s).toLongLong()},
         {u"instance_name_template"_s, r.value(u"instance_name_template"_s).toString()},
         {u"status"_s, QJsonObject{{u"state"_s, r.value(u"status_state"_s).toString()},
                                   {u"message"_s, r.value(u"status_message"_s).toString()}}},
         {u"created_at"_s, r.value(u"created_at"_s).toLongLong()},
         {u"updated_at"_s, r.value(u"updated_at"_s).toLongLong()},
         // The project's InfiniBand contract: the partition the deployment's instances join.
         {u"infiniband_partition"_s, r.value(u"partition_id"_s).isNull()
                                         ? QJsonValue(QJsonValue::Null)
                                         : QJsonValue(idName(r.value(u"partition_id"_s).toString(),
                                                             r.value(u"partition_name"_s).toString()))}});
    if (spot)
        o.insert(u"max_buy_price_dollars_per_node_hour"_s,
                 Money::format(r.value(u"max_buy_price_micros"_s).toLongLong()));
    else
        o.insert(u"capacity"_s, idName(u"cap_"_s + poolId.mid(5), poolName)); // deprecated, as instances
    return o;
}

QJsonObject DeploymentRoom::storedTemplateJson(const QString& id, bool includeUserData)
{
    return templateJson(*m_store.row(templateSelect + u" WHERE t.id = ?"_s, {id}), includeUserData);
}

QJsonObject DeploymentRoom::storedDeploymentJson(const QString& id)
{
    return deploymentJson(*m_store.row(deploymentSelect + u" WHERE d.id = ?"_s, {id}));
}

// ---------------------------------------------------------------------------------------------
// Reconciliation.

void DeploymentRoom::reconcileDeployments(const QString& deploymentId)
{
    const QList<QSqlRecord> live =
        deploymentId.isEmpty()
            ? m_store.rows(deploymentSelect + u" WHERE d.deleted_at IS NULL ORDER BY d.seq"_s)
            : m_store.rows(deploymentSelect + u" WHERE d.deleted_at IS NULL AND d.id = ?"_s, {deploymentId});
    if (live.isEmpty())
        return;
    // Each deployment acts for its account, with its grants, whoever's request moved the world.
    const Caller requestCaller = m_res.caller();
    const auto restore =
        qScopeGuard([this, &requestCaller] { m_res.beginRequest(requestCaller, m_res.now()); });
    for (const QSqlRecord& d : live) {
        Caller owner;
        owner.account = d.value(u"account_id"_s).toString();
        owner.accountLevel = 2;
        m_res.beginRequest(owner, m_res.now());
        reconcileDeployment(d);
    }
}

void DeploymentRoom::cancelDeploymentOrders(const QString& deploymentId, qint64 blockStart)
{
    if (!m_res.marketSide().started())
        return;
    for (
        const auto& r : constValue(m_store.rows(
            u"SELECT order_id FROM deployment_orders WHERE deployment_id = ? AND end_at > ? AND start_at >= ?"_s,
            {deploymentId, m_res.now(), blockStart}))) {
        const auto order = m_res.marketSide().market().order(r.value(0).toString());
        if (order && order->isActive())
            m_res.marketSide().market().cancelOrder(order->id, m_res.now());
    }
}

void DeploymentRoom::setDeploymentStatus(const QString& id, const QString& state, const QString& message)
{
    m_store.exec(u"UPDATE deployments SET status_state = ?, status_message = ? WHERE id = ? AND "
                 "(status_state <> ? OR status_message <> ?)"_s,
                 {state, message, id, state, message});
}

DeploymentRoom::ReconcileTerms::ReconcileTerms(const QSqlRecord& row)
    : id(row.value(u"id"_s).toString())
    , poolId(row.value(u"pool_id"_s).toString())
    , poolName(row.value(u"pool_name"_s).toString())
    , skuId(row.value(u"instance_sku_id"_s).toString())
    , skuAlias(row.value(u"sku_alias"_s).toString())
    , account(row.value(u"account_id"_s).toString())
    , spot(row.value(u"kind"_s).toString() == u"spot"_s)
    , target(row.value(u"target_instance_count"_s).toLongLong())
    , limit(row.value(u"max_buy_price_micros"_s).toLongLong())
{}

QString DeploymentRoom::buySpotCapacity(const ReconcileTerms& d)
{
    const auto& [id, poolId, poolName, skuId, skuAlias, account, spot, target, limit] = d;
    // The hour under way and the next one, each bought on its own, so that a block that did not
    // fill is tried again in its own order and never bought twice; the last minutes of an hour are
    // bought with the next hour.
    const qint64 start = Schedule::floorTo(m_res.now(), Schedule::Alignment);
    const qint64 nextHour = Schedule::floorHour(m_res.now()) + Schedule::Hour;
    QList<std::pair<qint64, qint64>> blocks;
    if (nextHour - start >= MinimumBlockSeconds) {
        blocks.append({start, nextHour});
        blocks.append({nextHour, nextHour + Schedule::Hour});
    } else {
        blocks.append({start, nextHour + Schedule::Hour});
    }
    const Schedule owned = m_res.marketSide().ownedAllocation(poolId, skuId);
    // The deployment's own active buys, which the market may still fill.
    QList<MarketOrder> pending;
    for (const auto& r : constValue(
             m_store.rows(u"SELECT order_id FROM deployment_orders WHERE deployment_id = ? AND end_at > ?"_s,
                          {id, m_res.now()}))) {
        if (const auto order = m_res.marketSide().market().order(r.value(0).toString());
            order && order->isActive())
            pending.append(*order);
    }
    QString note;
    for (const auto& [blockStart, blockEnd] : std::as_const(blocks)) {
        qint64 waiting = 0;
        QList<QString> waitingIds;
        for (const MarketOrder& order : std::as_const(pending)) {
            if (order.startAt < blockEnd && order.endAt > blockStart) {
                waiting += order.nodeCount;
                waitingIds.append(order.id);
            }
        }
        const qint64 have = owned.minOver(blockStart, blockEnd);
        const qint64 need = target - have - waiting;
        if (need < 0 && waiting > 0 && have >= target) {
            // The target dropped (or the nodes came another way): what is still on the book goes.
            for (const QString& order : std::as_const(waitingIds))
                m_res.marketSide().market().cancelOrder(order, m_res.now());
            continue;
        }
        if (need <= 0) {
            if (waiting > 0 && blockStart <= m_res.now() && note.isEmpty())
                note =
                    u"Buying %1 nodes of %2 at up to $%3/node-hour; the market has none at that price yet."_s
                        .arg(waiting)
                        .arg(skuAlias, Money::formatRate(limit));
            continue;
        }
        NewOrder order;
        order.poolId = poolId;
        order.poolName = poolName;
        order.side = OrderSide::Buy;
        order.skuId = skuId;
        order.startAt = blockStart;
        order.endAt = blockEnd;
        order.nodeCount = need;
        order.limitRate = limit;
        order.allowStanding = true;
        // The same limits as a user's order: what the account's balance can cover.
        const qint64 balance =
            m_store.scalar(u"SELECT balance_micros FROM accounts WHERE id = ?"_s, {account}).toLongLong();
        if (MarketEngine::requiredFunds(order) > balance - m_res.marketSide().committedFunds(account))
            return u"error:Insufficient balance to buy %1 nodes of %2 at up to $%3/node-hour."_s.arg(need)
                .arg(skuAlias, Money::formatRate(limit));
        const auto placed = m_res.marketSide().market().placeOrder(
            order, m_res.now(), m_res.marketSide().ownedAllocationFunction());
        if (!placed)
            return u"error:The market could not take the deployment's order: %1"_s.arg(
                m_res.marketSide().market().lastError());
        m_res.marketSide().settle(placed->settlements);
        m_store.exec(
            u"INSERT INTO deployment_orders(deployment_id, order_id, start_at, end_at) VALUES(?, ?, ?, ?)"_s,
            {id, placed->order.id, blockStart, blockEnd});
        qCDebug(sfdesk::lcSim, "deployment %s: buy %lld nodes %lld-%lld: %s", qPrintable(id), need,
                blockStart, blockEnd, qPrintable(orderStatusName(placed->order.status)));
        const auto now = m_res.marketSide().market().order(placed->order.id);
        if (blockStart <= m_res.now() && now && now->isActive() && note.isEmpty())
            note = u"Buying %1 nodes of %2 at up to $%3/node-hour; the market has none at that price yet."_s
                       .arg(need)
                       .arg(skuAlias, Money::formatRate(limit));
    }
    return note;
}

void DeploymentRoom::reconcileDeployment(const QSqlRecord& d)
{
    const ReconcileTerms terms(d);
    const auto& [id, poolId, poolName, skuId, skuAlias, account, spot, target, limit] = terms;
    if (!d.value(u"enabled"_s).toBool()) {
        if (spot)
            cancelDeploymentOrders(id, 0);
        setDeploymentStatus(
            id, u"info"_s,
            u"Paused: the deployment neither starts nor stops instances until it is enabled."_s);
        return;
    }
    QString spotNote;
    QString spotError;
    if (spot) {
        spotNote = buySpotCapacity(terms);
        if (spotNote.startsWith(u"error:"_s)) {
            spotError = spotNote.mid(6);
            spotNote.clear();
        }
    }

    const auto counts = [this, &id] {
        const auto r =
            m_store.row(u"SELECT COALESCE(SUM(status = 'running'), 0), "
                        "COALESCE(SUM(status = 'awaiting_allocation'), 0) FROM instances "
                        "WHERE deployment_id = ? AND status IN ('running', 'awaiting_allocation')"_s,
                        {id});
        return std::pair{r->value(0).toLongLong(), r->value(1).toLongLong()};
    };
    const auto [running, waiting] = counts();
    const qint64 active = running + waiting;
    QString failure;
    qint64 allocated = allocation::allocatedNow(m_store, poolId, skuId, m_res.now());
    if (active > target) {
        // Waiting instances go first, then the lowest priority, newest first within a level.
        QStringList surplus;
        for (const auto& r : constValue(
                 m_store.rows(u"SELECT id FROM instances WHERE deployment_id = ? AND status IN ('running', "
                              "'awaiting_allocation') ORDER BY status = 'awaiting_allocation' DESC, "_s
                                  + priorityRank + u" ASC, seq DESC LIMIT ?"_s,
                              {id, active - target})))
            surplus.append(r.value(0).toString());
        m_res.instances().terminateInstances(surplus);
        m_res.instances().reconcile(poolId, skuId);
    } else if (active < target) {
        const qint64 used =
            m_store
                .scalar(u"SELECT COUNT(*) FROM instances WHERE pool_id = ? AND instance_sku_id = ? "
                        "AND status IN ('running', 'awaiting_allocation')"_s,
                        {poolId, skuId})
                .toLongLong();
        const qint64 freeNodes = qMax<qint64>(0, allocated - used);
        const qint64 toStart = qMin(target - active, freeNodes);
        const QSqlRecord tmpl =
            *m_store.row(templateSelect + u" WHERE t.id = ?"_s, {d.value(u"template_id"_s)});
        const QString nameTemplate = d.value(u"instance_name_template"_s).toString();
        qint64 started = 0;
        for (qint64 i = 0; i < toStart; ++i) {
            InstanceSpec spec;
            spec.pool = poolId;
            spec.sku = skuId;
            spec.image = tmpl.value(u"image_id"_s).toString();
            if (!tmpl.value(u"cloud_init_user_data"_s).toString().isEmpty())
                spec.userData = tmpl.value(u"cloud_init_user_data"_s).toString();
            if (!tmpl.value(u"tags"_s).isNull())
                spec.tags = QJsonDocument::fromJson(tmpl.value(u"tags"_s).toString().toUtf8()).object();
            if (!d.value(u"partition_id"_s).isNull())
                spec.partitionId = d.value(u"partition_id"_s).toString();
            spec.deploymentId = id;
            // A name of the template that no instance of the workspace has.
            for (int attempt = 0; attempt < 8; ++attempt) {
                const QString name =
                    nametemplate::resolve(nameTemplate, [this](quint32 n) { return m_res.ids().bounded(n); });
                if (!resourcerows::nameTaken(m_store, u"instances"_s, d.value(u"workspace_id"_s), name)) {
                    spec.name = name;
                    break;
                }
            }
            try {
                m_res.instances().createInstance(spec);
                ++started;
            } catch (const SimApiError& error) {
                failure = error.toJson().value(u"error"_s).toObject().value(u"message"_s).toString();
                break;
            }
        }
        if (started > 0)
            m_res.instances().reconcile(poolId, skuId);
    }

    const auto [nowRunning, nowWaiting] = counts();
    if (!failure.isEmpty()) {
        setDeploymentStatus(id, u"error"_s, u"Cannot start instances: %1"_s.arg(failure));
        return;
    }
    if (!spotError.isEmpty() && nowRunning < target) {
        setDeploymentStatus(id, u"error"_s, spotError);
        return;
    }
    if (spot && !spotNote.isEmpty() && nowRunning < target) {
        setDeploymentStatus(id, u"warning"_s,
                            u"%1 of %2 instances running. %3"_s.arg(nowRunning).arg(target).arg(spotNote));
        return;
    }
    if (nowRunning + nowWaiting < target) {
        const qint64 others =
            m_store
                .scalar(u"SELECT COUNT(*) FROM instances WHERE pool_id = ? AND instance_sku_id = ? "
                        "AND status IN ('running', 'awaiting_allocation') AND "
                        "(deployment_id IS NULL OR deployment_id <> ?)"_s,
                        {poolId, skuId, id})
                .toLongLong();
        allocated = allocation::allocatedNow(m_store, poolId, skuId, m_res.now());
        setDeploymentStatus(
            id, u"warning"_s,
            u"%1 of %2 instances running: capacity is short. Pool %3 owns %4 nodes of %5 now, "
            "%6 of them used by other instances."_s.arg(nowRunning)
                .arg(target)
                .arg(poolName)
                .arg(allocated)
                .arg(skuAlias)
                .arg(others));
        return;
    }
    if (nowWaiting > 0) {
        setDeploymentStatus(id, u"info"_s,
                            u"%1 of %2 instances running, %3 waiting for allocation."_s.arg(nowRunning)
                                .arg(target)
                                .arg(nowWaiting));
        return;
    }
    setDeploymentStatus(id, u"info"_s,
                        target == 0 ? u"No instances wanted; none running."_s
                                    : u"%1 of %2 instances running."_s.arg(nowRunning).arg(target));
}

} // namespace sfsim
