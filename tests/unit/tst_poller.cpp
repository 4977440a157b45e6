// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/models/connectionstatus.h"
#include "core/models/instancemodel.h"
#include "core/models/poller.h"
#include "support/fakenetworkaccessmanager.h"
#include "support/fixtures.h"
#include "support/postedevents.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <memory>

using namespace sfdesk;

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
        // Still polling: the next poll is due or on its way.
        QVERIFY(poller.isNextPollScheduled() || poller.isInFlight());
        poller.stop();
        // Nothing is left that would poll again: no timer runs and no call is on its way.
        QVERIFY(!poller.isNextPollScheduled());
        QVERIFY(!poller.isInFlight());
        flushPostedEvents();
        QCOMPARE(polled.size(), 3);
    }

    // The same bytes as the last answer: nothing is decoded or applied, the poll still counts.
    // Different bytes, and bytes large enough to be decoded on a worker thread, are applied.
    void unchangedAnswerIsNotAppliedAgain()
    {
        const QByteArray small = Fixtures::bytes(QStringLiteral("workspaces.json"));
        QJsonObject list = QJsonDocument::fromJson(small).object();
        QJsonArray many;
        const QJsonObject one = list.value(u"data").toArray().first().toObject();
        for (int i = 0; i < 2000; ++i) {
            QJsonObject workspace = one;
            workspace.insert(QStringLiteral("id"),
                             QStringLiteral("wksp_%1").arg(i, 21, 10, QLatin1Char('0')));
            workspace.insert(QStringLiteral("name"), QStringLiteral("ws-%1").arg(i));
            many.append(workspace);
        }
        list.insert(QStringLiteral("data"), many);
        const QByteArray large = QJsonDocument(list).toJson(QJsonDocument::Compact);
        QVERIFY(large.size() > 64 * 1024); // decoded off the UI thread

        FakeNetworkAccessManager network;
        for (const QByteArray& body : {small, small, large, large, small})
            network.enqueueJson(200, body);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        QList<int> applied;
        Poller poller(
            [&client] { return client.workspaces(); },
            [&applied](const QVariant& v) { applied.append(int(v.value<QList<Workspace>>().size())); });
        poller.setInterval(1h);
        QSignalSpy polled(&poller, &Poller::polled);
        for (int poll = 1; poll <= 5; ++poll) {
            QVERIFY(poller.pollNow());
            QTRY_COMPARE(polled.size(), poll);
        }
        QCOMPARE(applied, (QList<int>{3, 2000, 3}));

        // Once the list was changed by other means, the same answer is applied again.
        network.enqueueJson(200, small);
        poller.forgetAnswer();
        QVERIFY(poller.pollNow());
        QTRY_COMPARE(polled.size(), 6);
        QCOMPARE(applied, (QList<int>{3, 2000, 3, 3}));
    }

    static QByteArray instanceList(const QStringList& names)
    {
        QJsonObject one = Fixtures::object(QStringLiteral("instance.json"));
        QJsonArray data;
        for (qsizetype i = 0; i < names.size(); ++i) {
            one.insert(QStringLiteral("id"), QStringLiteral("inst_%1").arg(i, 21, 10, QLatin1Char('0')));
            one.insert(QStringLiteral("name"), names.at(i));
            data.append(one);
        }
        return QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                         {QStringLiteral("data"), data},
                                         {QStringLiteral("has_more"), false}})
            .toJson(QJsonDocument::Compact);
    }

    // The model sees nothing of an unchanged answer; an answer of the same length with one
    // character changed is applied.
    void unchangedAnswerLeavesTheModelAlone()
    {
        const QByteArray first = instanceList({QStringLiteral("node-1"), QStringLiteral("node-2")});
        const QByteArray changed = instanceList({QStringLiteral("node-1"), QStringLiteral("node-7")});
        QCOMPARE(changed.size(), first.size());
        FakeNetworkAccessManager network;
        for (const QByteArray& body : {first, first, changed, changed})
            network.enqueueJson(200, body);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        InstanceModel model;
        Poller poller([&client] { return client.instances(QString()); },
                      [&model](const QVariant& v) { model.refresh(v.value<QList<Instance>>()); });
        poller.setInterval(1h);
        QSignalSpy polled(&poller, &Poller::polled);
        QVERIFY(poller.pollNow());
        QTRY_COMPARE(polled.size(), 1);
        QCOMPARE(model.rowCount(), 2);

        QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
        const auto changes = [&] {
            return dataChanged.size() + inserted.size() + removed.size() + reset.size() + layout.size();
        };
        QVERIFY(poller.pollNow());
        QTRY_COMPARE(polled.size(), 2);
        QCOMPARE(changes(), 0);

        QVERIFY(poller.pollNow());
        QTRY_COMPARE(polled.size(), 3);
        QCOMPARE(model.data(model.index(1, InstanceModel::NameColumn)).toString(), QStringLiteral("node-7"));
        QVERIFY(dataChanged.size() > 0);
        const qsizetype afterChange = changes();

        QVERIFY(poller.pollNow());
        QTRY_COMPARE(polled.size(), 4);
        QCOMPARE(changes(), afterChange);
        QCOMPARE(network.requests.size(), size_t(4));
    }

    // An apply that ends later keeps its poll in flight (single-flight) until it calls done();
    // a restart drops it: it is no longer wanted, its done() does nothing, and the next answer is
    // applied even though it has the same bytes.
    void applyLaterEndsThePollWhenDone()
    {
        FakeNetworkAccessManager network;
        for (int i = 0; i < 3; ++i)
            network.enqueueJson(200, Fixtures::bytes(QStringLiteral("workspaces.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ConnectionStatus status;
        QList<std::function<bool()>> wanted;
        QList<std::function<void()>> done;
        Poller poller(
            [&client] { return client.workspaces(); },
            Poller::ApplyLater([&wanted, &done](const QVariant& value, std::function<bool()> isWanted,
                                                std::function<void()> isDone) {
                QCOMPARE(value.value<QList<Workspace>>().size(), 3);
                wanted.append(std::move(isWanted));
                done.append(std::move(isDone));
            }));
        poller.setInterval(1h);
        poller.setStatus(&status);
        QSignalSpy polled(&poller, &Poller::polled);
        poller.start();
        QTRY_COMPARE(done.size(), 1);
        QVERIFY(poller.isInFlight());
        QVERIFY(!poller.pollNow()); // still applying
        QCOMPARE(polled.size(), 0);
        QVERIFY(status.isBusy());
        QVERIFY(wanted.at(0)());

        QVERIFY(poller.restart());
        QVERIFY(!wanted.at(0)());
        done.at(0)(); // the dropped apply ends: nothing of it
        QCOMPARE(polled.size(), 0);
        QTRY_COMPARE(done.size(), 2); // the same bytes, applied: the dropped answer was forgotten
        QCOMPARE(polled.size(), 0);
        done.at(1)();
        QCOMPARE(polled.size(), 1);
        QVERIFY(!poller.isInFlight());
        QVERIFY(poller.isNextPollScheduled());
        QVERIFY(!status.isBusy());
        done.at(1)(); // once only
        QCOMPARE(polled.size(), 1);
    }

    // The app's instance list: long lists diffed off the UI thread. polled() comes once the model
    // has the answer; an answer of the same length with one character changed is applied.
    void longListIsAppliedInBackgroundBeforePolled()
    {
        QStringList names;
        for (int i = 0; i < 2000; ++i)
            names.append(QStringLiteral("node-%1").arg(i, 4, 10, QLatin1Char('0')));
        const QByteArray first = instanceList(names);
        names[1234] = QStringLiteral("node-x234");
        const QByteArray changed = instanceList(names);
        QCOMPARE(changed.size(), first.size());
        FakeNetworkAccessManager network;
        for (const QByteArray& body : {first, first, changed})
            network.enqueueJson(200, body);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const std::unique_ptr<Poller> poller(Poller::applyingLater(
            [&client] { return client.instances(QString()); },
            [&model](const QList<Instance>& v, std::function<bool()> wanted, std::function<void()> done) {
                model.refreshInBackground(v, std::move(wanted), std::move(done));
            },
            nullptr));
        poller->setInterval(1h);
        int rowsWhenPolled = -1;
        QString nameWhenPolled;
        connect(poller.get(), &Poller::polled, &model, [&] {
            rowsWhenPolled = model.rowCount();
            nameWhenPolled = model.data(model.index(1234, InstanceModel::NameColumn)).toString();
        });
        QSignalSpy polled(poller.get(), &Poller::polled);
        QVERIFY(poller->pollNow());
        QTRY_COMPARE(polled.size(), 1);
        QCOMPARE(rowsWhenPolled, 2000);
        QCOMPARE(nameWhenPolled, QStringLiteral("node-1234"));

        QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(poller->pollNow());
        QTRY_COMPARE(polled.size(), 2);
        QCOMPARE(dataChanged.size(), 0);
        QVERIFY(poller->pollNow());
        QTRY_COMPARE(polled.size(), 3);
        QCOMPARE(nameWhenPolled, QStringLiteral("node-x234"));
        QCOMPARE(dataChanged.size(), 1);
        QCOMPARE(dataChanged.first().at(0).value<QModelIndex>().row(), 1234);
        QCOMPARE(dataChanged.first().at(1).value<QModelIndex>().row(), 1234);
    }

    // A list of several calls: nothing is applied while every answer is the same; when one call
    // changes, the others' results of last time are applied with it.
    void severalCallsReuseUnchangedAnswers()
    {
        const QByteArray a = instanceList({QStringLiteral("a-1")});
        const QByteArray b = instanceList({QStringLiteral("b-1"), QStringLiteral("b-2")});
        const QByteArray b2 = instanceList({QStringLiteral("b-1"), QStringLiteral("b-3")});
        FakeNetworkAccessManager network;
        for (const QByteArray& body : {a, b, a, b, a, b2})
            network.enqueueJson(200, body);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        QList<QStringList> applied;
        Poller poller(Poller::FetchMany([&client] {
                          return QList<ApiCall*>{client.instances(QStringLiteral("wksp_a")).call(),
                                                 client.instances(QStringLiteral("wksp_b")).call()};
                      }),
                      [&applied](const QVariant& v) {
                          QStringList names;
                          for (const QVariant& result : v.toList())
                              for (const Instance& instance : result.value<QList<Instance>>())
                                  names.append(instance.name);
                          applied.append(names);
                      });
        poller.setInterval(1h);
        QSignalSpy polled(&poller, &Poller::polled);
        for (int poll = 1; poll <= 3; ++poll) {
            QVERIFY(poller.pollNow());
            QTRY_COMPARE(polled.size(), poll);
        }
        QCOMPARE(applied,
                 (QList<QStringList>{{QStringLiteral("a-1"), QStringLiteral("b-1"), QStringLiteral("b-2")},
                                     {QStringLiteral("a-1"), QStringLiteral("b-1"), QStringLiteral("b-3")}}));

        // Forgotten: the same answers are applied again.
        network.enqueueJson(200, a);
        network.enqueueJson(200, b2);
        poller.forgetAnswer();
        QVERIFY(poller.pollNow());
        QTRY_COMPARE(polled.size(), 4);
        QCOMPARE(applied.size(), 3);
        QCOMPARE(applied.last(), applied.at(1));
    }

    // A poll cancelled while its answer is decoded on the worker thread never applies it.
    void restartDuringDecodeDropsTheOldAnswer()
    {
        QJsonArray many;
        const QJsonObject one =
            Fixtures::object(QStringLiteral("workspaces.json")).value(u"data").toArray().first().toObject();
        for (int i = 0; i < 20000; ++i) {
            QJsonObject workspace = one;
            workspace.insert(QStringLiteral("id"),
                             QStringLiteral("wksp_%1").arg(i, 21, 10, QLatin1Char('0')));
            many.append(workspace);
        }
        const QByteArray large = QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                                           {QStringLiteral("data"), many},
                                                           {QStringLiteral("has_more"), false}})
                                     .toJson(QJsonDocument::Compact);
        FakeNetworkAccessManager network;
        network.enqueueJson(200, large);
        network.enqueueJson(200, Fixtures::bytes(QStringLiteral("workspaces.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        QList<int> applied;
        Poller poller(
            [&client] { return client.workspaces(); },
            [&applied](const QVariant& v) { applied.append(int(v.value<QList<Workspace>>().size())); });
        poller.setInterval(1h);
        QSignalSpy polled(&poller, &Poller::polled);
        // Restarted as soon as the large answer is in: while it is decoded, or just before.
        bool restarted = false;
        connect(&network, &QNetworkAccessManager::finished, &poller, [&poller, &restarted] {
            if (!std::exchange(restarted, true))
                QVERIFY(poller.restart());
        });
        QVERIFY(poller.pollNow());
        QTRY_COMPARE(polled.size(), 1);
        QVERIFY(restarted);
        // The old answer's decoding, if it started, has ended, and its continuation has had its
        // turn.
        QVERIFY(QThreadPool::globalInstance()->waitForDone(20000));
        flushPostedEvents();
        QCOMPARE(applied, QList<int>{3});
        QCOMPARE(polled.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestPoller)
#include "tst_poller.moc"
