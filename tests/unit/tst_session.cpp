// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "core/api/apicall.h"
#include "core/models/connectionstatus.h"
#include "core/models/deploymentmodel.h"
#include "core/models/fabricmodel.h"
#include "core/models/imagemodel.h"
#include "core/models/instancemodel.h"
#include "core/models/instancetemplatemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/models/pooltransfermodel.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "core/models/workspacemodel.h"
#include "support/fakenetworkaccessmanager.h"
#include "support/fixtures.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace sfdesk;

using namespace std::chrono_literals;
using namespace Qt::StringLiterals;

namespace {

void routeEverything(FakeNetworkAccessManager& network, bool enrolled)
{
    network.setRouteJson(QStringLiteral("/me"), 200, Fixtures::bytes(QStringLiteral("me.json")));
    network.setRouteJson(QStringLiteral("/workspaces"), 200,
                         Fixtures::bytes(QStringLiteral("workspaces.json")));
    network.setRouteJson(QStringLiteral("/instance_skus"), 200,
                         Fixtures::bytes(QStringLiteral("instance_skus.json")));
    network.setRouteJson(QStringLiteral("/instance_skus/availability"), 200,
                         Fixtures::bytes(QStringLiteral("sku_availability.json")));
    network.setRouteJson(QStringLiteral("/instances"), 200,
                         Fixtures::bytes(QStringLiteral("instances.json")));
    network.setRouteJson(QStringLiteral("/pools"), 200, Fixtures::bytes(QStringLiteral("pools.json")));
    network.setRouteJson(QStringLiteral("/orders"), 200, Fixtures::bytes(QStringLiteral("orders.json")));
    network.setRouteJson(QStringLiteral("/images"), 200, Fixtures::bytes(QStringLiteral("images.json")));
    network.setRouteJson(QStringLiteral("/instance_templates"), 200,
                         Fixtures::bytes(QStringLiteral("instance_templates.json")));
    network.setRouteJson(QStringLiteral("/deployments"), 200,
                         Fixtures::bytes(QStringLiteral("deployments.json")));
    // No procurements here: the orders list would ask for each one's orders (routed by path alone).
    network.setRouteJson(QStringLiteral("/procurements"), 200,
                         R"({"object":"list","data":[],"has_more":false,"cursor":null})");
    network.setRouteJson(QStringLiteral("/pool_transfers"), 200,
                         Fixtures::bytes(QStringLiteral("pool_transfers.json")));
    QByteArray flags = Fixtures::bytes(QStringLiteral("feature_flags.json"));
    if (enrolled)
        flags.replace(R"("enrolled": false)", R"("enrolled": true)");
    network.setRouteJson(QStringLiteral("/feature_flags"), 200, flags);
    const QByteArray forbidden = R"({"error":{"type":"forbidden","message":"Feature not enabled."}})";
    network.setRouteJson(QStringLiteral("/infiniband_fabrics"), enrolled ? 200 : 403,
                         enrolled ? Fixtures::bytes(QStringLiteral("infiniband_fabrics.json")) : forbidden);
    network.setRouteJson(QStringLiteral("/infiniband_partitions"), enrolled ? 200 : 403,
                         enrolled ? Fixtures::bytes(QStringLiteral("infiniband_partitions.json"))
                                  : forbidden);
}

// A list of count copies of the fixture's first item, with ids prefix_0, prefix_1, ...; from the
// first to the last, less the first `skip`.
QByteArray longList(const QString& fixture, const QString& prefix, int count, int skip = 0)
{
    QJsonObject item = Fixtures::object(fixture).value(u"data").toArray().first().toObject();
    QJsonArray data;
    for (int i = skip; i < count; ++i) {
        item.insert(u"id"_s, u"%1_%2"_s.arg(prefix).arg(i));
        data.append(item);
    }
    return QJsonDocument(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, data}, {u"has_more"_s, false}})
        .toJson(QJsonDocument::Compact);
}

} // namespace

