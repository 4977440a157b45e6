// SPDX-License-Identifier: Apache-2.0

// Instances: the one instance writer, references and pages (the routes are routes/instanceroutes).
#include "sim/simallocation.h"
#include "sim/simjsonwriter.h"
#include "sim/simresources.h"
#include "sim/simstore.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

using namespace jsonout;

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
           + u" FROM instances i JOIN workspaces w ON w.id = i.workspace_id JOIN pools p ON p.id = i.pool_id "
             "JOIN instance_skus s ON s.id = i.instance_sku_id JOIN images im ON im.id = i.image_id "
             "LEFT JOIN infiniband_partitions ip ON ip.id = i.partition_id"_s
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
// instance is parsed back from it (SimResources::instanceJson).
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
    out.append(",\"object\":\"instance_sku\"},\"managed_by\":null,\"name\":");
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
    out.append(",\"workspace\":");
    appendUtf8(out, workspace);
    out.append(",\"workspace_id\":");
    appendUtf8(out, r.text(WorkspaceId));
    out.append('}');
}

} // namespace

// One writer for an instance: the object of a single instance is what a list page writes for it.
QJsonObject SimResources::instanceJson(const QSqlRecord& r, bool includeUserData) const
{
    QByteArray out;
    appendInstance(out, SimRecordRow{r}, includeUserData);
    return QJsonDocument::fromJson(out).object();
}

QSqlRecord SimResources::findInstance(const QString& ref)
{
    const QString id = ref.startsWith(u"vm_"_s) ? u"inst"_s + ref.mid(2) : ref;
    std::optional<QSqlRecord> row;
    static const QString live = u" AND i.deleted_at IS NULL"_s;
    if (id.startsWith(u"inst_"_s)) {
        row = m_store.row(instanceSelect + u" WHERE i.id = ?"_s + live, {id});
    } else if (const auto path = splitPath(u"instance"_s, ref, true)) {
        const auto& [account, workspace, name] = *path;
        row = m_store.row(
            instanceSelect
                + u" WHERE w.account_id = ? AND w.name = ? AND i.name = ? AND w.deleted_at IS NULL"_s + live,
            {account, workspace, name});
    } else if (isValidName(ref)) {
        row = m_store.row(instanceSelect + u" WHERE w.account_id = ? AND w.name = 'default' AND i.name = ?"_s
                              + live,
                          {m_caller.account, ref});
    }
    if (!row || row->value(u"account_id"_s).toString() != m_caller.account
        || m_caller.level(row->value(u"workspace_id"_s).toString()) < 1)
        throw SimApiError::notFound(u"Instance %1 not found."_s.arg(ref));
    return *row;
}

QJsonObject SimResources::storedInstanceJson(const QString& id)
{
    return instanceJson(*m_store.row(instanceSelect + u" WHERE i.id = ?"_s, {id}), false);
}

QByteArray SimResources::instancesPage(QueryReader& query, QStringList where, QVariantList binds,
                                       bool includeUserData)
{
    return writtenPage(
        includeUserData ? instanceSelect : instanceListSelect, std::move(where), std::move(binds), u"i.seq"_s,
        Seq, true, query, u"nodec"_s, 50, 200,
        [includeUserData](QByteArray& out, const SimRow& row) { appendInstance(out, row, includeUserData); });
}

} // namespace sfsim
