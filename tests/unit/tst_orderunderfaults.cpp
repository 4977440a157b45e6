// SPDX-License-Identifier: Apache-2.0

#include "core/api/apicall.h"
#include "core/api/apiclient.h"
#include "sim/marketsim.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace std::chrono_literals;

// An order placed while sfsim drops its answers: the client retries with the same Idempotency-Key
// and the server ends up with exactly one order.
class TestOrderUnderFaults final : public QObject
{
    Q_OBJECT

private:
    void setFaults(const QString& spec)
    {
        const SimReply r = m.api.post(u"/_sim/faults"_s, {{u"spec"_s, spec}});
        QCOMPARE(r.status, 200);
    }

    MarketSim m;
    QNetworkAccessManager m_network;
    int m_pools = 0;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m.start(), qPrintable(m.sim.errorOutput()));
    }

    void cleanup() { setFaults(QString()); }

    void droppedAnswersPlaceOneOrder_data()
    {
        QTest::addColumn<QString>("faults");
        QTest::newRow("connection dropped") << u"drop=1"_s;
        QTest::newRow("body truncated") << u"truncate=1"_s;
        QTest::newRow("server error") << u"error=1"_s;
    }

    void droppedAnswersPlaceOneOrder()
    {
        QFETCH(QString, faults);
        const QString pool = m.createPool(u"faulty-"_s + QString::number(++m_pools));
        QVERIFY(!pool.isEmpty());
        const qint64 start = m.hourFromNow(2);
        const QJsonObject quoted = m.quotedBuy(pool, u"sea-3-h100"_s, start, start + MarketSim::H * 4, 1);
        QVERIFY(!quoted.isEmpty());

        OrderRequest request;
        request.pool = pool;
        request.sku = quoted.value(u"instance_sku").toString();
        request.startAt = start;
        request.endAt = start + MarketSim::H * 4;
        request.nodeCount = 1;
        request.limitPrice = quoted.value(u"limit_price_dollars_per_node_hour").toString();
        QVERIFY(!request.sku.isEmpty());
        QVERIFY(!request.limitPrice.isEmpty());

        ApiClient client(m.sim.baseUrl(), &m_network);
        client.setToken(m.sim.token(u"acme-owner"_s));
        ClientOptions options;
        options.maxAttempts = 6;
        options.retryBaseDelay = 200ms;
        // A truncated body leaves the client waiting for the rest until the transfer timeout.
        options.transferTimeout = 2s;
        client.setOptions(options);

        setFaults(faults);
        ApiCall* call = client.createOrder(request);
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QSignalSpy failed(call, &ApiCall::failed);
        // Let at least one answer be lost, then let the server answer again.
        QTRY_VERIFY_WITH_TIMEOUT(call->attempts() >= 2, 15000);
        const int attemptsWhileFaulty = call->attempts();
        setFaults(QString());
        QTRY_COMPARE_WITH_TIMEOUT(succeeded.size() + failed.size(), 1, 20000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.first().first().value<ApiError>().message()));
        QVERIFY(attemptsWhileFaulty >= 2);

        const Order order = succeeded.first().first().value<Order>();
        const SimReply list = m.api.get(u"/preview/v2/orders?pool="_s + pool);
        QCOMPARE(list.status, 200);
        QCOMPARE(list.data().size(), 1);
        QCOMPARE(list.data().first().toObject().value(u"id").toString(), order.id);
    }
};

QTEST_GUILESS_MAIN(TestOrderUnderFaults)
#include "tst_orderunderfaults.moc"
