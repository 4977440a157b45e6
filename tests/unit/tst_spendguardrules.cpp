// SPDX-License-Identifier: Apache-2.0

// The spend guard's rules with exact amounts at and around their boundaries: the total at the
// limit, the confirmation threshold, the daily buy cap and which orders are the day's buys.
#include "core/market/spendguard.h"

#include <QDateTime>
#include <QTest>
#include <QTimeZone>

#include <limits>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using SpendGuard::Verdict;

Q_DECLARE_METATYPE(SpendGuard::Verdict)

namespace {

constexpr qint64 H = 3600;

const QTimeZone Berlin(QByteArrayLiteral("Europe/Berlin"));

qint64 at(int year, int month, int day, int hour, int minute = 0, int second = 0)
{
    return QDateTime(QDate(year, month, day), QTime(hour, minute, second), Berlin).toSecsSinceEpoch();
}

// 2 nodes for 3 hours at $2.50 per node-hour: $15.00.
OrderRequest buy(const QString& limit = u"2.500000"_s, int nodes = 2, qint64 hours = 3)
{
    OrderRequest request;
    request.pool = u"pool"_s;
    request.sku = u"h100"_s;
    request.startAt = at(2026, 6, 10, 12);
    request.endAt = request.startAt + hours * H;
    request.nodeCount = nodes;
    request.limitPrice = limit;
    return request;
}

Order placed(qint64 createdAt, qint64 rateMicros, int nodes, qint64 hours,
             Order::Status status = Order::Status::Standing)
{
    Order order;
    order.id = u"ordr_"_s + QString::number(createdAt);
    order.side = u"buy"_s;
    order.createdAt = createdAt;
    order.limitPrice.micros = rateMicros;
    order.delta = {ScheduleEntry{createdAt + H, createdAt + H + hours * H, nodes}};
    order.status = status;
    return order;
}

} // namespace

