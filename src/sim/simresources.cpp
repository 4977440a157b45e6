// SPDX-License-Identifier: Apache-2.0

#include "sim/simresources.h"

#include "common/constvalue.h"
#include "sim/simallocation.h"
#include "sim/simjsonwriter.h"
#include "sim/simstore.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

SimResources::SimResources(SimStore& store, const SimOptions& options, SimClock& clock)
    : m_store(store)
    , m_options(options)
    , m_clock(clock)
{
    // A deployment keeps instances in its pool: delete it first.
    addPoolDeleteGuard([](SimStore& s, const QString& poolId, qint64) {
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

SimResources::~SimResources()
{
    m_store.setRollbackHook({});
}

void SimResources::beginRequest(const Caller& caller, qint64 now)
{
    m_caller = caller;
    m_now = now;
}

void SimResources::startWorld()
{
    m_clockHighWater = m_now;
    initializeMarket();
    m_store.setMeta(u"clock"_s, QString::number(m_clockHighWater));
}

// ---------------------------------------------------------------------------------------------
// Time: releases of InfiniBand partitions and the allocation of pools follow the virtual clock.

void SimResources::advanceWorld()
{
    if (m_now >= m_clockHighWater + 60 || m_now < m_clockHighWater) {
        m_clockHighWater = qMax(m_now, m_clockHighWater);
        m_store.setMeta(u"clock"_s, QString::number(m_clockHighWater));
    }
    m_store.exec(
        u"UPDATE instances SET infiniband_released_at = terminated_at + ? "
        "WHERE partition_id IS NOT NULL AND infiniband_released_at IS NULL AND terminated_at IS NOT NULL "
        "AND terminated_at <= ?"_s,
        {m_options.ibReleaseSeconds, m_now - m_options.ibReleaseSeconds});
    // Fills change allocations, so the market moves before instances follow them.
    advanceMarket();
    if (m_now >= m_nextReconcileAt)
        reconcile();
    // Deployments follow what the instances did: replace the terminated, buy, scale.
    reconcileDeployments();
}

void SimResources::reconcile(const QString& poolId, const QString& skuId)
{
    static const QString rank =
        u"CASE priority_level WHEN 'yield' THEN 0 WHEN 'normal' THEN 1 WHEN 'preferred' THEN 2 ELSE 3 END"_s;
    QList<std::tuple<QString, QString, qint64, qint64>> groups;
    if (poolId.isEmpty()) {
        for (
            const auto& r : constValue(m_store.rows(
                u"SELECT pool_id, instance_sku_id, SUM(status = 'running'), SUM(status = "
                u"'awaiting_allocation') "
                "FROM instances WHERE status IN ('running', 'awaiting_allocation') GROUP BY pool_id, instance_sku_id"_s)))
            groups.append({r.value(0).toString(), r.value(1).toString(), r.value(2).toLongLong(),
                           r.value(3).toLongLong()});
    } else {
        const auto r =
            m_store.row(u"SELECT SUM(status = 'running'), SUM(status = 'awaiting_allocation') FROM instances "
                        "WHERE pool_id = ? AND instance_sku_id = ? AND status IN ('running', "
                        "'awaiting_allocation')"_s,
                        {poolId, skuId});
        groups.append({poolId, skuId, r ? r->value(0).toLongLong() : 0, r ? r->value(1).toLongLong() : 0});
    }
    for (const auto& [pool, sku, running, waiting] : groups) {
        const qint64 allocated = allocation::allocatedNow(m_store, pool, sku, m_now);
        if (running > allocated) {
            // Allocation ran out: the lowest priority goes first, newest first within a level.
            m_store.exec(u"UPDATE instances SET status = 'terminated', terminated_at = ?, updated_at = ?, "
                         u"public_ip = NULL "
                         "WHERE id IN (SELECT id FROM instances WHERE pool_id = ? AND instance_sku_id = ? "
                         "AND status = "
                         "'running' ORDER BY "_s
                             + rank + u" ASC, seq DESC LIMIT ?)"_s,
                         {m_now, m_now, pool, sku, running - allocated});
        } else if (waiting > 0 && running < allocated) {
            m_store.exec(
                u"UPDATE instances SET status = 'running', running_at = ?, updated_at = ?, "
                "public_ip = CASE WHEN enable_public_ipv4 THEN '203.0.113.' || (seq % 250 + 1) ELSE NULL END "
                "WHERE id IN (SELECT id FROM instances WHERE pool_id = ? AND instance_sku_id = ? AND status "
                "= "
                "'awaiting_allocation' ORDER BY "_s
                    + rank + u" DESC, seq ASC LIMIT ?)"_s,
                {m_now, m_now, pool, sku, qMin(waiting, allocated - running)});
        }
    }
    if (poolId.isEmpty())
        m_nextReconcileAt =
            allocation::nextBoundary(m_store, m_now).value_or(std::numeric_limits<qint64>::max());
}

void SimResources::advanceClockBy(qint64 seconds)
{
    m_clock.advance(seconds);
    m_now = m_clock.now();
    advanceWorld();
    reconcile();
    reconcileDeployments();
}

// ---------------------------------------------------------------------------------------------
// Access rules.

bool SimResources::flagEnrolled(const QString& account, const QString& flag)
{
    return m_store
        .scalar(u"SELECT enrolled FROM flag_enrollments WHERE flag = ? AND account_id = ?"_s, {flag, account})
        .toBool();
}

void SimResources::requireFlag(const QString& flag)
{
    if (!flagEnrolled(m_caller.account, flag))
        throw SimApiError::forbidden(u"Feature not enabled."_s);
}

void SimResources::requireAccountWrite()
{
    if (m_caller.accountLevel < 2)
        throw SimApiError::forbidden(u"This token has no account-wide write permission."_s);
}

void SimResources::requireWrite(const QString& workspaceId)
{
    if (m_caller.level(workspaceId) < 2)
        throw SimApiError::forbidden(u"This token has no write permission in this workspace."_s);
}

std::optional<std::tuple<QString, QString, QString>>
SimResources::splitPath(const QString& type, const QString& ref, bool allowSlash) const
{
    const QString head = u"sfc:"_s + type + u':';
    if (ref.startsWith(head)) {
        const QStringList p = ref.mid(head.size()).split(u':');
        if (p.size() == 3 && !p.contains(QString()))
            return std::tuple{p.at(0), p.at(1), p.at(2)};
        return std::nullopt;
    }
    if (allowSlash && ref.count(u'/') == 2) {
        const QStringList p = ref.split(u'/');
        if (!p.contains(QString()))
            return std::tuple{p.at(0), p.at(1), p.at(2)};
    }
    return std::nullopt;
}

QSqlRecord SimResources::readableWorkspace(const QString& ref, const QString& field)
{
    std::optional<QSqlRecord> row;
    static const QString select = u"SELECT * FROM workspaces WHERE deleted_at IS NULL AND "_s;
    if (ref.startsWith(u"wksp_"_s)) {
        row = m_store.row(select + u"id = ?"_s, {ref});
    } else if (ref.startsWith(u"sfc:workspace:"_s)) {
        const QStringList p = ref.mid(14).split(u':');
        if (p.size() == 2)
            row = m_store.row(select + u"account_id = ? AND name = ?"_s, {p.at(0), p.at(1)});
    } else if (isValidName(ref)) {
        row = m_store.row(select + u"account_id = ? AND name = ?"_s, {m_caller.account, ref});
    }
    if (!row || row->value(u"account_id"_s).toString() != m_caller.account
        || m_caller.level(row->value(u"id"_s).toString()) < 1) {
        const QString what = u"Workspace %1 not found."_s.arg(ref);
        if (field.isEmpty())
            throw SimApiError::notFound(what);
        throw SimApiError(404, u"not_found"_s, what, {{field, u"not_found"_s, what}});
    }
    return *row;
}

QString SimResources::readableWorkspacesCondition(const QString& column, QVariantList& binds) const
{
    // The unary + keeps SQLite from using a workspace index here, so that a list walks its rows
    // in seq order and stops at the limit instead of sorting every row of the account.
    if (m_caller.accountLevel >= 1) {
        binds.append(m_caller.account);
        return u"+"_s + column
               + u" IN (SELECT id FROM workspaces WHERE account_id = ? AND deleted_at IS NULL)"_s;
    }
    QStringList marks;
    for (auto it = m_caller.workspaceLevels.cbegin(); it != m_caller.workspaceLevels.cend(); ++it) {
        if (it.value() >= 1) {
            marks.append(u"?"_s);
            binds.append(it.key());
        }
    }
    if (marks.isEmpty())
        return u"0"_s;
    return u"+"_s + column + u" IN ("_s + marks.join(u", "_s) + u')';
}

// ---------------------------------------------------------------------------------------------
// Lists.

SimResources::PageQuery SimResources::pageQuery(const QString& select, QStringList where, QVariantList binds,
                                                const QString& seqColumn, bool newestFirst,
                                                QueryReader& query, const QString& cursorPrefix,
                                                int defaultLimit, int maxLimit)
{
    PageQuery page;
    page.limit = query.limit(defaultLimit, maxLimit);
    const auto after = query.string(u"starting_after"_s);
    const auto before = query.string(u"ending_before"_s);
    if (after && before)
        query.addError(u"ending_before"_s, u"conflicting_cursors"_s,
                       u"Pass starting_after or ending_before, not both."_s);
    for (const auto& [key, value] :
         {std::pair{u"starting_after"_s, after}, std::pair{u"ending_before"_s, before}}) {
        if (!value)
            continue;
        const auto seq = decodeCursor(cursorPrefix, *value);
        if (!seq) {
            query.addError(key, u"invalid_cursor"_s,
                           u"%1 is not a cursor of this list (expected %2_...)."_s.arg(key, cursorPrefix));
            continue;
        }
        page.backwards = key == u"ending_before"_s;
        // Forward means older rows when newest first; backwards is the other direction.
        const bool lower = newestFirst != page.backwards;
        where.append(seqColumn + (lower ? u" < ?"_s : u" > ?"_s));
        binds.append(*seq);
    }
    query.finish();
    const bool descending = newestFirst != page.backwards;
    page.sql = select;
    if (!where.isEmpty())
        page.sql += u" WHERE "_s + where.join(u" AND "_s);
    page.sql += u" ORDER BY "_s + seqColumn + (descending ? u" DESC"_s : u" ASC"_s) + u" LIMIT ?"_s;
    binds.append(page.limit + 1);
    page.binds = std::move(binds);
    return page;
}

SimResources::PageRows SimResources::pageRows(const QString& select, QStringList where, QVariantList binds,
                                              const QString& seqColumn, bool newestFirst, QueryReader& query,
                                              const QString& cursorPrefix, int defaultLimit, int maxLimit)
{
    const PageQuery q = pageQuery(select, std::move(where), std::move(binds), seqColumn, newestFirst, query,
                                  cursorPrefix, defaultLimit, maxLimit);
    PageRows page;
    page.rows = m_store.rows(q.sql, q.binds);
    page.hasMore = page.rows.size() > q.limit;
    if (page.hasMore)
        page.rows.removeLast();
    if (q.backwards)
        std::reverse(page.rows.begin(), page.rows.end());
    page.cursor = QJsonValue(QJsonValue::Null);
    if (!page.rows.isEmpty()) {
        const auto& edge = q.backwards ? page.rows.first() : page.rows.last();
        page.cursor = encodeCursor(cursorPrefix, edge.value(u"seq"_s).toLongLong());
    }
    return page;
}

QByteArray SimResources::writtenPage(const QString& select, QStringList where, QVariantList binds,
                                     const QString& seqColumn, int seqIndex, bool newestFirst,
                                     QueryReader& query, const QString& cursorPrefix, int defaultLimit,
                                     int maxLimit,
                                     const std::function<void(QByteArray&, const SimRow&)>& write,
                                     int idIndex, const LateValues& lateValues)
{
    const PageQuery q = pageQuery(select, std::move(where), std::move(binds), seqColumn, newestFirst, query,
                                  cursorPrefix, defaultLimit, maxLimit);
    QByteArray items;
    items.reserve(qsizetype(q.limit) * 1024);
    // Backwards pages are read in the other order: where each item lies, to turn them round.
    QList<std::pair<qsizetype, qsizetype>> spans;
    QStringList ids;
    int written = 0;
    bool hasMore = false;
    qint64 edgeSeq = 0;
    m_store.forEachRow(q.sql, q.binds, [&](const SimRow& row) {
        if (written == q.limit) {
            hasMore = true;
            return;
        }
        if (written > 0 && !q.backwards)
            items.append(',');
        const qsizetype start = items.size();
        write(items, row);
        spans.append({start, items.size()});
        edgeSeq = row.integer(seqIndex);
        if (lateValues)
            ids.append(QString::fromUtf8(row.text(idIndex)));
        ++written;
    });
    if (lateValues && written > 0) {
        // Each item holds one marker, and a marker is nowhere else: written strings escape it.
        const QList<QByteArray> values = lateValues(ids);
        QByteArray filled;
        filled.reserve(items.size() + written * 64);
        qsizetype from = 0;
        for (qsizetype i = 0; i < spans.size(); ++i) {
            const qsizetype at = items.indexOf(jsonout::lateValue, spans.at(i).first);
            Q_ASSERT(at >= 0 && at < spans.at(i).second);
            const qsizetype shift = filled.size() - from;
            filled.append(QByteArrayView(items).sliced(from, at - from)).append(values.value(i, "null"));
            from = at + 1;
            spans[i] = {spans.at(i).first + shift,
                        spans.at(i).second + shift + values.value(i, "null").size() - 1};
        }
        filled.append(QByteArrayView(items).sliced(from));
        items = std::move(filled);
    }
    if (q.backwards) {
        QByteArray reversed;
        reversed.reserve(items.size() + spans.size());
        for (auto span = spans.crbegin(); span != spans.crend(); ++span) {
            if (!reversed.isEmpty())
                reversed.append(',');
            reversed.append(QByteArrayView(items).sliced(span->first, span->second - span->first));
        }
        items = std::move(reversed);
    }
    const QJsonValue cursor = written > 0 ? QJsonValue(encodeCursor(cursorPrefix, edgeSeq)) : QJsonValue();
    return jsonout::list(cursor, items, hasMore);
}

QJsonObject SimResources::page(const QString& select, QStringList where, QVariantList binds,
                               const QString& seqColumn, bool newestFirst, QueryReader& query,
                               const QString& cursorPrefix, int defaultLimit, int maxLimit,
                               const std::function<QJsonObject(const QSqlRecord&)>& toJson,
                               const PagePrefetch& prefetch)
{
    const PageRows found = pageRows(select, std::move(where), std::move(binds), seqColumn, newestFirst, query,
                                    cursorPrefix, defaultLimit, maxLimit);
    if (prefetch && !found.rows.isEmpty())
        prefetch(found.rows);
    QJsonArray data;
    for (const auto& r : found.rows)
        data.append(toJson(r));
    return {{u"object"_s, u"list"_s},
            {u"data"_s, data},
            {u"has_more"_s, found.hasMore},
            {u"cursor"_s, found.cursor}};
}

} // namespace sfsim
