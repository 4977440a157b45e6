// SPDX-License-Identifier: Apache-2.0

// Instances: the one instance writer, references and pages (the routes are routes/instanceroutes).
#include "sim/resources/instanceroom.h"
#include "common/constvalue.h"
#include "sim/resources/infinibandroom.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simjsonwriter.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"

#include <QJsonDocument>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::ScheduleEntry;

using namespace jsonout;
using sfdesk::FieldError;

namespace {

// The columns of an instance row, in the order instanceSelect names them: the JSON of a list is
// built by column index, so a page of rows costs no name lookups.
enum InstanceColumn : int
{
    Seq,
    Id,
    WorkspaceId,
    PoolId,
    InstanceSkuId,
    ImageId,
    Name,
    Status,
    PriorityLevel,
    CreatedAt,
    UpdatedAt,
    RunningAt,
    TerminatedAt,
    CloudInitUserData,
    HasUserData,
    EnablePublicIpv4,
    PublicIp,
    Tags,
    PartitionId,
    InfinibandReleasedAt,
    DeletedAt,
    Workspace,
    AccountId,
    PoolName,
    SkuAlias,
    SkuRegion,
    AcceleratorDisplay,
    NumAccelerators,
    RdmaType,
    ImageName,
    InfinibandStack,
    PartitionName,
    FabricName,
    DeploymentId,
    DeploymentKind,
    DeploymentName,
};

// An instance row. A list page selects NULL for the columns the instance writer does not read
// (and the user data, up to 256 KiB a row that nobody reads) and skips the fabric: a page's time
// is mostly its rows' columns.
QString instanceColumns(bool full)
{
    const auto column = [full](const QString& expression, const QString& name) -> QString {
        return (full ? expression : u"NULL"_s) + u" AS "_s + name;
    };
    return u"SELECT i.seq, i.id, i.workspace_id, i.pool_id, i.instance_sku_id, i.image_id, i.name, i.status, "
           "i.priority_level, i.created_at, i.updated_at, "_s
           + column(u"i.running_at"_s, u"running_at"_s) + u", "_s
           + column(u"i.terminated_at"_s, u"terminated_at"_s) + u", "_s
           + column(u"i.cloud_init_user_data"_s, u"cloud_init_user_data"_s)
           + u", COALESCE(i.cloud_init_user_data <> '', 0) AS has_user_data, i.enable_public_ipv4, "
             u"i.public_ip, "
             "i.tags, i.partition_id, i.infiniband_released_at, "_s
           + column(u"i.deleted_at"_s, u"deleted_at"_s)
           + u", w.name AS workspace, w.account_id, p.name AS pool_name, s.alias AS sku_alias, "_s
           + column(u"s.region"_s, u"sku_region"_s) + u", "_s
           + column(u"s.accelerator_display"_s, u"accelerator_display"_s) + u", "_s
           + column(u"s.num_accelerators"_s, u"num_accelerators"_s) + u", "_s
           + column(u"s.rdma_type"_s, u"rdma_type"_s) + u", im.name AS image_name, "_s
           + column(u"im.infiniband_stack"_s, u"infiniband_stack"_s) + u", ip.name AS partition_name, "_s
           + column(u"f.name"_s, u"fabric_name"_s)
           + u", i.deployment_id, d.kind AS deployment_kind, d.name AS deployment_name"_s
           + u" FROM instances i JOIN workspaces w ON w.id = i.workspace_id JOIN pools p ON p.id = i.pool_id "
             "JOIN instance_skus s ON s.id = i.instance_sku_id JOIN images im ON im.id = i.image_id "
             "LEFT JOIN infiniband_partitions ip ON ip.id = i.partition_id "
             "LEFT JOIN deployments d ON d.id = i.deployment_id"_s
           + (full ? u" LEFT JOIN fabrics f ON f.id = ip.fabric_id"_s : QString());
}
const QString instanceSelect = instanceColumns(true);
const QString instanceListSelect = instanceColumns(false);

QByteArrayView afterPrefix(QByteArrayView id)
{
    const qsizetype underscore = id.indexOf('_');
    return underscore < 0 ? id : id.sliced(underscore + 1);
}

// This is sfsim's one instance writer, for a page's rows and a single record alike: a single
// instance is parsed back from it (InstanceRoom::instanceJson).
template <typename Row> void appendInstance(QByteArray& out, const Row& r, bool includeUserData)
{
    const auto account = r.text(AccountId);
    const auto workspace = r.text(Workspace);
    const auto name = r.text(Name);
    const auto poolId = r.text(PoolId);
    const auto poolName = r.text(PoolName);
    const bool hasUserData = r.integer(HasUserData) != 0;
    const auto idName = [&out](QByteArrayView id, QByteArrayView objectName) {
        out.append("{\"id\":");
        appendUtf8(out, id);
        out.append(",\"name\":");
        appendUtf8(out, objectName);
        out.append('}');
    };
    out.append("{\"capacity\":{\"id\":\"cap_");
    appendUtf8Content(out, afterPrefix(poolId));
    out.append("\",\"name\":");
    appendUtf8(out, poolName);
    out.append('}');
    if (includeUserData && hasUserData) {
        out.append(",\"cloud_init_user_data\":");
        appendUtf8(out, r.text(CloudInitUserData));
    }
    out.append(",\"cloud_init_user_data_used\":").append(hasUserData ? "true" : "false");
    out.append(",\"created_at\":");
    appendInteger(out, r.integer(CreatedAt));
    out.append(",\"enable_public_ipv4\":").append(r.integer(EnablePublicIpv4) != 0 ? "true" : "false");
    out.append(",\"expected_shutdown_at\":null,\"firewall\":null,\"id\":");
    appendUtf8(out, r.text(Id));
    out.append(",\"image\":");
    idName(r.text(ImageId), r.text(ImageName));
    out.append(",\"infiniband_partition\":");
    if (r.isNull(PartitionId))
        out.append("null");
    else
        idName(r.text(PartitionId), r.text(PartitionName));
    out.append(",\"infiniband_released_at\":");
    if (r.isNull(InfinibandReleasedAt))
        out.append("null");
    else
        appendInteger(out, r.integer(InfinibandReleasedAt));
    out.append(",\"instance_sku\":{\"alias\":");
    appendUtf8(out, r.text(SkuAlias));
    out.append(",\"id\":");
    appendUtf8(out, r.text(InstanceSkuId));
    out.append(",\"object\":\"instance_sku\"},\"managed_by\":");
    if (r.isNull(DeploymentId)) {
        out.append("null");
    } else {
        out.append("{\"id\":");
        appendUtf8(out, r.text(DeploymentId));
        out.append(",\"name\":");
        appendUtf8(out, r.text(DeploymentName));
        out.append(",\"object\":");
        out.append(r.text(DeploymentKind) == "spot" ? "\"spot_deployment\"}" : "\"deployment\"}");
    }
    out.append(",\"name\":");
    appendUtf8(out, name);
    out.append(",\"object\":\"instance\",\"owner\":");
    appendUtf8(out, account);
    out.append(",\"pool\":");
    idName(poolId, poolName);
    out.append(",\"priority_level\":");
    appendUtf8(out, r.text(PriorityLevel));
    if (!r.isNull(PublicIp)) {
        out.append(",\"public_ip\":");
        appendUtf8(out, r.text(PublicIp));
    }
    out.append(",\"resource_path\":");
    appendResourcePath(out, "instance", account, workspace, name);
    out.append(",\"status\":");
    appendUtf8(out, r.text(Status));
    // Tags are stored as Qt writes a compact object, which is what the answer carries.
    out.append(",\"tags\":");
    if (r.isNull(Tags))
        out.append("null");
    else
        out.append(r.text(Tags));
    out.append(",\"updated_at\":");
    appendInteger(out, r.integer(UpdatedAt));
    appendWorkspaceAndEnd(out, workspace, r.text(WorkspaceId));
}

} // namespace

