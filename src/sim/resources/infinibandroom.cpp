// SPDX-License-Identifier: Apache-2.0

// InfiniBand fabrics and partitions, per shared/contracts/INFINIBAND.md: references, the partition
// writer and pages (the routes are routes/infinibandroutes).
#include "sim/resources/simjsonwriter.h"

#include "common/constvalue.h"
#include "sim/resources/infinibandroom.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

namespace {

// Every column of a partition, named: a page reads them by position (PartitionColumn).
const QString partitionSelect =
    u"SELECT ip.seq, ip.id, ip.workspace_id, ip.name, ip.fabric_id, ip.created_at, ip.tags, ip.deleted_at, "
    "w.name AS workspace, w.account_id, f.name AS fabric_name, f.region, f.zone "
    "FROM infiniband_partitions ip JOIN workspaces w ON w.id = ip.workspace_id JOIN fabrics f ON f.id = ip.fabric_id"_s;
enum PartitionColumn : int
{
    PartitionSeq,
    PartitionId,
    PartitionWorkspaceId,
    PartitionName,
    PartitionFabricId,
    PartitionCreatedAt,
    PartitionTags,
    PartitionDeletedAt,
    PartitionWorkspace,
    PartitionAccountId,
    PartitionFabricName,
    PartitionRegion,
    PartitionZone,
};

// A partition as compact JSON, keys in sorted order; `tags` only when stored; `instanceCount`
// written (or jsonout::lateValue on a page). This is sfsim's one partition writer.
template <typename Row> void appendPartition(QByteArray& out, const Row& r, QByteArrayView instanceCount)
{
    using namespace jsonout;
    const auto account = r.text(PartitionAccountId);
    const auto workspace = r.text(PartitionWorkspace);
    const auto name = r.text(PartitionName);
    out.append("{\"availability_zone\":");
    appendUtf8(out, r.text(PartitionZone));
    out.append(",\"created_at\":");
    appendInteger(out, r.integer(PartitionCreatedAt));
    out.append(",\"fabric\":{\"id\":");
    appendUtf8(out, r.text(PartitionFabricId));
    out.append(",\"name\":");
    appendUtf8(out, r.text(PartitionFabricName));
    out.append("},\"id\":");
    appendUtf8(out, r.text(PartitionId));
    out.append(",\"instance_count\":").append(instanceCount);
    out.append(",\"name\":");
    appendUtf8(out, name);
    out.append(",\"object\":\"infiniband_partition\",\"owner\":");
    appendUtf8(out, account);
    out.append(",\"region\":");
    appendUtf8(out, r.text(PartitionRegion));
    out.append(",\"resource_path\":");
    appendResourcePath(out, "infiniband_partition", account, workspace, name);
    // Tags are stored as Qt writes a compact object, which is what the answer carries.
    if (!r.isNull(PartitionTags))
        out.append(",\"tags\":").append(r.text(PartitionTags));
    appendWorkspaceAndEnd(out, workspace, r.text(PartitionWorkspaceId));
}

} // namespace

QSqlRecord InfinibandRoom::findFabric(const QString& ref, const QString& field)
{
    const auto row = m_store.row(u"SELECT * FROM fabrics WHERE id = ? OR name = ?"_s, {ref, ref});
    if (!row) {
        throw resourcerows::notFound(u"InfiniBand fabric %1 not found."_s.arg(ref), field);
    }
    return *row;
}

QSqlRecord InfinibandRoom::findPartition(const QString& ref, const QString& workspaceRef)
{
    std::optional<QSqlRecord> row;
    static const QString live = u" AND ip.deleted_at IS NULL AND w.deleted_at IS NULL"_s;
    if (ref.startsWith(u"ibpart_"_s)) {
        row = m_store.row(partitionSelect + u" WHERE ip.id = ?"_s + live, {ref});
    } else if (const auto path = m_res.access().splitPath(u"infiniband_partition"_s, ref, true)) {
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
                            {m_res.caller().account})
                    .toString();
        } else {
            workspaceId =
                m_res.access().readableWorkspace(workspaceRef, u"workspace"_s).value(u"id"_s).toString();
        }
        row = m_store.row(partitionSelect + u" WHERE ip.workspace_id = ? AND ip.name = ?"_s + live,
                          {workspaceId, ref});
    }
    if (!resourcerows::readable(m_res.caller(), row))
        throw SimApiError::notFound(u"InfiniBand partition %1 not found."_s.arg(ref));
    return *row;
}

