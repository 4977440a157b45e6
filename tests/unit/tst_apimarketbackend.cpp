#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/models/ordermodel.h"
#include "support/fixtures.h"
#include "support/routednetwork.h"
#include "support/testenv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// The pools fixture without its last pool.
QByteArray fewerPools()
{
    QJsonObject list = QJsonDocument::fromJson(Fixtures::bytes(u"pools.json"_s)).object();
    QJsonArray data = list.value(u"data"_s).toArray();
    data.removeLast();
    list[u"data"_s] = data;
    return QJsonDocument(list).toJson(QJsonDocument::Compact);
}

} // namespace

// The planner's view of the server. Refreshes overlap (the poll, the user, the refresh after an
// order), and their answers come in whatever order the connections deliver them.
class TestApiMarketBackend final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void theNewestRefreshWins_data()
    {
        QTest::addColumn<int>("olderAnswerDelayMs");
        QTest::newRow("answers in order") << 0;
        QTest::newRow("the older answer comes last") << 400;
    }
    void theNewestRefreshWins()
    {
        QFETCH(int, olderAnswerDelayMs);
        RoutedNetwork network;
        ApiClient client(QUrl(u"http://127.0.0.1:1"_s), &network);
        client.setToken(u"t"_s);
        // The first pools request (the older refresh) sees the account before a pool was created.
        int poolRequests = 0;
        network.on("GET", u"/pools"_s, [&](const RoutedNetwork::Seen&) {
            RoutedNetwork::Answer answer{200, ++poolRequests == 1 ? fewerPools()
                                                                  : Fixtures::bytes(u"pools.json"_s)};
            if (poolRequests == 1)
                answer.delayMs = olderAnswerDelayMs;
            return answer;
        });
        network.on("GET", u"/orders"_s, 200, Fixtures::bytes(u"orders.json"_s));
        network.on("GET", u"/instance_skus"_s, 200, Fixtures::bytes(u"instance_skus.json"_s));

        ApiMarketBackend backend(&client);
        backend.setPollInterval(3'600'000);
        // A page shows the market: its lists are read.
        backend.watch();
        QTRY_COMPARE(poolRequests, 1);
        backend.refresh();
        QTRY_COMPARE(poolRequests, 2);
        QTRY_COMPARE(backend.pools().size(), 2);
        QSignalSpy changed(&backend, &MarketBackend::changed);
        // Long enough for the delayed answer to arrive and be dropped.
        QTest::qWait(olderAnswerDelayMs + 200);
        QCOMPARE(backend.pools().size(), 2);
        QCOMPARE(changed.count(), 0);
        QVERIFY(!backend.orders().isEmpty());
        QVERIFY(!backend.skus().isEmpty());
        // The orders are the session's one model of them.
        QCOMPARE(backend.orderModel(), backend.session()->orders());
        QCOMPARE(backend.orderModel()->rowCount(), backend.orders().size());
        backend.unwatch();
    }
};

QTEST_MAIN(TestApiMarketBackend)
#include "tst_apimarketbackend.moc"
