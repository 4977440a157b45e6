// InfiniBand fabrics and partitions, per shared/contracts/INFINIBAND.md.
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
const QString flag = u"infiniband-preview"_s;

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

QVariant tagsColumn(const std::optional<QJsonObject>& tags)
{
    if (!tags)
        return QVariant(QMetaType(QMetaType::QString));
    return QString::fromUtf8(QJsonDocument(*tags).toJson(QJsonDocument::Compact));
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

ApiResponse SimApi::listFabrics(const SimApiRequest& request, const Params&)
{
    requireFlag(flag);
    QueryReader query(request.query);
    QStringList where;
    QVariantList binds;
    if (const auto region = query.string(u"region"_s)) {
        where.append(u"region = ?"_s);
        binds.append(*region);
    }
    if (const auto zone = query.string(u"availability_zone"_s)) {
        where.append(u"zone = ?"_s);
        binds.append(*zone);
    }
    return ApiResponse::ok(page(u"SELECT * FROM fabrics"_s, where, binds, u"seq"_s, false, query, u"ibfabc"_s,
                                50, 200, [this](const QSqlRecord& r) { return fabricJson(r); }));
}

ApiResponse SimApi::getFabric(const SimApiRequest&, const Params& params)
{
    requireFlag(flag);
    return ApiResponse::ok(fabricJson(findFabric(params.at(0))));
}

ApiResponse SimApi::createPartition(const SimApiRequest& request, const Params&)
{
    requireFlag(flag);
    BodyReader body = BodyReader::parse(request.body);
    const auto workspace = body.string(u"workspace"_s, true, 512);
    const auto name = body.name(u"name"_s, true);
    const auto fabricRef = body.string(u"fabric"_s, false, 255);
    const auto region = body.string(u"region"_s, false, 64);
    const auto zone = body.string(u"availability_zone"_s, false, 64);
    const auto tags = body.tags(u"tags"_s);
    body.finish();
    const QSqlRecord ws = readableWorkspace(*workspace, u"workspace"_s);
    const QString workspaceId = ws.value(u"id"_s).toString();
    requireWrite(workspaceId);

    const bool hasLocation = region || zone;
    if (fabricRef && hasLocation)
        throw SimApiError::unprocessable(
            u"Give either fabric or region and availability_zone, not both."_s,
            {{u"fabric"_s, u"fabric_and_location"_s,
              u"Give either fabric or region and availability_zone, not both."_s}});
    if (!fabricRef && !(region && zone))
        throw SimApiError::unprocessable(
            u"Give fabric, or region and availability_zone."_s,
            {{!hasLocation ? u"fabric"_s : (region ? u"availability_zone"_s : u"region"_s),
              u"missing_location"_s, u"Give fabric, or region and availability_zone."_s}});
    QSqlRecord fabric;
    if (fabricRef) {
        fabric = findFabric(*fabricRef, u"fabric"_s);
    } else {
        const auto fabrics = m_store.rows(
            u"SELECT * FROM fabrics WHERE region = ? AND zone = ? ORDER BY seq"_s, {*region, *zone});
        if (fabrics.isEmpty())
            throw SimApiError(404, u"not_found"_s, u"No InfiniBand fabric in %1-%2."_s.arg(*region, *zone),
                              {{u"availability_zone"_s, u"not_found"_s,
                                u"No InfiniBand fabric in %1-%2."_s.arg(*region, *zone)}});
        if (fabrics.size() > 1) {
            QList<ErrorDetail> details;
            for (const auto& f : fabrics) {
                QStringList skus;
                for (const auto& s :
                     m_store.rows(u"SELECT alias FROM instance_skus WHERE fabric_id = ? ORDER BY seq"_s,
                                  {f.value(u"id"_s)}))
                    skus.append(s.value(0).toString());
                details.append({u"fabric"_s, u"ambiguous_zone"_s,
                                u"%1 (%2): SKUs %3"_s.arg(f.value(u"name"_s).toString(),
                                                          f.value(u"id"_s).toString(), skus.join(u", "_s))});
            }
            throw SimApiError::unprocessable(
                u"Zone %1-%2 holds %3 fabrics; choose one with fabric."_s.arg(*region, *zone)
                    .arg(fabrics.size()),
                details);
        }
        fabric = fabrics.first();
    }
    if (m_store.row(
            u"SELECT 1 FROM infiniband_partitions WHERE workspace_id = ? AND name = ? AND deleted_at IS NULL"_s,
            {workspaceId, *name}))
        throw SimApiError::conflict(
            u"A partition named %1 already exists in workspace %2."_s.arg(*name,
                                                                          ws.value(u"name"_s).toString()),
            {{u"name"_s, u"name_taken"_s,
              u"A partition named %1 already exists in this workspace."_s.arg(*name)}});
    const QString id = m_ids.make(u"ibpart"_s);
    m_store.exec(
        u"INSERT INTO infiniband_partitions(id, workspace_id, name, fabric_id, created_at, tags) VALUES(?, ?, ?, ?, ?, ?)"_s,
        {id, workspaceId, *name, fabric.value(u"id"_s), m_now, tagsColumn(tags)});
    return ApiResponse::created(partitionJson(*m_store.row(partitionSelect + u" WHERE ip.id = ?"_s, {id})));
}

ApiResponse SimApi::listPartitions(const SimApiRequest& request, const Params&)
{
    requireFlag(flag);
    QueryReader query(request.query);
    QStringList where{u"ip.deleted_at IS NULL"_s, u"w.deleted_at IS NULL"_s};
    QVariantList binds;
    const auto workspace = query.string(u"workspace"_s);
    if (workspace) {
        where.append(u"ip.workspace_id = ?"_s);
        binds.append(readableWorkspace(*workspace, u"workspace"_s).value(u"id"_s));
    } else {
        where.append(readableWorkspacesCondition(u"ip.workspace_id"_s, binds));
    }
    if (const auto fabric = query.string(u"fabric"_s)) {
        const auto row =
            m_store.row(u"SELECT id FROM fabrics WHERE id = ? OR name = ?"_s, {*fabric, *fabric});
        where.append(u"ip.fabric_id = ?"_s);
        binds.append(row ? row->value(0).toString() : QString());
    }
    if (const auto region = query.string(u"region"_s)) {
        where.append(u"f.region = ?"_s);
        binds.append(*region);
    }
    if (const auto zone = query.string(u"availability_zone"_s)) {
        where.append(u"f.zone = ?"_s);
        binds.append(*zone);
    }
    const QStringList ids = query.list(u"id"_s);
    if (!ids.isEmpty()) {
        QStringList marks;
        for (const auto& ref : ids) {
            marks.append(u"?"_s);
            try {
                binds.append(findPartition(ref, workspace.value_or(QString())).value(u"id"_s));
            } catch (const SimApiError&) {
                binds.append(QString());
            }
        }
        where.append(u"ip.id IN ("_s + marks.join(u", "_s) + u')');
    }
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
    return ApiResponse::okJson(jsonout::list(found.cursor, items, found.hasMore));
}

ApiResponse SimApi::getPartition(const SimApiRequest& request, const Params& params)
{
    requireFlag(flag);
    QueryReader query(request.query);
    return ApiResponse::ok(
        partitionJson(findPartition(params.at(0), query.string(u"workspace"_s).value_or(QString()))));
}

ApiResponse SimApi::patchPartition(const SimApiRequest& request, const Params& params)
{
    requireFlag(flag);
    QueryReader query(request.query);
    const QSqlRecord partition =
        findPartition(params.at(0), query.string(u"workspace"_s).value_or(QString()));
    BodyReader body = BodyReader::parse(request.body);
    const auto name = body.name(u"name"_s, false);
    const auto tags = body.tags(u"tags"_s);
    body.finish();
    const QString id = partition.value(u"id"_s).toString();
    requireWrite(partition.value(u"workspace_id"_s).toString());
    if (name && *name != partition.value(u"name"_s).toString()) {
        if (m_store.row(
                u"SELECT 1 FROM infiniband_partitions WHERE workspace_id = ? AND name = ? AND deleted_at IS NULL"_s,
                {partition.value(u"workspace_id"_s), *name}))
            throw SimApiError::conflict(
                u"A partition named %1 already exists in this workspace."_s.arg(*name),
                {{u"name"_s, u"name_taken"_s, u"A partition named %1 already exists."_s.arg(*name)}});
        m_store.exec(u"UPDATE infiniband_partitions SET name = ? WHERE id = ?"_s, {*name, id});
    }
    if (body.has(u"tags"_s))
        m_store.exec(u"UPDATE infiniband_partitions SET tags = ? WHERE id = ?"_s, {tagsColumn(tags), id});
    return ApiResponse::ok(partitionJson(*m_store.row(partitionSelect + u" WHERE ip.id = ?"_s, {id})));
}

ApiResponse SimApi::partitionInstances(const SimApiRequest& request, const Params& params)
{
    requireFlag(flag);
    QueryReader query(request.query);
    const QSqlRecord partition =
        findPartition(params.at(0), query.string(u"workspace"_s).value_or(QString()));
    QVariantList binds{partition.value(u"id"_s)};
    QStringList where{u"i.partition_id = ?"_s, u"i.infiniband_released_at IS NULL"_s,
                      u"i.deleted_at IS NULL"_s};
    where.append(readableWorkspacesCondition(u"i.workspace_id"_s, binds));
    return ApiResponse::okJson(instancesPage(query, where, binds, false));
}

ApiResponse SimApi::deletePartition(const SimApiRequest& request, const Params& params)
{
    requireFlag(flag);
    QueryReader query(request.query);
    const QSqlRecord partition =
        findPartition(params.at(0), query.string(u"workspace"_s).value_or(QString()));
    requireWrite(partition.value(u"workspace_id"_s).toString());
    QList<ErrorDetail> details;
    qint64 unreadable = 0;
    for (const auto& r :
         m_store.rows(u"SELECT id, workspace_id, status, deleted_at FROM instances WHERE partition_id = ? "
                      "AND infiniband_released_at IS NULL ORDER BY seq"_s,
                      {partition.value(u"id"_s)})) {
        const QString id = r.value(0).toString();
        if (m_caller.level(r.value(1).toString()) < 1) {
            ++unreadable;
            continue;
        }
        const QString status = r.value(2).toString();
        if (status == u"terminated"_s || status == u"failed"_s)
            details.append({{},
                            u"pending_release"_s,
                            u"%1 is terminated; its node has not released the partition yet"_s.arg(id)});
        else
            details.append({{}, u"attached_instance"_s, u"%1 is attached"_s.arg(id)});
    }
    if (unreadable > 0)
        details.append(
            {{}, u"unreadable_instance"_s, u"%1 attached instances you cannot read"_s.arg(unreadable)});
    if (!details.isEmpty())
        throw SimApiError::conflict(u"Partition has attached instances."_s, details);
    m_store.exec(u"UPDATE infiniband_partitions SET deleted_at = ? WHERE id = ?"_s,
                 {m_now, partition.value(u"id"_s)});
    return ApiResponse::noContent();
}

} // namespace sfsim
