// SPDX-License-Identifier: Apache-2.0

// What the user is told of, worked out from the session's models: each change after the first
// read told once, the first read never, each kind off on its own, the capacity warnings on time.
#include "core/models/instancemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/notify/noticelog.h"
#include "core/notify/noticewatcher.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 Now = 1'790'000'000;
constexpr qint64 H = 3600;

Order order(const QString& id, Order::Status status, int filled)
{
    Order o;
    o.id = id;
    o.side = u"buy"_s;
    o.allowStanding = true;
    o.sku = {u"sku-1"_s, u"sea-3-h100"_s};
    o.delta = {{Now + 10 * H, Now + 12 * H, 2}};
    o.status = status;
    if (filled > 0) {
        o.filledDelta = {{Now + 10 * H, Now + 12 * H, filled}};
        o.fills = {OrderFill{u"contract-"_s + QString::number(filled), Now, o.filledDelta, {}}};
    }
    return o;
}

Instance instance(const QString& id, Instance::Status status)
{
    Instance i;
    i.id = id;
    i.name = u"worker-"_s + id;
    i.status = status;
    return i;
}

Pool pool(const QString& id, qint64 start, qint64 end)
{
    Pool p;
    p.id = id;
    p.name = u"pool "_s + id;
    p.total = {{start, end, 1}};
    return p;
}

QList<Notice> noticesOf(const QSignalSpy& spy)
{
    QList<Notice> notices;
    for (const QList<QVariant>& args : spy)
        notices.append(args.at(0).value<Notice>());
    return notices;
}

} // namespace

