// SPDX-License-Identifier: Apache-2.0

// The account at a glance from the connection's lists: owned nodes per pool now and hour by hour
// over the week ahead, running and starting instances per InfiniBand partition (ended ones not
// counted), and the orders still open, the standing ones among them.
#include "core/models/accountglance.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
// Half past an hour: "now" is not on an hour's edge.
constexpr qint64 Now = 1'800'000'000 - 1'800'000'000 % H + 30 * 60;

Pool poolOf(const QString& id, const NodeSchedule& schedule)
{
    Pool pool;
    pool.id = id;
    pool.name = id + u"-name"_s;
    pool.total = schedule;
    return pool;
}

Instance instanceOf(const QString& id, Instance::Status status, const QString& partition = {})
{
    Instance instance;
    instance.id = id;
    instance.status = status;
    if (!partition.isEmpty())
        instance.infinibandPartition = ObjectRef{partition, partition + u"-name"_s};
    return instance;
}

Order orderOf(const QString& id, Order::Status status, qint64 startAt)
{
    Order order;
    order.id = id;
    order.status = status;
    order.delta = {ScheduleEntry{startAt, startAt + H, 1}};
    return order;
}

} // namespace

class TestAccountGlance final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ownedNodesNowAndHourByHour()
    {
        const qint64 hour = Now - 30 * 60;
        // 2 nodes until two hours from now's hour, then 5 for a day, then nothing.
        const Pool training = poolOf(u"p1"_s, {ScheduleEntry{hour - 10 * H, hour + 2 * H, 2},
                                               ScheduleEntry{hour + 2 * H, hour + 26 * H, 5}});
        const Pool empty = poolOf(u"p2"_s, {});
        const AccountGlance glance = AccountGlance::of({training, empty}, {}, {}, {}, Now);
        QCOMPARE(glance.pools.size(), 2);
        const AccountGlance::PoolLine& line = glance.pools.at(0);
        QCOMPARE(line.name, u"p1-name"_s);
        QCOMPARE(line.nodesNow, 2);
        QCOMPARE(line.hourly.size(), AccountGlance::HoursAhead);
        QCOMPARE(line.hourly.at(0), 2);
        QCOMPARE(line.hourly.at(1), 2);
        QCOMPARE(line.hourly.at(2), 5);
        QCOMPARE(line.hourly.at(25), 5);
        QCOMPARE(line.hourly.at(26), 0);
        QCOMPARE(line.fewest, 0);
        QCOMPARE(line.most, 5);
        QCOMPARE(glance.pools.at(1).most, 0);
        QCOMPARE(glance.pools.at(1).nodesNow, 0);
    }

    // Idle: owned node-hours of the next 48 whole hours that no running or starting instance uses.
    void idleNodeHoursPerPool()
    {
        const qint64 hour = Now - 30 * 60;
        Pool training = poolOf(u"p1"_s, {ScheduleEntry{hour - H, hour + 100 * H, 2}});
        training.bySku.insert(u"h100"_s, training.total);
        Instance busy = instanceOf(u"i1"_s, Instance::Status::Running);
        busy.pool.id = u"p1"_s;
        busy.sku.id = u"h100"_s;
        Instance ended = instanceOf(u"i2"_s, Instance::Status::Terminated);
        ended.pool.id = u"p1"_s;
        ended.sku.id = u"h100"_s;
        const AccountGlance glance = AccountGlance::of({training}, {busy, ended}, {}, {}, Now);
        QCOMPARE(glance.pools.at(0).idleNodeHours, 48);
        QCOMPARE(glance.idleNodeHours, 48);
        const AccountGlance bare = AccountGlance::of({training}, {}, {}, {}, Now);
        QCOMPARE(bare.idleNodeHours, 96);
    }

    void instancesPerPartition()
    {
        InfinibandPartition idle;
        idle.id = u"ibp_idle"_s;
        idle.name = u"idle"_s;
        InfinibandPartition training;
        training.id = u"ibp_train"_s;
        training.name = u"training"_s;
        const QList<Instance> instances{
            instanceOf(u"i1"_s, Instance::Status::Running, u"ibp_train"_s),
            instanceOf(u"i2"_s, Instance::Status::Running, u"ibp_train"_s),
            instanceOf(u"i3"_s, Instance::Status::AwaitingAllocation, u"ibp_train"_s),
            instanceOf(u"i4"_s, Instance::Status::Terminated, u"ibp_idle"_s),
            instanceOf(u"i5"_s, Instance::Status::Failed, u"ibp_train"_s),
            instanceOf(u"i6"_s, Instance::Status::Running),
            // A partition the list does not hold (another workspace's): named from the instance.
            instanceOf(u"i7"_s, Instance::Status::AwaitingAllocation, u"ibp_other"_s),
        };
        const AccountGlance glance = AccountGlance::of({}, instances, {idle, training}, {}, Now);
        QCOMPARE(glance.running, 3);
        QCOMPARE(glance.starting, 2);
        QCOMPARE(glance.partitions.size(), 4);
        QCOMPARE(glance.partitions.at(0),
                 (AccountGlance::PartitionLine{u"ibp_train"_s, u"training"_s, 2, 1}));
        QCOMPARE(glance.partitions.at(1), (AccountGlance::PartitionLine{QString(), QString(), 1, 0}));
        QCOMPARE(glance.partitions.at(2),
                 (AccountGlance::PartitionLine{u"ibp_other"_s, u"ibp_other-name"_s, 0, 1}));
        // Partitions with nothing running come last.
        QCOMPARE(glance.partitions.at(3), (AccountGlance::PartitionLine{u"ibp_idle"_s, u"idle"_s, 0, 0}));
    }

    void openOrdersByStart()
    {
        const QList<Order> orders{
            orderOf(u"o1"_s, Order::Status::Filled, Now),
            orderOf(u"o2"_s, Order::Status::Standing, Now + 5 * H),
            orderOf(u"o3"_s, Order::Status::Pending, Now + 2 * H),
            orderOf(u"o4"_s, Order::Status::Cancelled, Now),
            orderOf(u"o5"_s, Order::Status::PartiallyFilled, Now + 3 * H),
            orderOf(u"o6"_s, Order::Status::Rejected, Now),
        };
        const AccountGlance glance = AccountGlance::of({}, {}, {}, orders, Now);
        QStringList ids;
        for (const Order& order : glance.openOrders)
            ids << order.id;
        QCOMPARE(ids, (QStringList{u"o3"_s, u"o5"_s, u"o2"_s}));
        QCOMPARE(glance.standingOrders, 1);
    }
};

QTEST_GUILESS_MAIN(TestAccountGlance)
#include "tst_accountglance.moc"
