#include "core/api/apiclient.h"
#include "core/models/connectionstatus.h"
#include "core/models/poller.h"
#include "support/fakenetworkaccessmanager.h"
#include "support/fixtures.h"

#include <QSignalSpy>
#include <QTest>

using namespace std::chrono_literals;

class TestPoller final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void singleFlight()
    {
        FakeNetworkAccessManager network;
        network.enqueueHang();
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        int applied = 0;
        Poller poller([&client] { return client.workspaces(); }, [&applied](const QVariant&) { ++applied; });
        QVERIFY(poller.pollNow());
        QVERIFY(poller.isInFlight());
        QVERIFY(!poller.pollNow()); // skipped: one is in flight
        QVERIFY(!poller.pollNow());
        QCOMPARE(network.requests.size(), size_t(1));
        poller.stop();
        QTRY_VERIFY(!poller.isInFlight());
        QCOMPARE(applied, 0);
    }

    void appliesAndReportsToStatus()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, Fixtures::bytes(QStringLiteral("workspaces.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ConnectionStatus status;
        QList<Workspace> received;
        Poller poller([&client] { return client.workspaces(); },
                      [&received](const QVariant& v) { received = v.value<QList<Workspace>>(); });
        poller.setStatus(&status);
        QSignalSpy polled(&poller, &Poller::polled);
        QVERIFY(poller.pollNow());
        QVERIFY(status.isBusy());
        QVERIFY(polled.wait());
        QCOMPARE(received.size(), 3);
        QVERIFY(!status.isBusy());
        QVERIFY(status.lastUpdated().isValid());
        QVERIFY(!status.hasError());
        // Plural forms come from the translation files; without them the source text shows.
        QVERIFY(status.summary(status.lastUpdated().addSecs(5)).startsWith(u"Updated 5 second"));
        QVERIFY(status.summary(status.lastUpdated().addSecs(130)).startsWith(u"Updated 2 minute"));
    }

    void backsOffAfterFailuresAndRecovers()
    {
        FakeNetworkAccessManager network;
        const QByteArray boom = R"({"error":{"type":"forbidden","message":"nope"}})";
        network.enqueueJson(403, boom);
        network.enqueueJson(403, boom);
        network.enqueueJson(200, Fixtures::bytes(QStringLiteral("workspaces.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ConnectionStatus status;
        Poller poller([&client] { return client.workspaces(); }, [](const QVariant&) {});
        poller.setStatus(&status);
        poller.setInterval(20ms);
        poller.setMaxBackoff(60ms);
        QSignalSpy failed(&poller, &Poller::failed);
        QSignalSpy polled(&poller, &Poller::polled);
        poller.start();
        QVERIFY(failed.wait());
        QCOMPARE(poller.currentDelay(), 40ms);
        QVERIFY(status.hasError());
        QCOMPARE(status.summary(), QStringLiteral("The token is not allowed to do this: nope"));
        QVERIFY(failed.wait());
        QCOMPARE(poller.currentDelay(), 60ms); // capped
        QVERIFY(polled.wait());
        QCOMPARE(poller.currentDelay(), 20ms);
        QCOMPARE(poller.consecutiveFailures(), 0);
        QVERIFY(!status.hasError());
        poller.stop();
        QCOMPARE(network.requests.size(), size_t(3));
    }

    void keepsPollingOnItsInterval()
    {
        FakeNetworkAccessManager network;
        for (int i = 0; i < 3; ++i)
            network.enqueueJson(200, Fixtures::bytes(QStringLiteral("workspaces.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Poller poller([&client] { return client.workspaces(); }, [](const QVariant&) {});
        poller.setInterval(10ms);
        QSignalSpy polled(&poller, &Poller::polled);
        poller.start();
        QTRY_COMPARE(polled.size(), 3);
        poller.stop();
        QTest::qWait(50);
        QCOMPARE(polled.size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestPoller)
#include "tst_poller.moc"
