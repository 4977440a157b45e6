// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/models/ordermodel.h"
#include "support/fixtures.h"
#include "support/postedevents.h"
#include "support/routednetwork.h"
#include "support/testenv.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
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

// A fixture list with each entry repeated until it has `count`, each with an ID of its own.
QByteArray manyOf(const QString& fixture, int count)
{
    QJsonObject list = QJsonDocument::fromJson(Fixtures::bytes(fixture)).object();
    const QJsonArray data = list.value(u"data"_s).toArray();
    QJsonArray many;
    for (int i = 0; i < count; ++i) {
        QJsonObject entry = data.at(i % data.size()).toObject();
        entry[u"id"_s] = QString(entry.value(u"id"_s).toString() + u"_"_s + QString::number(i));
        many.append(entry);
    }
    list[u"data"_s] = many;
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

        // Both answers are in once both replies have finished, delivered or cancelled.
        int poolRepliesFinished = 0;
        connect(&network, &QNetworkAccessManager::finished, this,
                [&poolRepliesFinished](QNetworkReply* reply) {
                    poolRepliesFinished += reply->url().path().endsWith(u"/pools"_s);
                });

        ApiMarketBackend backend(&client);
        backend.setPollInterval(3'600'000);
        // A page shows the market: its lists are read.
        backend.watch();
        QTRY_COMPARE(poolRequests, 1);
        backend.refresh();
        QTRY_COMPARE(poolRequests, 2);
        QTRY_COMPARE(backend.pools().size(), 2);
        QSignalSpy changed(&backend, &MarketBackend::changed);
        // The older answer arrives (or its cancelling ends it) and is dropped.
        QTRY_COMPARE(poolRepliesFinished, 2);
        flushPostedEvents();
        QCOMPARE(backend.pools().size(), 2);
        QCOMPARE(changed.count(), 0);
        QVERIFY(!backend.orders().isEmpty());
        QVERIFY(!backend.skus().isEmpty());
        // The orders are the session's one model of them.
        QCOMPARE(backend.orderModel(), backend.session()->orders());
        QCOMPARE(backend.orderModel()->rowCount(), backend.orders().size());
        backend.unwatch();
    }

    // What the planner's reload reads of the backend (pools, the current pool, SKUs, orders), with
    // 50 pools and 1,000 orders in the session's models. Prints the figure; asserts nothing about
    // speed, only that the reads see the models.
    void benchmarkReloadReads()
    {
        RoutedNetwork network;
        ApiClient client(QUrl(u"http://127.0.0.1:1"_s), &network);
        client.setToken(u"t"_s);
        network.on("GET", u"/pools"_s, 200, manyOf(u"pools.json"_s, 50));
        network.on("GET", u"/orders"_s, 200, manyOf(u"orders.json"_s, 1000));
        network.on("GET", u"/instance_skus"_s, 200, Fixtures::bytes(u"instance_skus.json"_s));
        ApiMarketBackend backend(&client);
        backend.setPollInterval(3'600'000);
        backend.watch();
        QTRY_COMPARE(backend.orders().size(), 1000);
        QTRY_COMPARE(backend.pools().size(), 50);
        const QString last = backend.pools().last().id;
        constexpr int Reloads = 200;
        QElapsedTimer timer;
        timer.start();
        qsizetype seen = 0;
        for (int i = 0; i < Reloads; ++i) {
            seen += backend.pools().size();
            seen += backend.pool(last) ? 1 : 0;
            seen += backend.skus().size();
            seen += backend.orders().size();
        }
        const double perReload = double(timer.nsecsElapsed()) / Reloads / 1000.0;
        qInfo("planner reload reads, 50 pools and 1,000 orders: %.1f us per reload", perReload);
        QCOMPARE(seen, Reloads * (50 + 1 + backend.skus().size() + 1000));
        backend.unwatch();
    }
};

QTEST_MAIN(TestApiMarketBackend)
#include "tst_apimarketbackend.moc"
