// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "support/fixtures.h"
#include "support/postedevents.h"
#include "support/routednetwork.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

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

// The SKUs, pools and orders of the fixtures, as the session reads them.
void answerMarketLists(RoutedNetwork& network)
{
    network.on("GET", u"/instance_skus"_s, 200, Fixtures::bytes(u"instance_skus.json"_s));
    network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
    network.on("GET", u"/orders"_s, 200, Fixtures::bytes(u"orders.json"_s));
}

// An hour into the two nodes the "dev" pool of the fixture holds, months before today.
constexpr qint64 ServerNow = 1784595600;

// The order book's quote, answered at the server's time `at`.
QByteArray quoteAnsweredAt(qint64 at)
{
    QJsonObject quote = QJsonDocument::fromJson(Fixtures::bytes(u"orderbook_quote.json"_s)).object();
    quote[u"requested_at"_s] = at;
    return QJsonDocument(quote).toJson(QJsonDocument::Compact);
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
    // The fills chart reads a SKU's fills page by page, following the cursor with the same query,
    // and answers once with every row; a server whose pages never end is cut off at MaxFills.
    void fillsAreReadPageByPage_data()
    {
        QTest::addColumn<int>("pages");
        QTest::addColumn<bool>("endless");
        QTest::newRow("three pages") << 3 << false;
        QTest::newRow("one page") << 1 << false;
        QTest::newRow("pages without end") << 0 << true;
    }
    void fillsAreReadPageByPage()
    {
        QFETCH(int, pages);
        QFETCH(bool, endless);
        RoutedNetwork network;
        ApiClient client(QUrl(u"http://127.0.0.1:1"_s), &network);
        client.setToken(u"t"_s);
        answerMarketLists(network);
        const QJsonObject fixture =
            QJsonDocument::fromJson(Fixtures::bytes(u"orderbook_fills.json"_s)).object();
        const QString sku =
            fixture.value(u"data"_s).toArray().first().toObject().value(u"instance_sku"_s).toString();
        constexpr int PerPage = 200;
        network.on("GET", u"/orderbook/fills"_s, [&](const RoutedNetwork::Seen& seen) {
            const QString after = seen.query.queryItemValue(u"starting_after"_s);
            const int index = after.isEmpty() ? 0 : after.mid(u"mfilc_p"_s.size()).toInt();
            QJsonArray rows;
            for (int i = 0; i < PerPage; ++i) {
                QJsonObject row = fixture.value(u"data"_s).toArray().first().toObject();
                row[u"filled_at"_s] = 1784590000 - (index * PerPage + i);
                rows.append(row);
            }
            QJsonObject page = fixture;
            page[u"data"_s] = rows;
            page[u"has_more"_s] = endless || index + 1 < pages;
            page[u"cursor"_s] = u"mfilc_p%1"_s.arg(index + 1);
            return RoutedNetwork::Answer{200, QJsonDocument(page).toJson(QJsonDocument::Compact)};
        });
        ApiMarketBackend backend(&client);
        backend.setPollInterval(3'600'000);
        backend.watch();
        QTRY_VERIFY(!backend.skus().isEmpty());
        QSignalSpy ready(&backend, &MarketBackend::fillsReady);
        QSignalSpy failed(&backend, &MarketBackend::marketDetailFailed);
        backend.requestFills(sku, 1784000000);
        QVERIFY(ready.wait(10000));
        QVERIFY(failed.isEmpty());
        const auto fills = ready.first().at(2).value<QList<OrderbookFill>>();
        const int expected = endless ? MarketBackend::MaxFills : pages * PerPage;
        QCOMPARE(fills.size(), expected);
        QCOMPARE(fills.last().filledAt, 1784590000 - (expected - 1));
        // Every page asked with the query of the first, the cursor of the one before.
        QList<RoutedNetwork::Seen> asked;
        for (const RoutedNetwork::Seen& seen : std::as_const(network.seen)) {
            if (seen.path == u"/orderbook/fills"_s)
                asked.append(seen);
        }
        QCOMPARE(asked.size(), (expected + PerPage - 1) / PerPage);
        for (int i = 0; i < asked.size(); ++i) {
            QUrlQuery query = asked.at(i).query;
            QCOMPARE(query.queryItemValue(u"starting_after"_s), i == 0 ? QString() : u"mfilc_p%1"_s.arg(i));
            query.removeAllQueryItems(u"starting_after"_s);
            QUrlQuery first = asked.first().query;
            QCOMPARE(query.toString(), first.toString());
            QCOMPARE(query.queryItemValue(u"limit"_s), u"200"_s);
        }
    }

    // "Now" in the session's models is the server's: a pool's nodes now go by the server's clock
    // even while no market view is shown, and by this computer's again once the session is let go.
    void poolsCountNodesNowByTheServersClock()
    {
        RoutedNetwork network;
        ApiClient client(QUrl(u"http://127.0.0.1:1"_s), &network);
        client.setToken(u"t"_s);
        answerMarketLists(network);
        network.on("GET", u"/orderbook/quote"_s, 200, quoteAnsweredAt(ServerNow));

        Session session(&client);
        session.setInterval(std::chrono::hours(1));
        ApiMarketBackend backend(nullptr);
        backend.setSession(&session);
        PoolModel* pools = session.pools();
        QAbstractItemModelTester tester(pools, QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.watch(Session::Resource::Pools);
        session.start();
        const auto nodesNowOfDev = [pools]() -> QString {
            for (int row = 0; row < pools->rowCount(); ++row) {
                if (pools->at(row).name == u"dev"_s)
                    return pools->index(row, PoolModel::NodesNowColumn).data().toString();
            }
            return {};
        };
        QTRY_COMPARE(nodesNowOfDev(), u"2"_s);
        QVERIFY(qAbs(pools->nowSecs() - ServerNow) <= 2);
        QCOMPARE(network.count("GET", u"/orderbook/quote"_s), 1);

        backend.setSession(nullptr);
        QVERIFY(qAbs(pools->nowSecs() - QDateTime::currentSecsSinceEpoch()) <= 2);
        QCOMPARE(nodesNowOfDev(), u"0"_s);
        session.stop();
    }

    // A failed read of the server's clock is asked again when a list next answers, and then counts.
    void aFailedClockReadIsAskedAgainWhenAListAnswers()
    {
        RoutedNetwork network;
        ApiClient client(QUrl(u"http://127.0.0.1:1"_s), &network);
        client.setToken(u"t"_s);
        answerMarketLists(network);
        bool failQuote = true;
        network.on("GET", u"/orderbook/quote"_s, [&](const RoutedNetwork::Seen&) {
            if (failQuote)
                return RoutedNetwork::Answer{
                    400, R"({"error":{"type":"invalid_request_error","message":"try later"}})"};
            return RoutedNetwork::Answer{200, quoteAnsweredAt(ServerNow)};
        });

        Session session(&client);
        session.setInterval(std::chrono::hours(1));
        ApiMarketBackend backend(nullptr);
        QSignalSpy failures(&backend, &MarketBackend::refreshFailed);
        backend.setSession(&session);
        PoolModel* pools = session.pools();
        QAbstractItemModelTester tester(pools, QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.watch(Session::Resource::Pools);
        session.start();
        QTRY_COMPARE(network.count("GET", u"/orderbook/quote"_s), 1);
        QTRY_COMPARE(failures.count(), 1);
        QVERIFY(qAbs(pools->nowSecs() - QDateTime::currentSecsSinceEpoch()) <= 2);

        failQuote = false;
        session.refresh(Session::Resource::Pools);
        QTRY_COMPARE(network.count("GET", u"/orderbook/quote"_s), 2);
        QTRY_VERIFY(qAbs(pools->nowSecs() - ServerNow) <= 2);
        // Known now: the next answers ask for it no more.
        session.refresh(Session::Resource::Pools);
        QTRY_COMPARE(network.count("GET", u"/pools"_s), 3);
        QTest::qWait(50);
        QCOMPARE(network.count("GET", u"/orderbook/quote"_s), 2);
        session.stop();
    }

    // A market read that failed (the depth beside the planner) is asked again at the next poll: the
    // page asks only when something changes. Only the latest read of its kind: an older window's
    // failure that arrives last is not asked again.
    void aFailedMarketReadIsAskedAgainAtTheNextPoll()
    {
        RoutedNetwork network;
        ApiClient client(QUrl(u"http://127.0.0.1:1"_s), &network);
        client.setToken(u"t"_s);
        answerMarketLists(network);
        const QByteArray refused = R"({"error":{"type":"invalid_request_error","message":"try later"}})";
        bool failDepth = true;
        constexpr qint64 OlderStart = 1784592000;
        constexpr qint64 NewerStart = OlderStart + 86400;
        network.on("GET", u"/orderbook/depth"_s, [&](const RoutedNetwork::Seen& seen) {
            if (!failDepth)
                return RoutedNetwork::Answer{200, Fixtures::bytes(u"orderbook_depth.json"_s)};
            RoutedNetwork::Answer answer{400, refused};
            // The older window's failure arrives after the newer one's.
            if (seen.query.queryItemValue(u"start_at"_s).toLongLong() == OlderStart)
                answer.delayMs = 300;
            return answer;
        });
        const auto depthAsked = [&network](qint64 start) {
            int n = 0;
            for (const RoutedNetwork::Seen& seen : std::as_const(network.seen))
                n += seen.path == u"/orderbook/depth"_s
                     && seen.query.queryItemValue(u"start_at"_s).toLongLong() == start;
            return n;
        };
        ApiMarketBackend backend(&client);
        backend.setPollInterval(3'600'000);
        backend.watch();
        QTRY_VERIFY(!backend.skus().isEmpty());
        const QString sku = backend.skus().first().id;
        QSignalSpy ready(&backend, &MarketBackend::depthReady);
        QSignalSpy failed(&backend, &MarketBackend::marketDetailFailed);

        backend.requestDepth(sku, OlderStart, OlderStart + 86400);
        backend.requestDepth(sku, NewerStart, NewerStart + 86400);
        QTRY_COMPARE(failed.count(), 2);
        QCOMPARE(failed.first().at(0).toString(), sku);
        QVERIFY(ready.isEmpty());

        // The next poll: the newer window is read again, and now answered.
        failDepth = false;
        backend.refresh();
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.first().at(1).toLongLong(), NewerStart);
        QCOMPARE(ready.first().at(2).toLongLong(), NewerStart + 86400);
        QCOMPARE(depthAsked(NewerStart), 2);
        QCOMPARE(depthAsked(OlderStart), 1);

        // Read once more it does not fail; the polls after ask nothing again.
        backend.refresh();
        QTRY_COMPARE(network.count("GET", u"/pools"_s), 3);
        flushPostedEvents();
        QCOMPARE(depthAsked(NewerStart), 2);
        QCOMPARE(ready.count(), 1);
        backend.unwatch();
    }

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
        const QString last = backend.pools().constLast().id;
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
