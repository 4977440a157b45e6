// SPDX-License-Identifier: Apache-2.0

// What the route classes share about workspaces, users, instance SKUs, images and pools:
// references, writers, and pages of pools (the routes are in routes/).
#include "sim/market/marketjson.h"
#include "sim/simallocation.h"
#include "sim/simjsonwriter.h"
#include "sim/simresources.h"
#include "sim/simstore.h"

#include <QJsonDocument>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

const QString skuSelect =
    u"SELECT s.*, f.name AS fabric_name FROM instance_skus s LEFT JOIN fabrics f ON f.id = s.fabric_id"_s;
// Every column of a pool, named: a page reads them by position (PoolColumn).
// The pool's live procurements as its `procurements` JSON ([{id, name}] in creation order), as Qt
// writes it: names and ids need no escaping.
const QString poolSelect =
    u"SELECT p.seq, p.id, p.workspace_id, p.name, p.kind, p.created_at, p.tags, p.deleted_at, "
    "w.name AS workspace, w.account_id, (SELECT json_group_array(json_object('id', pr.id, 'name', pr.name)) "
    "FROM (SELECT id, name FROM procurements WHERE pool_id = p.id AND deleted_at IS NULL ORDER BY seq) pr) "
    "AS procurements FROM pools p JOIN workspaces w ON w.id = p.workspace_id"_s;
enum PoolColumn : int
{
    PoolSeq,
    PoolId,
    PoolWorkspaceId,
    PoolName,
    PoolKind,
    PoolCreatedAt,
    PoolTags,
    PoolDeletedAt,
    PoolWorkspace,
    PoolAccountId,
    PoolProcurements,
};
const QString imageSelect =
    u"SELECT im.*, w.name AS workspace, w.account_id FROM images im JOIN workspaces w ON w.id = im.workspace_id"_s;

QJsonObject property(const QJsonValue& value, const QString& display)
{
    return {{u"value"_s, value}, {u"display_value"_s, display}};
}

QString bytesDisplay(qint64 bytes)
{
    const qint64 gib = bytes / (1024ll * 1024 * 1024);
    if (gib >= 1024 && gib % 1024 != 0 && gib % 512 == 0)
        return QLocale::c().toString(static_cast<double>(gib) / 1024.0, 'f', 1) + u" TiB"_s;
    if (gib >= 1024 && gib % 1024 == 0)
        return QString::number(gib / 1024) + u" TiB"_s;
    return QLocale(QLocale::English).toString(gib) + u" GiB"_s;
}

// A pool as compact JSON, keys in sorted order; `schedule` is its allocation schedule, written
// (or jsonout::lateValue on a page). This is sfsim's one pool writer.
template <typename Row> void appendPool(QByteArray& out, const Row& r, QByteArrayView schedule)
{
    using namespace jsonout;
    const auto account = r.text(PoolAccountId);
    const auto workspace = r.text(PoolWorkspace);
    const auto name = r.text(PoolName);
    out.append("{\"allocation_schedule\":").append(schedule);
    out.append(",\"created_at\":");
    appendInteger(out, r.integer(PoolCreatedAt));
    out.append(",\"deployments\":[],\"id\":");
    appendUtf8(out, r.text(PoolId));
    out.append(",\"kind\":");
    appendUtf8(out, r.text(PoolKind));
    out.append(",\"name\":");
    appendUtf8(out, name);
    out.append(",\"object\":\"pool\",\"owner\":");
    appendUtf8(out, account);
    out.append(",\"procurements\":").append(r.text(PoolProcurements));
    out.append(",\"resource_path\":");
    appendResourcePath(out, "pool", account, workspace, name);
    // Tags are stored as Qt writes a compact object; an empty one is shown as null.
    out.append(",\"tags\":");
    const auto tags = r.text(PoolTags);
    if (r.isNull(PoolTags) || tags.isEmpty())
        out.append("null");
    else
        out.append(tags);
    out.append(",\"workspace\":");
    appendUtf8(out, workspace);
    out.append(",\"workspace_id\":");
    appendUtf8(out, r.text(PoolWorkspaceId));
    out.append('}');
}

} // namespace