class TestSpendGuardRules final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(Berlin.isValid()); }

    void totalIsNodesTimesHoursTimesLimitExactly()
    {
        QCOMPARE(SpendGuard::totalAtLimit(buy()), 15'000'000);
        // A limit at per-minute precision: $1.000060 × 1 node × 1 hour is exact to the micro-dollar.
        QCOMPARE(SpendGuard::totalAtLimit(buy(u"1.000060"_s, 1, 1)), 1'000'060);
        // 7 nodes × 5 hours × $0.000060: 2,100 µ$, no float in between.
        QCOMPARE(SpendGuard::totalAtLimit(buy(u"0.000060"_s, 7, 5)), 2'100);
        // Without a limit the order is not placeable: it costs nothing to check.
        QCOMPARE(SpendGuard::totalAtLimit(buy(QString())), 0);
        QCOMPARE(SpendGuard::totalAtLimit(buy(u"2,5"_s)), 0);
    }

    void threshold_data()
    {
        QTest::addColumn<std::optional<qint64>>("threshold");
        QTest::addColumn<Verdict>("verdict");
        QTest::newRow("none") << std::optional<qint64>() << Verdict::Allow;
        QTest::newRow("a cent above the total") << std::optional<qint64>(15'010'000) << Verdict::Allow;
        QTest::newRow("1 µ$ above the total") << std::optional<qint64>(15'000'001) << Verdict::Allow;
        QTest::newRow("the total exactly") << std::optional<qint64>(15'000'000) << Verdict::Allow;
        QTest::newRow("1 µ$ under the total") << std::optional<qint64>(14'999'999) << Verdict::AskAgain;
        QTest::newRow("zero: every buy") << std::optional<qint64>(0) << Verdict::AskAgain;
    }

    // Asked again only when the total is above the threshold, not at it.
    void threshold()
    {
        QFETCH(std::optional<qint64>, threshold);
        QFETCH(Verdict, verdict);
        const SpendGuard::Decision decision =
            SpendGuard::decide(buy(), {threshold, std::nullopt}, {}, at(2026, 6, 10, 9), Berlin);
        QCOMPARE(decision.verdict, verdict);
        QCOMPARE(decision.total, 15'000'000);
    }

    void cap_data()
    {
        QTest::addColumn<qint64>("cap");
        QTest::addColumn<Verdict>("verdict");
        // Bought today: 4 nodes × 2 h × $3.125 = $25.00; this order $15.00; together $40.00.
        QTest::newRow("well above") << qint64(100'000'000) << Verdict::Allow;
        QTest::newRow("1 µ$ above") << qint64(40'000'001) << Verdict::Allow;
        QTest::newRow("together exactly") << qint64(40'000'000) << Verdict::Allow;
        QTest::newRow("1 µ$ under") << qint64(39'999'999) << Verdict::Refuse;
        QTest::newRow("what was bought") << qint64(25'000'000) << Verdict::Refuse;
        QTest::newRow("zero") << qint64(0) << Verdict::Refuse;
    }

    // Refused when the day's buys and this one together pass the cap; reaching it is allowed.
    void cap()
    {
        QFETCH(qint64, cap);
        QFETCH(Verdict, verdict);
        const qint64 now = at(2026, 6, 10, 15);
        const QList<Order> orders{placed(at(2026, 6, 10, 8), 3'125'000, 4, 2)};
        const SpendGuard::Decision decision =
            SpendGuard::decide(buy(), {std::nullopt, cap}, orders, now, Berlin);
        QCOMPARE(decision.verdict, verdict);
        QCOMPARE(decision.boughtToday, 25'000'000);
        QCOMPARE(decision.total, 15'000'000);
        QCOMPARE(decision.together, 40'000'000);
    }

    // Over the cap there is nothing to ask: refused, even above the threshold.
    void capWinsOverThreshold()
    {
        const SpendGuard::Decision over = SpendGuard::decide(buy(), {qint64(1'000'000), qint64(14'999'999)},
                                                             {}, at(2026, 6, 10, 9), Berlin);
        QCOMPARE(over.verdict, Verdict::Refuse);
        const SpendGuard::Decision within = SpendGuard::decide(buy(), {qint64(1'000'000), qint64(15'000'000)},
                                                               {}, at(2026, 6, 10, 9), Berlin);
        QCOMPARE(within.verdict, Verdict::AskAgain);
    }

    void sellsAreNeverGuarded()
    {
        OrderRequest sell = buy();
        sell.side = u"sell"_s;
        const SpendGuard::Decision decision =
            SpendGuard::decide(sell, {qint64(0), qint64(0)}, {}, at(2026, 6, 10, 9), Berlin);
        QCOMPARE(decision.verdict, Verdict::Allow);
    }

    // The local day of `now`, from its midnight to the next one: a second either side is another day.
    void todayIsTheLocalDay()
    {
        const qint64 now = at(2026, 6, 10, 23, 59, 59);
        const QList<Order> orders{
            placed(at(2026, 6, 9, 23, 59, 59), 1'000'000, 1, 1),  // yesterday: $1
            placed(at(2026, 6, 10, 0, 0, 0), 2'000'000, 1, 1),    // today's first second: $2
            placed(at(2026, 6, 10, 23, 59, 59), 4'000'000, 1, 1), // today's last: $4
            placed(at(2026, 6, 11, 0, 0, 0), 8'000'000, 1, 1),    // tomorrow (a clock ahead): $8
        };
        QCOMPARE(SpendGuard::boughtOnDayOf(orders, now, Berlin), 6'000'000);
        // In UTC the day runs from 02:00 to 02:00 Berlin time in summer: the last two.
        QCOMPARE(SpendGuard::boughtOnDayOf(orders, now, QTimeZone::UTC), 12'000'000);
    }

    // The day the clocks go forward has 23 hours, and all of them count.
    void aShortDayIsOneDay()
    {
        const qint64 now = at(2026, 3, 29, 12);
        const QList<Order> orders{
            placed(at(2026, 3, 29, 0, 30), 1'000'000, 1, 1),
            placed(at(2026, 3, 29, 23, 30), 2'000'000, 1, 1),
            placed(at(2026, 3, 30, 0, 0), 4'000'000, 1, 1),
        };
        QCOMPARE(SpendGuard::boughtOnDayOf(orders, now, Berlin), 3'000'000);
    }

    // What counts of each order: an open or filled buy in full at its limit; of a cancelled one what
    // filled; nothing of a rejected one, a sell or a procurement's buy.
    void whatCountsOfAnOrder()
    {
        const qint64 t = at(2026, 6, 10, 8);
        QCOMPARE(SpendGuard::countedTotal(placed(t, 2'000'000, 3, 4)), 24'000'000);
        QCOMPARE(SpendGuard::countedTotal(placed(t, 2'000'000, 3, 4, Order::Status::Filled)), 24'000'000);
        QCOMPARE(SpendGuard::countedTotal(placed(t, 2'000'000, 3, 4, Order::Status::Pending)), 24'000'000);
        QCOMPARE(SpendGuard::countedTotal(placed(t, 2'000'000, 3, 4, Order::Status::PartiallyFilled)),
                 24'000'000);
        Order cancelled = placed(t, 2'000'000, 3, 4, Order::Status::Cancelled);
        QCOMPARE(SpendGuard::countedTotal(cancelled), 0);
        // 1 node of the 3 filled for the first 90 minutes: 1.5 node-hours at $2.
        cancelled.filledDelta = {ScheduleEntry{t + H, t + H + 90 * 60, 1}};
        QCOMPARE(SpendGuard::countedTotal(cancelled), 3'000'000);
        QCOMPARE(SpendGuard::countedTotal(placed(t, 2'000'000, 3, 4, Order::Status::Rejected)), 0);
        Order sell = placed(t, 2'000'000, 3, 4);
        sell.side = u"sell"_s;
        QCOMPARE(SpendGuard::countedTotal(sell), 0);
        Order procurement = placed(t, 2'000'000, 3, 4);
        procurement.procurement = u"proc_1"_s;
        QCOMPARE(SpendGuard::countedTotal(procurement), 0);
    }

    // A server's absurd amounts stop at the largest one instead of wrapping round to a small one.
    void hostileAmountsDoNotWrap()
    {
        const qint64 now = at(2026, 6, 10, 15);
        const qint64 big = std::numeric_limits<qint64>::max() / 2;
        Order huge = placed(at(2026, 6, 10, 8), big, 1, 1);
        huge.delta = {ScheduleEntry{0, std::numeric_limits<qint64>::max() / 4, 1'000'000}};
        const QList<Order> orders{huge, huge, huge};
        QCOMPARE(SpendGuard::boughtOnDayOf(orders, now, Berlin), std::numeric_limits<qint64>::max());
        const SpendGuard::Decision decision = SpendGuard::decide(
            buy(), {std::nullopt, std::numeric_limits<qint64>::max() - 1}, orders, now, Berlin);
        QCOMPARE(decision.verdict, Verdict::Refuse);
        QCOMPARE(decision.together, std::numeric_limits<qint64>::max());
    }

    // Without a cap the day's orders are not counted at all.
    void noCapCountsNothing()
    {
        const QList<Order> orders{placed(at(2026, 6, 10, 8), 3'125'000, 4, 2)};
        const SpendGuard::Decision decision =
            SpendGuard::decide(buy(), {}, orders, at(2026, 6, 10, 15), Berlin);
        QCOMPARE(decision.verdict, Verdict::Allow);
        QCOMPARE(decision.boughtToday, 0);
    }
};

QTEST_GUILESS_MAIN(TestSpendGuardRules)
#include "tst_spendguardrules.moc"
