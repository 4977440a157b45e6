// SPDX-License-Identifier: Apache-2.0

#include "marketfixture.h"

#include "common/constvalue.h"
#include "sim/market/marketjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

namespace {
constexpr qint64 H = MarketFixture::H;
constexpr qint64 D = MarketFixture::D;
constexpr qint64 T0 = MarketFixture::T0;

// A scripted session: orders of both sides, partial fills, standing orders, advances.
QByteArray runSession(MarketFixture& market)
{
    const QString a = u"pool_alpha"_s;
    const QString b = u"pool_bravo"_s;
    market.own(a, MarketFixture::H100, Schedule::rectangle(T0, T0 + 10 * D, 6));
    QList<MarketOrder> placed;
    placed.append(
        market.place(MarketFixture::order(OrderSide::Buy, b, MarketFixture::H100, T0 + 2 * H, T0 + 26 * H, 3,
                                          market.askFor(MarketFixture::H100, T0 + 2 * H, T0 + 26 * H, 3, T0)),
                     T0));
    placed.append(market.place(MarketFixture::order(OrderSide::Buy, b, MarketFixture::H200, T0 + 3 * D,
                                                    T0 + 4 * D, 2, 2'000'000, true),
                               T0 + 60));
    placed.append(market.place(MarketFixture::order(OrderSide::Sell, a, MarketFixture::H100, T0 + 5 * D,
                                                    T0 + 6 * D, 6, 1'700'000, true),
                               T0 + 120));
    placed.append(market.place(MarketFixture::order(OrderSide::Buy, b, MarketFixture::H100, T0 + H,
                                                    T0 + 4 * H, 500, 2'000'000, true, true),
                               T0 + 180));
    market.advance(T0 + D);
    market.advance(T0 + 3 * D + 7 * 60);
    market.advance(T0 + 6 * D);
    QJsonArray orders;
    for (const MarketOrder& order : std::as_const(placed))
        orders.append(MarketJson::order(market.reload(order.id)));
    QJsonObject balances;
    for (auto it = market.balance.cbegin(); it != market.balance.cend(); ++it)
        balances.insert(it.key(), Money::format(it.value()));
    const QJsonObject state{
        {u"orders"_s, orders},
        {u"balances"_s, balances},
        {u"availability"_s, market.engine->availability(MarketFixture::H100, T0 + 6 * D).toJson()},
        {u"quote"_s, MarketJson::quote(market.engine->quote({MarketFixture::H100, MarketFixture::H200},
                                                            T0 + 7 * D, T0 + 8 * D, T0 + 6 * D),
                                       QJsonObject(), T0 + 7 * D, T0 + 8 * D, T0 + 6 * D)},
    };
    return QJsonDocument(state).toJson(QJsonDocument::Compact);
}
} // namespace