// ---------------------------------------------------------------------------------------------
// References.

QSqlRecord SimResources::findSku(const QString& ref, const QString& field)
{
    const QString id = ref.startsWith(u"clus_"_s) ? u"isku"_s + ref.mid(4) : ref;
    auto row = m_store.row(skuSelect + u" WHERE s.id = ? OR s.alias = ?"_s, {id, ref});
    if (!row) {
        const QString what = u"Instance SKU %1 not found."_s.arg(ref);
        if (field.isEmpty())
            throw SimApiError::notFound(what);
        throw SimApiError(404, u"not_found"_s, what, {{field, u"not_found"_s, what}});
    }
    return *row;
}

QSqlRecord SimResources::findImage(const QString& ref, const QString& field)
{
    const QString id = ref.startsWith(u"vmi_"_s) ? u"image"_s + ref.mid(3) : ref;
    std::optional<QSqlRecord> row;
    if (id.startsWith(u"image_"_s)) {
        row = m_store.row(imageSelect + u" WHERE im.id = ? AND im.deleted_at IS NULL"_s, {id});
    } else if (const auto path = splitPath(u"image"_s, ref, false)) {
        const auto& [account, workspace, name] = *path;
        row = m_store.row(imageSelect
                              + u" WHERE w.account_id = ? AND w.name = ? AND im.name = ? "
                                "AND im.deleted_at IS NULL"_s,
                          {account, workspace, name});
    } else {
        // A bare name: the public images first, then the caller's.
        row = m_store.row(imageSelect
                              + u" WHERE im.name = ? AND (im.is_public = 1 OR w.account_id = ?) "
                                "AND im.deleted_at IS NULL ORDER BY im.is_public DESC LIMIT 1"_s,
                          {ref, m_caller.account});
    }
    const bool visible = row
                         && (row->value(u"is_public"_s).toBool()
                             || (row->value(u"account_id"_s).toString() == m_caller.account
                                 && m_caller.level(row->value(u"workspace_id"_s).toString()) >= 1));
    if (!visible) {
        const QString what = u"Image %1 not found."_s.arg(ref);
        if (field.isEmpty())
            throw SimApiError::notFound(what);
        throw SimApiError(404, u"not_found"_s, what, {{field, u"not_found"_s, what}});
    }
    return *row;
}

QSqlRecord SimResources::findLaunchableImage(const QString& ref, const QString& field)
{
    const QSqlRecord image = findImage(ref, field);
    const QString status = image.value(u"upload_status"_s).toString();
    if (status == u"completed"_s)
        return image;
    const QString name = image.value(u"name"_s).toString();
    const QString message =
        status == u"revoked"_s
            ? u"Image %1 is revoked: it cannot start new instances until it is reinstated."_s.arg(name)
            : u"Image %1 is %2: only a completed upload can start instances."_s.arg(name, status);
    throw SimApiError::unprocessable(
        message, {{field, status == u"revoked"_s ? u"image_revoked"_s : u"image_not_ready"_s, message}});
}

QSqlRecord SimResources::findPool(const QString& ref, const QString& field)
{
    const QString id = ref.startsWith(u"cap_"_s) ? u"pool"_s + ref.mid(3) : ref;
    std::optional<QSqlRecord> row;
    static const QString live = u" AND p.deleted_at IS NULL"_s;
    if (id.startsWith(u"pool_"_s)) {
        row = m_store.row(poolSelect + u" WHERE p.id = ?"_s + live, {id});
    } else if (const auto path = splitPath(u"pool"_s, ref, true)) {
        const auto& [account, workspace, name] = *path;
        row = m_store.row(
            poolSelect + u" WHERE w.account_id = ? AND w.name = ? AND p.name = ? AND w.deleted_at IS NULL"_s
                + live,
            {account, workspace, name});
    } else if (const auto legacy = splitPath(u"capacity"_s, ref, false)) {
        const auto& [account, workspace, name] = *legacy;
        row = m_store.row(
            poolSelect + u" WHERE w.account_id = ? AND w.name = ? AND p.name = ? AND w.deleted_at IS NULL"_s
                + live,
            {account, workspace, name});
    } else if (isValidName(ref)) {
        row = m_store.row(poolSelect
                              + u" WHERE w.account_id = ? AND w.name = 'default' AND p.name = ? AND "
                                "w.deleted_at IS NULL"_s
                              + live,
                          {m_caller.account, ref});
    }
    if (!row || row->value(u"account_id"_s).toString() != m_caller.account
        || m_caller.level(row->value(u"workspace_id"_s).toString()) < 1) {
        const QString what = u"Pool %1 not found."_s.arg(ref);
        if (field.isEmpty())
            throw SimApiError::notFound(what);
        throw SimApiError(404, u"not_found"_s, what, {{field, u"not_found"_s, what}});
    }
    return *row;
}

