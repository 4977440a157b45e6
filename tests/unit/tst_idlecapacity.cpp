// SPDX-License-Identifier: Apache-2.0

#include "core/market/idlecapacity.h"
#include "core/model/resources.h"

#include <QTest>

using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
// A moment ten minutes into an hour: the window starts at the next whole hour, T0.
constexpr qint64 T0 = 1000 * H;
constexpr qint64 Now = T0 - 50 * 60;

const QString SkuA = QStringLiteral("isku_a");
const QString SkuB = QStringLiteral("isku_b");

Pool pool(const QMap<QString, NodeSchedule>& bySku)
{
    Pool result;
    result.id = QStringLiteral("pool_1");
    result.bySku = bySku;
    return result;
}

Instance instance(const QString& id, const QString& sku, Instance::Status status,
                  std::optional<qint64> shutdown = std::nullopt,
                  const QString& poolId = QStringLiteral("pool_1"))
{
    Instance result;
    result.id = id;
    result.sku.id = sku;
    result.pool.id = poolId;
    result.status = status;
    result.expectedShutdownAt = shutdown;
    return result;
}

} // namespace

class TestIdleCapacity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void windowIsTheNextFortyEightWholeHours()
    {
        QCOMPARE(IdleCapacity::windowStart(Now), T0);
        QCOMPARE(IdleCapacity::windowEnd(Now), T0 + 48 * H);
        QCOMPARE(IdleCapacity::windowStart(T0), T0);
    }

    void nothingRunningIsAllIdle()
    {
        // 4 nodes for 10 hours from T0, then 2 nodes for 100 hours: clipped at the window's end.
        const Pool p = pool({{SkuA, {{T0 - H, T0 + 10 * H, 4}, {T0 + 10 * H, T0 + 110 * H, 2}}}});
        const IdleCapacity::PoolIdle idle = IdleCapacity::compute(p, {}, Now);
        QCOMPARE(idle.nodeHours, 4 * 10 + 2 * 38);
        QVERIFY(idle.sellable);
        // 2 × 38 = 76 node-hours beats 4 × 10 = 40.
        QCOMPARE(*idle.sellable, (IdleCapacity::Block{SkuA, T0 + 10 * H, T0 + 48 * H, 2}));
        QVERIFY(!idle.sellableIsAll);
    }

    void instancesUseNodesOfTheirSku()
    {
        const Pool p = pool({{SkuA, {{T0, T0 + 20 * H, 3}}}, {SkuB, {{T0, T0 + 5 * H, 1}}}});
        const QList<Instance> instances{
            instance(QStringLiteral("i1"), SkuA, Instance::Status::Running),
            instance(QStringLiteral("i2"), SkuA, Instance::Status::AwaitingAllocation, T0 + 4 * H),
            // Neither terminated instances, nor those of another pool, hold a node here.
            instance(QStringLiteral("i3"), SkuA, Instance::Status::Terminated),
            instance(QStringLiteral("i4"), SkuA, Instance::Status::Running, std::nullopt,
                     QStringLiteral("pool_2")),
        };
        const IdleCapacity::PoolIdle idle = IdleCapacity::compute(p, instances, Now);
        // SKU A: 1 idle for 4 hours, then 2 for 16; SKU B: 1 for 5.
        QCOMPARE(idle.nodeHours, 1 * 4 + 2 * 16 + 1 * 5);
        QCOMPARE(idle.bySku.value(SkuA).at(T0 + 3 * H), 1);
        QCOMPARE(idle.bySku.value(SkuA).at(T0 + 4 * H), 2);
        QCOMPARE(idle.bySku.value(SkuA).at(T0 + 20 * H), 0);
        QCOMPARE(*idle.sellable, (IdleCapacity::Block{SkuA, T0 + 4 * H, T0 + 20 * H, 2}));
    }

    void moreInstancesThanNodesIsNotNegative()
    {
        const Pool p = pool({{SkuA, {{T0, T0 + 2 * H, 1}}}});
        const QList<Instance> instances{instance(QStringLiteral("i1"), SkuA, Instance::Status::Running),
                                        instance(QStringLiteral("i2"), SkuA, Instance::Status::Running)};
        const IdleCapacity::PoolIdle idle = IdleCapacity::compute(p, instances, Now);
        QCOMPARE(idle.nodeHours, 0);
        QVERIFY(!idle.sellable);
        QVERIFY(idle.bySku.isEmpty());
    }

    void anHourOwnedInPartIsNotIdle()
    {
        // Owned from half past: the hour it starts in is not owned throughout.
        const Pool p = pool({{SkuA, {{T0 + H / 2, T0 + 3 * H, 2}}}});
        const IdleCapacity::PoolIdle idle = IdleCapacity::compute(p, {}, Now);
        QCOMPARE(idle.nodeHours, 2 * 2);
        QCOMPARE(*idle.sellable, (IdleCapacity::Block{SkuA, T0 + H, T0 + 3 * H, 2}));
        QVERIFY(idle.sellableIsAll);
    }

    void anOpenEndedScheduleIsCutAtTheWindow()
    {
        const Pool p = pool({{SkuA, {{T0 - 10 * H, std::nullopt, 1}}}});
        const IdleCapacity::PoolIdle idle = IdleCapacity::compute(p, {}, Now);
        QCOMPARE(idle.nodeHours, 48);
        QCOMPARE(*idle.sellable, (IdleCapacity::Block{SkuA, T0, T0 + 48 * H, 1}));
    }

    void idleNodesNow()
    {
        const Pool p = pool({{SkuA, {{T0 - H, T0 + H, 3}}}});
        QCOMPARE(IdleCapacity::idleNodesAt(p, {}, Now), 3);
        QCOMPARE(IdleCapacity::idleNodesAt(
                     p, {instance(QStringLiteral("i1"), SkuA, Instance::Status::Running)}, Now),
                 2);
        QCOMPARE(IdleCapacity::idleNodesAt(p, {}, T0 + H), 0);
    }
};

QTEST_GUILESS_MAIN(TestIdleCapacity)
#include "tst_idlecapacity.moc"
