// SPDX-License-Identifier: Apache-2.0

#include "sim/market/marketengine.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "sim/market/ordermatcher.h"

#include "common/money.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;
using sfdesk::FieldErrors;
using sfdesk::lcSim;
namespace Money = sfdesk::Money;
using sfdesk::Schedule;
using sfdesk::ScheduleEntry;

namespace {

__extension__ using Int128 = __int128;

constexpr qint64 Hour = SyntheticMarket::Hour;
// Cap on the nodes a ladder looks at: no order is larger.
constexpr qint64 MaxLadderNodes = 4096;
const QString ActiveStatuses = u"'pending', 'standing', 'partially_filled'"_s;
const QString IdAlphabet = u"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"_s;

qint64 floorHour(qint64 t)
{
    return Schedule::floorTo(t, Hour);
}

QString sideColumn(OrderSide offerSide)
{
    return offerSide == OrderSide::Sell ? u"ask"_s : u"bid"_s;
}

// Fill schedules are stored as "start,end,count;…": bounded ranges only, quick to read back.
QString scheduleText(const Schedule& schedule)
{
    // Written with to_chars into one buffer: a match writes this for every fill.
    std::string text;
    char number[24];
    const auto append = [&text, &number](qint64 value) {
        text.append(number, std::to_chars(number, number + sizeof number, value).ptr);
    };
    for (const ScheduleEntry& entry : constValue(schedule.entries())) {
        if (!text.empty())
            text += ';';
        append(entry.startAt);
        text += ',';
        append(entry.endAt.value_or(entry.startAt));
        text += ',';
        append(entry.nodeCount);
    }
    return QString::fromLatin1(text);
}

Schedule scheduleFromText(QStringView text)
{
    Schedule schedule;
    for (const QStringView part : constValue(text.split(u';', Qt::SkipEmptyParts))) {
        const QList<QStringView> fields = part.split(u',');
        if (fields.size() == 3)
            schedule = schedule.plus(
                Schedule::rectangle(fields[0].toLongLong(), fields[1].toLongLong(), fields[2].toLongLong()));
    }
    return schedule;
}

// A new order's own fills in its row: one per line, "contract filled_at rate amount fee schedule".
QString fillsText(const QList<MarketOrderFill>& fills)
{
    QString text;
    for (const MarketOrderFill& fill : fills) {
        if (!text.isEmpty())
            text += u'\n';
        text += fill.contractId + u' ' + QString::number(fill.filledAt) + u' ' + QString::number(fill.rate)
                + u' ' + QString::number(fill.amount) + u' ' + QString::number(fill.fee) + u' '
                + scheduleText(fill.schedule);
    }
    return text;
}

QList<MarketOrderFill> fillsFromText(const QString& text)
{
    QList<MarketOrderFill> fills;
    for (const QStringView line : constValue(QStringView(text).split(u'\n', Qt::SkipEmptyParts))) {
        const QList<QStringView> fields = line.split(u' ');
        if (fields.size() == 6)
            fills.append(MarketOrderFill{fields[0].toString(), fields[1].toLongLong(),
                                         scheduleFromText(fields[5]), fields[2].toLongLong(),
                                         fields[3].toLongLong(), fields[4].toLongLong()});
    }
    return fills;
}

QString encodeCursor(const QString& prefix, const QString& payload)
{
    return prefix
           + QString::fromLatin1(
               payload.toUtf8().toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<QString> decodeCursor(const QString& prefix, const QString& cursor)
{
    if (!cursor.startsWith(prefix))
        return std::nullopt;
    const auto decoded = QByteArray::fromBase64Encoding(cursor.sliced(prefix.size()).toLatin1(),
                                                        QByteArray::Base64UrlEncoding
                                                            | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return QString::fromUtf8(*decoded);
}

QString skuIdOf(const QString& id)
{
    // Legacy clus_ ids name the same SKUs.
    if (id.startsWith(u"clus_"_s))
        return u"isku_"_s + id.sliced(5);
    return id;
}

} // namespace

MarketEngine::MarketEngine(const QSqlDatabase& db, Config config)
    : m_db(db)
    , m_config(config)
    , m_synthetic(config.seed, config.horizonSeconds)
{}

bool MarketEngine::exec(QSqlQuery& query) const
{
    if (query.exec())
        return true;
    m_error = query.lastError().text();
    qCWarning(lcSim, "sfsim: market: %s", qPrintable(m_error));
    // What the book holds may now differ from the store: read it again before the next use.
    m_reloadBook = true;
    return false;
}

QSqlQuery* MarketEngine::run(const QString& sql, const QVariantList& binds) const
{
    auto found = m_statements.find(sql);
    if (found == m_statements.end()) {
        if (m_statements.size() >= MaxStatements)
            m_statements.clear();
        auto query = std::make_unique<QSqlQuery>(m_db);
        query->setForwardOnly(true);
        if (!query->prepare(sql)) {
            m_error = query->lastError().text();
            qCWarning(lcSim, "sfsim: market: %s", qPrintable(m_error));
            return nullptr;
        }
        found = m_statements.emplace(sql, std::move(query)).first;
    }
    QSqlQuery& query = *found->second;
    query.finish();
    for (int i = 0; i < binds.size(); ++i)
        query.bindValue(i, binds.at(i));
    return exec(query) ? &query : nullptr;
}

bool MarketEngine::write(const QString& sql, const QVariantList& binds, qint64* rowId)
{
    if (m_writes.exec(m_db, sql, binds, &m_error, rowId))
        return true;
    qCWarning(lcSim, "sfsim: market: %s", qPrintable(m_error));
    // As in exec(): the book may now differ from the store.
    m_reloadBook = true;
    return false;
}

bool MarketEngine::createSchema(QString* error)
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
            // Which orders are active is what the resting book holds (loaded once); an index by
            // state would move at every partial fill.
            u"CREATE INDEX IF NOT EXISTS market_orders_pool ON market_orders (pool_id)"_s,
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
    // either one automation's orders or the users' of some pools, each by an index of its own.
    if (!hasColumn(u"market_orders"_s, u"placed_by"_s)
        && !execAll(
            {u"ALTER TABLE market_orders ADD COLUMN placed_by TEXT"_s,
             u"CREATE INDEX market_orders_placed_by ON market_orders (placed_by) "
             "WHERE placed_by IS NOT NULL"_s,
             u"CREATE INDEX market_orders_users ON market_orders (pool_id) WHERE placed_by IS NULL"_s}))
        return fail();
    const QString seed = meta(u"seed"_s);
    if (seed.isEmpty()) {
        setMeta(u"seed"_s, QString::number(m_config.seed));
    } else if (seed != QString::number(m_config.seed)) {
        m_error =
            u"the market in this database was created with seed %1, not %2"_s.arg(seed).arg(m_config.seed);
        return fail();
    }
    return true;
}

QString MarketEngine::meta(const QString& key) const
{
    QSqlQuery query(m_db);
    query.prepare(u"SELECT value FROM market_meta WHERE key = ?"_s);
    query.addBindValue(key);
    if (exec(query) && query.next())
        return query.value(0).toString();
    return {};
}

bool MarketEngine::setMeta(const QString& key, const QString& value)
{
    return write(u"INSERT INTO market_meta (key, value) VALUES (?, ?) "
                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value"_s,
                 {key, value});
}

QString MarketEngine::nextId(const QString& prefix)
{
    // Deterministic ids: the same seed and requests give the same ids. The counter is kept here
    // and written once per call that uses it (flushIds()).
    if (!m_idCounter)
        m_idCounter = meta(u"id_counter"_s).toLongLong();
    const qint64 counter = ++*m_idCounter;
    m_idsDirty = true;
    quint64 h = SyntheticMarket::mix(m_config.seed ^ SyntheticMarket::mix(static_cast<quint64>(counter)));
    constexpr int Length = 21;
    QString id(prefix.size() + Length, Qt::Uninitialized);
    QChar* out = std::copy(prefix.cbegin(), prefix.cend(), id.data());
    for (int i = 0; i < Length; ++i) {
        if (i == 10)
            h = SyntheticMarket::mix(h);
        *out++ = IdAlphabet[int(h % 62)];
        h /= 62;
    }
    return id;
}

bool MarketEngine::flushIds()
{
    if (!m_idsDirty || !m_idCounter)
        return true;
    m_idsDirty = false;
    return setMeta(u"id_counter"_s, QString::number(*m_idCounter));
}

void MarketEngine::discardCachedState()
{
    m_book.clear();
    m_reloadBook = false;
    m_idCounter.reset();
    m_idsDirty = false;
    m_advancedAt.reset();
    m_soldInPass.clear();
    m_fillRows.clear();
    m_statusRows.clear();
    m_newOrderFills.clear();
}

bool MarketEngine::ensureBook() const
{
    if (m_book.isLoaded() && !m_reloadBook)
        return true;
    m_book.clear();
    m_reloadBook = false;
    QList<qint64> seqs;
    const QList<MarketOrder> active =
        loadOrders(u"o.status IN ("_s + ActiveStatuses + u')', {}, true, false, &seqs);
    if (m_reloadBook)
        return false;
    for (qsizetype i = 0; i < active.size(); ++i)
        m_book.put(seqs[i], active[i]);
    QSqlQuery* consumed = run(u"SELECT sku_id, side, slot, level, nodes FROM market_consumed"_s, {});
    if (!consumed)
        return false;
    while (consumed->next())
        m_book.addConsumed(consumed->value(0).toString(),
                           consumed->value(1).toString() == u"ask"_s ? OrderSide::Sell : OrderSide::Buy,
                           consumed->value(2).toLongLong(), consumed->value(3).toInt(),
                           consumed->value(4).toLongLong());
    consumed->finish();
    m_book.markLoaded();
    return true;
}

bool MarketEngine::registerSku(const MarketSku& sku)
{
    QSqlQuery query(m_db);
    query.prepare(u"INSERT INTO market_skus (id, alias, base_rate, nodes_per_hour) VALUES (?, ?, ?, ?) "
                  "ON CONFLICT (id) DO UPDATE SET alias = excluded.alias, base_rate = excluded.base_rate, "
                  "nodes_per_hour = excluded.nodes_per_hour"_s);
    query.addBindValue(sku.id);
    query.addBindValue(sku.alias);
    query.addBindValue(sku.baseRate);
    query.addBindValue(sku.nodesPerHour);
    m_skuCache.remove(sku.id);
    return exec(query);
}

QList<MarketSku> MarketEngine::skus() const
{
    QList<MarketSku> result;
    QSqlQuery query(m_db);
    query.prepare(u"SELECT id, alias, base_rate, nodes_per_hour FROM market_skus ORDER BY id"_s);
    if (!exec(query))
        return result;
    while (query.next())
        result.append(MarketSku{query.value(0).toString(), query.value(1).toString(),
                                query.value(2).toLongLong(), query.value(3).toLongLong()});
    return result;
}

std::optional<MarketSku> MarketEngine::sku(const QString& id) const
{
    const QString key = skuIdOf(id);
    if (const auto cached = m_skuCache.constFind(key); cached != m_skuCache.constEnd())
        return *cached;
    QSqlQuery query(m_db);
    query.prepare(u"SELECT id, alias, base_rate, nodes_per_hour FROM market_skus WHERE id = ?"_s);
    query.addBindValue(key);
    if (!exec(query) || !query.next())
        return std::nullopt;
    MarketSku found{query.value(0).toString(), query.value(1).toString(), query.value(2).toLongLong(),
                    query.value(3).toLongLong()};
    m_skuCache.insert(key, found);
    return found;
}

QList<MarketOrder> MarketEngine::loadOrders(const QString& where, const QVariantList& binds, bool fixedText,
                                            bool withFills, QList<qint64>* seqs) const
{
    QList<MarketOrder> result;
    QList<qint64> orderSeqs;
    const QString ordersSql =
        u"SELECT o.id, o.pool_id, o.pool_name, o.side, o.sku_id, coalesce(s.alias, ''), o.start_at, "
        "o.end_at, o.node_count, o.limit_rate, o.allow_standing, o.allow_partial, o.status, o.created_at, "
        "o.created_by, o.filled_at, o.cancelled_at, o.seq, o.fills, o.placed_by FROM market_orders o "
        "LEFT JOIN market_skus s ON s.id = o.sku_id WHERE "_s
        + where + u" ORDER BY o.seq"_s;
    QSqlQuery once(m_db);
    QSqlQuery* found = nullptr;
    if (fixedText) {
        found = run(ordersSql, binds);
    } else {
        once.prepare(ordersSql);
        for (const QVariant& bind : binds)
            once.addBindValue(bind);
        found = exec(once) ? &once : nullptr;
    }
    if (!found)
        return result;
    QSqlQuery& query = *found;
    while (query.next()) {
        MarketOrder order;
        order.id = query.value(0).toString();
        order.poolId = query.value(1).toString();
        order.poolName = query.value(2).toString();
        order.side = orderSideFromName(query.value(3).toString()).value_or(OrderSide::Buy);
        order.skuId = query.value(4).toString();
        order.skuAlias = query.value(5).toString();
        order.startAt = query.value(6).toLongLong();
        order.endAt = query.value(7).toLongLong();
        order.nodeCount = query.value(8).toLongLong();
        order.limitRate = query.value(9).toLongLong();
        order.allowStanding = query.value(10).toBool();
        order.allowPartial = query.value(11).toBool();
        order.status = orderStatusFromName(query.value(12).toString()).value_or(OrderStatus::Rejected);
        order.createdAt = query.value(13).toLongLong();
        if (!query.value(14).isNull())
            order.createdBy = QJsonDocument::fromJson(query.value(14).toString().toUtf8()).object();
        if (!query.value(15).isNull())
            order.filledAt = query.value(15).toLongLong();
        if (!query.value(16).isNull())
            order.cancelledAt = query.value(16).toLongLong();
        orderSeqs.append(query.value(17).toLongLong());
        order.placedBy = query.value(19).toString();
        if (!query.value(18).isNull()) {
            const QList<MarketOrderFill> own = fillsFromText(query.value(18).toString());
            if (withFills) {
                order.fills = own;
            } else {
                for (const MarketOrderFill& fill : own)
                    order.filledUnloaded = order.filledUnloaded.plus(fill.schedule);
            }
        }
        result.append(order);
    }
    query.finish();
    if (seqs)
        *seqs = orderSeqs;
    if (result.isEmpty())
        return result;
    const auto derivePartlyFilled = [](QList<MarketOrder>& orders) {
        for (MarketOrder& order : orders) {
            if (order.status == OrderStatus::Standing
                && (!order.fills.isEmpty() || !order.filledUnloaded.isEmpty()))
                order.status = OrderStatus::PartiallyFilled;
        }
    };
    QList<qsizetype> withOwnFills;
    for (qsizetype i = 0; withFills && i < result.size(); ++i) {
        if (!result[i].fills.isEmpty())
            withOwnFills.append(i);
    }
    // Its own fills came first; the rows' fills at the same moment go between them by price, as
    // the match that made them recorded them.
    const auto inFillOrder = [&result, &withOwnFills] {
        for (const qsizetype i : std::as_const(withOwnFills))
            std::stable_sort(result[i].fills.begin(), result[i].fills.end(),
                             [](const MarketOrderFill& a, const MarketOrderFill& b) {
                                 return std::tie(a.filledAt, a.rate) < std::tie(b.filledAt, b.rate);
                             });
    };
    const auto addFill = [withFills](MarketOrder& order, const MarketOrderFill& fill) {
        if (withFills)
            order.fills.append(fill);
        else
            order.filledUnloaded = order.filledUnloaded.plus(fill.schedule);
    };
    // A few orders (a match's book, one order): their fills by order, which costs a lookup each
    // rather than another scan of what `where` selects.
    if (fixedText && result.size() <= 32) {
        for (qsizetype i = 0; i < result.size(); ++i) {
            QSqlQuery* own = run(u"SELECT contract_id, filled_at, schedule, rate, amount, fee "
                                 "FROM market_order_fills WHERE order_seq = ? ORDER BY seq"_s,
                                 {orderSeqs[i]});
            if (!own)
                return result;
            while (own->next())
                addFill(result[i], MarketOrderFill{own->value(0).toString(), own->value(1).toLongLong(),
                                                   scheduleFromText(own->value(2).toString()),
                                                   own->value(3).toLongLong(), own->value(4).toLongLong(),
                                                   own->value(5).toLongLong()});
            own->finish();
        }
        inFillOrder();
        derivePartlyFilled(result);
        return result;
    }
    // All their fills in one query rather than one per order.
    QHash<qint64, qsizetype> index;
    for (qsizetype i = 0; i < result.size(); ++i)
        index.insert(orderSeqs[i], i);
    const QString fillsSql =
        u"SELECT f.order_seq, f.contract_id, f.filled_at, f.schedule, f.rate, f.amount, f.fee "
        "FROM market_orders o JOIN market_order_fills f ON f.order_seq = o.seq WHERE "_s
        + where + u" ORDER BY f.seq"_s;
    QSqlQuery fillsOnce(m_db);
    QSqlQuery* fillsFound = nullptr;
    if (fixedText) {
        fillsFound = run(fillsSql, binds);
    } else {
        fillsOnce.prepare(fillsSql);
        for (const QVariant& bind : binds)
            fillsOnce.addBindValue(bind);
        fillsFound = exec(fillsOnce) ? &fillsOnce : nullptr;
    }
    if (!fillsFound)
        return result;
    QSqlQuery& fills = *fillsFound;
    while (fills.next()) {
        const auto it = index.constFind(fills.value(0).toLongLong());
        if (it == index.constEnd())
            continue;
        addFill(result[*it],
                MarketOrderFill{fills.value(1).toString(), fills.value(2).toLongLong(),
                                scheduleFromText(fills.value(3).toString()), fills.value(4).toLongLong(),
                                fills.value(5).toLongLong(), fills.value(6).toLongLong()});
    }
    fills.finish();
    inFillOrder();
    derivePartlyFilled(result);
    return result;
}

FieldErrors MarketEngine::checkSellAllocation(const NewOrder& order, const Schedule& owned) const
{
    if (order.side != OrderSide::Sell)
        return {};
    Schedule committed;
    ensureBook();
    for (const auto& [seq, sell] : m_book.orders(order.skuId, OrderSide::Sell)) {
        if (sell.poolId == order.poolId)
            committed = committed.plus(sell.remaining());
    }
    const Schedule free = owned.minus(committed);
    const Schedule wanted = Schedule::rectangle(order.startAt, order.endAt, order.nodeCount);
    const Schedule shortfall = free.minus(wanted);
    if (shortfall.isNonNegative())
        return {};
    qint64 when = order.startAt;
    for (const ScheduleEntry& entry : constValue(shortfall.entries())) {
        if (entry.nodeCount < 0) {
            when = entry.startAt;
            break;
        }
    }
    return {FieldError{
        u"allocation_schedule_delta"_s, u"insufficient_allocation"_s,
        u"The pool has %1 unsold node(s) of this instance SKU at %2, fewer than the %3 to sell; "
        "a sell needs the nodes in every hour of its window."_s.arg(std::max<qint64>(free.at(when), 0))
            .arg(when)
            .arg(order.nodeCount)}};
}

qint64 MarketEngine::requiredFunds(const NewOrder& order)
{
    if (order.side != OrderSide::Buy)
        return 0;
    return Money::total(order.limitRate, order.nodeCount, order.endAt - order.startAt);
}

MarketOrder MarketEngine::newOrder(const NewOrder& order, qint64 now)
{
    MarketOrder stored;
    stored.id = nextId(u"ordr_"_s);
    stored.poolId = order.poolId;
    stored.poolName = order.poolName.isEmpty() ? order.poolId : order.poolName;
    stored.side = order.side;
    stored.skuId = order.skuId;
    stored.skuAlias = sku(order.skuId).value_or(MarketSku()).alias;
    stored.startAt = order.startAt;
    stored.endAt = order.endAt;
    stored.nodeCount = order.nodeCount;
    stored.limitRate = order.limitRate;
    stored.allowStanding = order.allowStanding;
    stored.allowPartial = order.allowPartial;
    stored.status = OrderStatus::Pending;
    stored.createdAt = now;
    stored.createdBy = order.createdBy;
    stored.placedBy = order.placedBy;
    return stored;
}

std::optional<qint64> MarketEngine::storeOrder(const MarketOrder& order,
                                               const QList<MarketOrderFill>& ownFills)
{
    const QString sql =
        u"INSERT INTO market_orders (id, pool_id, pool_name, side, sku_id, start_at, end_at, node_count, "
        "limit_rate, allow_standing, allow_partial, status, created_at, created_by, filled_at, cancelled_at, "
        "fills, placed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s;
    qint64 seq = 0;
    const bool stored = write(
        sql,
        {QVariant(order.id), QVariant(order.poolId), QVariant(order.poolName),
         QVariant(orderSideName(order.side)), QVariant(order.skuId), QVariant(order.startAt),
         QVariant(order.endAt), QVariant(order.nodeCount), QVariant(order.limitRate),
         QVariant(order.allowStanding), QVariant(order.allowPartial), QVariant(orderStatusName(order.status)),
         QVariant(order.createdAt),
         order.createdBy.isEmpty()
             ? QVariant()
             : QVariant(QString::fromUtf8(QJsonDocument(order.createdBy).toJson(QJsonDocument::Compact))),
         order.filledAt ? QVariant(*order.filledAt) : QVariant(),
         order.cancelledAt ? QVariant(*order.cancelledAt) : QVariant(),
         ownFills.isEmpty() ? QVariant() : QVariant(fillsText(ownFills)),
         order.placedBy.isEmpty() ? QVariant() : QVariant(order.placedBy)},
        &seq);
    if (!stored)
        return std::nullopt;
    return seq;
}

std::optional<MarketOrder> MarketEngine::insertOrder(const NewOrder& order, qint64 now)
{
    if (!ensureBook())
        return std::nullopt;
    MarketOrder stored = newOrder(order, now);
    const std::optional<qint64> seq = storeOrder(stored, {});
    if (!flushIds() || !seq)
        return std::nullopt;
    m_book.put(*seq, stored);
    return stored;
}

std::optional<MarketEngine::PlaceResult> MarketEngine::placeOrder(const NewOrder& order, qint64 now,
                                                                  const OwnedAllocation& owned)
{
    if (!ensureBook())
        return std::nullopt;
    // Matched before it is stored, so that it is written once, as the match leaves it.
    PlaceResult result{newOrder(order, now), {}};
    m_soldInPass.clear();
    const bool matched = matchOrder(result.order, now, true, owned, &result.settlements, true);
    if (!flushIds() || !matched)
        return std::nullopt;
    return result;
}

QList<MarketOrder> MarketEngine::activeOrders(const std::function<bool(const MarketOrder&)>& accept) const
{
    QList<MarketOrder> result;
    if (!ensureBook())
        return result;
    for (const auto& [seq, order] : m_book.inPlacementOrder()) {
        if (accept(*order))
            result.append(*order);
    }
    return result;
}

std::optional<MarketOrder> MarketEngine::order(const QString& id) const
{
    const QList<MarketOrder> found = loadOrders(u"o.id = ?"_s, {id});
    if (found.isEmpty())
        return std::nullopt;
    return found.first();
}

OrderPage MarketEngine::orders(const OrderQuery& query) const
{
    QStringList where{u"1 = 1"_s};
    QVariantList binds;
    auto inList = [&where, &binds](const QString& column, const QStringList& values) {
        QStringList marks;
        for (const QString& value : values) {
            marks.append(u"?"_s);
            binds.append(value);
        }
        where.append(marks.isEmpty() ? u"0 = 1"_s : column + u" IN ("_s + marks.join(u", "_s) + u')');
    };
    if (!query.ids.isEmpty())
        inList(u"o.id"_s, query.ids);
    if (query.poolIds)
        inList(u"o.pool_id"_s, *query.poolIds);
    if (query.placedBy.isEmpty()) {
        where.append(u"o.placed_by IS NULL"_s);
    } else {
        where.append(u"o.placed_by = ?"_s);
        binds.append(query.placedBy);
    }
    if (query.side) {
        where.append(u"o.side = ?"_s);
        binds.append(orderSideName(*query.side));
    }
    if (!query.statuses.isEmpty()) {
        // A partly filled order may be stored as standing (see saveStatus()): both are read, and
        // the loaded status decides.
        QStringList names;
        for (OrderStatus status : query.statuses) {
            names.append(orderStatusName(status));
            if (status == OrderStatus::PartiallyFilled)
                names.append(orderStatusName(OrderStatus::Standing));
        }
        names.removeDuplicates();
        inList(u"o.status"_s, names);
    }
    if (query.createdAfter) {
        where.append(u"o.created_at > ?"_s);
        binds.append(*query.createdAfter);
    }
    if (query.createdBefore) {
        where.append(u"o.created_at < ?"_s);
        binds.append(*query.createdBefore);
    }
    QList<MarketOrder> all = loadOrders(where.join(u" AND "_s), binds, false);
    if (!query.statuses.isEmpty())
        all.removeIf([&query](const MarketOrder& order) { return !query.statuses.contains(order.status); });
    // Loaded in placement order; created_at never decreases along it, so a stable sort keeps ties
    // in placement order.
    const bool descending = query.sortBy.startsWith(u'-');
    const bool byStart = query.sortBy.endsWith(u"start_at"_s);
    if (descending)
        std::reverse(all.begin(), all.end());
    std::stable_sort(all.begin(), all.end(),
                     [descending, byStart](const MarketOrder& a, const MarketOrder& b) {
                         const qint64 x = byStart ? a.startAt : a.createdAt;
                         const qint64 y = byStart ? b.startAt : b.createdAt;
                         return descending ? x > y : x < y;
                     });

    qsizetype begin = 0;
    qsizetype end = all.size();
    const QString prefix = u"ordrc_"_s;
    if (const std::optional<QString> after = decodeCursor(prefix, query.startingAfter)) {
        for (qsizetype i = 0; i < all.size(); ++i) {
            if (all[i].id == *after)
                begin = i + 1;
        }
    }
    if (const std::optional<QString> before = decodeCursor(prefix, query.endingBefore)) {
        for (qsizetype i = 0; i < all.size(); ++i) {
            if (all[i].id == *before)
                end = i;
        }
    }
    const int limit = std::clamp(query.limit, 1, 200);
    OrderPage page;
    if (!query.endingBefore.isEmpty() && end - begin > limit)
        begin = end - limit;
    page.orders = all.mid(begin, std::min<qsizetype>(limit, std::max<qsizetype>(0, end - begin)));
    // Paging backwards, "more" lies before the page and the cursor is its first order, so that
    // passing it as ending_before again goes on in the same direction.
    const bool backwards = !query.endingBefore.isEmpty();
    page.hasMore = backwards ? begin > 0 : begin + page.orders.size() < end;
    if (!page.orders.isEmpty())
        page.cursor = encodeCursor(prefix, backwards ? page.orders.first().id : page.orders.last().id);
    return page;
}

MarketEngine::CancelResult MarketEngine::cancelOrder(const QString& id, qint64 now)
{
    if (!ensureBook())
        return CancelResult::NotCancellable;
    // Active orders are all in the book; any other is either unknown or past cancelling.
    if (!m_book.find(id))
        return order(id) ? CancelResult::NotCancellable : CancelResult::NotFound;
    if (!write(u"UPDATE market_orders SET status = 'cancelled', cancelled_at = ? WHERE id = ?"_s, {now, id}))
        return CancelResult::NotCancellable;
    m_book.remove(id);
    return CancelResult::Cancelled;
}

std::optional<qint64> MarketEngine::lastAdvancedAt() const
{
    if (!m_advancedAt) {
        const QString value = meta(u"advanced_at"_s);
        m_advancedAt = value.isEmpty() ? std::optional<qint64>() : value.toLongLong();
    }
    return *m_advancedAt;
}

QList<MarketSettlement> MarketEngine::advanceTo(qint64 now, const OwnedAllocation& owned)
{
    QList<MarketSettlement> settlements;
    const std::optional<qint64> last = lastAdvancedAt();
    if (last && now <= *last)
        return settlements;
    if (!ensureBook())
        return settlements;
    // The caller settles after this returns, so what sells sold counts until then.
    m_soldInPass.clear();
    if (last) {
        // Hour by hour while orders are active; a long jump over an empty book costs one step.
        for (qint64 t = floorHour(*last) + Hour; t < now && !m_book.isEmpty(); t += Hour)
            stepTo(t, owned, &settlements);
    }
    stepTo(now, owned, &settlements);
    flushIds();
    if (setMeta(u"advanced_at"_s, QString::number(now)))
        m_advancedAt = std::optional<qint64>(now);
    return settlements;
}

bool MarketEngine::stepTo(qint64 t, const OwnedAllocation& owned, QList<MarketSettlement>* settlements)
{
    for (const QString& id : constValue(m_book.endingBy(t))) {
        const std::optional<qint64> seq = m_book.seqOf(id);
        if (!seq
            || !write(u"UPDATE market_orders SET status = 'cancelled', cancelled_at = end_at WHERE seq = ?"_s,
                      {*seq}))
            return false;
        m_book.remove(id);
    }
    for (const QString& id : constValue(m_book.ids())) {
        // Looked up again: an earlier order in this step may have taken from this one.
        const MarketOrder* found = m_book.find(id);
        if (!found)
            continue;
        MarketOrder current = *found;
        const bool first = current.status == OrderStatus::Pending;
        if (!matchOrder(current, t, first, owned, settlements, false))
            return false;
    }
    return true;
}

bool MarketEngine::matchOrder(MarketOrder& order, qint64 now, bool initial, const OwnedAllocation& owned,
                              QList<MarketSettlement>* settlements, bool isNew)
{
    const std::optional<MarketSku> marketSku = sku(order.skuId);
    if (!marketSku)
        return saveStatus(order, now, initial, isNew) && writeMatch();
    const bool buy = order.side == OrderSide::Buy;
    const OrderSide offerSide = buy ? OrderSide::Sell : OrderSide::Buy;
    const Schedule filled = order.filled();

    // A buy takes asks (sellers' offers and users' resting sells); a sell is lifted by the
    // synthetic buyers' bids. Users' resting buys meet new sells when they match in turn.
    const BookSideView view(m_synthetic, m_book, *marketSku, order.startAt, order.endAt, now, offerSide, buy,
                            order.poolId);
    OrderMatcher::Sellable sellable;
    if (owned) {
        sellable = [this, &owned](const QString& poolId, const QString& skuId) {
            Schedule free = owned(poolId, skuId);
            const auto sold = m_soldInPass.constFind({poolId, skuId});
            return sold == m_soldInPass.constEnd() ? free : free.minus(*sold);
        };
    }
    const OrderMatcher::Plan plan = OrderMatcher::match(order, now, view, sellable);

    // Take from the book, then write one fill per price and kind of counterparty (other users'
    // orders first, then synthetic offers).
    std::map<std::pair<qint64, bool>, QList<ScheduleEntry>> byRate;
    std::map<int, QList<ScheduleEntry>> byCounterparty;
    for (const OrderMatcher::Take& take : plan.takes) {
        const OrderMatcher::Piece& piece = plan.pieces[size_t(take.piece)];
        const ScheduleEntry part{piece.from, piece.to, take.nodes};
        byRate[{take.rate, take.level >= 0}].append(part);
        if (take.level >= 0) {
            if (!write(
                    u"INSERT INTO market_consumed (sku_id, slot, side, level, nodes) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (sku_id, side, slot, level) DO UPDATE SET nodes = nodes + excluded.nodes"_s,
                    {order.skuId, piece.slot, sideColumn(offerSide), take.level, take.nodes}))
                return false;
            m_book.addConsumed(order.skuId, offerSide, piece.slot, take.level, take.nodes);
        } else {
            byCounterparty[take.orderIndex].append(part);
        }
    }
    // A new order has no seq until it is stored (saveStatus() puts it in).
    const qint64 seq = isNew ? 0 : m_book.seqOf(order.id).value_or(0);
    for (const auto& [key, parts] : byRate) {
        const auto& [rate, synthetic] = key;
        const Schedule schedule = Schedule::fromEntries(parts);
        // A trade with another user shows in the feed as the resting order's fill.
        const FillStore store = synthetic ? FillStore::FeedRow
                                : isNew   ? FillStore::InOrderRow
                                          : FillStore::Row;
        order.fills.append(recordFill(order, seq, schedule, rate, now, store, settlements));
    }
    if (!buy) {
        Schedule& sold = m_soldInPass[{order.poolId, order.skuId}];
        sold = sold.plus(order.filled().minus(filled));
    }
    for (const auto& [index, parts] : byCounterparty) {
        const Schedule schedule = Schedule::fromEntries(parts);
        // The book's own order: filling one counterparty leaves the others where they are.
        const MarketOrder& sell = view.order(index);
        Schedule& sold = m_soldInPass[{sell.poolId, sell.skuId}];
        sold = sold.plus(schedule);
        if (!fillResting(sell.id, view.seq(index), schedule, now, settlements))
            return false;
    }
    return saveStatus(order, now, initial, isNew) && writeMatch();
}

MarketOrderFill MarketEngine::recordFill(const MarketOrder& order, qint64 seq, const Schedule& schedule,
                                         qint64 rate, qint64 now, FillStore store,
                                         QList<MarketSettlement>* settlements)
{
    const qint64 nodeSeconds = schedule.nodeSeconds().value_or(0);
    const qint64 amount = Money::totalForNodeSeconds(rate, nodeSeconds);
    const MarketFee orderFee = fee(order.side);
    const qint64 charged = Money::fee(orderFee.flatRate, orderFee.percentageBps, nodeSeconds, amount);
    const QString contract = nextId(u"cont_"_s);
    const MarketOrderFill fill{contract, now, schedule, rate, amount, charged};
    // Rows are written with the match's other rows (writeMatch()).
    if (store == FillStore::InOrderRow)
        m_newOrderFills.append(fill);
    else
        m_fillRows.append(QVariantList{QVariant(seq), QVariant(contract), QVariant(order.skuId),
                                       QVariant(store == FillStore::FeedRow), QVariant(now), QVariant(rate),
                                       QVariant(amount), QVariant(charged), QVariant(scheduleText(schedule)),
                                       QVariant(schedule.firstStart().value_or(0)),
                                       QVariant(schedule.lastEnd().value_or(0))});
    if (settlements)
        settlements->append(MarketSettlement{order.id, contract, order.poolId, order.skuId, order.side,
                                             schedule, rate, amount, charged, now});
    return fill;
}

bool MarketEngine::fillResting(const QString& id, qint64 seq, const Schedule& schedule, qint64 now,
                               QList<MarketSettlement>* settlements)
{
    const MarketOrder* resting = m_book.find(id);
    if (!resting) {
        m_error = u"order %1 is not on the resting book"_s.arg(id);
        m_reloadBook = true;
        return false;
    }
    recordFill(*resting, seq, schedule, resting->limitRate, now, FillStore::FeedRow, settlements);
    resting = m_book.addFilled(id, schedule);
    // A partly filled order's stored status stays as it was (see saveStatus()).
    if (!resting->remaining().isEmpty())
        return true;
    m_statusRows.append(QVariantList{orderStatusName(OrderStatus::Filled), now, QVariant(), seq});
    m_book.remove(id);
    return true;
}

bool MarketEngine::saveStatus(MarketOrder& order, qint64 now, bool initial, bool isNew)
{
    const OrderStatus before = order.status;
    const bool complete = order.remaining().isEmpty();
    const bool any = !order.fills.isEmpty() || !order.filledUnloaded.isEmpty();
    if (complete) {
        order.status = OrderStatus::Filled;
        order.filledAt = order.fills.isEmpty() ? now : order.fills.last().filledAt;
    } else if (initial && !order.allowStanding) {
        // Immediate-or-cancel: what did not fill at once is cancelled (fills, if any, stay).
        order.status = OrderStatus::Cancelled;
        order.cancelledAt = now;
    } else {
        order.status = any ? OrderStatus::PartiallyFilled : OrderStatus::Standing;
    }
    if (isNew) {
        const std::optional<qint64> seq = storeOrder(order, std::exchange(m_newOrderFills, {}));
        if (!seq)
            return false;
        for (QVariantList& row : m_fillRows) {
            if (row.first().toLongLong() == 0)
                row.first() = *seq;
        }
        if (order.isActive())
            m_book.put(*seq, order);
        return true;
    }
    // A resting order that met nothing this hour is stored as it was.
    if (order.status == before && order.fills.isEmpty())
        return true;
    const std::optional<qint64> seq = m_book.seqOf(order.id);
    if (!seq) {
        m_error = u"order %1 is not on the resting book"_s.arg(order.id);
        m_reloadBook = true;
        return false;
    }
    // By rowid; an order whose status stays as it was has only new fills, which are rows of
    // their own. Nor is a resting order's first fill written to its status: stored as standing,
    // an order with fills reads as partly filled (loadOrders()).
    if (order.status != before
        && !(before == OrderStatus::Standing && order.status == OrderStatus::PartiallyFilled))
        m_statusRows.append(QVariantList{
            orderStatusName(order.status), order.filledAt ? QVariant(*order.filledAt) : QVariant(),
            order.cancelledAt ? QVariant(*order.cancelledAt) : QVariant(), *seq});
    m_book.put(*seq, order);
    return true;
}

bool MarketEngine::writeMatch()
{
    const QList<QVariantList> fills = std::exchange(m_fillRows, {});
    const QList<QVariantList> statuses = std::exchange(m_statusRows, {});
    // One prepared statement per row: run through SQLite's API, a row costs what the VALUES of a
    // multi-row text would, and one literal text is found without hashing it.
    return std::all_of(fills.begin(), fills.end(),
                       [this](const QVariantList& row) {
                           return write(u"INSERT INTO market_order_fills (order_seq, contract_id, sku_id, "
                                        "traded, filled_at, rate, amount, fee, schedule, start_at, end_at) "
                                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
                                        row);
                       })
           && std::all_of(statuses.begin(), statuses.end(), [this](const QVariantList& row) {
                  return write(
                      u"UPDATE market_orders SET status = ?, filled_at = ?, cancelled_at = ? WHERE seq = ?"_s,
                      row);
              });
}

MarketFee MarketEngine::fee(OrderSide side) const
{
    if (side == OrderSide::Buy)
        return MarketFee{0, 0};
    return MarketFee{m_config.sellFlatFee, m_config.sellFeeBps};
}

std::vector<std::vector<qint64>> MarketEngine::piecePrices(const MarketSku& sku, qint64 start, qint64 end,
                                                           qint64 now, OrderSide offerSide, bool withOrders,
                                                           const QString& excludePool,
                                                           std::vector<qint64>* seconds) const
{
    std::vector<std::vector<qint64>> prices;
    if (end <= start)
        return prices;
    ensureBook();
    const BookSideView view(m_synthetic, m_book, sku, start, end, now, offerSide, withOrders, excludePool);
    for (qint64 slot = floorHour(start); slot < end; slot += Hour) {
        const qint64 from = std::max(slot, start);
        const qint64 to = std::min(slot + Hour, end);
        if (to <= now) {
            // An hour that has passed cannot be delivered: the window cannot be covered.
            prices.clear();
            seconds->clear();
            return prices;
        }
        std::vector<qint64> nodes;
        for (const BookSideView::Candidate& candidate : constValue(view.candidates(slot, from, to))) {
            for (qint64 i = 0; i < candidate.nodes && qint64(nodes.size()) < MaxLadderNodes; ++i)
                nodes.push_back(candidate.rate);
        }
        prices.push_back(std::move(nodes));
        seconds->push_back(to - from);
    }
    return prices;
}

QList<BookLevel> MarketEngine::ladder(const MarketSku& sku, qint64 start, qint64 end, qint64 now,
                                      OrderSide offerSide) const
{
    QList<BookLevel> levels;
    std::vector<qint64> seconds;
    const std::vector<std::vector<qint64>> prices =
        piecePrices(sku, start, end, now, offerSide, true, QString(), &seconds);
    if (prices.empty())
        return levels;
    size_t nodes = prices.front().size();
    qint64 totalSeconds = 0;
    for (size_t p = 0; p < prices.size(); ++p) {
        nodes = std::min(nodes, prices[p].size());
        totalSeconds += seconds[p];
    }
    // The k-th node over the whole window costs the k-th best price of every hour, averaged.
    for (size_t k = 0; k < nodes; ++k) {
        qint64 weighted = 0;
        for (size_t p = 0; p < prices.size(); ++p)
            weighted += prices[p][k] * seconds[p];
        const qint64 rate = Money::divideRoundHalfUp(weighted, totalSeconds);
        if (!levels.isEmpty() && levels.last().rate == rate)
            levels.last().schedule = levels.last().schedule.plus(Schedule::rectangle(start, end, 1));
        else
            levels.append(BookLevel{sku.id, rate, Schedule::rectangle(start, end, 1)});
    }
    return levels;
}

BookQuote MarketEngine::quote(const QStringList& skuIds, qint64 start, qint64 end, qint64 now) const
{
    const BookDepth book = depth(skuIds, start, end, now, 1);
    BookQuote quote;
    if (!book.bids.isEmpty())
        quote.bestBid = book.bids.first();
    if (!book.asks.isEmpty())
        quote.bestAsk = book.asks.first();
    return quote;
}

BookDepth MarketEngine::depth(const QStringList& skuIds, qint64 start, qint64 end, qint64 now,
                              int levels) const
{
    BookDepth book;
    QStringList sorted = skuIds;
    sorted.sort();
    for (const QString& id : std::as_const(sorted)) {
        const std::optional<MarketSku> marketSku = sku(id);
        if (!marketSku)
            continue;
        book.asks.append(ladder(*marketSku, start, end, now, OrderSide::Sell).mid(0, levels));
        book.bids.append(ladder(*marketSku, start, end, now, OrderSide::Buy).mid(0, levels));
    }
    // Ties go to the lowest SKU id, as the API documents for the best bid and ask.
    std::stable_sort(book.asks.begin(), book.asks.end(),
                     [](const BookLevel& a, const BookLevel& b) { return a.rate < b.rate; });
    std::stable_sort(book.bids.begin(), book.bids.end(),
                     [](const BookLevel& a, const BookLevel& b) { return a.rate > b.rate; });
    book.asks = book.asks.mid(0, levels);
    book.bids = book.bids.mid(0, levels);
    return book;
}

BookWindowPage MarketEngine::windows(const QStringList& skuIds, qint64 rangeStart, qint64 rangeEnd,
                                     qint64 now, int limit, const QString& startingAfter) const
{
    using Key = std::tuple<qint64, qint64, QString>;
    std::map<Key, BookWindow> rows;
    ensureBook();
    const qint64 horizonEnd = floorHour(now) + m_config.horizonSeconds;
    for (const QString& id : skuIds) {
        const std::optional<MarketSku> marketSku = sku(id);
        if (!marketSku)
            continue;
        const qint64 from = std::max(rangeStart, floorHour(now));
        const qint64 to = std::min(rangeEnd, horizonEnd);
        if (from < to) {
            const BookSideView asks(m_synthetic, m_book, *marketSku, from, to, now, OrderSide::Sell, false,
                                    QString());
            const BookSideView bids(m_synthetic, m_book, *marketSku, from, to, now, OrderSide::Buy, false,
                                    QString());
            for (qint64 slot = floorHour(from); slot < to; slot += Hour) {
                const auto count = [slot](const BookSideView& view) {
                    const QList<SyntheticOffer> offers = view.synthetic(slot);
                    return qint64(std::count_if(offers.begin(), offers.end(),
                                                [](const SyntheticOffer& offer) { return offer.nodes > 0; }));
                };
                const qint64 askCount = count(asks);
                const qint64 bidCount = count(bids);
                if (askCount + bidCount == 0)
                    continue;
                BookWindow& row = rows[Key{slot, slot + Hour, marketSku->id}];
                row.skuId = marketSku->id;
                row.startAt = slot;
                row.endAt = slot + Hour;
                row.askOrderCount += askCount;
                row.bidOrderCount += bidCount;
            }
        }
        // Standing and partly filled orders of both sides, in placement order (as the store lists them).
        std::map<qint64, const MarketOrder*> resting;
        for (const OrderSide side : {OrderSide::Buy, OrderSide::Sell}) {
            for (const auto& [seq, order] : m_book.orders(marketSku->id, side)) {
                if (order.status != OrderStatus::Pending && order.startAt < rangeEnd
                    && order.endAt > rangeStart)
                    resting.emplace(seq, &order);
            }
        }
        for (const auto& [seq, found] : resting) {
            const MarketOrder& order = *found;
            BookWindow& row = rows[Key{order.startAt, order.endAt, order.skuId}];
            row.skuId = order.skuId;
            row.startAt = order.startAt;
            row.endAt = order.endAt;
            (order.side == OrderSide::Buy ? row.bidOrderCount : row.askOrderCount) += 1;
        }
    }

    auto it = rows.begin();
    if (const std::optional<QString> after = decodeCursor(u"mwin_"_s, startingAfter)) {
        const QStringList parts = after->split(u':');
        if (parts.size() == 3)
            it = rows.upper_bound(Key{parts[0].toLongLong(), parts[1].toLongLong(), parts[2]});
    }
    BookWindowPage page;
    const int pageSize = std::clamp(limit, 1, 200);
    for (; it != rows.end() && page.windows.size() < pageSize; ++it) {
        BookWindow row = it->second;
        if (const std::optional<MarketSku> marketSku = sku(row.skuId)) {
            const QList<BookLevel> asks = ladder(*marketSku, row.startAt, row.endAt, now, OrderSide::Sell);
            const QList<BookLevel> bids = ladder(*marketSku, row.startAt, row.endAt, now, OrderSide::Buy);
            if (!asks.isEmpty())
                row.bestAsk = asks.first();
            if (!bids.isEmpty())
                row.bestBid = bids.first();
        }
        page.windows.append(row);
    }
    page.hasMore = it != rows.end();
    if (page.hasMore && !page.windows.isEmpty()) {
        const BookWindow& last = page.windows.last();
        page.cursor =
            encodeCursor(u"mwin_"_s, u"%1:%2:%3"_s.arg(last.startAt).arg(last.endAt).arg(last.skuId));
    }
    return page;
}

BookFillPage MarketEngine::fills(const QStringList& skuIds, qint64 start, qint64 end, qint64 since,
                                 qint64 now, int limit, const QString& startingAfter) const
{
    BookFillPage page;
    if (skuIds.isEmpty())
        return page;
    QStringList marks;
    QVariantList binds;
    for (const QString& id : skuIds) {
        marks.append(u"?"_s);
        binds.append(skuIdOf(id));
    }
    QString sql = u"SELECT seq, sku_id, rate, schedule, filled_at FROM market_order_fills "
                  "WHERE traded = 1 AND sku_id IN ("_s
                  + marks.join(u", "_s)
                  + u") AND start_at < ? AND end_at > ? AND filled_at >= ? AND filled_at <= ?"_s;
    binds << end << start << since << now;
    if (const std::optional<QString> after = decodeCursor(u"mfilc_"_s, startingAfter)) {
        sql += u" AND seq < ?"_s;
        binds << after->toLongLong();
    }
    const int pageSize = std::clamp(limit, 1, 200);
    sql += u" ORDER BY seq DESC LIMIT ?"_s;
    binds << pageSize + 1;
    QSqlQuery query(m_db);
    query.prepare(sql);
    for (const QVariant& bind : std::as_const(binds))
        query.addBindValue(bind);
    if (!exec(query))
        return page;
    qint64 lastSeq = 0;
    while (query.next()) {
        if (page.fills.size() == pageSize) {
            page.hasMore = true;
            break;
        }
        lastSeq = query.value(0).toLongLong();
        page.fills.append(BookFill{query.value(1).toString(), query.value(2).toLongLong(),
                                   scheduleFromText(query.value(3).toString()), query.value(4).toLongLong()});
    }
    if (page.hasMore)
        page.cursor = encodeCursor(u"mfilc_"_s, QString::number(lastSeq));
    return page;
}

Schedule MarketEngine::availability(const QString& skuId, qint64 now) const
{
    Schedule schedule;
    const std::optional<MarketSku> marketSku = sku(skuId);
    if (!marketSku)
        return schedule;
    const qint64 first = floorHour(now);
    const qint64 last = first + m_config.horizonSeconds;
    ensureBook();
    const BookSideView view(m_synthetic, m_book, *marketSku, first, last, now, OrderSide::Sell, true,
                            QString());
    const qint64 minute = Schedule::floorTo(now, Schedule::Alignment);
    for (qint64 slot = first; slot < last; slot += Hour) {
        const qint64 from = std::max(slot, minute);
        qint64 nodes = 0;
        for (const BookSideView::Candidate& candidate : constValue(view.candidates(slot, from, slot + Hour)))
            nodes += candidate.nodes;
        schedule = schedule.plus(Schedule::rectangle(from, slot + Hour, nodes));
    }
    return schedule;
}

MarketPreview MarketEngine::preview(const PreviewRequest& request, const QStringList& skuIds, qint64 now,
                                    const QString& pool, const OwnedAllocation& owned) const
{
    MarketPreview result;
    result.side = request.side;
    result.startAt = request.startAt;
    result.endAt = request.startAt + request.durationSeconds;
    result.nodeCount = request.nodeCount;
    result.pool = pool.isEmpty() ? PlaceholderPool : pool;
    const bool buy = request.side == OrderSide::Buy;
    QStringList sorted;
    for (const QString& id : skuIds) {
        if (sku(id))
            sorted.append(skuIdOf(id));
    }
    sorted.sort();
    if (sorted.isEmpty()) {
        result.unavailableReason = u"no_matching_instance_skus"_s;
        return result;
    }
    result.fee = fee(request.side);
    std::optional<qint64> best;
    for (const QString& id : std::as_const(sorted)) {
        const MarketSku marketSku = *sku(id);
        if (!buy && !pool.isEmpty() && owned
            && owned(pool, id).minOver(result.startAt, result.endAt) < request.nodeCount)
            continue;
        std::vector<qint64> seconds;
        const std::vector<std::vector<qint64>> prices =
            piecePrices(marketSku, result.startAt, result.endAt, now, buy ? OrderSide::Sell : OrderSide::Buy,
                        buy, pool, &seconds);
        if (prices.empty())
            continue;
        Int128 total = 0;
        qint64 windowSeconds = 0;
        bool covered = true;
        for (size_t p = 0; p < prices.size() && covered; ++p) {
            covered = qint64(prices[p].size()) >= request.nodeCount;
            for (qint64 k = 0; covered && k < request.nodeCount; ++k)
                total += Int128(prices[p][size_t(k)]) * seconds[p];
            windowSeconds += seconds[p];
        }
        if (!covered)
            continue;
        // The limit that makes the posted body fill: at least the average ask for a buy (rounded
        // up), at most the average bid for a sell (rounded down), at per-minute precision.
        const Int128 nodeSeconds = Int128(request.nodeCount) * windowSeconds;
        const qint64 rate =
            buy ? Money::roundUpToMinutePrecision(qint64((total + nodeSeconds - 1) / nodeSeconds))
                : Money::roundDownToMinutePrecision(qint64(total / nodeSeconds));
        if (!best || (buy ? rate < *best : rate > *best)) {
            best = rate;
            result.skuId = id;
        }
    }
    if (!best) {
        result.unavailableReason = u"no_availability"_s;
        return result;
    }
    result.quoted = true;
    result.limitRate = *best;
    return result;
}

} // namespace sfsim
