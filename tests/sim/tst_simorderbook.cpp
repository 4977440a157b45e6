// SPDX-License-Identifier: Apache-2.0

#include "marketsim.h"

#include "common/constvalue.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// The orderbook routes (quote, depth, windows, fills), the order preview and SKU availability of
// a real sfsim: shapes, the book's ordering, validation, and that a quoted body fills when posted.
class TestSimOrderbook final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m.start(), qPrintable(m.sim.errorOutput()));
        m_start = m.hourFromNow(3);
        m_end = m_start + 6 * MarketSim::H;
        m_pool = m.createPool(u"book"_s);
        QVERIFY(!m_pool.isEmpty());
    }

    void quoteForAWindow()
    {
        const SimReply r = m.api.get(
            u"/preview/v2/orderbook/quote?requirements=accelerator:h100&start_at=%1&end_at=%2"_s.arg(m_start)
                .arg(m_end));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"start_at").toInteger(), m_start);
        QCOMPARE(r.json.value(u"end_at").toInteger(), m_end);
        QCOMPARE(r.json.value(u"requirements").toObject(),
                 (QJsonObject{{u"accelerator"_s, QJsonArray{u"h100"_s}}}));
        QVERIFY(r.json.value(u"requested_at").toInteger() >= m_start - 4 * MarketSim::H);
        const QJsonObject ask = r.json.value(u"best_ask").toObject();
        const QJsonObject bid = r.json.value(u"best_bid").toObject();
        QVERIFY(!ask.isEmpty() && !bid.isEmpty());
        const QStringList h100 = {m.skus.value(u"sea-3-h100"_s), m.skus.value(u"hel-a-h100-ib"_s),
                                  m.skus.value(u"hel-a-h100-ib2"_s), m.skus.value(u"dfw-a-h100-ib"_s)};
        QVERIFY(h100.contains(ask.value(u"instance_sku").toString()));
        QVERIFY(h100.contains(bid.value(u"instance_sku").toString()));
        // The level covers the whole window.
        const QJsonObject entry = ask.value(u"allocation_schedule_delta").toArray().first().toObject();
        QCOMPARE(entry.value(u"start_at").toInteger(), m_start);
        QCOMPARE(entry.value(u"end_at").toInteger(), m_end);
        QVERIFY(entry.value(u"node_count").toInteger() >= 1);
        // Nothing matches an accelerator the world does not have: no best bid or ask.
        const SimReply none = m.api.get(
            u"/preview/v2/orderbook/quote?requirements=accelerator:a100&start_at=%1&end_at=%2"_s.arg(m_start)
                .arg(m_end));
        QCOMPARE(none.status, 200);
        QVERIFY(!none.json.contains(u"best_ask"));
        QVERIFY(!none.json.contains(u"best_bid"));
        // The /v2 prefix answers the same.
        QCOMPARE(m.api.get(u"/v2/orderbook/quote?start_at=%1&end_at=%2"_s.arg(m_start).arg(m_end)).status,
                 200);
        QCOMPARE(m.api
                     .get(u"/preview/v2/orderbook/quote?start_at=%1&end_at=%2"_s.arg(m_start).arg(m_end),
                          u"not-a-token"_s)
                     .status,
                 401);
    }

    void depthIsOrdered()
    {
        const SimReply r = m.api.get(
            u"/preview/v2/orderbook/depth?requirements=accelerator:h100,h200;form_factor:sxm&start_at=%1&end_at=%2&depth=5"_s
                .arg(m_start)
                .arg(m_end));
        QCOMPARE(r.status, 200);
        const QJsonArray bids = r.json.value(u"bids").toArray();
        const QJsonArray asks = r.json.value(u"asks").toArray();
        QVERIFY(!bids.isEmpty() && bids.size() <= 5);
        QVERIFY(!asks.isEmpty() && asks.size() <= 5);
        const auto rate = [](const QJsonValue& level) {
            return level.toObject().value(u"dollars_per_node_hour").toString().toDouble();
        };
        for (qsizetype i = 1; i < bids.size(); ++i)
            QVERIFY(rate(bids.at(i - 1)) >= rate(bids.at(i)));
        for (qsizetype i = 1; i < asks.size(); ++i)
            QVERIFY(rate(asks.at(i - 1)) <= rate(asks.at(i)));
        // The quote is the top of the depth.
        const SimReply quote = m.api.get(
            u"/preview/v2/orderbook/quote?requirements=accelerator:h100,h200;form_factor:sxm&start_at=%1&end_at=%2"_s
                .arg(m_start)
                .arg(m_end));
        QCOMPARE(quote.json.value(u"best_ask").toObject(), asks.first().toObject());
        QCOMPARE(quote.json.value(u"best_bid").toObject(), bids.first().toObject());
    }

    void windowsPageInOrder()
    {
        const QString base = u"/preview/v2/orderbook/windows?requirements=instance_sku:sea-3-h100,iad-12-h200"
                             "&range_start_at=%1&range_end_at=%2"_s.arg(m_start)
                                 .arg(m_start + 4 * MarketSim::H);
        const SimReply all = m.api.get(base + u"&limit=200"_s);
        QCOMPARE(all.status, 200);
        QCOMPARE(all.json.value(u"range_start_at").toInteger(), m_start);
        QCOMPARE(all.json.value(u"has_more").toBool(), false);
        const QJsonArray windows = all.data();
        QCOMPARE(windows.size(), 8); // four hours of two SKUs
        for (qsizetype i = 1; i < windows.size(); ++i) {
            const QJsonObject a = windows.at(i - 1).toObject();
            const QJsonObject b = windows.at(i).toObject();
            const auto key = [](const QJsonObject& w) {
                return std::tuple{w.value(u"start_at").toInteger(), w.value(u"end_at").toInteger(),
                                  w.value(u"instance_sku").toString()};
            };
            QVERIFY(key(a) < key(b));
        }
        for (const auto& w : windows) {
            QCOMPARE(w.toObject().value(u"duration_hours").toInteger(), 1);
            QVERIFY(w.toObject().value(u"total_ask_order_count").toInteger() > 0);
        }
        // Pages of three walk the same windows.
        QJsonArray walked;
        QString cursor;
        for (int page = 0; page < 5; ++page) {
            const SimReply r = m.api.get(base + u"&limit=3"_s
                                         + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            QCOMPARE(r.status, 200);
            for (const auto& w : constValue(r.data()))
                walked.append(w);
            if (!r.json.value(u"has_more").toBool())
                break;
            cursor = r.json.value(u"cursor").toString();
            QVERIFY(cursor.startsWith(u"mwin_"_s));
        }
        QCOMPARE(walked, windows);
    }

    void invalidQueries_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("code");
        const QString q = u"/preview/v2/orderbook/quote?"_s;
        QTest::newRow("start missing") << q + u"end_at=1800003600"_s << u"start_at"_s << u"required"_s;
        QTest::newRow("start not a number")
            << q + u"start_at=soon&end_at=1800003600"_s << u"start_at"_s << u"invalid_type"_s;
        QTest::newRow("not minute aligned")
            << q + u"start_at=1800000030&end_at=1800003600"_s << u"start_at"_s << u"not_aligned"_s;
        QTest::newRow("end before start")
            << q + u"start_at=1800003600&end_at=1800000000"_s << u"end_at"_s << u"invalid_range"_s;
        QTest::newRow("unknown property")
            << q + u"requirements=colour:blue&start_at=1800000000&end_at=1800003600"_s
            << u"requirements.colour"_s << u"unknown_property"_s;
        QTest::newRow("requirement without value")
            << q + u"requirements=accelerator&start_at=1800000000&end_at=1800003600"_s << u"requirements"_s
            << u"invalid_value"_s;
        QTest::newRow("unknown operator")
            << q + u"requirements=num_vcpus:gt:8&start_at=1800000000&end_at=1800003600"_s << u"requirements"_s
            << u"invalid_operator"_s;
        QTest::newRow("depth out of range")
            << u"/preview/v2/orderbook/depth?start_at=1800000000&end_at=1800003600&depth=0"_s << u"depth"_s
            << u"out_of_range"_s;
        QTest::newRow("windows range missing") << u"/preview/v2/orderbook/windows?range_start_at=1800000000"_s
                                               << u"range_end_at"_s << u"required"_s;
        QTest::newRow("windows cursor")
            << u"/preview/v2/orderbook/windows?range_start_at=1800000000&range_end_at=1800003600&starting_after=x"_s
            << u"starting_after"_s << u"invalid_cursor"_s;
        QTest::newRow("windows limit")
            << u"/preview/v2/orderbook/windows?range_start_at=1800000000&range_end_at=1800003600&limit=201"_s
            << u"limit"_s << u"out_of_range"_s;
        QTest::newRow("fills since too old")
            << u"/preview/v2/orderbook/fills?start_at=1800000000&end_at=1800003600&since_at=0"_s
            << u"since_at"_s << u"out_of_range"_s;
        QTest::newRow("fills cursor")
            << u"/preview/v2/orderbook/fills?start_at=1800000000&end_at=1800003600&starting_after=mwin_AA"_s
            << u"starting_after"_s << u"invalid_cursor"_s;
    }

    void invalidQueries()
    {
        QFETCH(QString, query);
        QFETCH(QString, field);
        QFETCH(QString, code);
        const SimReply r = m.api.get(query);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.errorType(), u"unprocessable_entity"_s);
        bool found = false;
        for (const auto& d : constValue(r.details()))
            found = found
                    || (d.toObject().value(u"field").toString() == field
                        && d.toObject().value(u"code").toString() == code);
        QVERIFY2(found, r.raw.constData());
    }

    void previewQuotesAPostableBody()
    {
        const SimReply r =
            m.preview(u"buy"_s, m_start, 6 * MarketSim::H, 2, {{u"accelerator"_s, QJsonArray{u"h100"_s}}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"type").toString(), u"quoted"_s);
        // No fee on buys.
        QCOMPARE(r.json.value(u"fee").toObject(),
                 (QJsonObject{{u"flat_dollars_per_node_hour"_s, u"0.000000"_s}, {u"percentage_bps"_s, 0}}));
        QJsonObject body = r.json.value(u"post_order_body").toObject();
        QCOMPARE(body.value(u"side").toString(), u"buy"_s);
        QCOMPARE(body.value(u"allocation_schedule_delta").toArray(),
                 MarketSim::entries({{m_start, m_end, 2}}));
        QVERIFY(body.value(u"pool").toString().startsWith(u"pool_"_s));
        // The cheapest SKU's quote agrees with the book's best ask for those nodes.
        const QString sku = body.value(u"instance_sku").toString();
        QVERIFY(std::ranges::find(std::as_const(m.skus), sku) != m.skus.cend());

        // Posted verbatim (with our pool), it fills at once.
        body.insert(u"pool"_s, m_pool);
        const SimReply placed = m.api.post(MarketSim::Orders, body);
        QCOMPARE(placed.status, 201);
        QCOMPARE(placed.json.value(u"status").toString(), u"filled"_s);
        QCOMPARE(placed.json.value(u"filled_allocation_schedule_delta").toArray(),
                 MarketSim::entries({{m_start, m_end, 2}}));
        QVERIFY(placed.json.value(u"filled_average_price_dollars_per_node_hour").toString().toDouble()
                <= body.value(u"limit_price_dollars_per_node_hour").toString().toDouble());

        // The fill shows in the book's fills, newest first.
        const SimReply fills = m.api.get(
            u"/preview/v2/orderbook/fills?requirements=instance_sku:%1&start_at=%2&end_at=%3"_s.arg(sku)
                .arg(m_start)
                .arg(m_end));
        QCOMPARE(fills.status, 200);
        QCOMPARE(fills.data().size(), placed.json.value(u"fills").toArray().size());
        qint64 nodeHours = 0;
        for (const auto& f : constValue(fills.data())) {
            QCOMPARE(f.toObject().value(u"instance_sku").toString(), sku);
            for (const auto& e : constValue(f.toObject().value(u"allocation_schedule_delta").toArray()))
                nodeHours += e.toObject().value(u"node_count").toInteger()
                             * (e.toObject().value(u"end_at").toInteger()
                                - e.toObject().value(u"start_at").toInteger())
                             / MarketSim::H;
        }
        QCOMPARE(nodeHours, 12);
        const SimReply page = m.api.get(
            u"/preview/v2/orderbook/fills?requirements=instance_sku:%1&start_at=%2&end_at=%3&limit=2"_s
                .arg(sku)
                .arg(m_start)
                .arg(m_end));
        QCOMPARE(page.data().size(), 2);
        QVERIFY(page.json.value(u"has_more").toBool());
        const SimReply next = m.api.get(
            u"/preview/v2/orderbook/fills?requirements=instance_sku:%1&start_at=%2&end_at=%3&limit=2&starting_after=%4"_s
                .arg(sku)
                .arg(m_start)
                .arg(m_end)
                .arg(page.json.value(u"cursor").toString()));
        QCOMPARE(next.status, 200);
        QCOMPARE(next.data().first(), fills.data().at(2));
    }

    void previewUnavailable_data()
    {
        QTest::addColumn<QJsonObject>("requirements");
        QTest::addColumn<qint64>("nodes");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no such accelerator") << QJsonObject{{u"accelerator"_s, QJsonArray{u"a100"_s}}}
                                             << qint64(1) << u"no_matching_instance_skus"_s;
        QTest::newRow("more nodes than offered")
            << QJsonObject{{u"instance_sku"_s, QJsonArray{u"sea-4-l40s"_s}}} << qint64(5000)
            << u"no_availability"_s;
    }

    void previewUnavailable()
    {
        QFETCH(QJsonObject, requirements);
        QFETCH(qint64, nodes);
        QFETCH(QString, reason);
        const SimReply r = m.preview(u"buy"_s, m_start, 2 * MarketSim::H, nodes, requirements);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"type").toString(), u"unavailable"_s);
        QCOMPARE(r.json.value(u"reason").toString(), reason);
        QVERIFY(!r.json.contains(u"post_order_body"));
    }

    void sellPreviewStatesTheFee()
    {
        const QString pool = m.createPool(u"seller"_s);
        m.api.setAllocation(pool, m.skus.value(u"sea-3-h100"_s), 2);
        SimReply r = m.preview(u"sell"_s, m_start, 2 * MarketSim::H, 1,
                               {{u"instance_sku"_s, QJsonArray{u"sea-3-h100"_s}}}, pool);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"type").toString(), u"quoted"_s);
        QCOMPARE(r.json.value(u"fee").toObject(),
                 (QJsonObject{{u"flat_dollars_per_node_hour"_s, u"0.020000"_s}, {u"percentage_bps"_s, 300}}));
        QCOMPARE(r.json.value(u"post_order_body").toObject().value(u"pool").toString(), pool);
        QCOMPARE(r.json.value(u"post_order_body").toObject().value(u"side").toString(), u"sell"_s);
        // The pool owns no h200: nothing it could sell.
        r = m.preview(u"sell"_s, m_start, 2 * MarketSim::H, 1,
                      {{u"instance_sku"_s, QJsonArray{u"iad-12-h200"_s}}}, pool);
        QCOMPARE(r.json.value(u"type").toString(), u"unavailable"_s);
        QCOMPARE(r.json.value(u"reason").toString(), u"no_availability"_s);
        QCOMPARE(m.preview(u"sell"_s, m_start, 2 * MarketSim::H, 1, {}, u"pool_nosuchpool"_s).status, 404);
    }

    void previewValidation_data()
    {
        QTest::addColumn<QJsonObject>("body");
        QTest::addColumn<QString>("field");
        const QJsonObject good{{u"side"_s, u"buy"_s},
                               {u"requirements"_s, QJsonObject{}},
                               {u"start_at"_s, 1'900'000'020},
                               {u"duration_seconds"_s, 3600},
                               {u"node_count"_s, 1}};
        const auto with = [&good](const QString& key, const QJsonValue& value) {
            QJsonObject body = good;
            if (value.isUndefined())
                body.remove(key);
            else
                body.insert(key, value);
            return body;
        };
        QTest::newRow("side") << with(u"side"_s, u"hold"_s) << u"side"_s;
        QTest::newRow("requirements missing")
            << with(u"requirements"_s, QJsonValue::Undefined) << u"requirements"_s;
        QTest::newRow("requirements not lists")
            << with(u"requirements"_s, QJsonObject{{u"accelerator"_s, u"h100"_s}})
            << u"requirements.accelerator"_s;
        QTest::newRow("unknown requirement")
            << with(u"requirements"_s, QJsonObject{{u"colour"_s, QJsonArray{u"blue"_s}}})
            << u"requirements.colour"_s;
        QTest::newRow("start unaligned") << with(u"start_at"_s, 1'900'000'001) << u"start_at"_s;
        QTest::newRow("start in the past") << with(u"start_at"_s, 1'000'000'020) << u"start_at"_s;
        QTest::newRow("duration") << with(u"duration_seconds"_s, 90) << u"duration_seconds"_s;
        QTest::newRow("nodes") << with(u"node_count"_s, 0) << u"node_count"_s;
        QTest::newRow("pool type") << with(u"pool"_s, 7) << u"pool"_s;
    }

    void previewValidation()
    {
        QFETCH(QJsonObject, body);
        QFETCH(QString, field);
        const SimReply r = m.api.post(u"/preview/v2/order_preview"_s, body);
        QCOMPARE(r.status, 422);
        QStringList fields;
        for (const auto& d : constValue(r.details()))
            fields.append(d.toObject().value(u"field").toString());
        QVERIFY2(fields.contains(field), qPrintable(fields.join(u", "_s)));
        QCOMPARE(m.api.send("POST", u"/preview/v2/order_preview"_s, "{not json", {}).status, 400);
    }

    void availabilityComesFromTheMarket()
    {
        const QString sku = m.skus.value(u"iad-12-h200"_s);
        const qint64 start = m.hourFromNow(5);
        const qint64 end = start + 2 * MarketSim::H;
        const auto offeredAt = [this, &sku](qint64 t) {
            const SimReply r = m.api.get(u"/preview/v2/instance_skus/%1/availability"_s.arg(sku));
            for (const auto& e : constValue(r.json.value(u"schedule").toArray())) {
                const QJsonObject entry = e.toObject();
                if (entry.value(u"start_at").toInteger() <= t && t < entry.value(u"end_at").toInteger())
                    return entry.value(u"node_count").toInteger();
            }
            return qint64(0);
        };
        const qint64 before = offeredAt(start + 60);
        QVERIFY(before > 3);
        // The list agrees with the single SKU.
        const SimReply list = m.api.get(u"/preview/v2/instance_skus/availability?id=%1"_s.arg(sku));
        QCOMPARE(list.data().size(), 1);
        QCOMPARE(list.data().first().toObject(),
                 m.api.get(u"/preview/v2/instance_skus/%1/availability"_s.arg(sku)).json);
        const QJsonObject body = m.quotedBuy(m_pool, u"iad-12-h200"_s, start, end, 3);
        QVERIFY(!body.isEmpty());
        QCOMPARE(m.api.post(MarketSim::Orders, body).json.value(u"status").toString(), u"filled"_s);
        // What was bought is no longer offered.
        QCOMPARE(offeredAt(start + 60), before - 3);
    }

private:
    MarketSim m;
    qint64 m_start = 0;
    qint64 m_end = 0;
    QString m_pool;
};

QTEST_GUILESS_MAIN(TestSimOrderbook)
#include "tst_simorderbook.moc"