class TestMarketPersistence final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameSeedSameMarket()
    {
        MarketFixture first(u":memory:"_s, 42);
        MarketFixture second(u":memory:"_s, 42);
        const QByteArray a = runSession(first);
        const QByteArray b = runSession(second);
        QCOMPARE(a, b);
        // The session did trade: fills, a partial fill and a sale.
        QVERIFY(a.contains("\"filled\""));
        QVERIFY(a.contains("\"partially_filled\"") || a.contains("\"cancelled\""));
        QVERIFY(first.settlements.size() > 3);
    }

    void otherSeedOtherMarket()
    {
        MarketFixture first(u":memory:"_s, 42);
        MarketFixture other(u":memory:"_s, 43);
        QVERIFY(runSession(first) != runSession(other));
        const MarketSku sku = *first.engine->sku(MarketFixture::H100);
        QVERIFY(first.engine->synthetic().asks(sku, T0 + 5 * H, T0)[0].rate
                != other.engine->synthetic().asks(sku, T0 + 5 * H, T0)[0].rate);
    }

    void stateSurvivesReopen()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(u"sfsim.db"_s);
        QString standingId;
        QString filledId;
        Schedule availability;
        QByteArray filledJson;
        {
            MarketFixture market(file, 9);
            const qint64 limit = market.askFor(MarketFixture::H100, T0 + 2 * H, T0 + 6 * H, 5, T0);
            const MarketOrder filled =
                market.place(MarketFixture::order(OrderSide::Buy, u"pool_alpha"_s, MarketFixture::H100,
                                                  T0 + 2 * H, T0 + 6 * H, 5, limit),
                             T0);
            QCOMPARE(filled.status, OrderStatus::Filled);
            filledId = filled.id;
            filledJson = QJsonDocument(MarketJson::order(filled)).toJson();
            standingId =
                market
                    .place(
                        MarketFixture::order(
                            OrderSide::Buy, u"pool_alpha"_s, MarketFixture::H100, T0 + 4 * D, T0 + 5 * D, 2,
                            Money::roundDownToMinutePrecision(
                                market.askFor(MarketFixture::H100, T0 + 4 * D, T0 + 5 * D, 2, T0) * 92 / 100),
                            true),
                        T0 + 60)
                    .id;
            market.advance(T0 + H);
            availability = market.engine->availability(MarketFixture::H100, T0 + H);
        }
        MarketFixture reopened(file, 9);
        QCOMPARE(reopened.engine->lastAdvancedAt(), T0 + H);
        QCOMPARE(QJsonDocument(MarketJson::order(reopened.reload(filledId))).toJson(), filledJson);
        QCOMPARE(reopened.reload(standingId).status, OrderStatus::Standing);
        // What was bought stays bought: the offers taken are not on offer again.
        QCOMPARE(reopened.engine->availability(MarketFixture::H100, T0 + H), availability);
        // And the market carries on: the standing order fills as its window comes near.
        reopened.advance(T0 + 4 * D - 2 * H);
        QCOMPARE(reopened.reload(standingId).status, OrderStatus::Filled);
        // Ids continue, never repeat.
        const MarketOrder next =
            reopened.place(MarketFixture::order(OrderSide::Buy, u"pool_alpha"_s, MarketFixture::H100,
                                                T0 + 5 * D, T0 + 5 * D + H, 1, 60, true),
                           T0 + 4 * D);
        QVERIFY(next.id != filledId && next.id != standingId);
    }

    // A buy that meets other users' sells when it is placed keeps those fills in its own row; the
    // sells keep theirs as rows. Reopened, every order reads as it was placed, and the feed shows
    // each trade once: what it lists adds up to what the buys bought.
    void tradesBetweenUsersSurviveReopen()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(u"sfsim.db"_s);
        const QString seller = u"pool_alpha"_s;
        const QString buyer = u"pool_bravo"_s;
        QList<QByteArray> placedJson;
        QStringList ids;
        qint64 bought = 0;
        {
            MarketFixture market(file, 9);
            const MarketSku sku = *market.engine->sku(MarketFixture::H100);
            market.own(seller, sku.id, Schedule::rectangle(T0, T0 + D, 8));

            // Between the best bid and the best ask: it rests, and undercuts the market.
            const qint64 cheapSlot = T0 + 5 * H;
            const qint64 bestAsk = market.engine->synthetic().asks(sku, cheapSlot, T0).first().rate;
            const qint64 bestBid = market.engine->synthetic().bids(sku, cheapSlot, T0).first().rate;
            QVERIFY(bestBid < bestAsk);
            const MarketOrder cheapSell = market.place(
                MarketFixture::order(OrderSide::Sell, seller, sku.id, cheapSlot, cheapSlot + H, 2,
                                     Money::roundDownToMinutePrecision((bestAsk + bestBid) / 2), true),
                T0);
            QCOMPARE(cheapSell.status, OrderStatus::Standing);
            // At the best ask's own price: the offer goes first, the sell takes the rest.
            const qint64 evenSlot = T0 + 7 * H;
            const SyntheticOffer evenAsk = market.engine->synthetic().asks(sku, evenSlot, T0).first();
            QCOMPARE(evenAsk.rate % 60, 0);
            const MarketOrder evenSell =
                market.place(MarketFixture::order(OrderSide::Sell, seller, sku.id, evenSlot, evenSlot + H, 2,
                                                  evenAsk.rate, true),
                             T0);
            QCOMPARE(evenSell.status, OrderStatus::Standing);

            const MarketOrder cheapBuy = market.place(
                MarketFixture::order(OrderSide::Buy, buyer, sku.id, cheapSlot, cheapSlot + H, 3,
                                     market.askFor(sku.id, cheapSlot, cheapSlot + H, 3, T0 + 60)),
                T0 + 60);
            QCOMPARE(cheapBuy.status, OrderStatus::Filled);
            QCOMPARE(cheapBuy.fills.size(), 2);
            QCOMPARE(cheapBuy.fills.first().rate, cheapSell.limitRate);
            QCOMPARE(cheapBuy.fills.first().schedule.at(cheapSlot), 2);
            const MarketOrder evenBuy =
                market.place(MarketFixture::order(OrderSide::Buy, buyer, sku.id, evenSlot, evenSlot + H,
                                                  evenAsk.nodes + 1, evenAsk.rate),
                             T0 + 120);
            QCOMPARE(evenBuy.status, OrderStatus::Filled);
            // One price, two counterparties: a fill each, the other user's first.
            QCOMPARE(evenBuy.fills.size(), 2);
            QCOMPARE(evenBuy.fills[0].rate, evenAsk.rate);
            QCOMPARE(evenBuy.fills[0].schedule.at(evenSlot), 1);
            QCOMPARE(evenBuy.fills[1].rate, evenAsk.rate);
            QCOMPARE(evenBuy.fills[1].schedule.at(evenSlot), evenAsk.nodes);

            for (const MarketOrder& order : {cheapBuy, evenBuy}) {
                ids.append(order.id);
                placedJson.append(QJsonDocument(MarketJson::order(order)).toJson());
                bought += order.filled().nodeSeconds().value_or(0);
            }
            for (const MarketOrder& order : {cheapSell, evenSell}) {
                ids.append(order.id);
                placedJson.append(QJsonDocument(MarketJson::order(market.reload(order.id))).toJson());
            }
        }
        MarketFixture reopened(file, 9);
        for (qsizetype i = 0; i < ids.size(); ++i)
            QCOMPARE(QJsonDocument(MarketJson::order(reopened.reload(ids[i]))).toJson(), placedJson[i]);
        QCOMPARE(reopened.reload(ids[2]).status, OrderStatus::Filled);
        QCOMPARE(reopened.reload(ids[3]).status, OrderStatus::PartiallyFilled);
        // Listed by state, each sell is where it stands.
        const auto listed = [&reopened](OrderStatus status) {
            OrderQuery query;
            query.side = OrderSide::Sell;
            query.statuses = {status};
            QStringList found;
            for (const MarketOrder& order : constValue(reopened.engine->orders(query).orders))
                found.append(order.id);
            return found;
        };
        QCOMPARE(listed(OrderStatus::PartiallyFilled), QStringList{ids[3]});
        QCOMPARE(listed(OrderStatus::Filled), QStringList{ids[2]});
        QCOMPARE(listed(OrderStatus::Standing), QStringList());
        const BookFillPage feed =
            reopened.engine->fills({MarketFixture::H100}, T0, T0 + D, T0, T0 + 600, 200, {});
        QCOMPARE(feed.fills.size(), 4);
        qint64 traded = 0;
        for (const BookFill& fill : feed.fills)
            traded += fill.schedule.nodeSeconds().value_or(0);
        QCOMPARE(traded, bought);
        // The book remembers what the sells have left: one node of the second, at its price. (The
        // pretend store behind the market is new: the seller owns its nodes again.)
        reopened.own(seller, MarketFixture::H100, Schedule::rectangle(T0, T0 + D, 5));
        const MarketOrder last =
            reopened.place(MarketFixture::order(OrderSide::Buy, buyer, MarketFixture::H100, T0 + 7 * H,
                                                T0 + 8 * H, 1, reopened.reload(ids[3]).limitRate),
                           T0 + 180);
        QCOMPARE(last.status, OrderStatus::Filled);
        QCOMPARE(reopened.reload(ids[3]).status, OrderStatus::Filled);
    }

    // A store from before market_order_fills: fills in market_fills by order id (one row per side of
    // a trade between users), each order's filled schedule beside them, and the index a match read
    // the book by. It opens with every order's fills, the feed it showed and the book it held.
    void anOlderStoreIsUpgraded()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(u"sfsim.db"_s);
        const qint64 start = T0 + 2 * D;
        const qint64 end = start + 4 * H;
        const auto sql = [&file](const QString& name, const QStringList& statements) {
            {
                QSqlDatabase raw = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
                raw.setDatabaseName(file);
                QVERIFY(raw.open());
                for (const QString& statement : statements) {
                    QSqlQuery q(raw);
                    QVERIFY2(q.exec(statement), qPrintable(statement + u": "_s + q.lastError().text()));
                }
            }
            QSqlDatabase::removeDatabase(name);
        };
        const QString window = u"%1, %2"_s.arg(start).arg(end);
        sql(u"old-schema"_s,
            {u"CREATE TABLE market_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"_s,
             u"CREATE TABLE market_skus (id TEXT PRIMARY KEY, alias TEXT NOT NULL, base_rate INTEGER NOT "
             u"NULL, "
             "nodes_per_hour INTEGER NOT NULL)"_s,
             u"CREATE TABLE market_orders (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, "
             "pool_id TEXT NOT NULL, pool_name TEXT NOT NULL, side TEXT NOT NULL, sku_id TEXT NOT NULL, "
             "start_at INTEGER NOT NULL, end_at INTEGER NOT NULL, node_count INTEGER NOT NULL, "
             "limit_rate INTEGER NOT NULL, allow_standing INTEGER NOT NULL, allow_partial INTEGER NOT NULL, "
             "status TEXT NOT NULL, created_at INTEGER NOT NULL, created_by TEXT, filled_at INTEGER, "
             "cancelled_at INTEGER, filled TEXT)"_s,
             u"CREATE INDEX market_orders_book ON market_orders (status, sku_id, side)"_s,
             u"CREATE INDEX market_orders_resting ON market_orders (sku_id, side, status, end_at, start_at, "
             "pool_id)"_s,
             u"CREATE TABLE market_fills (seq INTEGER PRIMARY KEY AUTOINCREMENT, contract_id TEXT NOT NULL "
             "UNIQUE, order_id TEXT NOT NULL, sku_id TEXT NOT NULL, side TEXT NOT NULL, counterparty TEXT "
             "NOT "
             "NULL, filled_at INTEGER NOT NULL, rate INTEGER NOT NULL, schedule TEXT NOT NULL, start_at "
             "INTEGER NOT NULL, end_at INTEGER NOT NULL, amount INTEGER NOT NULL, fee INTEGER NOT NULL)"_s,
             u"CREATE INDEX market_fills_order ON market_fills (order_id)"_s,
             u"CREATE TABLE market_consumed (sku_id TEXT NOT NULL, slot INTEGER NOT NULL, side TEXT NOT "
             u"NULL, "
             "level INTEGER NOT NULL, nodes INTEGER NOT NULL, PRIMARY KEY (sku_id, side, slot, level)) "
             "WITHOUT ROWID"_s,
             u"INSERT INTO market_meta VALUES ('seed', '9'), ('advanced_at', '%1'), ('id_counter', '10')"_s
                 .arg(T0),
             // A standing sell of 4 nodes: a user's buy took 2 for the whole window, a synthetic
             // buyer 1 more in its first hour.
             u"INSERT INTO market_orders VALUES (1, 'ordr_sell', 'pool_alpha', 'alpha', 'sell', '%1', %2, 4, "
             "1800000, 1, 1, 'partially_filled', %3, NULL, NULL, NULL, '%4,%5,3;%5,%6,2')"_s
                 .arg(MarketFixture::H100, window)
                 .arg(T0)
                 .arg(start)
                 .arg(start + H)
                 .arg(end),
             u"INSERT INTO market_orders VALUES (2, 'ordr_buy', 'pool_bravo', 'bravo', 'buy', '%1', %2, 2, "
             "1800000, 0, 0, 'filled', %3, NULL, %3, NULL, '%2,2')"_s.arg(MarketFixture::H100, window)
                 .arg(T0 + 60),
             u"INSERT INTO market_fills VALUES (1, 'cont_buy', 'ordr_buy', '%1', 'buy', 'order', %2, "
             u"1800000, "
             "'%3,%4,2', %3, %4, 14400000, 0)"_s.arg(MarketFixture::H100)
                 .arg(T0 + 60)
                 .arg(start)
                 .arg(end),
             u"INSERT INTO market_fills VALUES (2, 'cont_sold', 'ordr_sell', '%1', 'sell', 'order', %2, "
             "1800000, '%3,%4,2', %3, %4, 14400000, 592000)"_s.arg(MarketFixture::H100)
                 .arg(T0 + 60)
                 .arg(start)
                 .arg(end),
             u"INSERT INTO market_fills VALUES (3, 'cont_lifted', 'ordr_sell', '%1', 'sell', 'synthetic', "
             u"%2, "
             "1800000, '%3,%4,1', %3, %4, 1800000, 74000)"_s.arg(MarketFixture::H100)
                 .arg(T0 + 120)
                 .arg(start)
                 .arg(start + H)});

        MarketFixture upgraded(file, 9);
        const auto scheduleJson = [](const Schedule& schedule) {
            return QString::fromUtf8(QJsonDocument(schedule.toJson()).toJson(QJsonDocument::Compact));
        };
        const auto fillsOf = [&upgraded, &scheduleJson](const QString& id) {
            QStringList fills;
            for (const MarketOrderFill& fill : constValue(upgraded.reload(id).fills))
                fills.append(u"%1 %2 %3 %4 %5 %6"_s.arg(fill.contractId)
                                 .arg(fill.filledAt)
                                 .arg(fill.rate)
                                 .arg(fill.amount)
                                 .arg(fill.fee)
                                 .arg(scheduleJson(fill.schedule)));
            return fills;
        };
        QCOMPARE(fillsOf(u"ordr_buy"_s), QStringList{u"cont_buy %1 1800000 14400000 0 %2"_s.arg(T0 + 60).arg(
                                             scheduleJson(Schedule::rectangle(start, end, 2)))});
        QCOMPARE(fillsOf(u"ordr_sell"_s),
                 (QStringList{u"cont_sold %1 1800000 14400000 592000 %2"_s.arg(T0 + 60).arg(
                                  scheduleJson(Schedule::rectangle(start, end, 2))),
                              u"cont_lifted %1 1800000 1800000 74000 %2"_s.arg(T0 + 120).arg(
                                  scheduleJson(Schedule::rectangle(start, start + H, 1)))}));
        QCOMPARE(upgraded.reload(u"ordr_sell"_s).status, OrderStatus::PartiallyFilled);

        // The feed shows the trade between the users once (as its buy) and the synthetic fill,
        // newest first, under the seq a cursor of the old store named.
        const BookFillPage feed =
            upgraded.engine->fills({MarketFixture::H100}, T0, T0 + 10 * D, 0, T0 + H, 1, {});
        QCOMPARE(feed.fills.size(), 1);
        QCOMPARE(feed.fills[0].filledAt, T0 + 120);
        QVERIFY(feed.hasMore);
        const BookFillPage rest =
            upgraded.engine->fills({MarketFixture::H100}, T0, T0 + 10 * D, 0, T0 + H, 10, feed.cursor);
        QCOMPARE(rest.fills.size(), 1);
        QCOMPARE(rest.fills[0].filledAt, T0 + 60);
        QCOMPARE(rest.fills[0].schedule, Schedule::rectangle(start, end, 2));
        QVERIFY(!rest.hasMore);

        // The book holds what the sell still offers: 1 node in its first hour, 2 after.
        const Schedule ownedByAlpha = Schedule::rectangle(start, end, 4);
        QVERIFY(upgraded.engine
                    ->checkSellAllocation(MarketFixture::order(OrderSide::Sell, u"pool_alpha"_s,
                                                               MarketFixture::H100, start, end, 2, 60),
                                          ownedByAlpha)
                    .isEmpty());
        QVERIFY(!upgraded.engine
                     ->checkSellAllocation(MarketFixture::order(OrderSide::Sell, u"pool_alpha"_s,
                                                                MarketFixture::H100, start + H, end, 3, 60),
                                           ownedByAlpha)
                     .isEmpty());

        // What the upgrade made redundant is gone.
        QSqlQuery schema(upgraded.db);
        QVERIFY(schema.exec(u"SELECT name FROM sqlite_master WHERE name IN ('market_fills', "
                            "'market_orders_resting', 'market_fills_order')"_s));
        QVERIFY(!schema.next());
        QVERIFY(!schema.exec(u"SELECT filled FROM market_orders"_s));
        // And it has the indexes a page of one pool's orders, or of one status, is read by.
        QVERIFY(schema.exec(u"SELECT count(*) FROM sqlite_master WHERE name IN ("
                            "'market_orders_users_created', 'market_orders_users_start', "
                            "'market_orders_status_created', 'market_orders_status_start')"_s));
        QVERIFY(schema.next());
        QCOMPARE(schema.value(0).toInt(), 4);
    }

    // A store with the indexes by pool alone, which no query reads since the list's indexes of
    // one pool: they are dropped, and what the list reads by is made.
    void anUpgradeDropsThePoolIndexes()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"sfsim.db"_s);
        const QString indexes = u"SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE "
                                "'market_orders_%' ORDER BY name"_s;
        const auto namesOf = [&indexes](QSqlDatabase& db) {
            QStringList names;
            QSqlQuery query(db);
            if (query.exec(indexes)) {
                while (query.next())
                    names.append(query.value(0).toString());
            }
            return names;
        };
        {
            MarketFixture market(file, 9);
            for (const QString& statement :
                 {u"CREATE INDEX market_orders_pool ON market_orders (pool_id)"_s,
                  u"CREATE INDEX market_orders_users ON market_orders (pool_id) WHERE placed_by IS NULL"_s,
                  u"DROP INDEX market_orders_status_created"_s, u"DROP INDEX market_orders_status_start"_s}) {
                QSqlQuery query(market.db);
                QVERIFY2(query.exec(statement), qPrintable(statement));
            }
            QVERIFY(namesOf(market.db).contains(u"market_orders_users"_s));
        }
        MarketFixture upgraded(file, 9);
        QCOMPARE(
            namesOf(upgraded.db),
            (QStringList{u"market_orders_created"_s, u"market_orders_placed_by"_s, u"market_orders_start"_s,
                         u"market_orders_status_created"_s, u"market_orders_status_start"_s,
                         u"market_orders_users_created"_s, u"market_orders_users_start"_s}));
    }

    void refusesAnotherSeed()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"sfsim.db"_s);
        {
            MarketFixture market(file, 9);
        }
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"other-seed"_s);
        db.setDatabaseName(file);
        QVERIFY(db.open());
        {
            MarketEngine::Config config;
            config.seed = 10;
            MarketEngine engine(db, config);
            QString error;
            QVERIFY(!engine.createSchema(&error));
            QVERIFY(error.contains(u"seed"_s));
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"other-seed"_s);
    }

    void worksInsideTheCallersTransaction()
    {
        MarketFixture market;
        QVERIFY(market.db.transaction());
        const MarketOrder order =
            market.place(MarketFixture::order(OrderSide::Buy, u"pool_alpha"_s, MarketFixture::H100, T0 + H,
                                              T0 + 2 * H, 1, 60, true),
                         T0);
        QVERIFY(market.engine->order(order.id));
        QVERIFY(market.db.rollback());
        // Rolled back with the caller's request: no trace of the order.
        QVERIFY(!market.engine->order(order.id));
    }

    void syntheticCurveHasShape()
    {
        MarketFixture market;
        const MarketSku sku = *market.engine->sku(MarketFixture::H100);
        const SyntheticMarket& synthetic = market.engine->synthetic();
        // Averaged over four weeks, afternoons (UTC) cost more than early mornings, and weekdays
        // more than weekends.
        qint64 afternoon = 0;
        qint64 morning = 0;
        qint64 weekday = 0;
        qint64 weekend = 0;
        const qint64 monday = T0 - 4 * D - 8 * H; // T0 is a Friday 08:00
        for (qint64 day = 0; day < 28; ++day) {
            afternoon += synthetic.fairRate(sku, monday + day * D + 16 * H);
            morning += synthetic.fairRate(sku, monday + day * D + 4 * H);
            for (qint64 hour = 0; hour < 24; ++hour)
                (day % 7 < 5 ? weekday : weekend) += synthetic.fairRate(sku, monday + day * D + hour * H);
        }
        QVERIFY(afternoon > morning * 105 / 100);
        QVERIFY(weekday / 20 > weekend / 8 * 105 / 100);
        // Asks ascending, bids descending, the book never crossed, prices at per-minute precision.
        for (qint64 slot = T0; slot < T0 + 21 * D; slot += 7 * H) {
            const QList<SyntheticOffer> asks = synthetic.asks(sku, slot, T0);
            const QList<SyntheticOffer> bids = synthetic.bids(sku, slot, T0);
            QCOMPARE(asks.size(), SyntheticMarket::AskLevels);
            QCOMPARE(bids.size(), SyntheticMarket::BidLevels);
            QVERIFY(bids.first().rate < asks.first().rate);
            for (const SyntheticOffer& offer : constValue(asks + bids)) {
                QCOMPARE(offer.rate % Money::MinutePrecision, 0);
                QVERIFY(offer.nodes > 0);
            }
        }
        // Nothing beyond the horizon or in the past.
        QVERIFY(synthetic.asks(sku, T0 + 21 * D, T0).isEmpty());
        QVERIFY(synthetic.asks(sku, T0 - H, T0).isEmpty());
        QVERIFY(!synthetic.asks(sku, T0 - H, T0 - 1).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMarketPersistence)
#include "tst_marketpersistence.moc"
