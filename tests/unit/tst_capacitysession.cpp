// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "core/models/connectionstatus.h"
#include "core/models/instancemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/pooltransfermodel.h"
#include "core/models/procurementmodel.h"
#include "core/models/session.h"
#include "support/mockclock.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace std::chrono_literals;

// Procurements and pool transfers through the client and the connection's Session, against the
// real sfsim over HTTP: each call of the API document, the two lists as live models (polled only
// while watched, read again at once after the app's own writes), and a procurement's orders in the
// session's one orders list, marked as its own.
class TestCapacitySession final : public QObject
{
    Q_OBJECT

private:
    template <typename T> T await(ApiReply<T> reply, ApiError* error = nullptr)
    {
        ApiCall* call = reply;
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QSignalSpy failed(call, &ApiCall::failed);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(succeeded.size() + failed.size() == 1, 15000); }();
        if (!failed.isEmpty() && error)
            *error = failed.first().first().value<ApiError>();
        if constexpr (std::is_void_v<T>)
            return;
        else
            return succeeded.isEmpty() ? T{} : succeeded.first().first().value<T>();
    }

    QString pool(const QString& name, const QString& workspace)
    {
        return await(m_client->createPool(workspace, name)).id;
    }

    SimProcess m_sim;
    SimClient m_api;
    QNetworkAccessManager m_network;
    std::unique_ptr<ApiClient> m_client;
    QHash<QString, QString> m_skus;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_client = std::make_unique<ApiClient>(m_sim.baseUrl(), &m_network);
        m_client->setToken(m_sim.token(u"acme-owner"_s));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        for (const InstanceSku& sku : await(m_client->instanceSkus()))
            m_skus.insert(sku.alias, sku.id);
        QVERIFY(m_skus.contains(u"sea-3-h100"_s));
    }

    void everyCallOfTheDocument()
    {
        const QString from = pool(u"calls"_s, u"production"_s);
        const QString to = pool(u"calls-to"_s, u"research"_s);
        ProcurementRequest request;
        request.name = u"calls-keep"_s;
        request.pool = from;
        request.sku = m_skus.value(u"sea-3-h100"_s);
        request.target = 1;
        request.maxBuyPrice = u"100.00"_s;
        request.minSellPrice = u"500.00"_s;
        request.windowMinutes = 120;
        ApiError error;
        const Procurement made = await(m_client->createProcurement(request), &error);
        QVERIFY2(made.id.startsWith(u"proc_"_s), qPrintable(error.message()));
        QCOMPARE(made.target, 1);
        QCOMPARE(made.maxBuyPrice.micros, 100'000'020); // rounded to $0.000060 as the document says
        QCOMPARE(made.state, Procurement::State::Info);
        QCOMPARE(await(m_client->procurement(made.id)).name, u"calls-keep"_s);
        QVERIFY(!await(m_client->procurements(u"production"_s)).isEmpty());

        // Its orders carry it; the plain orders list has none of them.
        const QList<Order> orders = await(m_client->procurementOrders(made.id));
        QVERIFY(!orders.isEmpty());
        for (const Order& order : orders)
            QCOMPARE(order.procurement, made.id);
        for (const Order& order : await(m_client->orders(u"production"_s)))
            QVERIFY(order.id != orders.first().id);

        ProcurementChange change;
        change.enabled = false;
        const Procurement disabled = await(m_client->updateProcurement(made.id, change));
        QVERIFY(!disabled.enabled);
        QCOMPARE(disabled.statusMessage, u"Disabled: it places no orders."_s);

        // The owned node moves to research, pending first, executed at the server's next step.
        const qint64 now = m_api.now();
        const qint64 start = now - now % 60 + 120;
        PoolTransferRequest transfer{from, to, request.sku, {ScheduleEntry{start, start + 1800, 1}}};
        const PoolTransfer asked = await(m_client->createPoolTransfer(transfer), &error);
        QVERIFY2(asked.id.startsWith(u"pxfr_"_s), qPrintable(error.message()));
        QCOMPARE(asked.status, PoolTransfer::Status::Pending);
        QTRY_COMPARE_WITH_TIMEOUT(await(m_client->poolTransfer(asked.id)).status,
                                  PoolTransfer::Status::Executed, 15000);
        const QList<PoolTransfer> listed = await(m_client->poolTransfers({to}));
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.first().id, asked.id);

        await(m_client->deleteProcurement(made.id));
        await(m_client->procurement(made.id), &error);
        QCOMPARE(error.reason(), ApiError::Reason::NotFound);
    }

    void theSessionKeepsThemLive()
    {
        Session session(m_client.get());
        QAbstractItemModelTester t1(session.procurements(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(session.poolTransfers(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(session.orders(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.setInterval(1h);
        QSignalSpy requested(&session, &Session::listRequested);
        session.start();
        // Nothing shows them: they are not read.
        QTRY_VERIFY(!session.status()->isBusy());
        QVERIFY(!requested.contains(QVariantList{QVariant::fromValue(Session::Resource::Procurements)}));
        QVERIFY(!requested.contains(QVariantList{QVariant::fromValue(Session::Resource::PoolTransfers)}));

        session.watch(Session::Resource::Orders);
        session.watch(Session::Resource::PoolTransfers);
        // The orders list holds the procurements' orders: watching it reads the procurements.
        QTRY_VERIFY(session.isLoaded(Session::Resource::Procurements));
        QTRY_VERIFY(session.isLoaded(Session::Resource::PoolTransfers));
        const int transfersBefore = session.poolTransfers()->rowCount();

        // A write of the app is read back at once, without waiting for the (hour-long) interval.
        const QString poolId = pool(u"live"_s, u"default"_s);
        ProcurementRequest request;
        request.name = u"live-keep"_s;
        request.pool = poolId;
        request.sku = m_skus.value(u"sea-3-h100"_s);
        request.target = 1;
        request.maxBuyPrice = u"100.00"_s;
        request.minSellPrice = u"500.00"_s;
        request.windowMinutes = 60;
        const Procurement made = await(m_client->createProcurement(request));
        QVERIFY(!made.id.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(session.procurements()->find(made.id), 15000);
        // ...and its orders join the orders list, each marked as the procurement's.
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(session.orders()->rows().cbegin(), session.orders()->rows().cend(),
                        [&made](const Order& order) { return order.procurement == made.id; }),
            15000);
        for (const Order& order : session.orders()->rows())
            QVERIFY(order.procurement.isEmpty() || order.procurement == made.id
                    || session.procurements()->find(order.procurement));

        const qint64 now = m_api.now();
        const qint64 start = now - now % 60 + 120;
        const QString other = pool(u"live-to"_s, u"default"_s);
        const PoolTransfer asked = await(m_client->createPoolTransfer(
            PoolTransferRequest{poolId, other, request.sku, {ScheduleEntry{start, start + 600, 1}}}));
        QTRY_COMPARE_WITH_TIMEOUT(session.poolTransfers()->rowCount(), transfersBefore + 1, 15000);
        // Live until it settles: the next read finds it executed.
        session.refresh(Session::Resource::PoolTransfers);
        QTRY_VERIFY_WITH_TIMEOUT(session.poolTransfers()->find(asked.id)
                                     && session.poolTransfers()->find(asked.id)->isSettled(),
                                 15000);
        QCOMPARE(session.poolTransfers()->find(asked.id)->status, PoolTransfer::Status::Executed);

        // Deleted, it leaves the list at the next read.
        await(m_client->deleteProcurement(made.id));
        QTRY_VERIFY_WITH_TIMEOUT(!session.procurements()->find(made.id), 15000);
        session.stop();
    }
    // A pool's idle capacity in the Pools model: what it owns over the next 48 hours, less a node
    // once an instance starts on it, read from the session's pools and instances.
    void idleCapacityDropsWhenAnInstanceStarts()
    {
        Session session(m_client.get());
        QAbstractItemModelTester tester(session.pools(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        // The window is counted on the simulated clock.
        MockClock clock(m_api.now());
        session.pools()->setClock(&clock);
        session.setInterval(1h);
        session.start();
        session.watch(Session::Resource::Pools);
        session.watch(Session::Resource::Instances);
        const QString poolId = pool(u"idle"_s, u"default"_s);
        const QString sku = m_skus.value(u"sea-3-h100"_s);
        // Two nodes from now on.
        m_api.setAllocation(poolId, sku, 2);
        session.refresh(Session::Resource::Pools);
        // Asked before the row is looked up: asking the simulator lets the session apply a poll,
        // which replaces the rows a pointer from find() points into.
        const qint64 now = m_api.now();
        QTRY_VERIFY_WITH_TIMEOUT(
            session.pools()->find(poolId) && session.pools()->find(poolId)->nodesAt(now) == 2, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(session.pools()->idleOf(poolId).nodeHours, 2 * 48, 15000);
        const int row = session.pools()->rowOf(poolId);
        QCOMPARE(session.pools()->index(row, PoolModel::IdleColumn).data(ResourceRole::RawRole).toLongLong(),
                 96);
        // (Plural forms come from the English translation the app loads.)
        QVERIFY(session.pools()
                    ->index(row, PoolModel::IdleColumn)
                    .data()
                    .toString()
                    .startsWith(u"96 node-hour"_s));

        QList<Image> images = await(m_client->images(QString::fromLatin1(ApiClient::publicImagesWorkspace)));
        QVERIFY(!images.isEmpty());
        NewInstance spec;
        spec.pool = poolId;
        spec.sku = sku;
        spec.image = images.first().id;
        spec.name = u"idle-1"_s;
        ApiError error;
        const Instance started = await(m_client->createInstance(spec), &error);
        QVERIFY2(!started.id.isEmpty(), qPrintable(error.message()));
        // The app's own write reads the lists again: one node of two is in use from now on.
        QTRY_VERIFY_WITH_TIMEOUT(session.instances()->find(started.id), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(session.pools()->idleOf(poolId).nodeHours, 48, 15000);
        const IdleCapacity::PoolIdle idle = session.pools()->idleOf(poolId);
        QVERIFY(idle.sellable);
        QCOMPARE(idle.sellable->nodes, 1);
        QCOMPARE(idle.sellable->sku, sku);
        QCOMPARE(idle.sellable->start, IdleCapacity::windowStart(clock.nowSecs()));
        QCOMPARE(idle.sellable->end, IdleCapacity::windowStart(clock.nowSecs()) + 48 * 3600);
        QVERIFY(idle.sellableIsAll);
        session.stop();
    }
};

QTEST_GUILESS_MAIN(TestCapacitySession)
#include "tst_capacitysession.moc"
