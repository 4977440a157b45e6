// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simroom.h"

namespace sfsim {

// The pages of every list route: ordered by seq, cursors both ways, the limit in SQL, so that a
// page costs what its rows cost whatever the list's total.
class ListPages final : public SimRoom
{
public:
    explicit ListPages(SimResources& resources);

    // Ordered by seq with cursors; `where` conditions are ANDed. `prefetch` sees the page's rows
    // before toJson does, so related rows of the whole page come in one query.
    using PagePrefetch = std::function<void(const QList<QSqlRecord>&)>;

    QJsonObject page(const QString& select, QStringList where, QVariantList binds, const QString& seqColumn,
                     bool newestFirst, QueryReader& query, const QString& cursorPrefix, int defaultLimit,
                     int maxLimit, const std::function<QJsonObject(const QSqlRecord&)>& toJson,
                     const PagePrefetch& prefetch = {});

    // The same page written as its rows are read (SimStore::forEachRow): `write` appends one item's
    // JSON for a row; `seqIndex` is the select's column of `seqColumn`. Returns the list's JSON.
    // A value that needs the whole page (a pool's schedule, a partition's instance count) is
    // written late: `write` puts jsonout::lateValue where it goes, and `lateValues` gets the rows'
    // column `idIndex` and returns their values, in order, as JSON.
    using LateValues = std::function<QList<QByteArray>(const QStringList& ids)>;

    QByteArray writtenPage(const QString& select, QStringList where, QVariantList binds,
                           const QString& seqColumn, int seqIndex, bool newestFirst, QueryReader& query,
                           const QString& cursorPrefix, int defaultLimit, int maxLimit,
                           const std::function<void(QByteArray&, const SimRow&)>& write, int idIndex = -1,
                           const LateValues& lateValues = {});

private:
    struct PageQuery
    {
        QString sql;
        QVariantList binds;
        int limit = 0;
        bool backwards = false;
    };

    PageQuery pageQuery(const QString& select, QStringList where, QVariantList binds,
                        const QString& seqColumn, bool newestFirst, QueryReader& query,
                        const QString& cursorPrefix, int defaultLimit, int maxLimit);

    struct PageRows
    {
        QList<QSqlRecord> rows; // in the order of the answer
        bool hasMore = false;
        QJsonValue cursor;
    };

    PageRows pageRows(const QString& select, QStringList where, QVariantList binds, const QString& seqColumn,
                      bool newestFirst, QueryReader& query, const QString& cursorPrefix, int defaultLimit,
                      int maxLimit);
};

} // namespace sfsim