// One writer for an instance: the object of a single instance is what a list page writes for it.
QJsonObject InstanceRoom::instanceJson(const QSqlRecord& r, bool includeUserData) const
{
    QByteArray out;
    appendInstance(out, SimRecordRow{r}, includeUserData);
    return QJsonDocument::fromJson(out).object();
}

QString InstanceRoom::createInstance(const InstanceSpec& spec)
{
    if (spec.partition)
        m_res.access().requireFlag(u"infiniband-preview"_s);
    const QSqlRecord pool = m_res.pools().findPool(spec.pool, u"pool"_s);
    const QString workspaceId = pool.value(u"workspace_id"_s).toString();
    m_res.access().requireWrite(workspaceId);
    const QSqlRecord sku = m_res.catalog().findSku(spec.sku, u"instance_sku"_s);
    const QSqlRecord image = m_res.images().findLaunchableImage(spec.image, u"image"_s);
    const bool skuIsInfiniband = sku.value(u"rdma_type"_s).toString() == u"infiniband"_s;
    QList<FieldError> problems;
    if (spec.enablePublicIpv4 && !sku.value(u"supports_public_ipv4"_s).toBool())
        problems.append(
            {u"enable_public_ipv4"_s, u"public_ipv4_unsupported"_s,
             u"Instance SKU %1 does not offer public IPv4."_s.arg(sku.value(u"alias"_s).toString())});
    QVariant partitionId{QMetaType(QMetaType::QString)};
    if (!spec.partitionId.isEmpty())
        partitionId = spec.partitionId;
    if (spec.partition || spec.wantsInfiniband || !spec.partitionId.isEmpty()) {
        if (!skuIsInfiniband)
            problems.append(
                {spec.partition ? u"infiniband_partition"_s : u"_preview_enable_infiniband"_s,
                 u"sku_not_infiniband"_s,
                 u"Instance SKU %1 has rdma_type %2, not infiniband."_s.arg(
                     sku.value(u"alias"_s).toString(),
                     sku.value(u"rdma_type"_s).isNull() ? u"none"_s : sku.value(u"rdma_type"_s).toString())});
    }
    if (spec.partition) {
        // A bare name resolves in the pool's workspace.
        const QSqlRecord partition = m_res.infiniband().writablePartition(*spec.partition, workspaceId);
        partitionId = partition.value(u"id"_s);
        if (skuIsInfiniband) {
            if (const auto mismatch = InfinibandRoom::fabricMismatch(partition, sku))
                problems.append(*mismatch);
        }
    }
    if (!problems.isEmpty())
        throw SimApiError::unprocessable(problems.first().message, problems);

    const QString id = m_res.ids().make(u"inst"_s);
    QString instanceName = spec.name.value_or(QString());
    if (instanceName.isEmpty())
        instanceName = resourcerows::defaultName(u"instance-"_s, id.mid(5, 10));
    if (resourcerows::nameTaken(m_store, u"instances"_s, workspaceId, instanceName))
        throw SimApiError::unprocessable(
            u"An instance named %1 already exists in this workspace."_s.arg(instanceName),
            {{u"name"_s, u"name_taken"_s, u"An instance named %1 already exists."_s.arg(instanceName)}});
    const QVariant none{QMetaType(QMetaType::QString)};
    m_store.exec(u"INSERT INTO instances(id, workspace_id, pool_id, instance_sku_id, image_id, name, status, "
                 "priority_level, created_at, updated_at, cloud_init_user_data, enable_public_ipv4, tags, "
                 "partition_id, deployment_id) "
                 "VALUES(?, ?, ?, ?, ?, ?, 'awaiting_allocation', ?, ?, ?, ?, ?, ?, ?, ?)"_s,
                 {id, workspaceId, pool.value(u"id"_s), sku.value(u"id"_s), image.value(u"id"_s),
                  instanceName, spec.priority, m_res.now(), m_res.now(),
                  spec.userData ? QVariant(*spec.userData) : none, spec.enablePublicIpv4,
                  spec.tags
                      ? QVariant(QString::fromUtf8(QJsonDocument(*spec.tags).toJson(QJsonDocument::Compact)))
                      : none,
                  partitionId, spec.deploymentId.isEmpty() ? none : QVariant(spec.deploymentId)});
    return id;
}