// ---------------------------------------------------------------------------------------------
// JSON.

QJsonObject SimResources::workspaceJson(const QSqlRecord& r) const
{
    const QString account = r.value(u"account_id"_s).toString();
    const QString name = r.value(u"name"_s).toString();
    return {{u"object"_s, u"workspace"_s},
            {u"id"_s, r.value(u"id"_s).toString()},
            {u"resource_path"_s, u"sfc:workspace:%1:%2"_s.arg(account, name)},
            {u"owner"_s, account},
            {u"name"_s, name},
            {u"created_at"_s, r.value(u"created_at"_s).toLongLong()}};
}

QJsonObject SimResources::userJson(const QSqlRecord& r) const
{
    const QString id = r.value(u"id"_s).toString();
    return {{u"object"_s, u"user"_s},
            {u"id"_s, id},
            {u"resource_path"_s, QString(u"sfc:user:"_s + id)},
            {u"created_at"_s, r.value(u"created_at"_s).toLongLong()},
            {u"email"_s, r.value(u"email"_s).toString()},
            {u"first_name"_s, r.value(u"first_name"_s).toString()},
            {u"last_name"_s, r.value(u"last_name"_s).toString()}};
}

QJsonObject SimResources::skuJson(const QSqlRecord& r) const
{
    const QString rdma = r.value(u"rdma_type"_s).toString();
    const qint64 accelerators = r.value(u"num_accelerators"_s).toLongLong();
    const bool ipv4 = r.value(u"supports_public_ipv4"_s).toBool();
    QJsonObject o{
        {u"object"_s, u"instance_sku"_s},
        {u"id"_s, r.value(u"id"_s).toString()},
        {u"alias"_s, r.value(u"alias"_s).toString()},
        {u"region"_s, property(r.value(u"region"_s).toString(), r.value(u"region"_s).toString())},
        {u"availability_zone"_s, property(r.value(u"zone"_s).toString(), r.value(u"zone"_s).toString())},
        {u"accelerator"_s,
         property(r.value(u"accelerator"_s).toString(), r.value(u"accelerator_display"_s).toString())},
        {u"form_factor"_s,
         property(r.value(u"form_factor"_s).toString(), r.value(u"form_factor"_s).toString().toUpper())},
        {u"rdma_type"_s,
         rdma.isEmpty() ? QJsonValue(QJsonValue::Null)
                        : QJsonValue(property(rdma, rdma == u"infiniband"_s ? u"InfiniBand"_s : u"RoCE"_s))},
        {u"num_accelerators"_s, property(accelerators, QString::number(accelerators))},
        {u"num_vcpus"_s, property(r.value(u"num_vcpus"_s).toLongLong(),
                                  QString::number(r.value(u"num_vcpus"_s).toLongLong()))},
        {u"memory"_s,
         property(r.value(u"memory"_s).toLongLong(), bytesDisplay(r.value(u"memory"_s).toLongLong()))},
        {u"local_storage"_s, property(r.value(u"local_storage"_s).toLongLong(),
                                      bytesDisplay(r.value(u"local_storage"_s).toLongLong()))},
        {u"supports_public_ipv4"_s, property(ipv4, ipv4 ? u"Yes"_s : u"No"_s)},
        {u"audience_hint"_s, r.value(u"audience_hint"_s).isNull()
                                 ? QJsonValue(QJsonValue::Null)
                                 : QJsonValue(r.value(u"audience_hint"_s).toString())},
    };
    const QString fabric = r.value(u"fabric_name"_s).toString();
    o.insert(u"infiniband_fabric"_s,
             fabric.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(property(fabric, fabric)));
    return o;
}

