// SPDX-License-Identifier: Apache-2.0

#include "marketsim.h"

#include "common/constvalue.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = MarketSim::H;
const QString Procurements = u"/preview/v2/procurements"_s;

qint64 nodesAt(const QJsonArray& schedule, qint64 t)
{
    for (const auto& v : schedule) {
        const QJsonObject e = v.toObject();
        const bool open = e.value(u"end_at").isNull() || e.value(u"end_at").isUndefined();
        if (e.value(u"start_at").toInteger() <= t && (open || t < e.value(u"end_at").toInteger()))
            return e.value(u"node_count").toInteger();
    }
    return 0;
}

qint64 most(const QJsonArray& schedule)
{
    qint64 top = 0;
    for (const auto& v : schedule)
        top = std::max(top, v.toObject().value(u"node_count").toInteger());
    return top;
}

QString rate(double dollars)
{
    return QString::number(dollars, 'f', 6);
}

} // namespace

// Procurements on a real sfsim: the routes of the API document (validation, grants, 409, paging,
// the orders list's procurement filter) and the engine on the simulated clock: below target it
// buys at up to the cap and stops at the target, above target it sells at the floor or more,
// disabled it does nothing, deleted it stops, two on one pool manage their own SKUs.
class TestSimProcurements final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m.start(), qPrintable(m.sim.errorOutput()));
        m_sku = m.skus.value(u"sea-3-h100"_s);
        m_other = m.skus.value(u"iad-12-h200"_s);
        QVERIFY(!m_sku.isEmpty() && !m_other.isEmpty());
        // What the market asks for a node over the next few hours, for caps above and below it.
        const qint64 start = m.hourFromNow(1);
        const QJsonObject quoted = m.quotedBuy(u"pool_x"_s, u"sea-3-h100"_s, start, start + 4 * H, 1);
        QVERIFY(!quoted.isEmpty());
        m_ask = quoted.value(u"limit_price_dollars_per_node_hour").toString().toDouble();
        QVERIFY(m_ask > 0);
    }

    void createValidatesAndAnswersTheDocumentsShape()
    {
        const QString pool = m.createPool(u"shape"_s, u"production"_s);
        // Every missing field is named, with the document's envelope.
        SimReply r = m.api.post(Procurements, QJsonObject{{u"pool"_s, pool}});
        QCOMPARE(r.status, 422);
        QStringList fields;
        for (const auto& d : constValue(r.details()))
            fields << d.toObject().value(u"field").toString();
        for (const QString& field :
             {u"instance_sku"_s, u"target"_s, u"min_sell_price_dollars_per_node_hour"_s,
              u"max_buy_price_dollars_per_node_hour"_s, u"managed_window_minutes"_s})
            QVERIFY2(fields.contains(field), qPrintable(fields.join(u", "_s)));
        // The bare tag "node_count" names no count; prices need their decimal point; the window
        // is 1 to 129600 minutes; the SKU must be registered.
        QJsonObject body = this->body(pool, m_sku, 1, rate(m_ask * 5), rate(m_ask * 0.1), 60);
        for (const auto& [key, value] :
             {std::pair{u"target"_s, QJsonValue(u"node_count"_s)},
              std::pair{u"max_buy_price_dollars_per_node_hour"_s, QJsonValue(u"20"_s)},
              std::pair{u"managed_window_minutes"_s, QJsonValue(0)},
              std::pair{u"managed_window_minutes"_s, QJsonValue(129601)},
              std::pair{u"instance_sku"_s, QJsonValue(u"isku_unknown"_s)}}) {
            QJsonObject bad = body;
            bad.insert(key, value);
            r = m.api.post(Procurements, bad);
            QCOMPARE(r.status, 422);
            QCOMPARE(r.details().first().toObject().value(u"field").toString(), key);
        }
        QJsonObject unknownPool = body;
        unknownPool.insert(u"pool"_s, u"pool_doesnotexist"_s);
        // The document declares no 404 here: a pool the caller cannot see fails validation.
        r = m.api.post(Procurements, unknownPool);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.details().first().toObject().value(u"field").toString(), u"pool"_s);
        // A token that reads the workspace but does not write it.
        QCOMPARE(m.api.post(Procurements, body, m.sim.token(u"acme-viewer"_s)).status, 403);

        r = m.api.post(Procurements, body);
        QCOMPARE(r.status, 201);
        QVERIFY(r.id().startsWith(u"proc_"_s));
        QCOMPARE(r.json.value(u"object").toString(), u"procurement"_s);
        QCOMPARE(r.json.value(u"name").toString(), u"keep"_s);
        QCOMPARE(r.json.value(u"resource_path").toString(), u"sfc:procurement:acme:production:keep"_s);
        QCOMPARE(r.json.value(u"workspace").toString(), u"production"_s);
        QCOMPARE(r.json.value(u"target").toInteger(), 1);
        QCOMPARE(r.json.value(u"pool").toObject().value(u"id").toString(), pool);
        QCOMPARE(r.json.value(u"capacity").toObject().value(u"id").toString(), u"cap_"_s + pool.mid(5));
        QCOMPARE(r.json.value(u"instance_sku").toObject().value(u"alias").toString(), u"sea-3-h100"_s);
        QCOMPARE(r.json.value(u"managed_window_minutes").toInteger(), 60);
        QVERIFY(r.json.value(u"enabled").toBool());
        QCOMPARE(r.json.value(u"status").toObject().value(u"state").toString(), u"warning"_s);
        QVERIFY2(r.json.value(u"status")
                     .toObject()
                     .value(u"message")
                     .toString()
                     .contains(u"above the price cap"_s),
                 r.raw.constData());
        const QString id = r.id();

        // One name per workspace (400), one procurement per pool and SKU (409).
        QCOMPARE(m.api
                     .post(Procurements, this->body(m.createPool(u"shape-2"_s, u"production"_s), m_sku, 1,
                                                    rate(1), rate(2), 60))
                     .status,
                 400);
        QJsonObject second = body;
        second.insert(u"name"_s, u"keep-again"_s);
        r = m.api.post(Procurements, second);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorType(), u"conflict"_s);

        // Read by id and by resource path; the pool names it.
        QCOMPARE(m.api.get(Procurements + u'/' + id).json.value(u"id").toString(), id);
        QCOMPARE(m.api.get(Procurements + u"/sfc:procurement:acme:production:keep"_s).id(), id);
        const QJsonArray listed =
            m.api.get(u"/preview/v2/pools/"_s + pool).json.value(u"procurements").toArray();
        QCOMPARE(listed, (QJsonArray{QJsonObject{{u"id"_s, id}, {u"name"_s, u"keep"_s}}}));
        // A pool with a procurement is not deleted.
        r = m.api.del(u"/preview/v2/pools/"_s + pool);
        QCOMPARE(r.status, 422);
        QVERIFY(r.detailCodes().contains(u"active_procurements"_s));

        // Renamed, then deleted: gone from the pool and the list, 404 after.
        r = m.api.patch(Procurements + u'/' + id, {{u"name"_s, u"keep-one"_s}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"name").toString(), u"keep-one"_s);
        QCOMPARE(m.api.del(Procurements + u'/' + id).status, 204);
        QCOMPARE(m.api.get(Procurements + u'/' + id).status, 404);
        QCOMPARE(m.api.del(Procurements + u'/' + id).status, 404);
        QCOMPARE(m.api.get(u"/preview/v2/pools/"_s + pool).json.value(u"procurements").toArray(),
                 QJsonArray());
    }

    void listPagesAndFilters()
    {
        const QString pool = m.createPool(u"listed"_s, u"research"_s);
        QStringList made;
        for (const QString& sku : {m_sku, m_other}) {
            QJsonObject b = body(pool, sku, 0, rate(1), rate(2), 60);
            b.insert(u"name"_s, QString(u"listed-"_s + QString::number(made.size())));
            const SimReply r = m.api.post(Procurements, b);
            QCOMPARE(r.status, 201);
            made << r.id();
        }
        // Newest first, one per page with procc_ cursors.
        SimReply page = m.api.get(Procurements + u"?pool="_s + pool + u"&limit=1"_s);
        QCOMPARE(page.status, 200);
        QCOMPARE(page.data().size(), 1);
        QCOMPARE(page.data().first().toObject().value(u"id").toString(), made.last());
        QVERIFY(page.json.value(u"has_more").toBool());
        const QString cursor = page.json.value(u"cursor").toString();
        QVERIFY(cursor.startsWith(u"procc_"_s));
        page = m.api.get(Procurements + u"?pool="_s + pool + u"&limit=1&starting_after="_s + cursor);
        QCOMPARE(page.data().first().toObject().value(u"id").toString(), made.first());
        QVERIFY(!page.json.value(u"has_more").toBool());
        // The document's bounds: at most 50 a page, cursors of this list only.
        QCOMPARE(m.api.get(Procurements + u"?limit=51"_s).status, 422);
        QCOMPARE(m.api.get(Procurements + u"?starting_after=ordrc_AAAA"_s).status, 422);
        // By workspace: a token that reads only production sees none of research's.
        QCOMPARE(m.api.get(Procurements + u"?workspace=research"_s).data().size(), 2);
        QCOMPARE(m.api.get(Procurements + u"?workspace=research"_s, m.sim.token(u"acme-viewer"_s)).status,
                 422);
        for (const auto& v : constValue(m.api.get(Procurements, m.sim.token(u"acme-viewer"_s)).data()))
            QCOMPARE(v.toObject().value(u"workspace").toString(), u"production"_s);
        for (const QString& id : std::as_const(made))
            QCOMPARE(m.api.del(Procurements + u'/' + id).status, 204);
    }

    void belowTargetBuysUpToTheCapAndStopsAtIt()
    {
        const QString pool = m.createPool(u"below"_s);
        const double cap = m_ask * 1.5;
        const SimReply r = m.api.post(Procurements, body(pool, m_sku, 3, rate(m_ask * 4), rate(cap), 180));
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        // It bought at once: the next three hours hold three nodes, never more.
        qint64 now = m.api.now();
        QJsonArray schedule = m.poolSchedule(pool, m_sku);
        for (qint64 t = now + 60; t < now + 3 * H; t += 600)
            QCOMPARE(nodesAt(schedule, t), 3);
        QCOMPARE(most(schedule), 3);
        QCOMPARE(
            m.api.get(Procurements + u'/' + id).json.value(u"status").toObject().value(u"state").toString(),
            u"info"_s);
        // Its orders are buys at the cap, filled at or under it.
        const auto ordersOf = [this, &id] {
            return m.api.get(u"/preview/v2/orders?limit=200&procurement="_s + id).data();
        };
        QJsonArray orders = ordersOf();
        QVERIFY(!orders.isEmpty());
        for (const auto& o : std::as_const(orders)) {
            const QJsonObject order = o.toObject();
            QCOMPARE(order.value(u"side").toString(), u"buy"_s);
            QCOMPARE(order.value(u"limit_price_dollars_per_node_hour").toString(),
                     r.json.value(u"max_buy_price_dollars_per_node_hour").toString());
            for (const auto& f : constValue(order.value(u"fills").toArray()))
                QVERIFY(f.toObject().value(u"price_dollars_per_node_hour").toString().toDouble() <= cap);
        }
        // Without procurement=, the orders list leaves them out.
        QCOMPARE(m.api.get(u"/preview/v2/orders?pool="_s + pool).data().size(), 0);

        // Hours later the window has rolled on and is still at three, bought hour by hour.
        m.api.advanceClock(5 * H);
        now = m.api.now();
        schedule = m.poolSchedule(pool, m_sku);
        for (qint64 t = now + 60; t < now + 3 * H; t += 600)
            QCOMPARE(nodesAt(schedule, t), 3);
        QCOMPARE(most(schedule), 3);
        QVERIFY(ordersOf().size() > orders.size());
        QCOMPARE(m.api.del(Procurements + u'/' + id).status, 204);
    }

    void capUnderTheBestAskBuysNothingAndSaysWhy()
    {
        const QString pool = m.createPool(u"cheap"_s);
        const SimReply r =
            m.api.post(Procurements, body(pool, m_sku, 2, rate(m_ask * 4), rate(m_ask * 0.2), 120));
        QCOMPARE(r.status, 201);
        QCOMPARE(m.poolSchedule(pool, m_sku), QJsonArray());
        const QJsonObject status = r.json.value(u"status").toObject();
        QCOMPARE(status.value(u"state").toString(), u"warning"_s);
        QVERIFY2(status.value(u"message").toString().startsWith(u"Short of target: owns 0 of 2 nodes"_s),
                 qPrintable(status.value(u"message").toString()));
        QVERIFY(status.value(u"message").toString().contains(u"above the price cap"_s));
        // Its buy at the cap took what the book had under it, nothing, and the rest is not left
        // standing: it tries again four hours later.
        QJsonArray orders = m.api.get(u"/preview/v2/orders?procurement="_s + r.id()).data();
        QCOMPARE(orders.size(), 1);
        const QJsonObject order = orders.first().toObject();
        QCOMPARE(order.value(u"side").toString(), u"buy"_s);
        QCOMPARE(order.value(u"status").toString(), u"cancelled"_s);
        QVERIFY(order.value(u"fills").toArray().isEmpty());
        QCOMPARE(order.value(u"allocation_schedule_delta")
                     .toArray()
                     .first()
                     .toObject()
                     .value(u"node_count")
                     .toInteger(),
                 2);
        m.api.advanceClock(2 * H);
        QCOMPARE(m.api.get(u"/preview/v2/orders?procurement="_s + r.id()).data().size(), 1);
        m.api.advanceClock(3 * H);
        orders = m.api.get(u"/preview/v2/orders?procurement="_s + r.id()).data();
        QCOMPARE(orders.size(), 2);
        QCOMPARE(m.poolSchedule(pool, m_sku), QJsonArray());
        QVERIFY(m.api.get(Procurements + u'/' + r.id())
                    .json.value(u"status")
                    .toObject()
                    .value(u"message")
                    .toString()
                    .contains(u"above the price cap"_s));
        QCOMPARE(m.api.del(Procurements + u'/' + r.id()).status, 204);
    }

    void disabledDoesNothingAndDisablingCancels()
    {
        const QString pool = m.createPool(u"idle"_s);
        QString id;
        qint64 end = 0;
        QVERIFY(restingSell(pool, false, &id, &end).isEmpty());
        QVERIFY(!id.isEmpty());
        const QJsonObject created = m.api.get(Procurements + u'/' + id).json;
        QVERIFY(!created.value(u"enabled").toBool());
        QCOMPARE(created.value(u"status").toObject().value(u"message").toString(),
                 u"Disabled: it places no orders."_s);
        m.api.advanceClock(2 * H);
        QCOMPARE(m.api.get(u"/preview/v2/orders?procurement="_s + id).data().size(), 0);
        QCOMPARE(nodesAt(m.poolSchedule(pool, m_sku), m.api.now() + 60), 3);

        // Enabled, it acts at once: the two nodes over the target go on sale at the floor.
        QCOMPARE(m.api.patch(Procurements + u'/' + id, {{u"enabled"_s, true}}).status, 200);
        QJsonArray orders = m.api.get(u"/preview/v2/orders?procurement="_s + id).data();
        QCOMPARE(orders.size(), 1);
        QCOMPARE(orders.first().toObject().value(u"side").toString(), u"sell"_s);
        QCOMPARE(orders.first().toObject().value(u"status").toString(), u"standing"_s);
        // Disabled again: the standing sell is cancelled, and nothing new is placed.
        QCOMPARE(m.api.patch(Procurements + u'/' + id, {{u"enabled"_s, false}}).status, 200);
        orders = m.api.get(u"/preview/v2/orders?procurement="_s + id).data();
        QCOMPARE(orders.size(), 1);
        QCOMPARE(orders.first().toObject().value(u"status").toString(), u"cancelled"_s);
        m.api.advanceClock(2 * H);
        QCOMPARE(m.api.get(u"/preview/v2/orders?procurement="_s + id).data().size(), 1);
        QCOMPARE(m.api.del(Procurements + u'/' + id).status, 204);
    }

    void deletedStops()
    {
        const QString pool = m.createPool(u"stopped"_s);
        QString id;
        qint64 end = 0;
        const QString sell = restingSell(pool, true, &id, &end);
        QVERIFY(!sell.isEmpty());
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + sell).json.value(u"status").toString(), u"standing"_s);
        QCOMPARE(m.api.del(Procurements + u'/' + id).status, 204);
        // Its standing sell is cancelled and it places no more: the pool keeps what it owned.
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + sell).json.value(u"status").toString(), u"cancelled"_s);
        m.api.advanceClock(3 * H);
        QCOMPARE(m.api.get(u"/preview/v2/orders?procurement="_s + id).status, 404);
        QCOMPARE(nodesAt(m.poolSchedule(pool, m_sku), m.api.now() + 60), 3);
        QCOMPARE(nodesAt(m.poolSchedule(pool, m_sku), end - 60), 3);
        // Its place on the pool and SKU is free again.
        const SimReply again = m.api.post(Procurements, body(pool, m_sku, 0, rate(1), rate(2), 60));
        QCOMPARE(again.status, 201);
        QCOMPARE(m.api.del(Procurements + u'/' + again.id()).status, 204);
    }

    // What was chosen: the API document allows one procurement per pool and SKU (409 for a second);
    // two on one pool manage two SKUs, each its own part of the pool's allocation.
    void twoOnOnePoolDoNotFight()
    {
        const QString pool = m.createPool(u"shared"_s);
        const QJsonObject otherQuote =
            m.quotedBuy(pool, u"iad-12-h200"_s, m.hourFromNow(1), m.hourFromNow(4), 1);
        QVERIFY(!otherQuote.isEmpty());
        const double otherAsk = otherQuote.value(u"limit_price_dollars_per_node_hour").toString().toDouble();
        QJsonObject first = body(pool, m_sku, 2, rate(m_ask * 4), rate(m_ask * 1.5), 120);
        first.insert(u"name"_s, u"shared-a"_s);
        QJsonObject second = body(pool, m_other, 1, rate(otherAsk * 4), rate(otherAsk * 1.5), 120);
        second.insert(u"name"_s, u"shared-b"_s);
        const SimReply a = m.api.post(Procurements, first);
        const SimReply b = m.api.post(Procurements, second);
        QCOMPARE(a.status, 201);
        QCOMPARE(b.status, 201);
        QJsonObject third = first;
        third.insert(u"name"_s, u"shared-c"_s);
        QCOMPARE(m.api.post(Procurements, third).status, 409);
        m.api.advanceClock(3 * H);
        const qint64 now = m.api.now();
        for (qint64 t = now + 60; t < now + 2 * H; t += 600) {
            QCOMPARE(nodesAt(m.poolSchedule(pool, m_sku), t), 2);
            QCOMPARE(nodesAt(m.poolSchedule(pool, m_other), t), 1);
        }
        // Neither sold what the other bought.
        for (const QString& id : {a.id(), b.id()}) {
            for (const auto& o :
                 constValue(m.api.get(u"/preview/v2/orders?limit=200&procurement="_s + id).data()))
                QCOMPARE(o.toObject().value(u"side").toString(), u"buy"_s);
        }
        // Moving one onto the other's SKU is refused as a create would be.
        QCOMPARE(m.api.patch(Procurements + u'/' + b.id(), {{u"instance_sku"_s, m_sku}}).status, 409);
        QCOMPARE(m.api.del(Procurements + u'/' + a.id()).status, 204);
        QCOMPARE(m.api.del(Procurements + u'/' + b.id()).status, 204);
    }

