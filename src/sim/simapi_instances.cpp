// Instances: the one instance writer, references and pages (the routes are routes/instanceroutes).
#include "sim/simallocation.h"
#include "sim/simapi.h"
#include "sim/simjsonwriter.h"
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
    const auto column = [full](const QString& expression, const QString& name) {
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

// This is sfsim's one instance writer: a single instance is parsed back from it
// (SimApi::instanceJson).
void appendInstance(QByteArray& out, const QSqlRecord& r, bool includeUserData)
{
    const QString account = r.value(AccountId).toString();
    const QString workspace = r.value(Workspace).toString();
    const QString name = r.value(Name).toString();
    const QString poolId = r.value(PoolId).toString();
    const QString poolName = r.value(PoolName).toString();
    const bool hasUserData = r.value(HasUserData).toBool();
    out.append("{\"capacity\":");
    appendIdName(out, u"cap"_s + poolId.mid(4), poolName);
    if (includeUserData && hasUserData) {
        out.append(",\"cloud_init_user_data\":");
        appendString(out, r.value(CloudInitUserData).toString());
    }
    out.append(",\"cloud_init_user_data_used\":").append(hasUserData ? "true" : "false");
    out.append(",\"created_at\":").append(QByteArray::number(r.value(CreatedAt).toLongLong()));
    out.append(",\"enable_public_ipv4\":").append(r.value(EnablePublicIpv4).toBool() ? "true" : "false");
    out.append(",\"expected_shutdown_at\":null,\"firewall\":null,\"id\":");
    appendString(out, r.value(Id).toString());
    out.append(",\"image\":");
    appendIdName(out, r.value(ImageId).toString(), r.value(ImageName).toString());
    out.append(",\"infiniband_partition\":");
    if (const QVariant partition = r.value(PartitionId); partition.isNull())
        out.append("null");
    else
        appendIdName(out, partition.toString(), r.value(PartitionName).toString());
    out.append(",\"infiniband_released_at\":");
    appendOptionalInteger(out, r.value(InfinibandReleasedAt));
    out.append(",\"instance_sku\":{\"alias\":");
    appendString(out, r.value(SkuAlias).toString());
    out.append(",\"id\":");
    appendString(out, r.value(InstanceSkuId).toString());
    out.append(",\"object\":\"instance_sku\"},\"managed_by\":null,\"name\":");
    appendString(out, name);
    out.append(",\"object\":\"instance\",\"owner\":");
    appendString(out, account);
    out.append(",\"pool\":");
    appendIdName(out, poolId, poolName);
    out.append(",\"priority_level\":");
    appendString(out, r.value(PriorityLevel).toString());
    if (const QVariant ip = r.value(PublicIp); !ip.isNull()) {
        out.append(",\"public_ip\":");
        appendString(out, ip.toString());
    }
    out.append(",\"resource_path\":");
    appendString(out, QString(u"sfc:instance:"_s + account + u':' + workspace + u':' + name));
    out.append(",\"status\":");
    appendString(out, r.value(Status).toString());
    out.append(",\"tags\":");
    appendTags(out, r.value(Tags), false);
    out.append(",\"updated_at\":").append(QByteArray::number(r.value(UpdatedAt).toLongLong()));
    out.append(",\"workspace\":");
    appendString(out, workspace);
    out.append(",\"workspace_id\":");
    appendString(out, r.value(WorkspaceId).toString());
    out.append('}');
}

} // namespace

// One writer for an instance: the object of a single instance is what a list page writes for it.
QJsonObject SimApi::instanceJson(const QSqlRecord& r, bool includeUserData) const
{
    QByteArray out;
    appendInstance(out, r, includeUserData);
    return QJsonDocument::fromJson(out).object();
}

QSqlRecord SimApi::findInstance(const QString& ref)
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

QJsonObject SimApi::storedInstanceJson(const QString& id)
{
    return instanceJson(*m_store.row(instanceSelect + u" WHERE i.id = ?"_s, {id}), false);
}

QByteArray SimApi::instancesPage(QueryReader& query, QStringList where, QVariantList binds,
                                 bool includeUserData)
{
    const PageRows found = pageRows(includeUserData ? instanceSelect : instanceListSelect, std::move(where),
                                    std::move(binds), u"i.seq"_s, true, query, u"nodec"_s, 50, 200);
    QByteArray items;
    items.reserve(found.rows.size() * 900);
    for (qsizetype i = 0; i < found.rows.size(); ++i) {
        if (i > 0)
            items.append(',');
        appendInstance(items, found.rows.at(i), includeUserData);
    }
    return list(found.cursor, items, found.hasMore);
}

} // namespace sfsim
