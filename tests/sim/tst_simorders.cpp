// SPDX-License-Identifier: Apache-2.0

#include "marketsim.h"

#include "common/constvalue.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Buying on a real sfsim: immediate fills into the pool's allocation schedule and the balance,
// standing orders that fill as the clock advances, immediate-or-cancel, expiry, partial fills,
// Idempotency-Key, 402, cancel, and the validation of order bodies.
class TestSimOrders final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m.start(), qPrintable(m.sim.errorOutput()));
        m_sku = m.skus.value(u"sea-3-h100"_s);
        QVERIFY(!m_sku.isEmpty());
    }

    void buyFillsAtOnceIntoThePool()
    {
        const QString pool = m.createPool(u"reserve"_s);
        const qint64 start = m.hourFromNow(2);
        const qint64 end = start + MarketSim::D;
        const QJsonObject body = m.quotedBuy(pool, u"sea-3-h100"_s, start, end, 3);
        QVERIFY(!body.isEmpty());
        const qint64 balance = m.api.balanceMicros(u"acme"_s);
        const SimReply r = m.api.post(MarketSim::Orders, body);
        QCOMPARE(r.status, 201);
        QVERIFY(r.id().startsWith(u"ordr_"_s));
        QCOMPARE(r.json.value(u"status").toString(), u"filled"_s);
        QCOMPARE(r.json.value(u"pool").toObject().value(u"id").toString(), pool);
        QCOMPARE(r.json.value(u"pool").toObject().value(u"name").toString(), u"reserve"_s);
        QCOMPARE(r.json.value(u"instance_sku").toObject().value(u"alias").toString(), u"sea-3-h100"_s);
        QCOMPARE(r.json.value(u"created_by").toObject().value(u"type").toString(), u"user"_s);
        QCOMPARE(r.json.value(u"created_by").toObject().value(u"email").toString(), u"alice@acme.example"_s);
        QVERIFY(r.json.value(u"filled_at").isDouble());
        QVERIFY(r.json.value(u"cancelled_at").isNull());
        for (const auto& f : constValue(r.json.value(u"fills").toArray()))
            QVERIFY(f.toObject().value(u"contract").toString().startsWith(u"cont_"_s));

        // The pool holds the nodes, per SKU and in total.
        const QJsonObject schedule =
            m.api.get(u"/preview/v2/pools/"_s + pool).json.value(u"allocation_schedule").toObject();
        QCOMPARE(schedule.value(u"by_instance_sku").toObject().value(m_sku).toArray(),
                 MarketSim::entries({{start, end, 3}}));
        QCOMPARE(schedule.value(u"total").toArray(), MarketSim::entries({{start, end, 3}}));
        // The balance paid exactly what the fills cost.
        QCOMPARE(m.api.balanceMicros(u"acme"_s), balance - MarketSim::fillsAmount(r.json));
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + r.id()).json, r.json);

        // A second reservation after the first one continues the schedule.
        const QJsonObject more = m.quotedBuy(pool, u"sea-3-h100"_s, end, end + 2 * MarketSim::H, 1);
        QCOMPARE(m.api.post(MarketSim::Orders, more).json.value(u"status").toString(), u"filled"_s);
        QCOMPARE(m.poolSchedule(pool, m_sku),
                 MarketSim::entries({{start, end, 3}, {end, end + 2 * MarketSim::H, 1}}));
        // A pool with orders and allocation cannot be deleted.
        QCOMPARE(m.api.del(u"/preview/v2/pools/"_s + pool).status, 422);
    }

    void standingBuyFillsWhenTheClockAdvances()
    {
        const QString pool = m.createPool(u"patient"_s);
        // Far enough ahead that asks still carry their full spread; they fall as the slot nears.
        const qint64 start = m.hourFromNow(80);
        const qint64 end = start + 2 * MarketSim::H;
        const QJsonObject quoted = m.quotedBuy(pool, u"sea-3-h100"_s, start, end, 1);
        QVERIFY(!quoted.isEmpty());
        const double price = quoted.value(u"limit_price_dollars_per_node_hour").toString().toDouble();
        const QString limit = QString::number(price * 0.93, 'f', 6);
        const SimReply r = m.api.post(MarketSim::Orders,
                                      MarketSim::order(pool, u"buy"_s, m_sku, start, end, 1, limit, true));
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json.value(u"status").toString(), u"standing"_s);
        QVERIFY(r.json.value(u"fills").toArray().isEmpty());
        QVERIFY(m.poolSchedule(pool, m_sku).isEmpty());
        // The resting bid is on the book.
        const SimReply windows = m.api.get(
            u"/preview/v2/orderbook/windows?requirements=instance_sku:%1&range_start_at=%2&range_end_at=%3"_s
                .arg(m_sku)
                .arg(start)
                .arg(end));
        bool listed = false;
        for (const auto& w : constValue(windows.data()))
            listed = listed
                     || (w.toObject().value(u"start_at").toInteger() == start
                         && w.toObject().value(u"end_at").toInteger() == end
                         && w.toObject().value(u"total_bid_order_count").toInteger() == 1);
        QVERIFY(listed);

        QString status;
        for (int step = 0; step < 14 && status != u"filled"_s; ++step) {
            m.api.advanceClock(6 * MarketSim::H);
            status = m.api.get(MarketSim::Orders + u'/' + r.id()).json.value(u"status").toString();
        }
        QCOMPARE(status, u"filled"_s);
        QCOMPARE(m.poolSchedule(pool, m_sku), MarketSim::entries({{start, end, 1}}));
        const QJsonObject filled = m.api.get(MarketSim::Orders + u'/' + r.id()).json;
        QVERIFY(filled.value(u"filled_average_price_dollars_per_node_hour").toString().toDouble()
                <= limit.toDouble());
    }

    void immediateOrCancelThatCannotFill()
    {
        const QString pool = m.createPool(u"cheap"_s);
        const qint64 start = m.hourFromNow(4);
        const SimReply r =
            m.api.post(MarketSim::Orders, MarketSim::order(pool, u"buy"_s, m_sku, start, start + MarketSim::H,
                                                           1, u"0.060000"_s));
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json.value(u"status").toString(), u"cancelled"_s);
        QVERIFY(r.json.value(u"cancelled_at").isDouble());
        QVERIFY(r.json.value(u"fills").toArray().isEmpty());
        QVERIFY(r.json.value(u"filled_allocation_schedule_delta").toArray().isEmpty());
        QVERIFY(m.poolSchedule(pool, m_sku).isEmpty());
    }

    void partialFillThenCancelled()
    {
        // More nodes than offered in an hour: with allow_partial, what is there fills.
        const QString pool = m.createPool(u"partial"_s);
        const qint64 start = m.hourFromNow(6);
        const QString l40s = m.skus.value(u"sea-4-l40s"_s);
        const SimReply r =
            m.api.post(MarketSim::Orders, MarketSim::order(pool, u"buy"_s, l40s, start, start + MarketSim::H,
                                                           200, u"30.000000"_s, false, true));
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json.value(u"status").toString(), u"cancelled"_s);
        const QJsonArray filled = r.json.value(u"filled_allocation_schedule_delta").toArray();
        QCOMPARE(filled.size(), 1);
        const qint64 nodes = filled.first().toObject().value(u"node_count").toInteger();
        QVERIFY(nodes > 0 && nodes < 200);
        QCOMPARE(m.poolSchedule(pool, l40s), MarketSim::entries({{start, start + MarketSim::H, nodes}}));
        // All or nothing (the default) takes none of it.
        const SimReply none =
            m.api.post(MarketSim::Orders, MarketSim::order(pool, u"buy"_s, l40s, start + MarketSim::H,
                                                           start + 2 * MarketSim::H, 200, u"30.000000"_s));
        QCOMPARE(none.json.value(u"status").toString(), u"cancelled"_s);
        QVERIFY(none.json.value(u"fills").toArray().isEmpty());
    }

    void standingOrderExpiresAtItsEnd()
    {
        const QString pool = m.createPool(u"expiring"_s);
        const qint64 start = m.hourFromNow(2);
        const qint64 end = start + MarketSim::H;
        const SimReply r = m.api.post(
            MarketSim::Orders, MarketSim::order(pool, u"buy"_s, m_sku, start, end, 1, u"0.060000"_s, true));
        QCOMPARE(r.json.value(u"status").toString(), u"standing"_s);
        m.api.advanceClock(end - m.api.now() + 60);
        const QJsonObject expired = m.api.get(MarketSim::Orders + u'/' + r.id()).json;
        QCOMPARE(expired.value(u"status").toString(), u"cancelled"_s);
        QCOMPARE(expired.value(u"cancelled_at").toInteger(), end);
    }

    void idempotentRetryPlacesOneOrder()
    {
        const QString pool = m.createPool(u"retry"_s);
        const qint64 start = m.hourFromNow(30);
        const QJsonObject body =
            MarketSim::order(pool, u"buy"_s, m_sku, start, start + MarketSim::H, 1, u"0.060000"_s, true);
        const SimReply first = m.api.postIdempotent(MarketSim::Orders, body, u"retry-1"_s);
        QCOMPARE(first.status, 201);
        const SimReply again = m.api.postIdempotent(MarketSim::Orders, body, u"retry-1"_s);
        QCOMPARE(again.status, 201);
        QCOMPARE(again.id(), first.id());
        QCOMPARE(again.json, first.json);
        // The server holds exactly one order for the pool.
        const SimReply list = m.api.get(MarketSim::Orders + u"?pool="_s + pool);
        QCOMPARE(list.data().size(), 1);
        QCOMPARE(list.data().first().toObject().value(u"id").toString(), first.id());
        // The same key with another body is refused and places nothing.
        QJsonObject other = body;
        other.insert(u"limit_price_dollars_per_node_hour"_s, u"0.120000"_s);
        const SimReply clash = m.api.postIdempotent(MarketSim::Orders, other, u"retry-1"_s);
        QCOMPARE(clash.status, 422);
        QCOMPARE(clash.detailCodes(), QStringList{u"idempotency_key_reused"_s});
        QCOMPARE(m.api.get(MarketSim::Orders + u"?pool="_s + pool).data().size(), 1);
        // Another key is another order; the key is per token.
        QVERIFY(m.api.postIdempotent(MarketSim::Orders, body, u"retry-2"_s).id() != first.id());
        QCOMPARE(m.api.get(MarketSim::Orders + u"?pool="_s + pool).data().size(), 2);
        // After a cancel, a retry still answers with the same (now cancelled) order.
        QCOMPARE(m.api.del(MarketSim::Orders + u'/' + first.id()).status, 204);
        const SimReply late = m.api.postIdempotent(MarketSim::Orders, body, u"retry-1"_s);
        QCOMPARE(late.id(), first.id());
        QCOMPARE(late.json.value(u"status").toString(), u"cancelled"_s);
        QCOMPARE(m.api.get(MarketSim::Orders + u"?pool="_s + pool).data().size(), 2);
    }

    void insufficientBalanceIs402()
    {
        const QString pool = m.createPool(u"big"_s);
        const qint64 start = m.hourFromNow(3);
        // 64 nodes for two weeks at $20: far beyond the seeded balance.
        const SimReply r =
            m.api.post(MarketSim::Orders, MarketSim::order(pool, u"buy"_s, m_sku, start,
                                                           start + 14 * MarketSim::D, 64, u"20.000000"_s));
        QCOMPARE(r.status, 402);
        QCOMPARE(r.errorType(), u"payment_required"_s);
        QVERIFY(m.api.get(MarketSim::Orders + u"?pool="_s + pool).data().isEmpty());
        // A resting buy holds its maximum cost, so a second one that fits alone is refused beside it.
        const qint64 balance = m.api.balanceMicros(u"acme"_s);
        QCOMPARE(setBalance(u"100.000000"_s), 200);
        const qint64 later = m.hourFromNow(100);
        // $6 per node-hour is below every ask this far ahead: it rests.
        const QJsonObject body =
            MarketSim::order(pool, u"buy"_s, m_sku, later, later + 10 * MarketSim::H, 1, u"6.000000"_s, true);
        const SimReply resting = m.api.post(MarketSim::Orders, body);
        QCOMPARE(resting.status, 201);
        QCOMPARE(resting.json.value(u"status").toString(), u"standing"_s);
        QCOMPARE(m.api.post(MarketSim::Orders, body).status, 402);
        QCOMPARE(m.api.del(MarketSim::Orders + u'/' + resting.id()).status, 204);
        QCOMPARE(m.api.post(MarketSim::Orders, body).status, 201);
        QCOMPARE(setBalance(u"%1.%2"_s.arg(balance / 1'000'000).arg(balance % 1'000'000, 6, 10, QChar(u'0'))),
                 200);
        QCOMPARE(m.api.balanceMicros(u"acme"_s), balance);
    }

    void cancel()
    {
        const QString pool = m.createPool(u"cancels"_s);
        const qint64 start = m.hourFromNow(20);
        const SimReply standing =
            m.api.post(MarketSim::Orders, MarketSim::order(pool, u"buy"_s, m_sku, start, start + MarketSim::H,
                                                           1, u"0.060000"_s, true));
        QCOMPARE(standing.json.value(u"status").toString(), u"standing"_s);
        const SimReply del = m.api.del(MarketSim::Orders + u'/' + standing.id());
        QCOMPARE(del.status, 204);
        QVERIFY(del.raw.isEmpty());
        const QJsonObject cancelled = m.api.get(MarketSim::Orders + u'/' + standing.id()).json;
        QCOMPARE(cancelled.value(u"status").toString(), u"cancelled"_s);
        QVERIFY(cancelled.value(u"cancelled_at").isDouble());
        // Twice: no longer cancellable.
        SimReply again = m.api.del(MarketSim::Orders + u'/' + standing.id());
        QCOMPARE(again.status, 422);
        QCOMPARE(again.error().value(u"message").toString(), u"Order cannot be cancelled."_s);
        QCOMPARE(again.detailCodes(), QStringList{u"order_cancelled"_s});
        // A filled order cannot be cancelled either.
        const QJsonObject body = m.quotedBuy(pool, u"sea-3-h100"_s, start, start + MarketSim::H, 1);
        const SimReply filled = m.api.post(MarketSim::Orders, body);
        QCOMPARE(filled.json.value(u"status").toString(), u"filled"_s);
        again = m.api.del(MarketSim::Orders + u'/' + filled.id());
        QCOMPARE(again.status, 422);
        QCOMPARE(again.detailCodes(), QStringList{u"order_filled"_s});
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + filled.id()).json.value(u"status").toString(),
                 u"filled"_s);
        QCOMPARE(m.api.del(MarketSim::Orders + u"/ordr_doesnotexist0000000"_s).status, 404);
        QCOMPARE(m.api.get(MarketSim::Orders + u"/ordr_doesnotexist0000000"_s).status, 404);
    }

    void invalidBodies_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("two ranges") << u"allocation_schedule_delta"_s
                                    << QJsonValue(MarketSim::entries({{1'900'000'200, 1'900'003'800, 1},
                                                                      {1'900'003'800, 1'900'007'400, 1}}))
                                    << 422 << u"invalid_value"_s;
        QTest::newRow("zero nodes") << u"allocation_schedule_delta"_s
                                    << QJsonValue(MarketSim::entries({{1'900'000'200, 1'900'003'800, 0}}))
                                    << 422 << u"invalid_value"_s;
        QTest::newRow("in the past") << u"allocation_schedule_delta"_s
                                     << QJsonValue(MarketSim::entries({{1'000'000'020, 1'000'003'620, 1}}))
                                     << 422 << u"in_past"_s;
        QTest::newRow("price without point")
            << u"limit_price_dollars_per_node_hour"_s << QJsonValue(u"2"_s) << 422 << u"invalid_value"_s;
        QTest::newRow("side") << u"side"_s << QJsonValue(u"hold"_s) << 422 << u"invalid_value"_s;
        QTest::newRow("unknown sku") << u"instance_sku"_s << QJsonValue(u"isku_nosuchsku000000000000"_s)
                                     << 422 << u"not_found"_s;
        QTest::newRow("standing not a bool")
            << u"allow_standing"_s << QJsonValue(u"yes"_s) << 422 << u"invalid_type"_s;
        QTest::newRow("unknown pool")
            << u"pool"_s << QJsonValue(u"pool_nosuchpool0000000000"_s) << 404 << u"not_found"_s;
    }

    void invalidBodies()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(int, status);
        QFETCH(QString, code);
        // A valid window (orders end at most 90 days ahead), so each row's problem is the only one.
        const qint64 start = m.hourFromNow(2);
        QJsonObject body = MarketSim::order(u"default-pool"_s, u"buy"_s, m_sku, start, start + MarketSim::H,
                                            1, u"0.060000"_s);
        body.insert(u"pool"_s, m.createPool(u"invalid-"_s + QString::number(++m_counter)));
        body.insert(key, value);
        const SimReply r = m.api.post(MarketSim::Orders, body);
        QCOMPARE(r.status, status);
        QVERIFY2(r.detailCodes().contains(code), r.raw.constData());
    }

private:
    int setBalance(const QString& dollars)
    {
        return m.api
            .send("POST", u"/_sim/accounts/acme/balance"_s,
                  QJsonDocument(QJsonObject{{u"balance_dollars"_s, dollars}}).toJson(QJsonDocument::Compact),
                  {}, false)
            .status;
    }

    MarketSim m;
    QString m_sku;
    int m_counter = 0;
};

QTEST_GUILESS_MAIN(TestSimOrders)
#include "tst_simorders.moc"
