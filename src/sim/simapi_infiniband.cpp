// InfiniBand fabrics and partitions, per shared/contracts/INFINIBAND.md: references, the partition
// writer and pages (the routes are routes/infinibandroutes).
#include "sim/simapi.h"
#include "sim/simjsonwriter.h"
#include "sim/simstore.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

const QString partitionSelect =
    u"SELECT ip.*, w.name AS workspace, w.account_id, f.name AS fabric_name, f.region, f.zone "
    "FROM infiniband_partitions ip JOIN workspaces w ON w.id = ip.workspace_id JOIN fabrics f ON f.id = ip.fabric_id"_s;

// The columns a partition's JSON reads, looked up once per page rather than once per row.
struct PartitionColumns
{
    explicit PartitionColumns(const QSqlRecord& r)
        : id(r.indexOf(u"id"_s))
        , account(r.indexOf(u"account_id"_s))
        , workspace(r.indexOf(u"workspace"_s))
        , workspaceId(r.indexOf(u"workspace_id"_s))
        , name(r.indexOf(u"name"_s))
        , fabricId(r.indexOf(u"fabric_id"_s))
        , fabricName(r.indexOf(u"fabric_name"_s))
        , region(r.indexOf(u"region"_s))
        , zone(r.indexOf(u"zone"_s))
        , createdAt(r.indexOf(u"created_at"_s))
        , tags(r.indexOf(u"tags"_s))
    {}
    int id;
    int account;
    int workspace;
    int workspaceId;
    int name;
    int fabricId;
    int fabricName;
    int region;
    int zone;
    int createdAt;
    int tags;
};

// A partition as compact JSON, keys in sorted order; `tags` only when stored.
void appendPartition(QByteArray& out, const QSqlRecord& r, const PartitionColumns& c, qint64 instanceCount)
{
    using namespace jsonout;
    const QString account = r.value(c.account).toString();
    const QString workspace = r.value(c.workspace).toString();
    const QString name = r.value(c.name).toString();
    out.append("{\"availability_zone\":");
    appendString(out, r.value(c.zone).toString());
    out.append(",\"created_at\":");
    appendInteger(out, r.value(c.createdAt).toLongLong());
    out.append(",\"fabric\":");
    appendIdName(out, r.value(c.fabricId).toString(), r.value(c.fabricName).toString());
    out.append(",\"id\":");
    appendString(out, r.value(c.id).toString());
    out.append(",\"instance_count\":");
    appendInteger(out, instanceCount);
    out.append(",\"name\":");
    appendString(out, name);
    out.append(",\"object\":\"infiniband_partition\",\"owner\":");
    appendString(out, account);
    out.append(",\"region\":");
    appendString(out, r.value(c.region).toString());
    out.append(",\"resource_path\":");
    appendString(out, QString(u"sfc:infiniband_partition:"_s + account + u':' + workspace + u':' + name));
    if (const QVariant tags = r.value(c.tags); !tags.isNull()) {
        out.append(",\"tags\":");
        appendTags(out, tags, false);
    }
    out.append(",\"workspace\":");
    appendString(out, workspace);
    out.append(",\"workspace_id\":");
    appendString(out, r.value(c.workspaceId).toString());
    out.append('}');
}

} // namespace

QSqlRecord SimApi::findFabric(const QString& ref, const QString& field)
{
    const auto row = m_store.row(u"SELECT * FROM fabrics WHERE id = ? OR name = ?"_s, {ref, ref});
    if (!row) {
        const QString what = u"InfiniBand fabric %1 not found."_s.arg(ref);
        if (field.isEmpty())
            throw SimApiError::notFound(what);
        throw SimApiError(404, u"not_found"_s, what, {{field, u"not_found"_s, what}});
    }
    return *row;
}

