// SPDX-License-Identifier: Apache-2.0

// Pages of the list routes: ordered by seq, cursors both ways, LIMIT in SQL; written as objects or
// straight from the rows as compact JSON.

#include "sim/resources/listpages.h"

#include "common/constvalue.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simjsonwriter.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace sfsim {

ListPages::ListPages(SimResources& resources)
    : SimRoom(resources)
{}

ListPages::PageQuery ListPages::pageQuery(const QString& select, QStringList where, QVariantList binds,
                                          const QString& seqColumn, bool newestFirst, QueryReader& query,
                                          const QString& cursorPrefix, int defaultLimit, int maxLimit)
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

ListPages::PageRows ListPages::pageRows(const QString& select, QStringList where, QVariantList binds,
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

QByteArray ListPages::writtenPage(const QString& select, QStringList where, QVariantList binds,
                                  const QString& seqColumn, int seqIndex, bool newestFirst,
                                  QueryReader& query, const QString& cursorPrefix, int defaultLimit,
                                  int maxLimit, const std::function<void(QByteArray&, const SimRow&)>& write,
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

QJsonObject ListPages::page(const QString& select, QStringList where, QVariantList binds,
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
