#include "sim/market/marketengine.h"

#include "common/money.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

__extension__ using Int128 = __int128;

constexpr qint64 Hour = SyntheticMarket::Hour;
// Cap on the nodes a ladder looks at: no order is larger.
constexpr qint64 MaxLadderNodes = 4096;
const QString IdAlphabet = u"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"_s;

qint64 floorHour(qint64 t)
{
    return Schedule::floorTo(t, Hour);
}

qint64 consumedKey(qint64 slot, OrderSide offerSide, int level)
{
    return slot * 16 + (offerSide == OrderSide::Sell ? 0 : 8) + level;
}

QString sideColumn(OrderSide offerSide)
{
    return offerSide == OrderSide::Sell ? u"ask"_s : u"bid"_s;
}

// Fill schedules are stored as "start,end,count;…": bounded ranges only, quick to read back.
QString scheduleText(const Schedule& schedule)
{
    QString text;
    for (const ScheduleEntry& entry : schedule.entries()) {
        if (!text.isEmpty())
            text += u';';
        text += QString::number(entry.startAt) + u',' + QString::number(entry.endAt.value_or(entry.startAt))
                + u',' + QString::number(entry.nodeCount);
    }
    return text;
}

Schedule scheduleFromText(const QString& text)
{
    Schedule schedule;
    for (const QStringView part : QStringView(text).split(u';', Qt::SkipEmptyParts)) {
        const QList<QStringView> fields = part.split(u',');
        if (fields.size() == 3)
            schedule = schedule.plus(
                Schedule::rectangle(fields[0].toLongLong(), fields[1].toLongLong(), fields[2].toLongLong()));
    }
    return schedule;
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

// The offers on one side of one SKU's book over a time range, as they stand at `now`: synthetic
// offers less what was taken, and (when asked) the resting orders of users.
class BookView final
{
public:
    struct Candidate
    {
        qint64 rate;
        qint64 nodes;
        int level;
        int orderIndex;
    };

    BookView(const MarketEngine& engine, const MarketSku& sku, qint64 from, qint64 to, qint64 now,
             OrderSide offerSide, bool withOrders, const QString& excludePool)
        : m_engine(engine)
        , m_sku(sku)
        , m_now(now)
        , m_offerSide(offerSide)
    {
        if (QSqlQuery* query = engine.run(u"SELECT slot, level, nodes FROM market_consumed WHERE sku_id = ? "
                                          "AND side = ? AND slot >= ? AND slot < ?"_s,
                                          {sku.id, sideColumn(offerSide), floorHour(from), to})) {
            while (query->next())
                m_consumed.insert(
                    consumedKey(query->value(0).toLongLong(), offerSide, query->value(1).toInt()),
                    query->value(2).toLongLong());
            query->finish();
        }
        if (withOrders) {
            orders = engine.loadOrders(
                u"o.status IN ('standing', 'partially_filled') AND o.sku_id = ? AND o.side = ? "
                "AND o.start_at < ? AND o.end_at > ? AND o.pool_id <> coalesce(?, '')"_s,
                {sku.id, orderSideName(offerSide), to, from, excludePool}, true, false);
            for (const MarketOrder& order : std::as_const(orders))
                m_filled.push_back(order.filled());
        }
    }

    QList<SyntheticOffer> synthetic(qint64 slot) const
    {
        QList<SyntheticOffer> offers = m_offerSide == OrderSide::Sell
                                           ? m_engine.m_synthetic.asks(m_sku, slot, m_now)
                                           : m_engine.m_synthetic.bids(m_sku, slot, m_now);
        for (SyntheticOffer& offer : offers)
            offer.nodes -= m_consumed.value(consumedKey(slot, m_offerSide, offer.level), 0);
        return offers;
    }

    // Capacity of user order `index` over a piece: it must cover the piece whole.
    qint64 orderCapacity(int index, qint64 pieceFrom, qint64 pieceTo) const
    {
        const MarketOrder& order = orders[index];
        if (order.startAt > pieceFrom || order.endAt < pieceTo)
            return 0;
        return order.nodeCount - m_filled[size_t(index)].maxOver(pieceFrom, pieceTo);
    }

    // Best first: lowest asks, highest bids; synthetic offers before users' orders at one price.
    QList<Candidate> candidates(qint64 slot, qint64 pieceFrom, qint64 pieceTo) const
    {
        QList<Candidate> result;
        for (const SyntheticOffer& offer : synthetic(slot)) {
            if (offer.nodes > 0)
                result.append(Candidate{offer.rate, offer.nodes, offer.level, -1});
        }
        for (int i = 0; i < orders.size(); ++i) {
            const qint64 capacity = orderCapacity(i, pieceFrom, pieceTo);
            if (capacity > 0)
                result.append(Candidate{orders[i].limitRate, capacity, -1, i});
        }
        const bool asks = m_offerSide == OrderSide::Sell;
        std::stable_sort(result.begin(), result.end(), [asks](const Candidate& a, const Candidate& b) {
            return asks ? a.rate < b.rate : a.rate > b.rate;
        });
        return result;
    }

    void consume(qint64 slot, int level, qint64 nodes)
    {
        m_consumed[consumedKey(slot, m_offerSide, level)] += nodes;
    }
    void fillOrder(int index, qint64 from, qint64 to, qint64 nodes)
    {
        m_filled[size_t(index)] = m_filled[size_t(index)].plus(Schedule::rectangle(from, to, nodes));
    }

    QList<MarketOrder> orders;

private:
    const MarketEngine& m_engine;
    MarketSku m_sku;
    qint64 m_now;
    OrderSide m_offerSide;
    QHash<qint64, qint64> m_consumed;
    std::vector<Schedule> m_filled;
};

MarketEngine::MarketEngine(QSqlDatabase db, Config config)
    : m_db(std::move(db))
    , m_config(config)
    , m_synthetic(config.seed, config.horizonSeconds)
{}

bool MarketEngine::exec(QSqlQuery& query) const
{
    if (query.exec())
        return true;
    m_error = query.lastError().text();
    qWarning("market: %s", qPrintable(m_error));
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
            qWarning("market: %s", qPrintable(m_error));
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

bool MarketEngine::createSchema(QString* error)
{
    const QStringList statements = {
        u"CREATE TABLE IF NOT EXISTS market_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"_s,
        u"CREATE TABLE IF NOT EXISTS market_skus (id TEXT PRIMARY KEY, alias TEXT NOT NULL, "
        "base_rate INTEGER NOT NULL, nodes_per_hour INTEGER NOT NULL)"_s,
        u"CREATE TABLE IF NOT EXISTS market_orders (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL "
        u"UNIQUE, "
        "pool_id TEXT NOT NULL, pool_name TEXT NOT NULL, side TEXT NOT NULL, sku_id TEXT NOT NULL, "
        "start_at INTEGER NOT NULL, end_at INTEGER NOT NULL, node_count INTEGER NOT NULL, "
        "limit_rate INTEGER NOT NULL, allow_standing INTEGER NOT NULL, allow_partial INTEGER NOT NULL, "
        "status TEXT NOT NULL, created_at INTEGER NOT NULL, created_by TEXT, filled_at INTEGER, "
        "cancelled_at INTEGER)"_s,
        u"CREATE INDEX IF NOT EXISTS market_orders_book ON market_orders (status, sku_id, side)"_s,
        // The resting orders a match looks at: one side of one SKU's book that ends after the
        // window starts. The index covers the window, so orders outside it cost no table lookup.
        u"CREATE INDEX IF NOT EXISTS market_orders_resting ON market_orders "
        "(sku_id, side, status, end_at, start_at, pool_id)"_s,
        u"CREATE TABLE IF NOT EXISTS market_fills (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
        "contract_id TEXT NOT NULL UNIQUE, order_id TEXT NOT NULL, sku_id TEXT NOT NULL, side TEXT NOT NULL, "
        "counterparty TEXT NOT NULL, filled_at INTEGER NOT NULL, rate INTEGER NOT NULL, schedule TEXT NOT "
        "NULL, "
        "start_at INTEGER NOT NULL, end_at INTEGER NOT NULL, amount INTEGER NOT NULL, fee INTEGER NOT NULL)"_s,
        u"CREATE INDEX IF NOT EXISTS market_fills_order ON market_fills (order_id)"_s,
        u"CREATE TABLE IF NOT EXISTS market_consumed (sku_id TEXT NOT NULL, slot INTEGER NOT NULL, "
        "side TEXT NOT NULL, level INTEGER NOT NULL, nodes INTEGER NOT NULL, "
        "PRIMARY KEY (sku_id, side, slot, level)) WITHOUT ROWID"_s,
    };
    for (const QString& statement : statements) {
        QSqlQuery query(m_db);
        query.prepare(statement);
        if (!exec(query)) {
            if (error)
                *error = m_error;
            return false;
        }
    }
    // Each order's filled schedule, kept with it so that a match reads the book without its fills.
    // Stores from before it get the column, filled in from their fills.
    QSqlQuery probe(m_db);
    if (!probe.exec(u"SELECT filled FROM market_orders LIMIT 0"_s)) {
        QSqlQuery alter(m_db);
        alter.prepare(u"ALTER TABLE market_orders ADD COLUMN filled TEXT"_s);
        if (!exec(alter)) {
            if (error)
                *error = m_error;
            return false;
        }
        for (const MarketOrder& order : loadOrders(u"1 = 1"_s, {}, false)) {
            if (order.fills.isEmpty())
                continue;
            if (!run(u"UPDATE market_orders SET filled = ? WHERE id = ?"_s,
                     {scheduleText(order.filled()), order.id})) {
                if (error)
                    *error = m_error;
                return false;
            }
        }
    }
    const QString seed = meta(u"seed"_s);
    if (seed.isEmpty()) {
        setMeta(u"seed"_s, QString::number(m_config.seed));
    } else if (seed != QString::number(m_config.seed)) {
        m_error =
            u"the market in this database was created with seed %1, not %2"_s.arg(seed).arg(m_config.seed);
        if (error)
            *error = m_error;
        return false;
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

void MarketEngine::setMeta(const QString& key, const QString& value)
{
    QSqlQuery query(m_db);
    query.prepare(u"INSERT INTO market_meta (key, value) VALUES (?, ?) "
                  "ON CONFLICT (key) DO UPDATE SET value = excluded.value"_s);
    query.addBindValue(key);
    query.addBindValue(value);
    exec(query);
}

QString MarketEngine::nextId(const QString& prefix)
{
    // Deterministic ids: the same seed and requests give the same ids.
    QSqlQuery* query =
        run(u"INSERT INTO market_meta (key, value) VALUES ('id_counter', '1') ON CONFLICT (key) "
            "DO UPDATE SET value = CAST(value AS INTEGER) + 1 RETURNING value"_s,
            {});
    const qint64 counter = query && query->next() ? query->value(0).toLongLong() : 0;
    if (query)
        query->finish();
    quint64 h = SyntheticMarket::mix(m_config.seed ^ SyntheticMarket::mix(static_cast<quint64>(counter)));
    QString id = prefix;
    for (int i = 0; i < 21; ++i) {
        if (i == 10)
            h = SyntheticMarket::mix(h);
        id.append(IdAlphabet[int(h % 62)]);
        h /= 62;
    }
    return id;
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
    const MarketSku found{query.value(0).toString(), query.value(1).toString(), query.value(2).toLongLong(),
                          query.value(3).toLongLong()};
    m_skuCache.insert(key, found);
    return found;
}

QList<MarketOrder> MarketEngine::loadOrders(const QString& where, const QVariantList& binds, bool fixedText,
                                            bool withFills) const
{
    QList<MarketOrder> result;
    const QString ordersSql =
        u"SELECT o.id, o.pool_id, o.pool_name, o.side, o.sku_id, coalesce(s.alias, ''), o.start_at, "
        "o.end_at, o.node_count, o.limit_rate, o.allow_standing, o.allow_partial, o.status, o.created_at, "
        "o.created_by, o.filled_at, o.cancelled_at, o.filled FROM market_orders o "
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
        if (!withFills)
            order.filledUnloaded = scheduleFromText(query.value(17).toString());
        result.append(order);
    }
    query.finish();
    if (result.isEmpty() || !withFills)
        return result;
    // All their fills in one query rather than one per order.
    // A few orders (a match's book, one order): their fills by order id, which costs a lookup each
    // rather than another scan of what `where` selects.
    if (fixedText && result.size() <= 32) {
        for (MarketOrder& order : result) {
            QSqlQuery* own =
                run(u"SELECT contract_id, filled_at, schedule, rate, amount, fee FROM market_fills "
                    "WHERE order_id = ? ORDER BY seq"_s,
                    {order.id});
            if (!own)
                return result;
            while (own->next())
                order.fills.append(MarketOrderFill{own->value(0).toString(), own->value(1).toLongLong(),
                                                   scheduleFromText(own->value(2).toString()),
                                                   own->value(3).toLongLong(), own->value(4).toLongLong(),
                                                   own->value(5).toLongLong()});
            own->finish();
        }
        return result;
    }
    QHash<QString, qsizetype> index;
    for (qsizetype i = 0; i < result.size(); ++i)
        index.insert(result[i].id, i);
    const QString fillsSql =
        u"SELECT f.order_id, f.contract_id, f.filled_at, f.schedule, f.rate, f.amount, f.fee "
        "FROM market_orders o JOIN market_fills f ON f.order_id = o.id WHERE "_s
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
        const auto it = index.constFind(fills.value(0).toString());
        if (it == index.constEnd())
            continue;
        result[*it].fills.append(MarketOrderFill{fills.value(1).toString(), fills.value(2).toLongLong(),
                                                 scheduleFromText(fills.value(3).toString()),
                                                 fills.value(4).toLongLong(), fills.value(5).toLongLong(),
                                                 fills.value(6).toLongLong()});
    }
    fills.finish();
    return result;
}

std::optional<NewOrder> MarketEngine::validateOrder(const QJsonObject& body, qint64 now,
                                                    FieldErrors* errors) const
{
    FieldErrors found;
    auto fail = [&found](const QString& field, const QString& code, const QString& message) {
        found.append(FieldError{field, code, message});
    };
    NewOrder order;

    const QJsonValue pool = body.value(u"pool"_s);
    if (pool.isUndefined() || pool.isNull())
        fail(u"pool"_s, u"required"_s, u"is required"_s);
    else if (!pool.isString() || pool.toString().isEmpty())
        fail(u"pool"_s, u"invalid_type"_s, u"must be a pool id or resource path"_s);
    else
        order.poolId = pool.toString();

    const QJsonValue side = body.value(u"side"_s);
    const std::optional<OrderSide> parsedSide = orderSideFromName(side.toString());
    if (side.isUndefined())
        fail(u"side"_s, u"required"_s, u"is required"_s);
    else if (!parsedSide)
        fail(u"side"_s, u"invalid_value"_s, u"must be \"buy\" or \"sell\""_s);
    else
        order.side = *parsedSide;

    const QJsonValue skuValue = body.value(u"instance_sku"_s);
    if (skuValue.isUndefined())
        fail(u"instance_sku"_s, u"required"_s, u"is required"_s);
    else if (!skuValue.isString())
        fail(u"instance_sku"_s, u"invalid_type"_s, u"must be an instance SKU id"_s);
    else if (const std::optional<MarketSku> known = sku(skuValue.toString()))
        order.skuId = known->id;
    else
        fail(u"instance_sku"_s, u"not_found"_s, u"is not a registered instance SKU"_s);

    const QJsonValue schedule = body.value(u"allocation_schedule_delta"_s);
    if (schedule.isUndefined()) {
        fail(u"allocation_schedule_delta"_s, u"required"_s, u"is required"_s);
    } else {
        FieldErrors scheduleErrors;
        const std::optional<Schedule> parsed =
            Schedule::fromJson(schedule, u"allocation_schedule_delta"_s, &scheduleErrors);
        found.append(scheduleErrors);
        if (parsed) {
            const QJsonArray entries = schedule.toArray();
            const QJsonValue end =
                entries.isEmpty() ? QJsonValue() : entries[0].toObject().value(u"end_at"_s);
            if (entries.size() != 1 || !end.isDouble()) {
                fail(u"allocation_schedule_delta"_s, u"invalid_value"_s,
                     u"must be a single range with both start_at and end_at"_s);
            } else {
                const QJsonObject entry = entries[0].toObject();
                order.startAt = entry.value(u"start_at"_s).toInteger();
                order.endAt = entry.value(u"end_at"_s).toInteger();
                order.nodeCount = entry.value(u"node_count"_s).toInteger();
                if (order.nodeCount < 1)
                    fail(u"allocation_schedule_delta[0].node_count"_s, u"invalid_value"_s,
                         u"must be at least 1"_s);
                if (order.startAt < now - Schedule::Alignment)
                    fail(u"allocation_schedule_delta[0].start_at"_s, u"in_past"_s,
                         u"must not be in the past"_s);
                // Compared without adding to `now` first: the times may be anywhere in qint64.
                if (order.startAt > now && order.startAt - now > MaxOrderAheadSeconds)
                    fail(u"allocation_schedule_delta[0].start_at"_s, u"too_far_ahead"_s,
                         u"must be at most %1 days from now"_s.arg(MaxOrderAheadSeconds / 86400));
                else if (order.endAt > now && order.endAt - now > MaxOrderAheadSeconds)
                    fail(u"allocation_schedule_delta[0].end_at"_s, u"too_far_ahead"_s,
                         u"must be at most %1 days from now"_s.arg(MaxOrderAheadSeconds / 86400));
                if (m_config.strictHours) {
                    if (order.startAt % Hour != 0 && order.startAt > now)
                        fail(u"allocation_schedule_delta[0].start_at"_s, u"not_hour_aligned"_s,
                             u"must be now or on an hour boundary"_s);
                    if (order.endAt % Hour != 0)
                        fail(u"allocation_schedule_delta[0].end_at"_s, u"not_hour_aligned"_s,
                             u"must be on an hour boundary"_s);
                }
            }
        }
    }

    const QJsonValue limit = body.value(u"limit_price_dollars_per_node_hour"_s);
    if (limit.isUndefined()) {
        fail(u"limit_price_dollars_per_node_hour"_s, u"required"_s, u"is required"_s);
    } else if (!limit.isString()) {
        fail(u"limit_price_dollars_per_node_hour"_s, u"invalid_type"_s,
             u"must be a decimal string such as \"2.500000\""_s);
    } else {
        QString message;
        if (const std::optional<qint64> rate = Money::parseRate(limit.toString(), &message)) {
            order.limitRate = Money::roundToMinutePrecision(*rate);
            // A zero limit would pass the balance check of a buy at no cost.
            if (order.limitRate <= 0)
                fail(u"limit_price_dollars_per_node_hour"_s, u"invalid_value"_s, u"must be greater than 0"_s);
        } else
            fail(u"limit_price_dollars_per_node_hour"_s, u"invalid_value"_s, message);
    }

    // IOC unless told otherwise; sells fill partly by default, buys all or nothing.
    order.allowPartial = order.side == OrderSide::Sell;
    for (const auto& [name, target] : {std::pair{u"allow_standing"_s, &order.allowStanding},
                                       std::pair{u"allow_partial"_s, &order.allowPartial}}) {
        const QJsonValue value = body.value(name);
        if (value.isUndefined() || value.isNull())
            continue;
        if (!value.isBool())
            fail(name, u"invalid_type"_s, u"must be true or false"_s);
        else
            *target = value.toBool();
    }

    if (!found.isEmpty()) {
        if (errors)
            errors->append(found);
        return std::nullopt;
    }
    return order;
}

FieldErrors MarketEngine::checkSellAllocation(const NewOrder& order, const Schedule& owned) const
{
    if (order.side != OrderSide::Sell)
        return {};
    Schedule committed;
    const QList<MarketOrder> resting =
        loadOrders(u"o.status IN ('pending', 'standing', 'partially_filled') AND o.side = 'sell' "
                   "AND o.pool_id = ? AND o.sku_id = ?"_s,
                   {order.poolId, order.skuId});
    for (const MarketOrder& sell : resting)
        committed = committed.plus(sell.remaining());
    const Schedule free = owned.minus(committed);
    const Schedule wanted = Schedule::rectangle(order.startAt, order.endAt, order.nodeCount);
    const Schedule shortfall = free.minus(wanted);
    if (shortfall.isNonNegative())
        return {};
    qint64 when = order.startAt;
    for (const ScheduleEntry& entry : shortfall.entries()) {
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

std::optional<MarketOrder> MarketEngine::insertOrder(const NewOrder& order, qint64 now)
{
    const QString id = nextId(u"ordr_"_s);
    const QString sql =
        u"INSERT INTO market_orders (id, pool_id, pool_name, side, sku_id, start_at, end_at, node_count, "
        "limit_rate, allow_standing, allow_partial, status, created_at, created_by) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)"_s;
    if (!run(sql, {QVariant(id), QVariant(order.poolId),
                   QVariant(order.poolName.isEmpty() ? order.poolId : order.poolName),
                   QVariant(orderSideName(order.side)), QVariant(order.skuId), QVariant(order.startAt),
                   QVariant(order.endAt), QVariant(order.nodeCount), QVariant(order.limitRate),
                   QVariant(order.allowStanding), QVariant(order.allowPartial), QVariant(now),
                   order.createdBy.isEmpty()
                       ? QVariant()
                       : QVariant(QString::fromUtf8(
                             QJsonDocument(order.createdBy).toJson(QJsonDocument::Compact)))}))
        return std::nullopt;
    MarketOrder stored;
    stored.id = id;
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
    return stored;
}

std::optional<MarketEngine::PlaceResult> MarketEngine::placeOrder(const NewOrder& order, qint64 now,
                                                                  const OwnedAllocation& owned)
{
    std::optional<MarketOrder> stored = insertOrder(order, now);
    if (!stored)
        return std::nullopt;
    PlaceResult result{*stored, {}};
    m_soldInPass.clear();
    if (!matchOrder(result.order, now, true, owned, &result.settlements))
        return std::nullopt;
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
    if (query.side) {
        where.append(u"o.side = ?"_s);
        binds.append(orderSideName(*query.side));
    }
    if (!query.statuses.isEmpty()) {
        QStringList names;
        for (OrderStatus status : query.statuses)
            names.append(orderStatusName(status));
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
    std::optional<MarketOrder> found = order(id);
    if (!found)
        return CancelResult::NotFound;
    if (!found->isActive())
        return CancelResult::NotCancellable;
    QSqlQuery query(m_db);
    query.prepare(u"UPDATE market_orders SET status = 'cancelled', cancelled_at = ? WHERE id = ?"_s);
    query.addBindValue(now);
    query.addBindValue(id);
    return exec(query) ? CancelResult::Cancelled : CancelResult::NotCancellable;
}

std::optional<qint64> MarketEngine::lastAdvancedAt() const
{
    const QString value = meta(u"advanced_at"_s);
    if (value.isEmpty())
        return std::nullopt;
    return value.toLongLong();
}

QList<MarketSettlement> MarketEngine::advanceTo(qint64 now, const OwnedAllocation& owned)
{
    QList<MarketSettlement> settlements;
    const std::optional<qint64> last = lastAdvancedAt();
    if (last && now <= *last)
        return settlements;
    // The caller settles after this returns, so what sells sold counts until then.
    m_soldInPass.clear();
    if (last) {
        // Hour by hour while orders are active; a long jump over an empty book costs one step.
        QSqlQuery active(m_db);
        active.prepare(u"SELECT 1 FROM market_orders WHERE status IN ('pending', 'standing', "
                       "'partially_filled') LIMIT 1"_s);
        for (qint64 t = floorHour(*last) + Hour; t < now; t += Hour) {
            if (!exec(active) || !active.next())
                break;
            active.finish();
            stepTo(t, owned, &settlements);
        }
    }
    stepTo(now, owned, &settlements);
    setMeta(u"advanced_at"_s, QString::number(now));
    return settlements;
}

bool MarketEngine::stepTo(qint64 t, const OwnedAllocation& owned, QList<MarketSettlement>* settlements)
{
    QSqlQuery expire(m_db);
    expire.prepare(u"UPDATE market_orders SET status = 'cancelled', cancelled_at = end_at "
                   "WHERE status IN ('pending', 'standing', 'partially_filled') AND end_at <= ?"_s);
    expire.addBindValue(t);
    if (!exec(expire))
        return false;
    QSqlQuery active(m_db);
    active.prepare(
        u"SELECT id FROM market_orders WHERE status IN ('pending', 'standing', 'partially_filled') "
        "ORDER BY seq"_s);
    if (!exec(active))
        return false;
    QStringList ids;
    while (active.next())
        ids.append(active.value(0).toString());
    for (const QString& id : std::as_const(ids)) {
        // Reloaded: an earlier order in this step may have taken from this one.
        std::optional<MarketOrder> current = order(id);
        const bool first = current && current->status == OrderStatus::Pending;
        if (current && current->isActive() && !matchOrder(*current, t, first, owned, settlements))
            return false;
    }
    return true;
}

bool MarketEngine::matchOrder(MarketOrder& order, qint64 now, bool initial, const OwnedAllocation& owned,
                              QList<MarketSettlement>* settlements)
{
    const std::optional<MarketSku> marketSku = sku(order.skuId);
    if (!marketSku)
        return saveStatus(order, now, initial);
    const bool buy = order.side == OrderSide::Buy;
    const bool allOrNothing = !order.allowPartial;
    const Schedule filled = order.filled();

    std::vector<Piece> pieces;
    for (qint64 slot = floorHour(order.startAt); slot < order.endAt; slot += Hour) {
        const qint64 from = std::max(slot, order.startAt);
        const qint64 to = std::min(slot + Hour, order.endAt);
        pieces.push_back(Piece{slot, from, to, order.nodeCount - filled.at(from)});
    }

    // A buy takes asks (sellers' offers and users' resting sells); a sell is lifted by the
    // synthetic buyers' bids. Users' resting buys meet new sells when they match in turn.
    BookView view(*this, *marketSku, order.startAt, order.endAt, now, buy ? OrderSide::Sell : OrderSide::Buy,
                  buy, order.poolId);
    const QString poolKey = order.poolId + u'\n' + order.skuId;
    Schedule sellable;
    if (!buy && owned)
        sellable = owned(order.poolId, order.skuId).minus(m_soldInPass.value(poolKey));

    std::vector<Take> takes;
    Int128 paid = 0;
    Int128 atLimit = 0;
    for (int p = 0; p < int(pieces.size()); ++p) {
        const Piece& piece = pieces[size_t(p)];
        if (piece.needed <= 0)
            continue;
        qint64 need = piece.needed;
        if (piece.to <= now) {
            if (allOrNothing)
                return saveStatus(order, now, initial);
            continue;
        }
        if (!buy && owned)
            need = std::min(need, std::max<qint64>(0, sellable.minOver(piece.from, piece.to)));
        const qint64 seconds = piece.to - piece.from;
        for (const BookView::Candidate& candidate : view.candidates(piece.slot, piece.from, piece.to)) {
            if (need == 0)
                break;
            if (!allOrNothing && (buy ? candidate.rate > order.limitRate : candidate.rate < order.limitRate))
                break;
            qint64 nodes = std::min(need, candidate.nodes);
            if (candidate.orderIndex >= 0 && owned) {
                // A resting sell can deliver only what its pool still owns.
                const MarketOrder& sell = view.orders[candidate.orderIndex];
                const Schedule free = owned(sell.poolId, sell.skuId)
                                          .minus(m_soldInPass.value(sell.poolId + u'\n' + sell.skuId));
                nodes = std::min(nodes, std::max<qint64>(0, free.minOver(piece.from, piece.to)));
                if (nodes == 0)
                    continue;
            }
            takes.push_back(Take{p, candidate.rate, nodes, candidate.level, candidate.orderIndex});
            paid += Int128(candidate.rate) * nodes * seconds;
            atLimit += Int128(order.limitRate) * nodes * seconds;
            need -= nodes;
        }
        if (allOrNothing && need > 0)
            return saveStatus(order, now, initial);
    }
    // All or nothing compares the whole window: the average price of what it takes against the limit.
    if (allOrNothing && !takes.empty() && (buy ? paid > atLimit : paid < atLimit))
        return saveStatus(order, now, initial);

    // Take from the book, then write one fill per price.
    std::map<qint64, Schedule> byRate;
    std::map<int, Schedule> byCounterparty;
    for (const Take& take : takes) {
        const Piece& piece = pieces[size_t(take.piece)];
        const Schedule part = Schedule::rectangle(piece.from, piece.to, take.nodes);
        byRate[take.rate] = byRate[take.rate].plus(part);
        if (take.level >= 0) {
            if (!run(u"INSERT INTO market_consumed (sku_id, slot, side, level, nodes) VALUES (?, ?, ?, ?, ?) "
                     "ON CONFLICT (sku_id, side, slot, level) DO UPDATE SET nodes = nodes + excluded.nodes"_s,
                     {order.skuId, piece.slot, sideColumn(buy ? OrderSide::Sell : OrderSide::Buy), take.level,
                      take.nodes}))
                return false;
        } else {
            byCounterparty[take.orderIndex] = byCounterparty[take.orderIndex].plus(part);
        }
    }
    for (const auto& [rate, schedule] : byRate) {
        if (!recordFill(order, schedule, rate, now, false, settlements))
            return false;
    }
    if (!buy)
        m_soldInPass[poolKey] = m_soldInPass.value(poolKey).plus(order.filled().minus(filled));
    for (const auto& [index, schedule] : byCounterparty) {
        MarketOrder sell = view.orders[index];
        const QString sellKey = sell.poolId + u'\n' + sell.skuId;
        m_soldInPass[sellKey] = m_soldInPass.value(sellKey).plus(schedule);
        if (!recordFill(sell, schedule, sell.limitRate, now, true, settlements)
            || !saveStatus(sell, now, false))
            return false;
    }
    return saveStatus(order, now, initial);
}

bool MarketEngine::recordFill(MarketOrder& order, const Schedule& schedule, qint64 rate, qint64 now,
                              bool userCounterparty, QList<MarketSettlement>* settlements)
{
    const qint64 nodeSeconds = schedule.nodeSeconds().value_or(0);
    const qint64 amount = Money::totalForNodeSeconds(rate, nodeSeconds);
    const MarketFee orderFee = fee(order.side);
    const qint64 charged = Money::fee(orderFee.flatRate, orderFee.percentageBps, nodeSeconds, amount);
    const QString contract = nextId(u"cont_"_s);
    if (!run(u"INSERT INTO market_fills (contract_id, order_id, sku_id, side, counterparty, filled_at, rate, "
             "schedule, start_at, end_at, amount, fee) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
             {QVariant(contract), QVariant(order.id), QVariant(order.skuId),
              QVariant(orderSideName(order.side)), QVariant(userCounterparty ? u"order"_s : u"synthetic"_s),
              QVariant(now), QVariant(rate), QVariant(scheduleText(schedule)),
              QVariant(schedule.firstStart().value_or(0)), QVariant(schedule.lastEnd().value_or(0)),
              QVariant(amount), QVariant(charged)}))
        return false;
    order.fills.append(MarketOrderFill{contract, now, schedule, rate, amount, charged});
    if (settlements)
        settlements->append(MarketSettlement{order.id, contract, order.poolId, order.skuId, order.side,
                                             schedule, rate, amount, charged, now});
    return true;
}

bool MarketEngine::saveStatus(MarketOrder& order, qint64 now, bool initial)
{
    const bool complete = order.remaining().isEmpty();
    const bool any = !order.fills.isEmpty();
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
    return run(u"UPDATE market_orders SET status = ?, filled_at = ?, cancelled_at = ?, filled = ? WHERE id = ?"_s,
               {orderStatusName(order.status), order.filledAt ? QVariant(*order.filledAt) : QVariant(),
                order.cancelledAt ? QVariant(*order.cancelledAt) : QVariant(), scheduleText(order.filled()),
                order.id})
           != nullptr;
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
    BookView view(*this, sku, start, end, now, offerSide, withOrders, excludePool);
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
        for (const BookView::Candidate& candidate : view.candidates(slot, from, to)) {
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
    const qint64 horizonEnd = floorHour(now) + m_config.horizonSeconds;
    for (const QString& id : skuIds) {
        const std::optional<MarketSku> marketSku = sku(id);
        if (!marketSku)
            continue;
        const qint64 from = std::max(rangeStart, floorHour(now));
        const qint64 to = std::min(rangeEnd, horizonEnd);
        if (from < to) {
            const BookView asks(*this, *marketSku, from, to, now, OrderSide::Sell, false, QString());
            const BookView bids(*this, *marketSku, from, to, now, OrderSide::Buy, false, QString());
            for (qint64 slot = floorHour(from); slot < to; slot += Hour) {
                const auto count = [slot](const BookView& view) {
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
        const QList<MarketOrder> resting =
            loadOrders(u"o.status IN ('standing', 'partially_filled') AND o.sku_id = ? AND o.start_at < ? "
                       "AND o.end_at > ?"_s,
                       {marketSku->id, rangeEnd, rangeStart});
        for (const MarketOrder& order : resting) {
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
    // A trade between two users shows once, as its buy.
    QString sql = u"SELECT seq, sku_id, rate, schedule, filled_at FROM market_fills "
                  "WHERE NOT (side = 'sell' AND counterparty = 'order') AND sku_id IN ("_s
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
    const BookView view(*this, *marketSku, first, last, now, OrderSide::Sell, true, QString());
    const qint64 minute = Schedule::floorTo(now, Schedule::Alignment);
    for (qint64 slot = first; slot < last; slot += Hour) {
        const qint64 from = std::max(slot, minute);
        qint64 nodes = 0;
        for (const BookView::Candidate& candidate : view.candidates(slot, from, slot + Hour))
            nodes += candidate.nodes;
        schedule = schedule.plus(Schedule::rectangle(from, slot + Hour, nodes));
    }
    return schedule;
}

std::optional<PreviewRequest> MarketEngine::validatePreview(const QJsonObject& body, FieldErrors* errors)
{
    FieldErrors found;
    auto fail = [&found](const QString& field, const QString& code, const QString& message) {
        found.append(FieldError{field, code, message});
    };
    auto integer = [&](const QString& field) -> std::optional<qint64> {
        const QJsonValue value = body.value(field);
        if (value.isUndefined()) {
            fail(field, u"required"_s, u"is required"_s);
            return std::nullopt;
        }
        const qint64 parsed = value.toInteger(std::numeric_limits<qint64>::min());
        if (!value.isDouble() || parsed == std::numeric_limits<qint64>::min()) {
            fail(field, u"invalid_type"_s, u"must be an integer"_s);
            return std::nullopt;
        }
        return parsed;
    };
    PreviewRequest request;
    const QJsonValue side = body.value(u"side"_s);
    if (side.isUndefined())
        fail(u"side"_s, u"required"_s, u"is required"_s);
    else if (const std::optional<OrderSide> parsed = orderSideFromName(side.toString()))
        request.side = *parsed;
    else
        fail(u"side"_s, u"invalid_value"_s, u"must be \"buy\" or \"sell\""_s);

    const QJsonValue requirements = body.value(u"requirements"_s);
    if (requirements.isUndefined()) {
        fail(u"requirements"_s, u"required"_s, u"is required (an empty object means no constraint)"_s);
    } else if (!requirements.isObject()) {
        fail(u"requirements"_s, u"invalid_type"_s, u"must be an object of property names to value lists"_s);
    } else {
        const QJsonObject object = requirements.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const bool strings = it.value().isArray()
                                 && std::all_of(it.value().toArray().begin(), it.value().toArray().end(),
                                                [](const QJsonValue& v) { return v.isString(); });
            if (!strings)
                fail(u"requirements."_s + it.key(), u"invalid_type"_s, u"must be a list of values"_s);
        }
    }
    if (const std::optional<qint64> start = integer(u"start_at"_s)) {
        request.startAt = *start;
        if (!Schedule::isAligned(*start))
            fail(u"start_at"_s, u"not_aligned"_s, u"must be a multiple of 60 seconds"_s);
    }
    if (const std::optional<qint64> duration = integer(u"duration_seconds"_s)) {
        request.durationSeconds = *duration;
        if (*duration <= 0 || !Schedule::isAligned(*duration))
            fail(u"duration_seconds"_s, u"invalid_value"_s, u"must be a positive multiple of 60"_s);
        else if (*duration > MaxOrderAheadSeconds)
            fail(u"duration_seconds"_s, u"out_of_range"_s,
                 u"must be at most %1 (%2 days)"_s.arg(MaxOrderAheadSeconds)
                     .arg(MaxOrderAheadSeconds / 86400));
    }
    if (const std::optional<qint64> nodes = integer(u"node_count"_s)) {
        request.nodeCount = *nodes;
        if (*nodes <= 0 || *nodes > std::numeric_limits<qint32>::max())
            fail(u"node_count"_s, u"invalid_value"_s, u"must be positive"_s);
    }
    const QJsonValue pool = body.value(u"pool"_s);
    if (!pool.isUndefined() && !pool.isNull() && !pool.isString())
        fail(u"pool"_s, u"invalid_type"_s, u"must be a pool id or resource path"_s);
    if (!found.isEmpty()) {
        if (errors)
            errors->append(found);
        return std::nullopt;
    }
    return request;
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
