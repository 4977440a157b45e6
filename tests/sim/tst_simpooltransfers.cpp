// SPDX-License-Identifier: Apache-2.0

#include "marketsim.h"

#include "common/constvalue.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = MarketSim::H;
const QString Transfers = u"/preview/v2/pool_transfers"_s;

} // namespace

// Pool transfers on a real sfsim: accepted pending (202) and carried out at the world's next step;
// owned capacity moves, across workspaces, and both pools' schedules change by exactly the delta;
// capacity the source does not own (or offers for sale) is rejected with the reason; the same
// Idempotency-Key moves it once; the caller needs write on both pools.
class TestSimPoolTransfers final : public QObject
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

    void ownedCapacityMovesAcrossWorkspaces()
    {
        const QString from = m.createPool(u"source"_s, u"production"_s);
        const QString to = m.createPool(u"target"_s, u"research"_s);
        const qint64 start = m.hourFromNow(2);
        const qint64 end = start + 10 * H;
        const QJsonObject bought = m.quotedBuy(from, u"sea-3-h100"_s, start, end, 4);
        QVERIFY(!bought.isEmpty());
        QCOMPARE(m.api.post(MarketSim::Orders, bought).json.value(u"status").toString(), u"filled"_s);

        const QJsonArray delta = MarketSim::entries({{start + 2 * H, start + 5 * H, 3}});
        SimReply r = m.api.post(Transfers, body(from, to, delta));
        QCOMPARE(r.status, 202);
        QVERIFY(r.id().startsWith(u"pxfr_"_s));
        QCOMPARE(r.json.value(u"object").toString(), u"pool_transfer"_s);
        QCOMPARE(r.json.value(u"status").toString(), u"pending"_s);
        QCOMPARE(r.json.value(u"from_pool").toString(), from);
        QCOMPARE(r.json.value(u"to_pool").toString(), to);
        QVERIFY(r.json.value(u"rejected_reason").isNull());
        QCOMPARE(r.json.value(u"instance_sku").toObject().value(u"alias").toString(), u"sea-3-h100"_s);
        // Expanded, with the zero unbounded tail the document appends.
        QCOMPARE(r.json.value(u"allocation_schedule_delta").toArray(),
                 (QJsonArray{QJsonObject{{u"start_at"_s, start + 2 * H},
                                         {u"end_at"_s, start + 5 * H},
                                         {u"node_count"_s, 3}},
                             QJsonObject{{u"start_at"_s, start + 5 * H},
                                         {u"end_at"_s, QJsonValue(QJsonValue::Null)},
                                         {u"node_count"_s, 0}}}));

        // The next request finds it executed, and both schedules moved by exactly the delta.
        r = m.api.get(Transfers + u'/' + r.id());
        QCOMPARE(r.json.value(u"status").toString(), u"executed"_s);
        QCOMPARE(m.poolSchedule(from, m_sku), MarketSim::entries({{start, start + 2 * H, 4},
                                                                  {start + 2 * H, start + 5 * H, 1},
                                                                  {start + 5 * H, end, 4}}));
        QCOMPARE(m.poolSchedule(to, m_sku), delta);
        // The legacy cxfr_ prefix names the same transfer.
        QCOMPARE(m.api.get(Transfers + u"/cxfr_"_s + r.id().mid(5)).id(), r.id());

        // Listed by either pool, and by status.
        for (const QString& pool : {from, to}) {
            const SimReply list = m.api.get(Transfers + u"?pool="_s + pool);
            QCOMPARE(list.status, 200);
            QCOMPARE(list.data().size(), 1);
            QCOMPARE(list.data().first().toObject().value(u"id").toString(), r.id());
        }
        QCOMPARE(m.api.get(Transfers + u"?pool="_s + to + u"&status=rejected"_s).data().size(), 0);
        QCOMPARE(m.api.get(Transfers + u"?status=moved"_s).status, 422);
    }

    void unownedCapacityIsRejectedWithTheReason()
    {
        const QString from = m.createPool(u"short"_s);
        const QString to = m.createPool(u"wanting"_s);
        const qint64 start = m.hourFromNow(2);
        const QJsonObject bought = m.quotedBuy(from, u"sea-3-h100"_s, start, start + 4 * H, 2);
        QCOMPARE(m.api.post(MarketSim::Orders, bought).json.value(u"status").toString(), u"filled"_s);
        const QJsonArray before = m.poolSchedule(from, m_sku);
        // Three nodes of a pool that owns two.
        SimReply r = m.api.post(Transfers, body(from, to, MarketSim::entries({{start, start + H, 3}})));
        QCOMPARE(r.status, 202);
        r = m.api.get(Transfers + u'/' + r.id());
        QCOMPARE(r.json.value(u"status").toString(), u"rejected"_s);
        const QString reason = r.json.value(u"rejected_reason").toString();
        QVERIFY2(reason.contains(u"owns 2 node(s) of sea-3-h100"_s) && reason.contains(u"fewer than the 3"_s),
                 qPrintable(reason));
        QCOMPARE(m.poolSchedule(from, m_sku), before);
        QCOMPARE(m.poolSchedule(to, m_sku), QJsonArray());

        // What a resting sell offers is not the pool's to move either.
        const QJsonObject sell =
            MarketSim::order(from, u"sell"_s, m_sku, start, start + 4 * H, 1, u"999.000000"_s, true);
        QCOMPARE(m.api.post(MarketSim::Orders, sell).json.value(u"status").toString(), u"standing"_s);
        r = m.api.post(Transfers, body(from, to, MarketSim::entries({{start, start + H, 2}})));
        QCOMPARE(m.api.get(Transfers + u'/' + r.id()).json.value(u"status").toString(), u"rejected"_s);
        r = m.api.post(Transfers, body(from, to, MarketSim::entries({{start, start + H, 1}})));
        QCOMPARE(m.api.get(Transfers + u'/' + r.id()).json.value(u"status").toString(), u"executed"_s);
    }

    void theSameKeyMovesOnce()
    {
        const QString from = m.createPool(u"keyed"_s);
        const QString to = m.createPool(u"keyed-to"_s);
        const qint64 start = m.hourFromNow(2);
        QCOMPARE(m.api.post(MarketSim::Orders, m.quotedBuy(from, u"sea-3-h100"_s, start, start + 4 * H, 4))
                     .json.value(u"status")
                     .toString(),
                 u"filled"_s);
        const QJsonObject request = body(from, to, MarketSim::entries({{start, start + 2 * H, 1}}));
        const SimReply first = m.api.postIdempotent(Transfers, request, u"move-once"_s);
        QCOMPARE(first.status, 202);
        const SimReply second = m.api.postIdempotent(Transfers, request, u"move-once"_s);
        QCOMPARE(second.status, 202);
        QCOMPARE(second.id(), first.id());
        QCOMPARE(second.json.value(u"status").toString(), u"executed"_s);
        QCOMPARE(m.poolSchedule(to, m_sku), MarketSim::entries({{start, start + 2 * H, 1}}));
        QCOMPARE(m.poolSchedule(from, m_sku),
                 MarketSim::entries({{start, start + 2 * H, 3}, {start + 2 * H, start + 4 * H, 4}}));
        // The key with another body is refused.
        const SimReply other = m.api.postIdempotent(
            Transfers, body(from, to, MarketSim::entries({{start, start + H, 2}})), u"move-once"_s);
        QCOMPARE(other.status, 422);
        QVERIFY(other.detailCodes().contains(u"idempotency_key_reused"_s));
        int listed = 0;
        for (const auto& t : constValue(m.api.get(Transfers + u"?pool="_s + to).data()))
            listed += t.toObject().value(u"id").toString() == first.id() ? 1 : 0;
        QCOMPARE(listed, 1);
    }

    void needsWriteOnBothPools()
    {
        const QString production = m.createPool(u"guarded"_s, u"production"_s);
        const QString research = m.createPool(u"open"_s, u"research"_s);
        const qint64 start = m.hourFromNow(2);
        const QJsonObject request = body(production, research, MarketSim::entries({{start, start + H, 1}}));
        // Writes research but cannot see production; reads production but cannot see research.
        QCOMPARE(m.api.post(Transfers, request, m.sim.token(u"acme-research-writer"_s)).status, 404);
        QCOMPARE(m.api.post(Transfers, request, m.sim.token(u"acme-viewer"_s)).status, 404);
        // Reads both pools of production, writes neither.
        const QString second = m.createPool(u"guarded-2"_s, u"production"_s);
        const SimReply viewer =
            m.api.post(Transfers, body(production, second, MarketSim::entries({{start, start + H, 1}})),
                       m.sim.token(u"acme-viewer"_s));
        QCOMPARE(viewer.status, 403);
        QCOMPARE(viewer.errorType(), u"forbidden"_s);
        // Another account sees neither pool.
        QCOMPARE(m.api.post(Transfers, request, m.sim.token(u"globex-owner"_s)).status, 404);
        QCOMPARE(m.api.get(Transfers, m.sim.token(u"globex-owner"_s)).data().size(), 0);
    }

    void theBodyIsChecked()
    {
        const QString a = m.createPool(u"checked-a"_s);
        const QString b = m.createPool(u"checked-b"_s);
        const qint64 start = m.hourFromNow(2);
        SimReply r = m.api.post(Transfers, QJsonObject{{u"from_pool"_s, a}});
        QCOMPARE(r.status, 422);
        QVERIFY(r.detailCodes().contains(u"missing_field"_s));
        QCOMPARE(m.api.post(Transfers, body(a, a, MarketSim::entries({{start, start + H, 1}}))).status, 422);
        QCOMPARE(m.api.post(Transfers, body(a, b, MarketSim::entries({{start - 3 * H, start, 1}}))).status,
                 422);
        QCOMPARE(m.api.post(Transfers, body(a, b, MarketSim::entries({{start, start + H, 0}}))).status, 422);
        QCOMPARE(m.api.post(Transfers, body(a, b, MarketSim::entries({{start + 1, start + H, 1}}))).status,
                 422);
        QCOMPARE(
            m.api.post(Transfers, body(a, u"pool_unknown"_s, MarketSim::entries({{start, start + H, 1}})))
                .status,
            404);
        QJsonObject unknownSku = body(a, b, MarketSim::entries({{start, start + H, 1}}));
        unknownSku.insert(u"instance_sku"_s, u"isku_unknown"_s);
        QCOMPARE(m.api.post(Transfers, unknownSku).status, 422);
        QCOMPARE(m.api.get(Transfers + u"/pxfr_unknown"_s).status, 404);
        // Pages of ptfrc_ cursors, newest first.
        for (int i = 0; i < 2; ++i)
            QCOMPARE(m.api.post(Transfers, body(a, b, MarketSim::entries({{start, start + H, 1}}))).status,
                     202);
        SimReply page = m.api.get(Transfers + u"?pool="_s + a + u"&limit=1"_s);
        QVERIFY(page.json.value(u"has_more").toBool());
        const QString cursor = page.json.value(u"cursor").toString();
        QVERIFY(cursor.startsWith(u"ptfrc_"_s));
        const QString newest = page.data().first().toObject().value(u"id").toString();
        page = m.api.get(Transfers + u"?pool="_s + a + u"&limit=1&starting_after="_s + cursor);
        QCOMPARE(page.data().size(), 1);
        QVERIFY(page.data().first().toObject().value(u"id").toString() != newest);
        QCOMPARE(m.api.get(Transfers + u"?limit=201"_s).status, 422);
    }

private:
    QJsonObject body(const QString& from, const QString& to, const QJsonArray& delta) const
    {
        return {{u"from_pool"_s, from},
                {u"to_pool"_s, to},
                {u"instance_sku"_s, m_sku},
                {u"allocation_schedule_delta"_s, delta}};
    }

    MarketSim m;
    QString m_sku;
};

QTEST_GUILESS_MAIN(TestSimPoolTransfers)
#include "tst_simpooltransfers.moc"
