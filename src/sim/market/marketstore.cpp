// SPDX-License-Identifier: Apache-2.0

#include "sim/market/marketstore.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "sim/world/idalias.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <charconv>
#include <tuple>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::lcSim;
using sfdesk::ScheduleEntry;

namespace {

const QString ActiveStatuses = u"'pending', 'standing', 'partially_filled'"_s;
const QString IdAlphabet = u"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"_s;

// A new order's own fills in its row: one per line, "contract filled_at rate amount fee schedule".
QString fillsText(const QList<MarketOrderFill>& fills)
{
    QString text;
    for (const MarketOrderFill& fill : fills) {
        if (!text.isEmpty())
            text += u'\n';
        text += fill.contractId + u' ' + QString::number(fill.filledAt) + u' ' + QString::number(fill.rate)
                + u' ' + QString::number(fill.amount) + u' ' + QString::number(fill.fee) + u' '
                + marketrows::scheduleText(fill.schedule);
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
                                         marketrows::scheduleFromText(fields[5]), fields[2].toLongLong(),
                                         fields[3].toLongLong(), fields[4].toLongLong()});
    }
    return fills;
}

} // namespace

namespace marketrows {

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
    return canonicalId(id, skuIds);
}

} // namespace marketrows

using marketrows::decodeCursor;
using marketrows::encodeCursor;
using marketrows::scheduleFromText;
using marketrows::skuIdOf;

MarketStore::MarketStore(const QSqlDatabase& db, quint64 seed)
    : m_db(db)
    , m_seed(seed)
{}

void MarketStore::fail(const QString& error) const
{
    m_error = error;
    m_failed = true;
}

bool MarketStore::exec(QSqlQuery& query) const
{
    if (query.exec())
        return true;
    m_error = query.lastError().text();
    qCWarning(lcSim, "sfsim: market: %s", qPrintable(m_error));
    // What the engine holds may now differ from the store: it reads it again before the next use.
    m_failed = true;
    return false;
}

QSqlQuery* MarketStore::run(const QString& sql, const QVariantList& binds) const
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

bool MarketStore::write(const QString& sql, const QVariantList& binds, qint64* rowId)
{
    if (m_writes.exec(m_db, sql, binds, &m_error, rowId))
        return true;
    qCWarning(lcSim, "sfsim: market: %s", qPrintable(m_error));
    // As in exec(): the engine's book may now differ from the store.
    m_failed = true;
    return false;
}

QString MarketStore::meta(const QString& key) const
{
    QSqlQuery query(m_db);
    query.prepare(u"SELECT value FROM market_meta WHERE key = ?"_s);
    query.addBindValue(key);
    if (exec(query) && query.next())
        return query.value(0).toString();
    return {};
}

bool MarketStore::setMeta(const QString& key, const QString& value)
{
    return write(u"INSERT INTO market_meta (key, value) VALUES (?, ?) "
                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value"_s,
                 {key, value});
}

