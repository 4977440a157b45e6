// SPDX-License-Identifier: Apache-2.0

#include "marketsim.h"

#include "common/constvalue.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Selling on a real sfsim: slices of a reservation (the last day, a gap in the middle, the whole
// window) leave the pool's allocation schedule true; the balance gets the fills minus the fee;
// selling what the pool does not own is 422; instances of a pool that sells the nodes they run on
// terminate, lowest priority first.
class TestSimOrderSell final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m.start(), qPrintable(m.sim.errorOutput()));
        m_sku = m.skus.value(u"sea-3-h100"_s);
        m_start = m.hourFromNow(3);
        m_end = m_start + 3 * MarketSim::D;
    }

    void sellSlices_data()
    {
        QTest::addColumn<qint64>("sellFrom"); // days after the start
        QTest::addColumn<qint64>("sellTo");
        QTest::addColumn<QList<qint64>>("keptDays"); // pairs of [from, to) days still held
        QTest::newRow("last day") << qint64(2) << qint64(3) << QList<qint64>{0, 2};
        QTest::newRow("gap in the middle") << qint64(1) << qint64(2) << QList<qint64>{0, 1, 2, 3};
        QTest::newRow("whole window") << qint64(0) << qint64(3) << QList<qint64>{};
    }

    void sellSlices()
    {
        QFETCH(qint64, sellFrom);
        QFETCH(qint64, sellTo);
        QFETCH(QList<qint64>, keptDays);
        const QString pool =
            m.createPool(u"slice-"_s + QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-'));
        const QJsonObject reservation = m.quotedBuy(pool, u"sea-3-h100"_s, m_start, m_end, 2);
        QVERIFY(!reservation.isEmpty());
        QCOMPARE(m.api.post(MarketSim::Orders, reservation).json.value(u"status").toString(), u"filled"_s);
        QCOMPARE(m.poolSchedule(pool, m_sku), MarketSim::entries({{m_start, m_end, 2}}));

        const qint64 balance = m.api.balanceMicros(u"acme"_s);
        const qint64 from = m_start + sellFrom * MarketSim::D;
        const qint64 to = m_start + sellTo * MarketSim::D;
        // The lowest price any bid lifts.
        const SimReply sell = m.api.post(
            MarketSim::Orders, MarketSim::order(pool, u"sell"_s, m_sku, from, to, 2, u"0.060000"_s));
        QCOMPARE(sell.status, 201);
        QCOMPARE(sell.json.value(u"status").toString(), u"filled"_s);
        QCOMPARE(sell.json.value(u"allow_partial").toBool(), true); // the default of sells
        QCOMPARE(sell.json.value(u"filled_allocation_schedule_delta").toArray(),
                 MarketSim::entries({{from, to, 2}}));

        QJsonArray kept;
        for (qsizetype i = 0; i + 1 < keptDays.size(); i += 2)
            kept.append(MarketSim::entries({{m_start + keptDays.at(i) * MarketSim::D,
                                             m_start + keptDays.at(i + 1) * MarketSim::D, 2}})
                            .first());
        QCOMPARE(m.poolSchedule(pool, m_sku), kept);
        const QJsonObject total =
            m.api.get(u"/preview/v2/pools/"_s + pool).json.value(u"allocation_schedule").toObject();
        QCOMPARE(total.value(u"total").toArray(), kept);

        // Credited with what the bids paid, less the fee the preview states ($0.02 per node-hour
        // and 3 %), each fill rounded on its own.
        qint64 credit = 0;
        for (const auto& f : constValue(sell.json.value(u"fills").toArray())) {
            const QJsonObject fill = f.toObject();
            const qint64 amount = MarketSim::fillsAmount(QJsonObject{{u"fills"_s, QJsonArray{fill}}});
            qint64 nodeSeconds = 0;
            for (const auto& e : constValue(fill.value(u"allocation_schedule_delta").toArray()))
                nodeSeconds += e.toObject().value(u"node_count").toInteger()
                               * (e.toObject().value(u"end_at").toInteger()
                                  - e.toObject().value(u"start_at").toInteger());
            const qint64 fee = (20'000 * nodeSeconds + 1800) / 3600 + (300 * amount + 5000) / 10000;
            credit += amount - fee;
        }
        QVERIFY(credit > 0);
        QCOMPARE(m.api.balanceMicros(u"acme"_s), balance + credit);
    }

    void sellingMoreThanOwnedIs422_data()
    {
        QTest::addColumn<QString>("sku");
        QTest::addColumn<qint64>("fromHour");
        QTest::addColumn<qint64>("toHour");
        QTest::addColumn<qint64>("nodes");
        // The pool holds 2 nodes over [0 h, 24 h) and offers 1 of them over [0 h, 6 h) already.
        QTest::newRow("more nodes") << u"sea-3-h100"_s << qint64(6) << qint64(12) << qint64(3);
        QTest::newRow("past the reservation") << u"sea-3-h100"_s << qint64(20) << qint64(26) << qint64(1);
        QTest::newRow("before the reservation") << u"sea-3-h100"_s << qint64(-2) << qint64(2) << qint64(1);
        QTest::newRow("beside a resting sell") << u"sea-3-h100"_s << qint64(0) << qint64(6) << qint64(2);
        QTest::newRow("another sku") << u"iad-12-h200"_s << qint64(0) << qint64(6) << qint64(1);
    }

    void sellingMoreThanOwnedIs422()
    {
        QFETCH(QString, sku);
        QFETCH(qint64, fromHour);
        QFETCH(qint64, toHour);
        QFETCH(qint64, nodes);
        if (m_ownerPool.isEmpty()) {
            m_ownerPool = m.createPool(u"owner"_s);
            m_ownStart = m.hourFromNow(4);
            const QJsonObject reservation =
                m.quotedBuy(m_ownerPool, u"sea-3-h100"_s, m_ownStart, m_ownStart + MarketSim::D, 2);
            QCOMPARE(m.api.post(MarketSim::Orders, reservation).json.value(u"status").toString(),
                     u"filled"_s);
            // A sell far above any bid rests on the book and holds one node.
            const SimReply resting = m.api.post(
                MarketSim::Orders, MarketSim::order(m_ownerPool, u"sell"_s, m_sku, m_ownStart,
                                                    m_ownStart + 6 * MarketSim::H, 1, u"900.000000"_s, true));
            QCOMPARE(resting.json.value(u"status").toString(), u"standing"_s);
        }
        const SimReply r = m.api.post(
            MarketSim::Orders,
            MarketSim::order(m_ownerPool, u"sell"_s, m.skus.value(sku), m_ownStart + fromHour * MarketSim::H,
                             m_ownStart + toHour * MarketSim::H, nodes, u"0.060000"_s));
        QCOMPARE(r.status, 422);
        QCOMPARE(r.detailCodes(), QStringList{u"insufficient_allocation"_s});
        QCOMPARE(r.details().first().toObject().value(u"field").toString(), u"allocation_schedule_delta"_s);
        // Nothing was sold.
        QCOMPARE(m.poolSchedule(m_ownerPool, m_sku),
                 MarketSim::entries({{m_ownStart, m_ownStart + MarketSim::D, 2}}));
    }

    void instancesOfASoldPoolTerminate()
    {
        const QString pool = m.createPool(u"running"_s);
        // Held since an hour ago, so that a sell from this minute on is covered.
        QCOMPARE(m.api
                     .send("POST", u"/_sim/pools/%1/allocation"_s.arg(pool),
                           QJsonDocument(QJsonObject{{u"instance_sku"_s, m_sku},
                                                     {u"node_count"_s, 3},
                                                     {u"start_at"_s, m.api.now() - MarketSim::H}})
                               .toJson(QJsonDocument::Compact),
                           {}, false)
                     .status,
                 200);
        const auto create = [&](const QString& name, const QString& priority) {
            return m.api
                .post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                   {u"instance_sku"_s, m_sku},
                                                   {u"image"_s, u"ubuntu-24.04-cuda-13.1"_s},
                                                   {u"name"_s, name},
                                                   {u"priority_level"_s, priority}})
                .id();
        };
        const QString low = create(u"low"_s, u"yield"_s);
        const QString high = create(u"high"_s, u"critical"_s);
        const QString normal = create(u"normal"_s, u"normal"_s);
        const auto status = [this](const QString& id) {
            return m.api.get(u"/preview/v2/instances/"_s + id).json.value(u"status").toString();
        };
        QCOMPARE(status(low), u"running"_s);
        QCOMPARE(status(high), u"running"_s);
        QCOMPARE(status(normal), u"running"_s);

        // Sell two of the three nodes from this minute on for two hours.
        const qint64 now = m.api.now();
        const qint64 from = now - now % 60;
        const SimReply sell =
            m.api.post(MarketSim::Orders, MarketSim::order(pool, u"sell"_s, m_sku, from,
                                                           from + 2 * MarketSim::H, 2, u"0.060000"_s));
        QCOMPARE(sell.status, 201);
        QCOMPARE(sell.json.value(u"status").toString(), u"filled"_s);
        QCOMPARE(status(low), u"terminated"_s);
        QCOMPARE(status(normal), u"terminated"_s);
        QCOMPARE(status(high), u"running"_s);
        // After the sold window the pool holds three nodes again; a new instance runs.
        m.api.advanceClock(2 * MarketSim::H + 60);
        QCOMPARE(status(high), u"running"_s);
        QCOMPARE(status(create(u"again"_s, u"normal"_s)), u"running"_s);
    }

    void sellRestsAndFillsLater()
    {
        // A sell above today's bids rests; bids rise as the slot nears and lift it.
        const QString pool = m.createPool(u"patient-seller"_s);
        m.api.setAllocation(pool, m_sku, 1);
        const qint64 start = m.hourFromNow(80);
        const qint64 end = start + MarketSim::H;
        const SimReply quote = m.preview(u"sell"_s, start, MarketSim::H, 1,
                                         {{u"instance_sku"_s, QJsonArray{u"sea-3-h100"_s}}}, pool);
        QCOMPARE(quote.json.value(u"type").toString(), u"quoted"_s);
        const double bid = quote.json.value(u"post_order_body")
                               .toObject()
                               .value(u"limit_price_dollars_per_node_hour")
                               .toString()
                               .toDouble();
        const QString limit = QString::number(bid * 1.04, 'f', 6);
        const SimReply sell = m.api.post(
            MarketSim::Orders, MarketSim::order(pool, u"sell"_s, m_sku, start, end, 1, limit, true));
        QCOMPARE(sell.json.value(u"status").toString(), u"standing"_s);
        QString status;
        for (int step = 0; step < 14 && status != u"filled"_s; ++step) {
            m.api.advanceClock(6 * MarketSim::H);
            status = m.api.get(MarketSim::Orders + u'/' + sell.id()).json.value(u"status").toString();
        }
        QCOMPARE(status, u"filled"_s);
        // The sold hour is gone from the (otherwise unbounded) allocation.
        const QJsonArray schedule = m.poolSchedule(pool, m_sku);
        bool gap = false;
        for (qsizetype i = 1; i < schedule.size(); ++i)
            gap = gap
                  || (schedule.at(i - 1).toObject().value(u"end_at").toInteger() == start
                      && schedule.at(i).toObject().value(u"start_at").toInteger() == end);
        QVERIFY2(gap, QJsonDocument(schedule).toJson().constData());
    }

private:
    MarketSim m;
    QString m_sku;
    qint64 m_start = 0;
    qint64 m_end = 0;
    QString m_ownerPool;
    qint64 m_ownStart = 0;
};

QTEST_GUILESS_MAIN(TestSimOrderSell)
#include "tst_simordersell.moc"