QSqlRecord SimApi::findPartition(const QString& ref, const QString& workspaceRef)
{
    std::optional<QSqlRecord> row;
    static const QString live = u" AND ip.deleted_at IS NULL AND w.deleted_at IS NULL"_s;
    if (ref.startsWith(u"ibpart_"_s)) {
        row = m_store.row(partitionSelect + u" WHERE ip.id = ?"_s + live, {ref});
    } else if (const auto path = splitPath(u"infiniband_partition"_s, ref, true)) {
        const auto& [account, workspace, name] = *path;
        row =
            m_store.row(partitionSelect + u" WHERE w.account_id = ? AND w.name = ? AND ip.name = ?"_s + live,
                        {account, workspace, name});
    } else if (isValidName(ref)) {
        // A name resolves in the given workspace, or in the account's default one.
        QString workspaceId;
        if (workspaceRef.isEmpty()) {
            workspaceId =
                m_store
                    .scalar(u"SELECT id FROM workspaces WHERE account_id = ? AND name = 'default' AND "
                            "deleted_at IS NULL"_s,
                            {m_caller.account})
                    .toString();
        } else {
            workspaceId = readableWorkspace(workspaceRef, u"workspace"_s).value(u"id"_s).toString();
        }
        row = m_store.row(partitionSelect + u" WHERE ip.workspace_id = ? AND ip.name = ?"_s + live,
                          {workspaceId, ref});
    }
    if (!row || row->value(u"account_id"_s).toString() != m_caller.account
        || m_caller.level(row->value(u"workspace_id"_s).toString()) < 1)
        throw SimApiError::notFound(u"InfiniBand partition %1 not found."_s.arg(ref));
    return *row;
}

QJsonObject SimApi::fabricJson(const QSqlRecord& r)
{
    QJsonArray skus;
    for (const auto& s : m_store.rows(
             u"SELECT id, alias FROM instance_skus WHERE fabric_id = ? ORDER BY seq"_s, {r.value(u"id"_s)}))
        skus.append(QJsonObject{{u"object"_s, u"instance_sku"_s},
                                {u"id"_s, s.value(0).toString()},
                                {u"alias"_s, s.value(1).toString()}});
    return {{u"object"_s, u"infiniband_fabric"_s},
            {u"id"_s, r.value(u"id"_s).toString()},
            {u"name"_s, r.value(u"name"_s).toString()},
            {u"region"_s, r.value(u"region"_s).toString()},
            {u"availability_zone"_s, r.value(u"zone"_s).toString()},
            {u"instance_skus"_s, skus}};
}

QHash<QString, qint64> SimApi::attachedInstanceCounts(const QStringList& partitionIds)
{
    // Attached and not yet released, counting only what the caller can read.
    QHash<QString, qint64> counts;
    for (const auto& g : m_store.rows(
             u"SELECT partition_id, workspace_id, COUNT(*) FROM instances "
             "WHERE partition_id IN (SELECT value FROM json_each(?)) AND infiniband_released_at IS NULL "
             "AND deleted_at IS NULL GROUP BY partition_id, workspace_id"_s,
             {QString::fromUtf8(
                 QJsonDocument(QJsonArray::fromStringList(partitionIds)).toJson(QJsonDocument::Compact))})) {
        if (m_caller.level(g.value(1).toString()) >= 1)
            counts[g.value(0).toString()] += g.value(2).toLongLong();
    }
    return counts;
}

QJsonObject SimApi::partitionJson(const QSqlRecord& r)
{
    const QString id = r.value(u"id"_s).toString();
    return partitionJson(r, attachedInstanceCounts({id}).value(id));
}

QJsonObject SimApi::partitionJson(const QSqlRecord& r, qint64 instanceCount) const
{
    // One writer for a partition: the object of a single partition is what a list page writes.
    QByteArray out;
    appendPartition(out, r, PartitionColumns(r), instanceCount);
    return QJsonDocument::fromJson(out).object();
}

QJsonObject SimApi::storedPartitionJson(const QString& id)
{
    return partitionJson(*m_store.row(partitionSelect + u" WHERE ip.id = ?"_s, {id}));
}

QByteArray SimApi::partitionsPage(QueryReader& query, const QStringList& where, const QVariantList& binds)
{
    const PageRows found =
        pageRows(partitionSelect, where, binds, u"ip.seq"_s, true, query, u"ibpartc"_s, 50, 200);
    QByteArray items;
    if (!found.rows.isEmpty()) {
        const PartitionColumns columns(found.rows.first());
        QStringList pageIds;
        for (const auto& r : found.rows)
            pageIds.append(r.value(columns.id).toString());
        const QHash<QString, qint64> counts = attachedInstanceCounts(pageIds);
        items.reserve(found.rows.size() * 400);
        for (qsizetype i = 0; i < found.rows.size(); ++i) {
            if (i > 0)
                items.append(',');
            appendPartition(items, found.rows.at(i), columns, counts.value(pageIds.at(i)));
        }
    }
    return jsonout::list(found.cursor, items, found.hasMore);
}

} // namespace sfsim