class TestNoticeWatcher final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstReadIsNotTold()
    {
        OrderModel orders;
        QAbstractItemModelTester tester(&orders, QAbstractItemModelTester::FailureReportingMode::QtTest);
        NoticeWatcher watcher;
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Orders, &orders);
        // The first answer arrives before the list counts as read, as the session's does.
        orders.refresh(
            {order(u"o1"_s, Order::Status::Filled, 2), order(u"o2"_s, Order::Status::Standing, 0)});
        watcher.setLoaded(NoticeWatcher::Source::Orders, true);
        orders.refresh(
            {order(u"o1"_s, Order::Status::Filled, 2), order(u"o2"_s, Order::Status::Standing, 0)});
        QCOMPARE(told.size(), 0);
    }

    void aFillIsToldOnce()
    {
        OrderModel orders;
        QAbstractItemModelTester tester(&orders, QAbstractItemModelTester::FailureReportingMode::QtTest);
        NoticeWatcher watcher;
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Orders, &orders);
        orders.refresh({order(u"o1"_s, Order::Status::Standing, 0)});
        watcher.setLoaded(NoticeWatcher::Source::Orders, true);
        QCOMPARE(told.size(), 0);

        orders.refresh({order(u"o1"_s, Order::Status::PartiallyFilled, 1)});
        orders.refresh({order(u"o1"_s, Order::Status::PartiallyFilled, 1)});
        QCOMPARE(told.size(), 1);
        Notice partly = noticesOf(told).at(0);
        QCOMPARE(partly.kind, Notice::Kind::OrderFilled);
        QCOMPARE(partly.title, u"Order partly filled"_s);
        QCOMPARE(partly.section, u"orders"_s);
        QCOMPARE(partly.targetId, u"o1"_s);

        orders.refresh({order(u"o1"_s, Order::Status::Filled, 2)});
        QCOMPARE(told.size(), 2);
        QCOMPARE(noticesOf(told).at(1).title, u"Order filled"_s);
        QVERIFY(noticesOf(told).at(1).text.contains(u"2 node"_s));

        // Gone and back (a workspace switch, a failed read): the same fill is not news.
        orders.refresh({});
        orders.refresh({order(u"o1"_s, Order::Status::Filled, 2)});
        QCOMPARE(told.size(), 2);
    }

    void aNewOrderThatFilledAtOnceIsTold()
    {
        OrderModel orders;
        NoticeWatcher watcher;
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Orders, &orders);
        watcher.setLoaded(NoticeWatcher::Source::Orders, true); // an empty first read
        orders.refresh({order(u"o9"_s, Order::Status::Filled, 2)});
        QCOMPARE(told.size(), 1);
        QCOMPARE(noticesOf(told).at(0).targetId, u"o9"_s);
    }

    void aStandingOrderExpiringUnfilledIsTold()
    {
        OrderModel orders;
        NoticeWatcher watcher;
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Orders, &orders);
        orders.refresh(
            {order(u"o1"_s, Order::Status::Standing, 0), order(u"o2"_s, Order::Status::Standing, 0)});
        watcher.setLoaded(NoticeWatcher::Source::Orders, true);
        Order expired = order(u"o1"_s, Order::Status::Cancelled, 0);
        expired.cancelledAt = expired.endAt();
        Order partlyEnded = order(u"o2"_s, Order::Status::Cancelled, 1);
        partlyEnded.cancelledAt = partlyEnded.endAt();
        orders.refresh({expired, partlyEnded});
        const QList<Notice> notices = noticesOf(told);
        // o1 expired with nothing; o2 ended with a fill, which is a fill, not an expiry.
        QCOMPARE(notices.size(), 2);
        QCOMPARE(notices.at(0).kind, Notice::Kind::OrderExpired);
        QCOMPARE(notices.at(0).targetId, u"o1"_s);
        QCOMPARE(notices.at(1).kind, Notice::Kind::OrderFilled);
        QCOMPARE(notices.at(1).targetId, u"o2"_s);
    }

    void aStandingOrderCancelledBeforeItsEndIsNotAnExpiry()
    {
        // Declared first, so that it outlives the watcher that reads it.
        qint64 clock = Now;
        OrderModel orders;
        NoticeWatcher watcher;
        watcher.setClock([&clock] { return clock; });
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Orders, &orders);
        orders.refresh({order(u"o1"_s, Order::Status::Standing, 0),
                        order(u"o2"_s, Order::Status::Standing, 0),
                        order(u"o3"_s, Order::Status::Standing, 0)});
        watcher.setLoaded(NoticeWatcher::Source::Orders, true);
        // o1 cancelled by the user before its end; o2 cancelled without a time, before its end;
        // o3 swept a minute after its end, as a real market's sweeper may be late.
        Order cancelled = order(u"o1"_s, Order::Status::Cancelled, 0);
        cancelled.cancelledAt = Now;
        Order noTime = order(u"o2"_s, Order::Status::Cancelled, 0);
        Order late = order(u"o3"_s, Order::Status::Cancelled, 0);
        late.cancelledAt = late.endAt() + 60;
        orders.refresh({cancelled, noTime, late});
        QCOMPARE(told.size(), 1);
        QCOMPARE(noticesOf(told).at(0).kind, Notice::Kind::OrderExpired);
        QCOMPARE(noticesOf(told).at(0).targetId, u"o3"_s);

        // Without a cancellation time, the server's clock past the end makes it an expiry.
        Order expiredNoTime = order(u"o4"_s, Order::Status::Standing, 0);
        orders.refresh({cancelled, noTime, late, expiredNoTime});
        clock = expiredNoTime.endAt();
        expiredNoTime.status = Order::Status::Cancelled;
        orders.refresh({cancelled, noTime, late, expiredNoTime});
        QCOMPARE(told.size(), 2);
        QCOMPARE(noticesOf(told).at(1).targetId, u"o4"_s);
    }

    void anInstanceRunningIsToldOnce()
    {
        InstanceModel instances;
        QAbstractItemModelTester tester(&instances, QAbstractItemModelTester::FailureReportingMode::QtTest);
        NoticeWatcher watcher;
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Instances, &instances);
        instances.refresh({instance(u"a"_s, Instance::Status::Running),
                           instance(u"b"_s, Instance::Status::AwaitingAllocation)});
        watcher.setLoaded(NoticeWatcher::Source::Instances, true);
        instances.refresh({instance(u"a"_s, Instance::Status::Running),
                           instance(u"b"_s, Instance::Status::Running),
                           instance(u"c"_s, Instance::Status::Running)});
        instances.refresh({instance(u"a"_s, Instance::Status::Running),
                           instance(u"b"_s, Instance::Status::Running),
                           instance(u"c"_s, Instance::Status::Running)});
        const QList<Notice> notices = noticesOf(told);
        QCOMPARE(notices.size(), 2);
        QCOMPARE(notices.at(0).kind, Notice::Kind::InstanceRunning);
        QCOMPARE(notices.at(0).targetId, u"b"_s);
        QCOMPARE(notices.at(0).section, u"instances"_s);
        QCOMPARE(notices.at(1).targetId, u"c"_s);
    }

    void aKindTurnedOffIsNotTold()
    {
        OrderModel orders;
        NoticeWatcher watcher;
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setEnabled(Notice::Kind::OrderFilled, false);
        QVERIFY(!watcher.isEnabled(Notice::Kind::OrderFilled));
        QVERIFY(watcher.isEnabled(Notice::Kind::OrderExpired));
        watcher.setModel(NoticeWatcher::Source::Orders, &orders);
        orders.refresh({order(u"o1"_s, Order::Status::Standing, 0)});
        watcher.setLoaded(NoticeWatcher::Source::Orders, true);
        orders.refresh({order(u"o1"_s, Order::Status::Filled, 2)});
        QCOMPARE(told.size(), 0);
        // Turned on again later, what happened meanwhile is not told after all.
        watcher.setEnabled(Notice::Kind::OrderFilled, true);
        orders.refresh({order(u"o1"_s, Order::Status::Filled, 2)});
        QCOMPARE(told.size(), 0);
    }

    void capacityIsWarnedFortyMinutesAhead()
    {
        PoolModel pools;
        QAbstractItemModelTester tester(&pools, QAbstractItemModelTester::FailureReportingMode::QtTest);
        qint64 now = Now;
        NoticeWatcher watcher;
        watcher.setClock([&now] { return now; });
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Pools, &pools);
        // One pool whose capacity starts in two hours and ends two hours later; one whose
        // capacity starts in 20 minutes, already inside the warning at the first read.
        pools.refresh({pool(u"p1"_s, Now + 2 * H, Now + 4 * H), pool(u"p2"_s, Now + 1200, Now + 3 * H)});
        watcher.setLoaded(NoticeWatcher::Source::Pools, true);
        QCOMPARE(told.size(), 0);
        // One timer, to the first warning due (p2's end, then p1's start...).
        QCOMPARE(watcher.nextWarningAt(), Now + 2 * H - NoticeWatcher::CapacityWarningSecs);

        now = Now + 2 * H - NoticeWatcher::CapacityWarningSecs;
        watcher.clockChanged();
        QCOMPARE(told.size(), 1);
        Notice starts = noticesOf(told).at(0);
        QCOMPARE(starts.kind, Notice::Kind::CapacitySoon);
        QCOMPARE(starts.title, u"Capacity starts soon"_s);
        QCOMPARE(starts.section, u"pools"_s);
        QCOMPARE(starts.targetId, u"p1"_s);
        QVERIFY2(starts.text.contains(u"40 minute"_s), qPrintable(starts.text));
        watcher.clockChanged();
        QCOMPARE(told.size(), 1);

        // The timer itself tells the next one: p2's end, 40 minutes before 3 h.
        QCOMPARE(watcher.nextWarningAt(), Now + 3 * H - NoticeWatcher::CapacityWarningSecs);
        now = Now + 3 * H - NoticeWatcher::CapacityWarningSecs + 60;
        watcher.clockChanged();
        QCOMPARE(told.size(), 2);
        QCOMPARE(noticesOf(told).at(1).title, u"Capacity ends soon"_s);
        QCOMPARE(noticesOf(told).at(1).targetId, u"p2"_s);

        // The same pools read again tell nothing more; the timer goes to p1's end.
        pools.refresh({pool(u"p1"_s, Now + 2 * H, Now + 4 * H), pool(u"p2"_s, Now + 1200, Now + 3 * H)});
        QCOMPARE(told.size(), 2);
        QCOMPARE(watcher.nextWarningAt(), Now + 4 * H - NoticeWatcher::CapacityWarningSecs);
    }

    // A pool that owns nodes with no instance on them for more than an hour is told once per idle
    // stretch; a stretch ends when an instance starts on it; a kind turned off tells nothing.
    void anIdlePoolIsToldOncePerStretch()
    {
        PoolModel pools;
        InstanceModel instances;
        QAbstractItemModelTester tester(&pools, QAbstractItemModelTester::FailureReportingMode::QtTest);
        qint64 now = Now;
        NoticeWatcher watcher;
        watcher.setClock([&now] { return now; });
        // Only the idle notices, here.
        watcher.setEnabled(Notice::Kind::InstanceRunning, false);
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        watcher.setModel(NoticeWatcher::Source::Pools, &pools);
        watcher.setModel(NoticeWatcher::Source::Instances, &instances);
        const auto owning = [](const QString& id) {
            Pool p = pool(id, Now - H, Now + 10 * H);
            p.bySku.insert(u"sku-1"_s, p.total);
            return p;
        };
        const auto on = [](const QString& id, const QString& poolId, Instance::Status status) {
            Instance i = instance(id, status);
            i.pool.id = poolId;
            i.sku.id = u"sku-1"_s;
            return i;
        };
        pools.refresh({owning(u"p1"_s), owning(u"p2"_s)});
        instances.refresh({on(u"busy"_s, u"p2"_s, Instance::Status::Running)});
        watcher.setLoaded(NoticeWatcher::Source::Pools, true);
        watcher.setLoaded(NoticeWatcher::Source::Instances, true);
        now = Now + H;
        watcher.clockChanged();
        QCOMPARE(told.size(), 0); // an hour, not more
        now = Now + H + 60;
        watcher.clockChanged();
        QCOMPARE(told.size(), 1);
        const Notice idle = noticesOf(told).at(0);
        QCOMPARE(idle.kind, Notice::Kind::PoolIdle);
        QCOMPARE(idle.targetId, u"p1"_s);
        QCOMPARE(idle.section, u"pools"_s);
        QVERIFY2(idle.text.contains(u"pool p1"_s), qPrintable(idle.text));
        // The next poll, and the next, tell nothing more.
        now += 600;
        watcher.clockChanged();
        pools.refresh({owning(u"p1"_s), owning(u"p2"_s), pool(u"p3"_s, Now + 5 * H, Now + 6 * H)});
        QCOMPARE(told.size(), 1);

        // An instance starting on it ends the stretch; after it stops, a new one is told an hour on.
        instances.refresh({on(u"busy"_s, u"p2"_s, Instance::Status::Running),
                           on(u"new"_s, u"p1"_s, Instance::Status::AwaitingAllocation)});
        now += 2 * H;
        watcher.clockChanged();
        QCOMPARE(told.size(), 1);
        instances.refresh({on(u"busy"_s, u"p2"_s, Instance::Status::Running),
                           on(u"new"_s, u"p1"_s, Instance::Status::Terminated)});
        now += H + 1;
        watcher.clockChanged();
        QCOMPARE(told.size(), 2);
        QCOMPARE(noticesOf(told).at(1).targetId, u"p1"_s);

        // Turned off: a third stretch is not told.
        watcher.setEnabled(Notice::Kind::PoolIdle, false);
        instances.refresh({on(u"busy"_s, u"p2"_s, Instance::Status::Running),
                           on(u"new"_s, u"p1"_s, Instance::Status::Running)});
        instances.refresh({on(u"busy"_s, u"p2"_s, Instance::Status::Running),
                           on(u"new"_s, u"p1"_s, Instance::Status::Terminated)});
        now += 2 * H;
        watcher.clockChanged();
        QCOMPARE(told.size(), 2);
    }

    // Bound to a session, the watcher reads the lists its kinds need whatever page is open (in the
    // background), and only those; unbound, it leaves them.
    void aSessionsListsAreWatchedWhileAKindNeedsThem()
    {
        Session session(nullptr);
        NoticeWatcher watcher;
        watcher.bind(&session);
        QVERIFY(session.isWatchedInBackground(Session::Resource::Orders));
        QVERIFY(session.isWatchedInBackground(Session::Resource::Pools));
        QVERIFY(session.isWatchedInBackground(Session::Resource::Instances));
        // In the background: no page shows them, so they poll at the slower cadence.
        QVERIFY(!session.isWatched(Session::Resource::Orders));
        watcher.setEnabled(Notice::Kind::OrderFilled, false);
        QVERIFY(session.isWatchedInBackground(Session::Resource::Orders)); // expiries still need the orders
        watcher.setEnabled(Notice::Kind::OrderExpired, false);
        watcher.setEnabled(Notice::Kind::CapacitySoon, false);
        QVERIFY(!session.isWatchedInBackground(Session::Resource::Orders));
        QVERIFY(session.isWatchedInBackground(Session::Resource::Pools)); // idle pools still need the pools
        watcher.setEnabled(Notice::Kind::PoolIdle, false);
        QVERIFY(!session.isWatchedInBackground(Session::Resource::Pools));
        QVERIFY(session.isWatchedInBackground(Session::Resource::Instances));
        watcher.bind(nullptr);
        QVERIFY(!session.isWatchedInBackground(Session::Resource::Instances));

        // The session's first read is the baseline; what changes after it is told.
        watcher.setEnabled(Notice::Kind::OrderFilled, true);
        watcher.bind(&session);
        QSignalSpy told(&watcher, &NoticeWatcher::noticed);
        session.orders()->refresh({order(u"o1"_s, Order::Status::Filled, 2)});
        QCOMPARE(told.size(), 0);
        Q_EMIT session.listLoaded(Session::Resource::Orders);
        QVERIFY(watcher.isLoaded(NoticeWatcher::Source::Orders));
        session.orders()->refresh(
            {order(u"o1"_s, Order::Status::Filled, 2), order(u"o2"_s, Order::Status::Filled, 1)});
        QCOMPARE(told.size(), 1);
        QCOMPARE(noticesOf(told).at(0).targetId, u"o2"_s);
        // Another workspace: its first read is a baseline again.
        session.setWorkspace(u"ws-2"_s);
        QVERIFY(!watcher.isLoaded(NoticeWatcher::Source::Orders));
        session.orders()->refresh({order(u"o3"_s, Order::Status::Filled, 2)});
        Q_EMIT session.listLoaded(Session::Resource::Orders);
        QCOMPARE(told.size(), 1);
        watcher.bind(nullptr);
    }

    void theLogListsNewestFirst()
    {
        NoticeLog log;
        QAbstractItemModelTester tester(&log, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Notice first;
        first.title = u"Order filled"_s;
        first.text = u"one"_s;
        first.targetId = u"o1"_s;
        Notice second = first;
        second.targetId = u"o2"_s;
        log.add(first);
        log.add(second);
        QCOMPARE(log.rowCount(), 2);
        QCOMPARE(log.at(0).targetId, u"o2"_s);
        QCOMPARE(log.index(1, NoticeLog::NoticeColumn).data().toString(), u"Order filled"_s);
        QCOMPARE(log.index(1, NoticeLog::DetailsColumn).data().toString(), u"one"_s);
        QCOMPARE(log.index(0, 0).data(ResourceRole::ObjectRole).value<Notice>(), second);
        for (int i = 0; i < NoticeLog::MaxNotices; ++i)
            log.add(first);
        QCOMPARE(log.rowCount(), NoticeLog::MaxNotices);
        log.clear();
        QCOMPARE(log.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestNoticeWatcher)
#include "tst_noticewatcher.moc"
