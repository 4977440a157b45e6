// SPDX-License-Identifier: Apache-2.0

// The market's tables and the migrations of stores made by earlier versions of sfsim.

#include "sim/market/marketstore.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace sfsim {

bool MarketStore::createSchema(QString* error)
{
    const auto fail = [this, error] {
        if (error)
            *error = m_error;
        return false;
    };
    const auto execAll = [this](const QStringList& statements) {
        for (const QString& statement : statements) {
            QSqlQuery query(m_db);
            query.prepare(statement);
            if (!exec(query))
                return false;
        }
        return true;
    };
    const auto hasColumn = [this](const QString& table, const QString& column) {
        QSqlQuery probe(m_db);
        return probe.exec(u"SELECT %1 FROM %2 LIMIT 0"_s.arg(column, table));
    };
    if (!execAll({
            u"CREATE TABLE IF NOT EXISTS market_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"_s,
            u"CREATE TABLE IF NOT EXISTS market_skus (id TEXT PRIMARY KEY, alias TEXT NOT NULL, "
            "base_rate INTEGER NOT NULL, nodes_per_hour INTEGER NOT NULL)"_s,
            u"CREATE TABLE IF NOT EXISTS market_orders (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
            "id TEXT NOT NULL UNIQUE, pool_id TEXT NOT NULL, pool_name TEXT NOT NULL, side TEXT NOT NULL, "
            "sku_id TEXT NOT NULL, start_at INTEGER NOT NULL, end_at INTEGER NOT NULL, "
            "node_count INTEGER NOT NULL, limit_rate INTEGER NOT NULL, allow_standing INTEGER NOT NULL, "
            "allow_partial INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL, "
            "created_by TEXT, filled_at INTEGER, cancelled_at INTEGER, fills TEXT)"_s,
            // The orders list's sorts (each with the rowid, placement order, after the key): a
            // page walks one and stops at its last row.
            u"CREATE INDEX IF NOT EXISTS market_orders_created ON market_orders (created_at)"_s,
            u"CREATE INDEX IF NOT EXISTS market_orders_start ON market_orders (start_at)"_s,
            // Fills of orders by the order's seq, except those a new order made against other
            // users' orders when it was placed: they are in its own row (`fills`), written with it.
            // `traded` marks the fills the public feed shows (fills()): a trade between two users
            // shows once, as the resting order's fill (stores before `fills` showed it as the buy's).
            // Rows are never deleted, so the rowid grows without AUTOINCREMENT's bookkeeping (a
            // write more per fill); stores made with it keep it.
            u"CREATE TABLE IF NOT EXISTS market_order_fills (seq INTEGER PRIMARY KEY, "
            "order_seq INTEGER NOT NULL, contract_id TEXT NOT NULL, sku_id TEXT NOT NULL, "
            "traded INTEGER NOT NULL, filled_at INTEGER NOT NULL, rate INTEGER NOT NULL, "
            "amount INTEGER NOT NULL, fee INTEGER NOT NULL, schedule TEXT NOT NULL, "
            "start_at INTEGER NOT NULL, end_at INTEGER NOT NULL)"_s,
            u"CREATE INDEX IF NOT EXISTS market_order_fills_order ON market_order_fills (order_seq)"_s,
            u"CREATE TABLE IF NOT EXISTS market_consumed (sku_id TEXT NOT NULL, slot INTEGER NOT NULL, "
            "side TEXT NOT NULL, level INTEGER NOT NULL, nodes INTEGER NOT NULL, "
            "PRIMARY KEY (sku_id, side, slot, level)) WITHOUT ROWID"_s,
        }))
        return fail();

    // Stores from before market_order_fills kept fills in market_fills by order id, with a unique
    // index on the contract (unused), and each order's filled schedule in the order (which the
    // in-memory book made redundant), with an index a match read the book by before it. Each fill
    // keeps its seq, which the feed's cursors hold.
    if (hasColumn(u"market_fills"_s, u"order_id"_s)
        && !execAll(
            {u"INSERT INTO market_order_fills (seq, order_seq, contract_id, sku_id, traded, filled_at, "
             "rate, amount, fee, schedule, start_at, end_at) "
             "SELECT f.seq, o.seq, f.contract_id, f.sku_id, NOT (f.side = 'sell' AND f.counterparty = "
             "'order'), f.filled_at, f.rate, f.amount, f.fee, f.schedule, f.start_at, f.end_at "
             "FROM market_fills f JOIN market_orders o ON o.id = f.order_id ORDER BY f.seq"_s,
             u"DROP TABLE market_fills"_s}))
        return fail();
    if (!execAll(
            {u"DROP INDEX IF EXISTS market_orders_resting"_s, u"DROP INDEX IF EXISTS market_orders_book"_s}))
        return fail();
    if (hasColumn(u"market_orders"_s, u"filled"_s)
        && !execAll({u"ALTER TABLE market_orders DROP COLUMN filled"_s}))
        return fail();
    if (!hasColumn(u"market_orders"_s, u"fills"_s)
        && !execAll({u"ALTER TABLE market_orders ADD COLUMN fills TEXT"_s}))
        return fail();
    // Which automation (a procurement) placed an order; NULL for the users' own. The lists read
    // either one automation's orders or the users' by the indexes below.
    if (!hasColumn(u"market_orders"_s, u"placed_by"_s)
        && !execAll({u"ALTER TABLE market_orders ADD COLUMN placed_by TEXT"_s,
                     u"CREATE INDEX market_orders_placed_by ON market_orders (placed_by) "
                     "WHERE placed_by IS NOT NULL"_s}))
        return fail();
    // The users' orders of one pool in each sort of the list (then placement order, the rowid):
    // a page of one pool walks its own orders only; and those of one stored status, for a page
    // of a status without a pool (MarketStore::orderFilter()). A stored status moves when an order
    // ends, not at its fills (MarketEngine::saveStatus()); which orders are active is what the
    // resting book holds, loaded once. Stores before these had indexes of the orders and of the
    // users' orders by pool alone, which no query reads now.
    if (!execAll({u"CREATE INDEX IF NOT EXISTS market_orders_users_created ON market_orders "
                  "(pool_id, created_at) WHERE placed_by IS NULL"_s,
                  u"CREATE INDEX IF NOT EXISTS market_orders_users_start ON market_orders "
                  "(pool_id, start_at) WHERE placed_by IS NULL"_s,
                  u"CREATE INDEX IF NOT EXISTS market_orders_status_created ON market_orders "
                  "(status, created_at) WHERE placed_by IS NULL"_s,
                  u"CREATE INDEX IF NOT EXISTS market_orders_status_start ON market_orders "
                  "(status, start_at) WHERE placed_by IS NULL"_s,
                  u"DROP INDEX IF EXISTS market_orders_pool"_s,
                  u"DROP INDEX IF EXISTS market_orders_users"_s}))
        return fail();
    const QString seed = meta(u"seed"_s);
    if (seed.isEmpty()) {
        setMeta(u"seed"_s, QString::number(m_seed));
    } else if (seed != QString::number(m_seed)) {
        m_error = u"the market in this database was created with seed %1, not %2"_s.arg(seed).arg(m_seed);
        return fail();
    }
    return true;
}

} // namespace sfsim
