// SPDX-License-Identifier: Apache-2.0

#include "marketfixture.h"

#include "sim/market/marketjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>

using namespace Qt::StringLiterals;
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

    // Orders keep their filled schedule beside their fills (a match reads the book without the
    // fills); a store from before that column gets it, computed from the fills.
    void filledSchedulesAreAddedToAnOlderStore()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(u"sfsim.db"_s);
        QHash<QString, QString> filledBefore;
        const auto readFilled = [&file](QHash<QString, QString>* out) {
            const QString name = u"raw-filled"_s;
            {
                QSqlDatabase raw = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
                raw.setDatabaseName(file);
                QVERIFY(raw.open());
                QSqlQuery q(raw);
                QVERIFY(q.exec(u"SELECT id, coalesce(filled, '') FROM market_orders"_s));
                while (q.next())
                    out->insert(q.value(0).toString(), q.value(1).toString());
            }
            QSqlDatabase::removeDatabase(name);
        };
        {
            MarketFixture market(file, 9);
            const qint64 limit = market.askFor(MarketFixture::H100, T0 + 2 * H, T0 + 6 * H, 5, T0);
            QCOMPARE(market
                         .place(MarketFixture::order(OrderSide::Buy, u"pool_alpha"_s, MarketFixture::H100,
                                                     T0 + 2 * H, T0 + 6 * H, 5, limit),
                                T0)
                         .status,
                     OrderStatus::Filled);
            market.place(MarketFixture::order(OrderSide::Buy, u"pool_alpha"_s, MarketFixture::H100,
                                              T0 + 4 * D, T0 + 5 * D, 2, 60, true),
                         T0 + 60);
        }
        readFilled(&filledBefore);
        QCOMPARE(filledBefore.size(), 2);
        QCOMPARE(std::count_if(filledBefore.cbegin(), filledBefore.cend(),
                               [](const QString& v) { return !v.isEmpty(); }),
                 1);
        {
            const QString name = u"raw-drop"_s;
            {
                QSqlDatabase raw = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
                raw.setDatabaseName(file);
                QVERIFY(raw.open());
                QSqlQuery q(raw);
                QVERIFY2(q.exec(u"ALTER TABLE market_orders DROP COLUMN filled"_s),
                         qPrintable(q.lastError().text()));
            }
            QSqlDatabase::removeDatabase(name);
        }
        {
            MarketFixture reopened(file, 9);
        }
        QHash<QString, QString> filledAfter;
        readFilled(&filledAfter);
        QCOMPARE(filledAfter, filledBefore);
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
            for (const SyntheticOffer& offer : asks + bids) {
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