QString MarketStore::nextId(const QString& prefix)
{
    if (!m_idCounter)
        m_idCounter = meta(u"id_counter"_s).toLongLong();
    const qint64 counter = ++*m_idCounter;
    m_idsDirty = true;
    quint64 h = SyntheticMarket::mix(m_seed ^ SyntheticMarket::mix(static_cast<quint64>(counter)));
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

bool MarketStore::flushIds()
{
    if (!m_idsDirty || !m_idCounter)
        return true;
    m_idsDirty = false;
    return setMeta(u"id_counter"_s, QString::number(*m_idCounter));
}

void MarketStore::discardCachedState()
{
    m_failed = false;
    m_idCounter.reset();
    m_idsDirty = false;
}

bool MarketStore::loadBook(RestingBook& book) const
{
    QList<qint64> seqs;
    const QList<MarketOrder> active =
        loadOrders(u"o.status IN ("_s + ActiveStatuses + u')', {}, true, false, &seqs);
    if (m_failed)
        return false;
    for (qsizetype i = 0; i < active.size(); ++i)
        book.put(seqs[i], active[i]);
    QSqlQuery* consumed = run(u"SELECT sku_id, side, slot, level, nodes FROM market_consumed"_s, {});
    if (!consumed)
        return false;
    while (consumed->next())
        book.addConsumed(consumed->value(0).toString(),
                         consumed->value(1).toString() == u"ask"_s ? OrderSide::Sell : OrderSide::Buy,
                         consumed->value(2).toLongLong(), consumed->value(3).toInt(),
                         consumed->value(4).toLongLong());
    consumed->finish();
    return true;
}

bool MarketStore::registerSku(const MarketSku& sku)
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

QList<MarketSku> MarketStore::skus() const
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

std::optional<MarketSku> MarketStore::sku(const QString& id) const
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

QList<MarketOrder> MarketStore::loadOrders(const QString& where, const QVariantList& binds, bool fixedText,
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

std::optional<MarketOrder> MarketStore::order(const QString& id) const
{
    const QList<MarketOrder> found = loadOrders(u"o.id = ?"_s, {id});
    if (found.isEmpty())
        return std::nullopt;
    return found.first();
}

void MarketStore::orderFilter(const OrderQuery& query, QStringList* where, QVariantList* binds,
                              QStringList* byStoredStatus) const
{
    where->append(u"1 = 1"_s);
    auto inList = [where, binds](const QString& column, const QStringList& values) {
        QStringList marks;
        for (const QString& value : values) {
            marks.append(u"?"_s);
            binds->append(value);
        }
        where->append(marks.isEmpty() ? u"0 = 1"_s : column + u" IN ("_s + marks.join(u", "_s) + u')');
    };
    if (!query.ids.isEmpty())
        inList(u"o.id"_s, query.ids);
    // The users' orders of one pool: by that pool's index of the sort (market_orders_users_created
    // or _start), which holds them in the page's order, so that a pool with few of the orders
    // reads those few. Of several pools, not by a pool's index: a page walks the index of its sort
    // and stops at its last row, where the pools' indexes would have every order of the pools read
    // and sorted for each page.
    if (query.poolIds) {
        const bool onePool = query.poolIds->size() == 1 && query.placedBy.isEmpty();
        inList(onePool ? u"o.pool_id"_s : u"+o.pool_id"_s, *query.poolIds);
    }
    if (query.placedBy.isEmpty()) {
        where->append(u"o.placed_by IS NULL"_s);
    } else {
        where->append(u"o.placed_by = ?"_s);
        binds->append(query.placedBy);
    }
    if (query.side) {
        where->append(u"o.side = ?"_s);
        binds->append(orderSideName(*query.side));
    }
    if (!query.statuses.isEmpty()) {
        // The status as loadOrders() reads it: an order stored as standing (see saveStatus()) is
        // partly filled once it has fills, in its row or rows of its own.
        QStringList names;
        for (OrderStatus status : query.statuses)
            names.append(orderStatusName(status));
        names.removeDuplicates();
        inList(u"CASE WHEN o.status = 'standing' AND (o.fills IS NOT NULL OR EXISTS (SELECT 1 FROM "
               "market_order_fills f WHERE f.order_seq = o.seq)) THEN 'partially_filled' ELSE o.status END"_s,
               names);
        // A page of the users' orders of any pools walks the index of the sort of each stored
        // status it asks (market_orders_status_created or _start; a partly filled order may be
        // stored as standing) rather than every order until the page is full. One pool's index
        // holds its own orders, and ids are found by their own: those read as before.
        QStringList stored = names;
        if (names.contains(u"partially_filled"_s) && !stored.contains(u"standing"_s))
            stored.append(u"standing"_s);
        const bool onePool = query.poolIds && query.poolIds->size() == 1;
        if (query.placedBy.isEmpty() && !onePool && query.ids.isEmpty())
            *byStoredStatus = stored;
    }
    if (query.createdAfter) {
        where->append(u"o.created_at > ?"_s);
        binds->append(*query.createdAfter);
    }
    if (query.createdBefore) {
        where->append(u"o.created_at < ?"_s);
        binds->append(*query.createdBefore);
    }
}

OrderPage MarketStore::orders(const OrderQuery& query) const
{
    // A page is read in SQL by keyset (the sort key, then placement order), so that it costs its
    // own rows rather than every order the query selects.
    OrderPage page;
    QStringList where;
    QVariantList binds;
    QStringList byStoredStatus;
    orderFilter(query, &where, &binds, &byStoredStatus);
    // Ties keep placement order ascending and reverse it descending.
    const bool descending = query.sortBy.startsWith(u'-');
    const QString key = query.sortBy.endsWith(u"start_at"_s) ? u"o.start_at"_s : u"o.created_at"_s;
    const bool backwards = !query.endingBefore.isEmpty();
    const QString prefix = u"ordrc_"_s;
    const QString filter = where.join(u" AND "_s);
    // A cursor names an order of the list; one the list does not hold leaves that end open.
    const auto position = [&](const QString& cursor) -> std::optional<std::pair<qint64, qint64>> {
        const std::optional<QString> id = decodeCursor(prefix, cursor);
        if (!id)
            return std::nullopt;
        QSqlQuery at(m_db);
        at.prepare(u"SELECT "_s + key + u", o.seq FROM market_orders o WHERE "_s + filter
                   + u" AND o.id = ?"_s);
        for (const QVariant& bind : std::as_const(binds))
            at.addBindValue(bind);
        at.addBindValue(*id);
        if (!exec(at) || !at.next())
            return std::nullopt;
        return std::pair{at.value(0).toLongLong(), at.value(1).toLongLong()};
    };
    QStringList conditions{filter};
    QVariantList conditionBinds = binds;
    // Rows after (or before) an order in the list's order.
    const auto beyond = [&](const std::pair<qint64, qint64>& at, bool later) {
        const QString op = later != descending ? u">"_s : u"<"_s;
        // A row value, which SQLite reads as a range of the sort's index.
        conditions.append(u"("_s + key + u", o.seq) "_s + op + u" (?, ?)"_s);
        conditionBinds << at.first << at.second;
    };
    const std::optional<std::pair<qint64, qint64>> after = position(query.startingAfter);
    if (after)
        beyond(*after, true);
    if (backwards) {
        if (const std::optional<std::pair<qint64, qint64>> before = position(query.endingBefore))
            beyond(*before, false);
    }
    // Paging backwards, the rows nearest the cursor come first: read in reverse, then turned.
    const QString direction = descending == backwards ? u" ASC"_s : u" DESC"_s;
    const int limit = std::clamp(query.limit, 1, 200);
    const QString sorted = u" ORDER BY "_s + key + direction + u", o.seq"_s + direction + u" LIMIT ?"_s;
    const QString selected = u"SELECT o.seq AS seq, "_s + key + u" AS sort_key FROM market_orders o WHERE "_s
                             + conditions.join(u" AND "_s);
    QSqlQuery rows(m_db);
    rows.setForwardOnly(true);
    if (byStoredStatus.isEmpty()) {
        rows.prepare(selected + sorted);
        for (const QVariant& bind : std::as_const(conditionBinds))
            rows.addBindValue(bind);
    } else {
        // Each stored status's first rows along its own index, then the page of them all: a page
        // reads at most its length per status, however many orders the account holds.
        QStringList branches;
        for (qsizetype i = 0; i < byStoredStatus.size(); ++i)
            branches.append(u"SELECT * FROM ("_s + selected + u" AND o.status = ?"_s + sorted + u')');
        rows.prepare(u"SELECT seq, sort_key FROM ("_s + branches.join(u" UNION ALL "_s)
                     + u") ORDER BY sort_key"_s + direction + u", seq"_s + direction + u" LIMIT ?"_s);
        for (const QString& status : std::as_const(byStoredStatus)) {
            for (const QVariant& bind : std::as_const(conditionBinds))
                rows.addBindValue(bind);
            rows.addBindValue(status);
            rows.addBindValue(limit + 1);
        }
    }
    rows.addBindValue(limit + 1);
    if (!exec(rows))
        return page;
    QList<qint64> seqs;
    while (rows.next())
        seqs.append(rows.value(0).toLongLong());
    rows.finish();
    // With both cursors (the route allows one), an order after the first is beyond the page too.
    page.hasMore = seqs.size() > limit || (backwards && after);
    seqs = seqs.mid(0, limit);
    if (backwards)
        std::reverse(seqs.begin(), seqs.end());
    if (seqs.isEmpty())
        return page;
    QStringList marks;
    QVariantList seqBinds;
    for (const qint64 seq : std::as_const(seqs)) {
        marks.append(u"?"_s);
        seqBinds.append(seq);
    }
    QList<qint64> loadedSeqs;
    const QList<MarketOrder> loaded =
        loadOrders(u"o.seq IN ("_s + marks.join(u", "_s) + u')', seqBinds, false, true, &loadedSeqs);
    QHash<qint64, qsizetype> bySeq;
    for (qsizetype i = 0; i < loadedSeqs.size(); ++i)
        bySeq.insert(loadedSeqs.at(i), i);
    for (const qint64 seq : std::as_const(seqs)) {
        if (const auto found = bySeq.constFind(seq); found != bySeq.constEnd())
            page.orders.append(loaded.at(*found));
    }
    // Paging backwards, "more" lies before the page and the cursor is its first order, so that
    // passing it as ending_before again goes on in the same direction.
    if (!page.orders.isEmpty())
        page.cursor = encodeCursor(prefix, backwards ? page.orders.first().id : page.orders.last().id);
    return page;
}

std::optional<qint64> MarketStore::insertOrder(const MarketOrder& order,
                                               const QList<MarketOrderFill>& ownFills)
{
    const QString sql =
        u"INSERT INTO market_orders (id, pool_id, pool_name, side, sku_id, start_at, end_at, node_count, "
        "limit_rate, allow_standing, allow_partial, status, created_at, created_by, filled_at, "
        "cancelled_at, "
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

bool MarketStore::cancelOrder(const QString& id, qint64 now)
{
    return write(u"UPDATE market_orders SET status = 'cancelled', cancelled_at = ? WHERE id = ?"_s,
                 {now, id});
}

bool MarketStore::expireOrder(qint64 seq)
{
    return write(u"UPDATE market_orders SET status = 'cancelled', cancelled_at = end_at WHERE seq = ?"_s,
                 {seq});
}

bool MarketStore::addConsumed(const QString& skuId, qint64 slot, OrderSide offerSide, int level, qint64 nodes)
{
    return write(u"INSERT INTO market_consumed (sku_id, slot, side, level, nodes) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (sku_id, side, slot, level) DO UPDATE SET nodes = nodes + excluded.nodes"_s,
                 {skuId, slot, offerSide == OrderSide::Sell ? u"ask"_s : u"bid"_s, level, nodes});
}

bool MarketStore::writeMatch(const QList<QVariantList>& fills, const QList<QVariantList>& statuses)
{
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

BookFillPage MarketStore::fills(const QStringList& skuIds, qint64 start, qint64 end, qint64 since, qint64 now,
                                int limit, const QString& startingAfter) const
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

} // namespace sfsim
