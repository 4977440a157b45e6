// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/market/markettypes.h"
#include "sim/market/restingbook.h"
#include "sim/store/sqlitestatements.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <memory>
#include <optional>
#include <unordered_map>

namespace sfsim {

using sfdesk::Schedule;

// Texts of the market's tables and cursors, shared by the store and the engine.
namespace marketrows {
// Fill schedules are stored as "start,end,count;…": bounded ranges only, quick to read back.
QString scheduleText(const Schedule& schedule);
Schedule scheduleFromText(QStringView text);
QString encodeCursor(const QString& prefix, const QString& payload);
std::optional<QString> decodeCursor(const QString& prefix, const QString& cursor);
// Legacy clus_ ids name the same SKUs.
QString skuIdOf(const QString& id);
} // namespace marketrows

// The market's tables (prefixed `market_`) on the database it is given: their schema and
// migrations, the SQL of every read and write, and the statements prepared for them. It never
// opens or commits a transaction, so the caller's request transaction covers it. MarketEngine
// keeps the matching; this is what it reads and writes.
class MarketStore final
{
public:
    MarketStore(const QSqlDatabase& db, quint64 seed);

    // Creates the tables when missing (marketschema.cpp), migrates older ones, and records the seed. A
    // database created with another seed is refused, since its stored state would not match the market.
    bool createSchema(QString* error = nullptr);
    QString lastError() const { return m_error; }
    // A statement failed since the last clearFailure(): what the engine keeps in memory of the
    // tables may differ from them.
    bool failed() const { return m_failed; }
    void clearFailure() const { m_failed = false; }
    // Records an inconsistency the engine found (its book and the store disagree).
    void fail(const QString& error) const;

    QString meta(const QString& key) const;
    bool setMeta(const QString& key, const QString& value);
    // Deterministic ids: the same seed and requests give the same ids. The counter is kept in
    // memory and written by flushIds() once per call that used it.
    QString nextId(const QString& prefix);
    bool flushIds();
    // Forgets the id counter and the failure (a rolled back transaction).
    void discardCachedState();

    bool registerSku(const MarketSku& sku);
    QList<MarketSku> skus() const;
    std::optional<MarketSku> sku(const QString& id) const;

    // Fills `book` with the active orders and what was consumed of the synthetic offers.
    bool loadBook(RestingBook& book) const;
    std::optional<MarketOrder> order(const QString& id) const;
    // A page of the users' or one automation's orders, with their fills.
    OrderPage orders(const OrderQuery& query) const;
    // Inserts the order as it stands, with the fills it keeps in its row; returns its placement
    // sequence.
    std::optional<qint64> insertOrder(const MarketOrder& order, const QList<MarketOrderFill>& ownFills);
    bool cancelOrder(const QString& id, qint64 now);
    // An order that reached its end unfilled.
    bool expireOrder(qint64 seq);
    // Nodes taken from a synthetic level of an hour.
    bool addConsumed(const QString& skuId, qint64 slot, OrderSide offerSide, int level, qint64 nodes);
    // A match's rows: fills (order_seq, contract_id, sku_id, traded, filled_at, rate, amount, fee,
    // schedule, start_at, end_at), then status changes (status, filled_at, cancelled_at, seq).
    bool writeMatch(const QList<QVariantList>& fills, const QList<QVariantList>& statuses);
    // Fills of user orders, newest first, whose delivery overlaps [start, end), filled in [since, now].
    BookFillPage fills(const QStringList& skuIds, qint64 start, qint64 end, qint64 since, qint64 now,
                       int limit, const QString& startingAfter) const;

private:
    bool exec(QSqlQuery& query) const;
    // Runs one of the store's fixed SQL texts with these values bound, as a statement prepared
    // once and kept (forward only; the caller finishes it after reading). nullptr on failure.
    QSqlQuery* run(const QString& sql, const QVariantList& binds) const;
    // Runs one of the store's fixed writes through SQLite's own API, whose binding costs a
    // fraction of Qt SQL's: a match writes many small rows. `rowId` gets an insert's rowid.
    bool write(const QString& sql, const QVariantList& binds, qint64* rowId = nullptr);
    // `where` is one of a fixed set of texts unless `fixedText` is false (then nothing is kept).
    // Without `withFills`, orders carry their filled schedule (filledUnloaded) and no fills.
    // The conditions on `market_orders o` of what `query` selects (ignoring its sort and paging).
    // `byStoredStatus` gets the stored statuses a page should read one by one, each along its
    // status's index of the sort, when that is how the page is cheapest (see orders()).
    void orderFilter(const OrderQuery& query, QStringList* where, QVariantList* binds,
                     QStringList* byStoredStatus) const;
    QList<MarketOrder> loadOrders(const QString& where, const QVariantList& binds, bool fixedText = true,
                                  bool withFills = true, QList<qint64>* seqs = nullptr) const;

    QSqlDatabase m_db;
    quint64 m_seed;
    mutable QString m_error;
    mutable bool m_failed = false;
    // Prepared statements by SQL text. The store's texts are a fixed set; the bound only guards
    // against a mistake.
    static constexpr std::size_t MaxStatements = 64;
    mutable std::unordered_map<QString, std::unique_ptr<QSqlQuery>> m_statements;
    SqliteStatements m_writes{MaxStatements};
    // SKUs change only through registerSku(), which keeps this current.
    mutable QHash<QString, MarketSku> m_skuCache;
    std::optional<qint64> m_idCounter;
    bool m_idsDirty = false;
};

} // namespace sfsim
