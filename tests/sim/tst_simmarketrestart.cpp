// SPDX-License-Identifier: Apache-2.0

#include "marketsim.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// The market of a real sfsim across restarts of its store (--db), and its determinism: the same
// seed, start time, requests and clock advances give the same orders, fills and prices.
class TestSimMarketRestart final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void ordersSurviveARestart()
    {
        MarketSim m;
        QVERIFY2(m.start(), qPrintable(m.sim.errorOutput()));
        const QString sku = m.skus.value(u"sea-3-h100"_s);
        const QString pool = m.createPool(u"kept"_s);
        const qint64 start = m.hourFromNow(4);
        const SimReply filled = m.api.post(
            MarketSim::Orders, m.quotedBuy(pool, u"sea-3-h100"_s, start, start + 6 * MarketSim::H, 2));
        QCOMPARE(filled.json.value(u"status").toString(), u"filled"_s);
        const QJsonObject standingBody =
            MarketSim::order(pool, u"buy"_s, sku, start + MarketSim::D, start + MarketSim::D + MarketSim::H,
                             1, u"0.060000"_s, true);
        const SimReply standing = m.api.postIdempotent(MarketSim::Orders, standingBody, u"keep-me"_s);
        QCOMPARE(standing.json.value(u"status").toString(), u"standing"_s);
        const QJsonObject list = m.api.get(MarketSim::Orders + u"?pool="_s + pool).json;
        const QJsonObject poolBefore = m.api.get(u"/preview/v2/pools/"_s + pool).json;
        const qint64 balance = m.api.balanceMicros(u"acme"_s);
        m.sim.stop();

        QVERIFY2(m.sim.start({u"--control"_s}), qPrintable(m.sim.errorOutput()));
        m.api.setBaseUrl(m.sim.baseUrl());
        m.api.setToken(m.sim.token(u"acme-owner"_s));
        QCOMPARE(m.api.get(MarketSim::Orders + u"?pool="_s + pool).json, list);
        QCOMPARE(m.api.get(u"/preview/v2/pools/"_s + pool).json.value(u"allocation_schedule"),
                 poolBefore.value(u"allocation_schedule"));
        QCOMPARE(m.api.balanceMicros(u"acme"_s), balance);
        // The idempotency key was kept with the order.
        QCOMPARE(m.api.postIdempotent(MarketSim::Orders, standingBody, u"keep-me"_s).id(), standing.id());
        QCOMPARE(m.api.get(MarketSim::Orders + u"?pool="_s + pool).data().size(), 2);
        // The resting order still expires at its end.
        m.api.advanceClock(start + MarketSim::D + MarketSim::H - m.api.now() + 60);
        const QJsonObject expired = m.api.get(MarketSim::Orders + u'/' + standing.id()).json;
        QCOMPARE(expired.value(u"status").toString(), u"cancelled"_s);
        QCOMPARE(expired.value(u"cancelled_at").toInteger(), start + MarketSim::D + MarketSim::H);
    }

    void sameSeedSameMarket()
    {
        const QJsonObject a = run(u"11"_s);
        const QJsonObject b = run(u"11"_s);
        const QJsonObject c = run(u"12"_s);
        QVERIFY(!a.isEmpty());
        // The session filled orders on both sides and left a standing one to fill later.
        QCOMPARE(a.value(u"orders"_s).toString().count(u"\"status\":\"filled\""_s), 3);
        QCOMPARE(a.value(u"now"_s).toInteger(), 1'893'456'000);
        QCOMPARE(QJsonDocument(a).toJson(), QJsonDocument(b).toJson());
        QVERIFY(a.value(u"orders") != c.value(u"orders"));
        QVERIFY(a.value(u"quote") != c.value(u"quote"));
    }

private:
    // One scripted session; pool ids (not derived from the market) are replaced by names.
    static QJsonObject run(const QString& seed)
    {
        constexpr qint64 T0 = 1'893'456'000; // 2030-01-01 00:00 UTC
        MarketSim m;
        if (!m.start({u"--seed"_s, seed, u"--start-time"_s, QString::number(T0), u"--time-scale"_s,
                      u"0.000001"_s}))
            return {};
        const QString sku = m.skus.value(u"sea-3-h100"_s);
        const QString pool = m.createPool(u"same"_s);
        const qint64 start = T0 + 80 * MarketSim::H;
        QJsonObject out;
        out.insert(u"now"_s, m.api.now());
        out.insert(u"quote"_s, m.api
                                   .get(u"/preview/v2/orderbook/quote?start_at=%1&end_at=%2"_s.arg(start).arg(
                                       start + 4 * MarketSim::H))
                                   .json);
        const QJsonObject quoted = m.quotedBuy(pool, u"sea-3-h100"_s, start, start + 4 * MarketSim::H, 2);
        m.api.post(MarketSim::Orders, quoted);
        const double price = quoted.value(u"limit_price_dollars_per_node_hour").toString().toDouble();
        m.api.post(MarketSim::Orders,
                   MarketSim::order(pool, u"buy"_s, sku, start + 4 * MarketSim::H, start + 6 * MarketSim::H,
                                    1, QString::number(price * 0.93, 'f', 6), true));
        m.api.setAllocation(pool, m.skus.value(u"iad-12-h200"_s), 2);
        m.api.post(MarketSim::Orders, MarketSim::order(pool, u"sell"_s, m.skus.value(u"iad-12-h200"_s), start,
                                                       start + 2 * MarketSim::H, 2, u"0.060000"_s));
        for (int step = 0; step < 12; ++step)
            m.api.advanceClock(6 * MarketSim::H);
        out.insert(u"orders"_s,
                   QString::fromUtf8(QJsonDocument(m.api.get(MarketSim::Orders + u"?pool="_s + pool).json)
                                         .toJson(QJsonDocument::Compact))
                       .replace(pool, u"POOL"_s)
                       .replace(u"cap_"_s + pool.mid(5), u"CAP"_s));
        out.insert(u"allocation"_s,
                   m.api.get(u"/preview/v2/pools/"_s + pool).json.value(u"allocation_schedule"));
        out.insert(u"balance"_s, m.api.balanceMicros(u"acme"_s));
        out.insert(u"availability"_s,
                   m.api.get(u"/preview/v2/instance_skus/%1/availability"_s.arg(sku)).json);
        return out;
    }
};

QTEST_GUILESS_MAIN(TestSimMarketRestart)
#include "tst_simmarketrestart.moc"