void InstanceRoom::terminateInstances(const QStringList& ids)
{
    for (const QString& id : ids) {
        m_store.exec(u"UPDATE instances SET status = 'terminated', terminated_at = ?, updated_at = ?, "
                     "public_ip = NULL WHERE id = ? AND status IN ('running', 'awaiting_allocation')"_s,
                     {m_res.now(), m_res.now(), id});
        if (m_options.ibReleaseSeconds == 0)
            m_store.exec(u"UPDATE instances SET infiniband_released_at = ? WHERE id = ? AND partition_id IS "
                         "NOT NULL AND infiniband_released_at IS NULL"_s,
                         {m_res.now(), id});
    }
}

QSqlRecord InstanceRoom::findInstance(const QString& ref)
{
    const QString id = canonicalId(ref, instanceIds);
    std::optional<QSqlRecord> row;
    static const QString live = u" AND i.deleted_at IS NULL"_s;
    if (id.startsWith(u"inst_"_s)) {
        row = m_store.row(instanceSelect + u" WHERE i.id = ?"_s + live, {id});
    } else if (const auto path = m_res.access().splitPath(u"instance"_s, ref, true)) {
        const auto& [account, workspace, name] = *path;
        row = m_store.row(
            instanceSelect
                + u" WHERE w.account_id = ? AND w.name = ? AND i.name = ? AND w.deleted_at IS NULL"_s + live,
            {account, workspace, name});
    } else if (isValidName(ref)) {
        row = m_store.row(instanceSelect + u" WHERE w.account_id = ? AND w.name = 'default' AND i.name = ?"_s
                              + live,
                          {m_res.caller().account, ref});
    }
    if (!resourcerows::readable(m_res.caller(), row))
        throw SimApiError::notFound(u"Instance %1 not found."_s.arg(ref));
    return *row;
}