QJsonObject SimResources::imageJson(const QSqlRecord& r) const
{
    const QString account = r.value(u"account_id"_s).toString();
    const QString workspace = r.value(u"workspace"_s).toString();
    const QString name = r.value(u"name"_s).toString();
    const auto nullable = [&r](const QString& column) {
        const QString value = r.value(column).toString();
        return value.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(value);
    };
    return {{u"object"_s, u"image"_s},
            {u"id"_s, r.value(u"id"_s).toString()},
            {u"resource_path"_s, u"sfc:image:%1:%2:%3"_s.arg(account, workspace, name)},
            {u"owner"_s, account},
            {u"workspace"_s, workspace},
            {u"workspace_id"_s, r.value(u"workspace_id"_s).toString()},
            {u"name"_s, name},
            {u"is_public"_s, r.value(u"is_public"_s).toBool()},
            {u"upload_status"_s, r.value(u"upload_status"_s).toString()},
            {u"created_at"_s, r.value(u"created_at"_s).toLongLong()},
            {u"provider"_s, nullable(u"provider"_s)},
            {u"sha256"_s, nullable(u"sha256"_s)}};
}

qint64 SimResources::scheduleFrom(qint64 historyMinutes) const
{
    return m_now - m_now % 60 - historyMinutes * 60;
}

QJsonObject SimResources::poolJson(const QSqlRecord& r, qint64 historyMinutes)
{
    return poolJson(r, allocation::allocationSchedule(m_store, r.value(u"id"_s).toString(),
                                                      scheduleFrom(historyMinutes)));
}

QJsonObject SimResources::poolJson(const QSqlRecord& r, const QJsonObject& allocationSchedule) const
{
    // One writer for a pool: the object of a single pool is what a list page writes for it.
    QByteArray out;
    appendPool(out, SimRecordRow{r}, QJsonDocument(allocationSchedule).toJson(QJsonDocument::Compact));
    return QJsonDocument::fromJson(out).object();
}

// ---------------------------------------------------------------------------------------------
// The rows the catalog routes read.

const QString& SimResources::skuSelectSql()
{
    return skuSelect;
}

const QString& SimResources::imageSelectSql()
{
    return imageSelect;
}

// ---------------------------------------------------------------------------------------------
// Pools: the writer of a page and of one stored pool.

QJsonObject SimResources::storedPoolJson(const QString& id)
{
    return poolJson(*m_store.row(poolSelect + u" WHERE p.id = ?"_s, {id}), 0);
}

QByteArray SimResources::poolsPage(QueryReader& query, const QStringList& where, const QVariantList& binds,
                                   qint64 historyMinutes)
{
    return writtenPage(
        poolSelect, where, binds, u"p.seq"_s, PoolSeq, true, query, u"poolc"_s, 50, 200,
        [](QByteArray& out, const SimRow& row) {
            appendPool(out, row, QByteArrayView(&jsonout::lateValue, 1));
        },
        PoolId,
        [this, historyMinutes](const QStringList& ids) {
            // The page's schedules in one query, written as they are read.
            const QHash<QString, QByteArray> schedules =
                allocation::allocationScheduleTexts(m_store, ids, scheduleFrom(historyMinutes));
            // Most pools of a page never owned anything: one text for all of those.
            const QByteArray nothing = allocation::allocationScheduleText({}, 0);
            QList<QByteArray> written;
            written.reserve(ids.size());
            for (const QString& id : ids)
                written.append(schedules.value(id, nothing));
            return written;
        });
}

} // namespace sfsim