private:
    // Over the target with a floor above every bid: its sell rests on the book.
    // Returns the sell's id; *procurement and *end (the end of the three nodes) are set.
    QString restingSell(const QString& pool, bool enabled, QString* procurement, qint64* end)
    {
        const qint64 start = m.api.now() - m.api.now() % 60 + 60;
        *end = m.hourFromNow(8);
        const QJsonObject quoted = m.quotedBuy(pool, u"sea-3-h100"_s, start, *end, 3);
        if (quoted.isEmpty()
            || m.api.post(MarketSim::Orders, quoted).json.value(u"status").toString() != u"filled"_s)
            return {};
        QJsonObject b = body(pool, m_sku, 1, rate(m_ask * 50), rate(m_ask * 0.2), 120);
        b.insert(u"enabled"_s, enabled);
        const SimReply r = m.api.post(Procurements, b);
        *procurement = r.id();
        const QJsonArray orders = m.api.get(u"/preview/v2/orders?procurement="_s + r.id()).data();
        return orders.size() == 1 ? orders.first().toObject().value(u"id").toString() : QString();
    }

    QJsonObject body(const QString& pool, const QString& sku, qint64 target, const QString& minSell,
                     const QString& maxBuy, qint64 window) const
    {
        return {{u"name"_s, u"keep"_s},
                {u"pool"_s, pool},
                {u"instance_sku"_s, sku},
                {u"target"_s, target},
                {u"min_sell_price_dollars_per_node_hour"_s, minSell},
                {u"max_buy_price_dollars_per_node_hour"_s, maxBuy},
                {u"managed_window_minutes"_s, window}};
    }

    MarketSim m;
    QString m_sku;
    QString m_other;
    double m_ask = 0;
};

QTEST_GUILESS_MAIN(TestSimProcurements)
#include "tst_simprocurements.moc"
