// SPDX-License-Identifier: Apache-2.0

// Pools: references, JSON with the allocation schedule, pages, and the reasons a pool cannot go.

#include "sim/resources/poolroom.h"

#include "sim/market/marketjson.h"
#include "sim/resources/accessrules.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simjsonwriter.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"

#include <QJsonDocument>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

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
    appendWorkspaceAndEnd(out, workspace, r.text(PoolWorkspaceId));
}

// A pool's resource path, or its legacy spelling sfc:capacity:…, as account, workspace and name.
std::optional<std::tuple<QString, QString, QString>> poolPath(const AccessRules& access, const QString& ref)
{
    if (auto path = access.splitPath(u"pool"_s, ref, true))
        return path;
    return access.splitPath(u"capacity"_s, ref, false);
}

} // namespace

QSqlRecord PoolRoom::findPool(const QString& ref, const QString& field)
{
    const QString id = canonicalId(ref, poolIds);
    std::optional<QSqlRecord> row;
    static const QString live = u" AND p.deleted_at IS NULL"_s;
    if (id.startsWith(u"pool_"_s)) {
        row = m_store.row(poolSelect + u" WHERE p.id = ?"_s + live, {id});
    } else if (const auto path = poolPath(m_res.access(), ref)) {
        const auto& [account, workspace, name] = *path;
        row = m_store.row(
            poolSelect + u" WHERE w.account_id = ? AND w.name = ? AND p.name = ? AND w.deleted_at IS NULL"_s
                + live,
            {account, workspace, name});
    } else if (isValidName(ref)) {
        row = m_store.row(poolSelect
                              + u" WHERE w.account_id = ? AND w.name = 'default' AND p.name = ? AND "
                                "w.deleted_at IS NULL"_s
                              + live,
                          {m_res.caller().account, ref});
    }
    if (!resourcerows::readable(m_res.caller(), row)) {
        throw resourcerows::notFound(u"Pool %1 not found."_s.arg(ref), field);
    }
    return *row;
}

qint64 PoolRoom::scheduleFrom(qint64 historyMinutes) const
{
    return m_res.now() - m_res.now() % 60 - historyMinutes * 60;
}

QJsonObject PoolRoom::poolJson(const QSqlRecord& r, qint64 historyMinutes)
{
    return poolJson(r, allocation::allocationSchedule(m_store, r.value(u"id"_s).toString(),
                                                      scheduleFrom(historyMinutes)));
}

QJsonObject PoolRoom::poolJson(const QSqlRecord& r, const QJsonObject& allocationSchedule) const
{
    // One writer for a pool: the object of a single pool is what a list page writes for it.
    QByteArray out;
    appendPool(out, SimRecordRow{r}, QJsonDocument(allocationSchedule).toJson(QJsonDocument::Compact));
    return QJsonDocument::fromJson(out).object();
}

QJsonObject PoolRoom::storedPoolJson(const QString& id)
{
    return poolJson(*m_store.row(poolSelect + u" WHERE p.id = ?"_s, {id}), 0);
}

QByteArray PoolRoom::poolsPage(QueryReader& query, const QStringList& where, const QVariantList& binds,
                               qint64 historyMinutes)
{
    return m_res.pages().writtenPage(
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