QJsonObject InstanceRoom::storedInstanceJson(const QString& id)
{
    return instanceJson(*m_store.row(instanceSelect + u" WHERE i.id = ?"_s, {id}), false);
}

QByteArray InstanceRoom::instancesPage(QueryReader& query, QStringList where, QVariantList binds,
                                       bool includeUserData)
{
    return m_res.pages().writtenPage(
        includeUserData ? instanceSelect : instanceListSelect, std::move(where), std::move(binds), u"i.seq"_s,
        Seq, true, query, u"nodec"_s, 50, 200,
        [includeUserData](QByteArray& out, const SimRow& row) { appendInstance(out, row, includeUserData); });
}

void InstanceRoom::reconcile(const QString& poolId, const QString& skuId)
{
    static const QString rank =
        u"CASE priority_level WHEN 'yield' THEN 0 WHEN 'normal' THEN 1 WHEN 'preferred' THEN 2 ELSE 3 END"_s;
    // Per pool and SKU: running, waiting (at most what could start) and allocated nodes.
    QList<std::tuple<QString, QString, qint64, qint64, qint64>> groups;
    if (poolId.isEmpty()) {
        for (
            const auto& r : constValue(m_store.rows(
                u"SELECT pool_id, instance_sku_id, SUM(status = 'running'), SUM(status = "
                u"'awaiting_allocation') "
                "FROM instances WHERE status IN ('running', 'awaiting_allocation') GROUP BY pool_id, instance_sku_id"_s)))
            groups.append({r.value(0).toString(), r.value(1).toString(), r.value(2).toLongLong(),
                           r.value(3).toLongLong(),
                           allocation::allocatedNow(m_store, r.value(0).toString(), r.value(1).toString(),
                                                    m_res.now())});
    } else {
        // One pool's SKU after a write: its instances are counted only as far as its allocation
        // decides, so that a create costs the same whether the pool holds ten instances or 100,000.
        const auto countUpTo = [this, &poolId, &skuId](const QString& status, qint64 most) {
            const auto r = m_store.row(u"SELECT COUNT(*) FROM (SELECT 1 FROM instances WHERE pool_id = ? AND "
                                       "instance_sku_id = ? AND status = ? LIMIT ?)"_s,
                                       {poolId, skuId, status, most});
            return r ? r->value(0).toLongLong() : 0;
        };
        const qint64 allocated = allocation::allocatedNow(m_store, poolId, skuId, m_res.now());
        qint64 running = countUpTo(u"running"_s, allocated + 1);
        if (running > allocated)
            running = countUpTo(u"running"_s, -1); // SQLite: a negative LIMIT is none
        const qint64 waiting =
            running < allocated ? countUpTo(u"awaiting_allocation"_s, allocated - running) : 0;
        groups.append({poolId, skuId, running, waiting, allocated});
    }
    for (const auto& [pool, sku, running, waiting, allocated] : groups) {
        if (running > allocated) {
            // Allocation ran out: the lowest priority goes first, newest first within a level.
            m_store.exec(u"UPDATE instances SET status = 'terminated', terminated_at = ?, updated_at = ?, "
                         u"public_ip = NULL "
                         "WHERE id IN (SELECT id FROM instances WHERE pool_id = ? AND instance_sku_id = ? "
                         "AND status = "
                         "'running' ORDER BY "_s
                             + rank + u" ASC, seq DESC LIMIT ?)"_s,
                         {m_res.now(), m_res.now(), pool, sku, running - allocated});
        } else if (waiting > 0 && running < allocated) {
            m_store.exec(
                u"UPDATE instances SET status = 'running', running_at = ?, updated_at = ?, "
                "public_ip = CASE WHEN enable_public_ipv4 THEN '203.0.113.' || (seq % 250 + 1) ELSE NULL END "
                "WHERE id IN (SELECT id FROM instances WHERE pool_id = ? AND instance_sku_id = ? AND status "
                "= "
                "'awaiting_allocation' ORDER BY "_s
                    + rank + u" DESC, seq ASC LIMIT ?)"_s,
                {m_res.now(), m_res.now(), pool, sku, qMin(waiting, allocated - running)});
        }
    }
    if (poolId.isEmpty())
        m_nextReconcileAt =
            allocation::nextBoundary(m_store, m_res.now()).value_or(std::numeric_limits<qint64>::max());
}

void InstanceRoom::reconcileSettled(const QList<MarketSettlement>& settlements)
{
    QSet<std::pair<QString, QString>> done;
    for (const MarketSettlement& settlement : settlements) {
        if (!done.contains({settlement.poolId, settlement.skuId})) {
            done.insert({settlement.poolId, settlement.skuId});
            reconcile(settlement.poolId, settlement.skuId);
        }
        // A boundary the fills removed (a rectangle lengthened) leaves an early pass that finds
        // nothing to do.
        for (const ScheduleEntry& entry : constValue(settlement.fill.schedule.entries())) {
            for (const qint64 t : {entry.startAt, entry.endAt.value_or(entry.startAt)}) {
                if (t > m_res.now())
                    m_nextReconcileAt = std::min(m_nextReconcileAt, t);
            }
        }
    }
}

bool InstanceRoom::reconcileDue() const
{
    return m_res.now() >= m_nextReconcileAt;
}

} // namespace sfsim