QSqlRecord InfinibandRoom::writablePartition(const QString& ref, const QString& workspaceId)
{
    QSqlRecord partition = findPartition(ref, workspaceId);
    m_res.access().requireWrite(partition.value(u"workspace_id"_s).toString());
    return partition;
}

std::optional<sfdesk::FieldError> InfinibandRoom::fabricMismatch(const QSqlRecord& partition,
                                                                 const QSqlRecord& sku)
{
    if (partition.value(u"fabric_id"_s).toString() == sku.value(u"fabric_id"_s).toString())
        return std::nullopt;
    return sfdesk::FieldError{u"infiniband_partition"_s, u"fabric_mismatch"_s,
                              u"Partition %1 is on fabric %2, but instance SKU %3 is on fabric %4."_s.arg(
                                  partition.value(u"name"_s).toString(),
                                  partition.value(u"fabric_name"_s).toString(),
                                  sku.value(u"alias"_s).toString(), sku.value(u"fabric_name"_s).toString())};
}

QJsonObject InfinibandRoom::fabricJson(const QSqlRecord& r)
{
    QJsonArray skus;
    for (const auto& s : constValue(m_store.rows(
             u"SELECT id, alias FROM instance_skus WHERE fabric_id = ? ORDER BY seq"_s, {r.value(u"id"_s)})))
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

QHash<QString, qint64> InfinibandRoom::attachedInstanceCounts(const QStringList& partitionIds)
{
    // Attached and not yet released, counting only what the caller can read. The counts are kept
    // per partition and workspace as instances change (partition_instance_counts), so reading them
    // costs the partitions, not their instances.
    QHash<QString, qint64> counts;
    const QVariantList ids{QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(partitionIds)).toJson(QJsonDocument::Compact))};
    static const QString counted =
        u"FROM partition_instance_counts WHERE partition_id IN (SELECT value FROM json_each(?))"_s;
    if (m_res.caller().accountLevel >= 1) {
        // Whoever reads the whole account reads every instance a partition of it can hold.
        m_store.forEachRow(
            u"SELECT partition_id, SUM(attached) "_s + counted + u" GROUP BY partition_id"_s, ids,
            [&counts](const SimRow& g) { counts.insert(QString::fromUtf8(g.text(0)), g.integer(1)); });
        return counts;
    }
    m_store.forEachRow(u"SELECT partition_id, workspace_id, attached "_s + counted, ids,
                       [this, &counts](const SimRow& g) {
                           if (m_res.caller().level(QString::fromUtf8(g.text(1))) >= 1)
                               counts[QString::fromUtf8(g.text(0))] += g.integer(2);
                       });
    return counts;
}

QJsonObject InfinibandRoom::partitionJson(const QSqlRecord& r)
{
    const QString id = r.value(u"id"_s).toString();
    return partitionJson(r, attachedInstanceCounts({id}).value(id));
}

QJsonObject InfinibandRoom::partitionJson(const QSqlRecord& r, qint64 instanceCount) const
{
    // One writer for a partition: the object of a single partition is what a list page writes.
    QByteArray out;
    appendPartition(out, SimRecordRow{r}, QByteArray::number(instanceCount));
    return QJsonDocument::fromJson(out).object();
}

QJsonObject InfinibandRoom::storedPartitionJson(const QString& id)
{
    return partitionJson(*m_store.row(partitionSelect + u" WHERE ip.id = ?"_s, {id}));
}

QByteArray InfinibandRoom::partitionsPage(QueryReader& query, const QStringList& where,
                                          const QVariantList& binds)
{
    return m_res.pages().writtenPage(
        partitionSelect, where, binds, u"ip.seq"_s, PartitionSeq, true, query, u"ibpartc"_s, 50, 200,
        [](QByteArray& out, const SimRow& row) {
            appendPartition(out, row, QByteArrayView(&jsonout::lateValue, 1));
        },
        PartitionId,
        [this](const QStringList& ids) {
            // The page's instance counts in one query.
            const QHash<QString, qint64> counts = attachedInstanceCounts(ids);
            QList<QByteArray> written;
            written.reserve(ids.size());
            for (const QString& id : ids)
                written.append(QByteArray::number(counts.value(id)));
            return written;
        });
}

} // namespace sfsim