class TestSession final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void loadsEveryModel()
    {
        FakeNetworkAccessManager network;
        routeEverything(network, true);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        for (const Session::Resource resource : constValue(Session::allResources()))
            session.watch(resource);
        QAbstractItemModelTester t1(session.instances(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(session.partitions(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(session.skus(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.setInterval(1h);
        session.start();
        QTRY_COMPARE(session.workspaces()->rowCount(), 3);
        QTRY_COMPARE(session.instances()->rowCount(), 4);
        QTRY_COMPARE(session.pools()->rowCount(), 2);
        QTRY_COMPARE(session.orders()->rowCount(), 3);
        QTRY_COMPARE(session.images()->rowCount(), 2);
        QTRY_COMPARE(session.skus()->rowCount(), 2);
        QTRY_VERIFY(session.infinibandEnabled());
        QTRY_COMPARE(session.fabrics()->rowCount(), 2);
        QTRY_COMPARE(session.partitions()->rowCount(), 2);
        QTRY_COMPARE(session.instanceTemplates()->rowCount(), 1);
        // Deployments are listed per workspace (three here, each answering the same two).
        QTRY_COMPARE(session.deployments()->rowCount(), 2);
        QCOMPARE(session.deployments()->at(1).kind, Deployment::Kind::Spot);
        QTRY_COMPARE(session.poolTransfers()->rowCount(), 2);
        QTRY_VERIFY(!session.status()->isBusy());
        QVERIFY(session.status()->lastUpdated().isValid());
        QVERIFY(!session.status()->hasError());
        const auto sku = session.skus()->find(QStringLiteral("isku_cxcwpDW93MaaBelmnLaez"));
        QVERIFY(sku);
        QTRY_COMPARE(session.skus()->find(QStringLiteral("isku_cxcwpDW93MaaBelmnLaez"))->availability.size(),
                     2);
        session.stop();
    }

    // Orders, pools and images of thousands are diffed off the UI thread, as the instances are: a
    // turn of the event loop after the session took a list's answer, its model is still working
    // out what changed; the rows are the answer's once the list is loaded.
    void longListsAreDiffedOffTheUiThread()
    {
        const int count = static_cast<int>(OrderModel::BackgroundRows) + 200;
        FakeNetworkAccessManager network;
        routeEverything(network, false);
        network.setRouteJson(u"/orders"_s, 200, longList(u"orders.json"_s, u"ordr"_s, count));
        network.setRouteJson(u"/pools"_s, 200, longList(u"pools.json"_s, u"pool"_s, count));
        network.setRouteJson(u"/images"_s, 200, longList(u"images.json"_s, u"image"_s, count));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        QAbstractItemModelTester orders(session.orders(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester pools(session.pools(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester images(session.images(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Queued, each call's answer is seen after the session handed it to the model, and before
        // the model's diff, which a worker finishes later, is applied.
        QSet<QString> diffing;
        QSet<QObject*> seen;
        connect(&session, &Session::listRequested, &session, [&] {
            for (ApiCall* call : client.findChildren<ApiCall*>()) {
                if (seen.contains(call))
                    continue;
                seen.insert(call);
                connect(call, &QObject::destroyed, &session, [&seen, call] { seen.remove(call); });
                connect(
                    call, &ApiCall::succeeded, &session,
                    [&] {
                        if (session.orders()->isRefreshingInBackground())
                            diffing.insert(u"orders"_s);
                        if (session.pools()->isRefreshingInBackground())
                            diffing.insert(u"pools"_s);
                        if (session.images()->isRefreshingInBackground())
                            diffing.insert(u"images"_s);
                    },
                    Qt::QueuedConnection);
            }
        });
        session.setInterval(1h);
        for (const Session::Resource resource :
             {Session::Resource::Orders, Session::Resource::Pools, Session::Resource::Images})
            session.watch(resource);
        session.start();
        QTRY_VERIFY(session.isLoaded(Session::Resource::Orders));
        QTRY_VERIFY(session.isLoaded(Session::Resource::Pools));
        QTRY_VERIFY(session.isLoaded(Session::Resource::Images));
        QCOMPARE(diffing, (QSet<QString>{u"orders"_s, u"pools"_s, u"images"_s}));
        // The account's images and the public ones answer the same here: each is listed once.
        for (const QAbstractItemModel* model : std::initializer_list<const QAbstractItemModel*>{
                 session.orders(), session.pools(), session.images()})
            QCOMPARE(model->rowCount(), count);
        for (int row : {0, 617, count - 1}) {
            QCOMPARE(session.orders()->at(row).id, u"ordr_%1"_s.arg(row));
            QCOMPARE(session.pools()->at(row).id, u"pool_%1"_s.arg(row));
            QCOMPARE(session.images()->at(row).id, u"image_%1"_s.arg(row));
        }
        QCOMPARE(session.orders()->at(5).statusText, u"filled"_s);

        // The next answer without the first 100 orders: they are removed, the rest stay in order.
        diffing.clear();
        network.setRouteJson(u"/orders"_s, 200, longList(u"orders.json"_s, u"ordr"_s, count, 100));
        session.refreshAll();
        QTRY_COMPARE(session.orders()->rowCount(), count - 100);
        QVERIFY(diffing.contains(u"orders"_s));
        QCOMPARE(session.orders()->at(0).id, u"ordr_100"_s);
        QCOMPARE(session.orders()->rowOf(u"ordr_99"_s), -1);
        QCOMPARE(session.orders()->rowOf(u"ordr_%1"_s.arg(count - 1)), count - 101);
        session.stop();
    }

    void partitionsWaitForEnrolment()
    {
        FakeNetworkAccessManager network;
        routeEverything(network, false);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        for (const Session::Resource resource : constValue(Session::allResources()))
            session.watch(resource);
        session.setInterval(1h);
        QSignalSpy flags(&session, &Session::featureFlagsChanged);
        session.start();
        QVERIFY(flags.wait());
        QTRY_COMPARE(session.instances()->rowCount(), 4);
        QVERIFY(!session.infinibandEnabled());
        for (const QString& path : constValue(network.paths()))
            QVERIFY2(!path.contains(u"infiniband"), qPrintable(path));
        QCOMPARE(session.partitions()->rowCount(), 0);
        session.stop();
    }

    void workspaceScopeGoesIntoTheQuery()
    {
        FakeNetworkAccessManager network;
        routeEverything(network, true);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        for (const Session::Resource resource : constValue(Session::allResources()))
            session.watch(resource);
        session.setInterval(1h);
        session.start();
        QTRY_COMPARE(session.instances()->rowCount(), 4);
        QTRY_VERIFY(!session.status()->isBusy());
        QSignalSpy changed(&session, &Session::workspaceChanged);
        network.requests.clear();
        session.setWorkspace(QStringLiteral("wksp_Zx1Yw2Vu3Ts4Rq5Po6Nm7"));
        QCOMPARE(changed.size(), 1);
        QTRY_VERIFY(network.paths().contains(
            QStringLiteral("/preview/v2/instances?workspace=wksp_Zx1Yw2Vu3Ts4Rq5Po6Nm7&limit=200")));
        QVERIFY(network.paths().contains(QStringLiteral(
            "/preview/v2/"
            "pools?workspace=wksp_Zx1Yw2Vu3Ts4Rq5Po6Nm7&schedule_history_minutes=1440&limit=200")));
        // The account's lists do not depend on the scope: they are not asked for again.
        QVERIFY(!network.paths().contains(QStringLiteral("/preview/v2/workspaces")));
        session.stop();
    }

    // Only what something shows is polled: a session that shows pools asks for the account and
    // the pools, nothing else; once nobody watches the pools, they are not asked for again.
    void onlyWatchedListsPoll()
    {
        FakeNetworkAccessManager network;
        routeEverything(network, true);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        session.setInterval(1h);
        session.watch(Session::Resource::Pools);
        session.start();
        QTRY_COMPARE(session.pools()->rowCount(), 2);
        QTRY_VERIFY(!session.status()->isBusy());
        QStringList asked;
        for (const QString& path : constValue(network.paths()))
            asked.append(QUrl(path).path());
        asked.sort();
        QCOMPARE(asked, (QStringList{u"/preview/v2/me"_s, u"/preview/v2/pools"_s}));
        QVERIFY(!session.account().accountId.isEmpty());

        session.unwatch(Session::Resource::Pools);
        network.requests.clear();
        session.refreshAll();
        QTRY_VERIFY(!session.status()->isBusy());
        for (const QString& path : constValue(network.paths()))
            QVERIFY2(!path.contains(u"/pools"), qPrintable(path));
        session.stop();
    }

    // A write through one of the session's actions reads the watched lists again at once, not at the
    // next interval, and says so (for what a view asks for besides them).
    void actionsReadWhatTheyChangeAtOnce()
    {
        FakeNetworkAccessManager network;
        routeEverything(network, true);
        const QString id = u"pool_nuO4nVSM8O3NnsRE7udBe"_s;
        const QJsonObject pool = QJsonDocument::fromJson(Fixtures::bytes(u"pools.json"_s))
                                     .object()
                                     .value(u"data"_s)
                                     .toArray()
                                     .first()
                                     .toObject();
        QCOMPARE(pool.value(u"id"_s).toString(), id);
        network.setRouteJson(u"/pools/"_s + id, 200, QJsonDocument(pool).toJson());
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        session.setInterval(1h);
        session.watch(Session::Resource::Pools);
        session.start();
        QTRY_COMPARE(session.pools()->rowCount(), 2);
        QTRY_VERIFY(!session.status()->isBusy());
        network.requests.clear();
        QSignalSpy wrote(&session, &Session::wrote);
        bool renamed = false;
        session.renamePool(id, u"renamed"_s).onSuccess(&session, [&renamed](const Pool&) { renamed = true; });
        QTRY_VERIFY(renamed);
        QTRY_COMPARE(wrote.count(), 1);
        QVERIFY(wrote.first().first().toString().endsWith(u"/pools/"_s + id));
        const auto listRead = [&network] {
            const QStringList paths = network.paths();
            return std::any_of(paths.cbegin(), paths.cend(), [](const QString& path) {
                return QUrl(path).path() == u"/preview/v2/pools"_s;
            });
        };
        QTRY_VERIFY(listRead());
        session.stop();
    }

    // A list read only in the background (notifications) polls every BackgroundEvery account
    // checks; once a view shows it, it is read at once and then at every check; once the view
    // leaves, it goes back to the slower cadence.
    void backgroundListsPollLessOften()
    {
        FakeNetworkAccessManager network;
        routeEverything(network, true);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        session.setInterval(40ms);
        QMap<Session::Resource, int> requested;
        connect(&session, &Session::listRequested, this,
                [&requested](Session::Resource resource) { ++requested[resource]; });
        QSignalSpy checked(&session, &Session::accountChecked);
        session.watchInBackground(Session::Resource::Instances);
        session.watch(Session::Resource::Pools);
        session.start();
        const auto checks = [&](int count) {
            const qsizetype until = checked.size() + count;
            return QTest::qWaitFor([&] { return checked.size() >= until; }, 30000);
        };
        QVERIFY(checks(3 * Session::BackgroundEvery));
        // Both were read at the start; the shown list about once per check, the other about once
        // per BackgroundEvery checks (timers drift under load: the bounds leave room for it).
        QVERIFY2(requested.value(Session::Resource::Pools) >= 2 * Session::BackgroundEvery,
                 qPrintable(QString::number(requested.value(Session::Resource::Pools))));
        QVERIFY2(requested.value(Session::Resource::Instances) <= 5,
                 qPrintable(QString::number(requested.value(Session::Resource::Instances))));
        QVERIFY(requested.value(Session::Resource::Instances) >= 2);

        // A view shows the instances: read at once, then at the interval.
        const int before = requested.value(Session::Resource::Instances);
        session.watch(Session::Resource::Instances);
        QTRY_VERIFY(requested.value(Session::Resource::Instances) > before);
        QVERIFY(checks(2 * Session::BackgroundEvery));
        QVERIFY2(requested.value(Session::Resource::Instances) >= before + Session::BackgroundEvery,
                 qPrintable(QString::number(requested.value(Session::Resource::Instances))));

        // The view leaves: the background's cadence again; nothing once nobody reads it.
        session.unwatch(Session::Resource::Instances);
        const int shown = requested.value(Session::Resource::Instances);
        QVERIFY(checks(2 * Session::BackgroundEvery));
        QVERIFY2(requested.value(Session::Resource::Instances) <= shown + 4,
                 qPrintable(QString::number(requested.value(Session::Resource::Instances) - shown)));
        session.unwatchInBackground(Session::Resource::Instances);
        const int left = requested.value(Session::Resource::Instances);
        QVERIFY(checks(2 * Session::BackgroundEvery));
        QCOMPARE(requested.value(Session::Resource::Instances), left);
        session.stop();
    }

    // Settled transfers do not change: the list is read once while none is on its way, polled
    // while one is, and read again when the pools' answer changes (a transfer made elsewhere).
    void poolTransfersPollWhileOneIsPending()
    {
        FakeNetworkAccessManager network;
        routeEverything(network, true);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        Session session(&client);
        session.setInterval(40ms);
        QMap<Session::Resource, int> requested;
        connect(&session, &Session::listRequested, this,
                [&requested](Session::Resource resource) { ++requested[resource]; });
        QSignalSpy checked(&session, &Session::accountChecked);
        const auto checks = [&](int count) {
            const qsizetype until = checked.size() + count;
            return QTest::qWaitFor([&] { return checked.size() >= until; }, 30000);
        };
        session.watch(Session::Resource::Pools);
        session.watch(Session::Resource::PoolTransfers);
        session.start();
        QTRY_VERIFY(session.isLoaded(Session::Resource::PoolTransfers));
        QVERIFY(checks(6));
        QCOMPARE(requested.value(Session::Resource::PoolTransfers), 1); // both settled
        QVERIFY(requested.value(Session::Resource::Pools) >= 4);

        // A transfer made elsewhere: the pools change, the transfers are read, then polled while
        // the new one is pending.
        QByteArray pending = Fixtures::bytes(QStringLiteral("pool_transfers.json"));
        pending.replace(R"("status": "rejected")", R"("status": "pending")");
        network.setRouteJson(QStringLiteral("/pool_transfers"), 200, pending);
        QByteArray pools = Fixtures::bytes(QStringLiteral("pools.json"));
        QVERIFY(pools.contains("\"name\""));
        pools.replace("\"name\": \"", "\"name\": \"renamed-");
        network.setRouteJson(QStringLiteral("/pools"), 200, pools);
        QTRY_VERIFY(requested.value(Session::Resource::PoolTransfers) >= 2);
        QVERIFY(checks(4));
        const int whilePending = requested.value(Session::Resource::PoolTransfers);
        QVERIFY2(whilePending >= 4, qPrintable(QString::number(whilePending)));

        // Settled: no more reads.
        network.setRouteJson(QStringLiteral("/pool_transfers"), 200,
                             Fixtures::bytes(QStringLiteral("pool_transfers.json")));
        QVERIFY(checks(3));
        const int settled = requested.value(Session::Resource::PoolTransfers);
        QVERIFY(checks(6));
        QCOMPARE(requested.value(Session::Resource::PoolTransfers), settled);
        session.stop();
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
