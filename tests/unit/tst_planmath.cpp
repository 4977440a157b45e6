// SPDX-License-Identifier: Apache-2.0

#include "core/market/planmath.h"

#include <QTest>

using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;

Schedule spans(const QList<ScheduleEntry>& entries)
{
    return Schedule::fromEntries(entries);
}

PlannerOrder sellOrder(qint64 start, qint64 end, qint64 nodes, PlannerOrder::Status status,
                       Schedule filled = {})
{
    PlannerOrder order;
    order.id = QStringLiteral("ordr_%1").arg(start);
    order.buy = false;
    order.sku = QStringLiteral("isku_a");
    order.start = start;
    order.end = end;
    order.nodes = nodes;
    order.status = status;
    order.filled = filled;
    return order;
}

PlannerSnapshot pool()
{
    PlannerSnapshot snapshot;
    snapshot.ownedBySku.insert(QStringLiteral("isku_a"), spans({{0, 10 * H, 4}, {10 * H, 20 * H, 2}}));
    snapshot.ownedBySku.insert(QStringLiteral("isku_b"), Schedule::rectangle(5 * H, 15 * H, 3));
    return snapshot;
}

} // namespace

class TstPlanMath final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ownedMinimum()
    {
        const PlannerSnapshot snapshot = pool();
        QCOMPARE(PlanMath::ownedMinimum(snapshot, QStringLiteral("isku_a"), 0, 10 * H), qint64(4));
        QCOMPARE(PlanMath::ownedMinimum(snapshot, QStringLiteral("isku_a"), 9 * H, 11 * H), qint64(2));
        QCOMPARE(PlanMath::ownedMinimum(snapshot, QStringLiteral("isku_a"), 19 * H, 21 * H), qint64(0));
        QCOMPARE(PlanMath::ownedMinimum(snapshot, QStringLiteral("isku_missing"), 0, H), qint64(0));
    }

    void sellableSubtractsOpenListings_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<qint64>("sellable");
        // Owned: 4 over [0,10h), 2 over [10h,20h). Listed: 3 over [2h,6h) (1 of them filled over
        // [2h,4h)), a cancelled listing of 4 over [0,20h) that does not count.
        QTest::newRow("before the listing") << qint64(0) << 2 * H << qint64(4);
        QTest::newRow("over the filled part") << 2 * H << 4 * H << qint64(2);
        QTest::newRow("over the unfilled part") << 4 * H << 6 * H << qint64(1);
        QTest::newRow("the last day-ish tail") << 10 * H << 20 * H << qint64(2);
        QTest::newRow("past the end") << 19 * H << 21 * H << qint64(0);
        QTest::newRow("empty window") << 5 * H << 5 * H << qint64(0);
    }
    void sellableSubtractsOpenListings()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(qint64, sellable);
        PlannerSnapshot snapshot = pool();
        snapshot.orders.append(sellOrder(2 * H, 6 * H, 3, PlannerOrder::Status::PartiallyFilled,
                                         Schedule::rectangle(2 * H, 4 * H, 1)));
        snapshot.orders.append(sellOrder(0, 20 * H, 4, PlannerOrder::Status::Cancelled));
        QCOMPARE(PlanMath::sellableNodes(snapshot, QStringLiteral("isku_a"), start, end), sellable);
    }

    void stackedStepsAddUp()
    {
        const PlannerSnapshot snapshot = pool();
        const QList<PlanMath::Steps> stacked =
            PlanMath::stackedSteps({snapshot.ownedBySku.value(QStringLiteral("isku_a")),
                                    snapshot.ownedBySku.value(QStringLiteral("isku_b"))},
                                   0, 24 * H);
        QCOMPARE(stacked.size(), 2);
        const PlanMath::Steps a{{0, 4}, {10 * H, 2}, {20 * H, 0}, {24 * H, 0}};
        QCOMPARE(stacked.at(0), a);
        const PlanMath::Steps ab{{0, 4}, {5 * H, 7}, {10 * H, 5}, {15 * H, 2}, {20 * H, 0}, {24 * H, 0}};
        QCOMPARE(stacked.at(1), ab);
    }

    void stepsAreClipped()
    {
        const PlanMath::Steps steps =
            PlanMath::steps(spans({{0, 10 * H, 4}, {10 * H, 20 * H, 2}}), 5 * H, 12 * H);
        const PlanMath::Steps expected{{5 * H, 4}, {10 * H, 2}, {12 * H, 2}};
        QCOMPARE(steps, expected);
        QVERIFY(PlanMath::steps(Schedule(), 10, 5).isEmpty());
    }

    // The extension starts where ownership ends, with the nodes owned last.
    void extension()
    {
        PlannerSnapshot snapshot;
        snapshot.now = 5 * H;
        snapshot.ownedBySku.insert(QStringLiteral("a"),
                                   spans({{0, 10 * H + 1200, 4}, {10 * H + 1200, 20 * H + 1200, 2}}));
        QCOMPARE(PlanMath::extension(snapshot, QStringLiteral("a"), 24 * H),
                 std::optional<ScheduleEntry>(ScheduleEntry{20 * H + 1200, 44 * H + 1200, 2}));
        QCOMPARE(PlanMath::extension(snapshot, QStringLiteral("b"), 24 * H), std::nullopt);
        snapshot.now = 21 * H;
        QCOMPARE(PlanMath::extension(snapshot, QStringLiteral("a"), 24 * H), std::nullopt);
    }

    // Listed is each open sell's window less what has filled; what remains is owned less that.
    void listedAndRemaining()
    {
        PlannerSnapshot snapshot = pool();
        snapshot.orders.append(sellOrder(2 * H, 6 * H, 3, PlannerOrder::Status::PartiallyFilled,
                                         Schedule::rectangle(2 * H, 4 * H, 1)));
        snapshot.orders.append(sellOrder(0, 20 * H, 4, PlannerOrder::Status::Cancelled));
        QCOMPARE(PlanMath::listedForSale(snapshot, QStringLiteral("isku_a")),
                 spans({{2 * H, 4 * H, 2}, {4 * H, 6 * H, 3}}));
        QCOMPARE(PlanMath::remainingAfterListings(snapshot, QStringLiteral("isku_a")),
                 spans({{0, 2 * H, 4},
                        {2 * H, 4 * H, 2},
                        {4 * H, 6 * H, 1},
                        {6 * H, 10 * H, 4},
                        {10 * H, 20 * H, 2}}));
    }
};

QTEST_GUILESS_MAIN(TstPlanMath)
#include "tst_planmath.moc"
