// SPDX-License-Identifier: Apache-2.0

// The money view's model: bought, sold, net, cost per hour now and the month's burn-down, exact
// in micro-dollars from the API's decimal strings, per pool and per workspace, following the
// session's order and pool models.
#include "core/models/moneymodel.h"

#include "common/money.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/resourcetablemodel.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

const QTimeZone utc = QTimeZone::UTC;
// 2026-12-05 12:00 UTC.
const qint64 now = QDateTime(QDate(2026, 12, 5), QTime(12, 0), utc).toSecsSinceEpoch();

qint64 at(int day, int hour, int month = 12)
{
    return QDateTime(QDate(2026, month, day), QTime(hour, 0), utc).toSecsSinceEpoch();
}

Price price(const QString& text)
{
    return {text, Money::parseRate(text).value_or(-1)};
}

OrderFill fill(qint64 filledAt, qint64 start, qint64 end, int nodes, const QString& rate)
{
    OrderFill f;
    f.contract = u"cont_%1"_s.arg(filledAt);
    f.filledAt = filledAt;
    f.delta = {ScheduleEntry{start, end, nodes}};
    f.price = price(rate);
    return f;
}

Order order(const QString& id, const QString& side, const QString& pool, QList<OrderFill> fills)
{
    Order o;
    o.id = id;
    o.side = side;
    o.pool = {pool, pool + u"-name"_s};
    o.status = Order::Status::Filled;
    o.fills = std::move(fills);
    return o;
}

Pool pool(const QString& id, const QString& workspace, const QString& name, NodeSchedule total = {})
{
    Pool p;
    p.id = id;
    p.workspace = workspace;
    p.name = name;
    p.total = std::move(total);
    return p;
}

} // namespace

class TestMoneyModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void cleanupTestCase() { QLocale::setDefault(QLocale::c()); }

    // Amounts a double would get wrong: 0.1 + 0.2 is 0.30000000000000004, ten times 1.005 is
    // 10.049999999999999, and 2.345 is 2.34499999999999997 (shown as $2.34 through a double).
    void exactAmounts()
    {
        MoneyModel model;
        model.setTimeZone(utc);
        const QList<Order> orders{
            order(u"o1"_s, u"buy"_s, u"p1"_s,
                  {fill(at(1, 0), at(1, 0), at(1, 1), 1, u"0.1"_s),
                   fill(at(1, 1), at(1, 1), at(1, 2), 1, u"0.2"_s)}),
            order(u"o2"_s, u"buy"_s, u"p2"_s, {}),
        };
        QList<OrderFill> tens;
        for (int i = 0; i < 10; ++i)
            tens << fill(at(2, i), at(2, i), at(2, i + 1), 1, u"1.005"_s);
        QList<Order> all = orders;
        all << order(u"o3"_s, u"buy"_s, u"p2"_s, tens)
            << order(u"o4"_s, u"buy"_s, u"p3"_s, {fill(at(3, 0), at(3, 0), at(3, 1), 1, u"2.345"_s)});
        model.compute(all,
                      {pool(u"p1"_s, u"ws"_s, u"alpha"_s), pool(u"p2"_s, u"ws"_s, u"beta"_s),
                       pool(u"p3"_s, u"ws"_s, u"gamma"_s)},
                      now);
        QCOMPARE(model.rows().size(), 3);
        QCOMPARE(model.rows().at(0).name, u"alpha"_s);
        QCOMPARE(model.rows().at(0).bought, 300'000);
        QCOMPARE(model.rows().at(1).bought, 10'050'000);
        QCOMPARE(model.rows().at(2).bought, 2'345'000);
        QCOMPARE(model.data(model.index(2, MoneyModel::BoughtColumn)).toString(), u"$2.35"_s);
        QCOMPARE(model.data(model.index(1, MoneyModel::BoughtColumn)).toString(), u"$10.05"_s);
        QCOMPARE(model.data(model.index(0, MoneyModel::NetColumn)).toString(), u"$0.30"_s);
        QCOMPARE(model.totals().bought, 12'695'000);
    }

    // Half an hour at $1.23 is $0.615 exactly; 90 minutes on 3 nodes is 4.5 node-hours.
    void partialHours()
    {
        QCOMPARE(MoneyModel::amount(fill(0, at(1, 0), at(1, 0) + 1800, 1, u"1.23"_s)), 615'000);
        QCOMPARE(MoneyModel::nodeSeconds(fill(0, at(1, 0), at(1, 0) + 5400, 3, u"1.0"_s)), 16'200);
        QCOMPARE(MoneyModel::nodeHoursText(16'200), u"4.50"_s);
        QCOMPARE(MoneyModel::nodeHoursText(3600 * 1234), u"1,234"_s);
        QCOMPARE(MoneyModel::nodeHoursText(60), u"0.02"_s);
    }

    // Sold takes away from the net and from the cost per hour of the capacity held now; a fill
    // whose capacity is over (or yet to come) costs nothing per hour now.
    void soldNetAndCostPerHourNow()
    {
        MoneyModel model;
        model.setTimeZone(utc);
        const QList<Order> orders{
            order(u"b1"_s, u"buy"_s, u"p1"_s, {fill(at(4, 0), at(5, 0), at(6, 0), 2, u"3.5"_s)}),
            order(u"s1"_s, u"sell"_s, u"p1"_s, {fill(at(4, 6), at(5, 6), at(5, 18), 1, u"4.000001"_s)}),
            order(u"b2"_s, u"buy"_s, u"p1"_s, {fill(at(4, 0), at(1, 0), at(2, 0), 1, u"9.0"_s)}),
        };
        model.compute(orders, {pool(u"p1"_s, u"ws"_s, u"alpha"_s, {ScheduleEntry{at(5, 0), at(6, 0), 1}})},
                      now);
        const MoneyModel::Row& row = model.rows().constFirst();
        QCOMPARE(row.boughtNodeSeconds, 2 * 24 * 3600 + 24 * 3600);
        QCOMPARE(row.bought, 2 * 24 * 3'500'000LL + 24 * 9'000'000LL);
        QCOMPARE(row.soldNodeSeconds, 12 * 3600);
        QCOMPARE(row.sold, 12 * 4'000'001LL);
        QCOMPARE(row.net(), row.bought - row.sold);
        QCOMPARE(row.ownedNodes, 1);
        QCOMPARE(row.costPerHour, 2 * 3'500'000LL - 4'000'001LL);
        QCOMPARE(model.data(model.index(0, MoneyModel::CostPerHourColumn)).toString(), u"$3.00"_s);
        QCOMPARE(
            model.data(model.index(0, MoneyModel::CostPerHourColumn), ResourceRole::RawRole).toLongLong(),
            2'999'999LL);
    }

    // The month's days up to today, each the net filled up to its end; last month's fills not in it.
    void burnDown()
    {
        MoneyModel model;
        model.setTimeZone(utc);
        const QList<Order> orders{
            order(u"b0"_s, u"buy"_s, u"p1"_s, {fill(at(30, 0, 11), at(1, 0), at(1, 1), 1, u"100"_s)}),
            order(u"b1"_s, u"buy"_s, u"p1"_s, {fill(at(1, 8), at(1, 0), at(1, 1), 1, u"0.1"_s)}),
            order(u"b2"_s, u"buy"_s, u"p1"_s, {fill(at(3, 23), at(4, 0), at(4, 1), 1, u"0.2"_s)}),
            order(u"s1"_s, u"sell"_s, u"p1"_s, {fill(at(4, 1), at(4, 0), at(4, 1), 1, u"0.05"_s)}),
        };
        model.compute(orders, {}, now);
        const QList<MoneyModel::Day> days = model.burnDown();
        QCOMPARE(days.size(), 5);
        QCOMPARE(days.at(0).start, at(1, 0));
        QCOMPARE(days.at(4).start, at(5, 0));
        const QList<qint64> expected{100'000, 100'000, 300'000, 250'000, 250'000};
        for (int i = 0; i < 5; ++i)
            QCOMPARE(days.at(i).cumulativeNet, expected.at(i));
        // The pool unknown to the pool list is a row of its own, named as the order names it.
        QCOMPARE(model.rows().constFirst().name, u"p1-name"_s);
    }

    // By workspace: the pools of one workspace are one row, their nodes and money added.
    void groupingByWorkspace()
    {
        OrderModel orders;
        PoolModel pools;
        MoneyModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTimeZone(utc);
        model.setNow([] { return now; });
        model.setSources(&orders, &pools);
        QCOMPARE(model.rowCount(), 0);

        pools.refresh({pool(u"p1"_s, u"ws-a"_s, u"alpha"_s, {ScheduleEntry{at(5, 0), at(6, 0), 2}}),
                       pool(u"p2"_s, u"ws-a"_s, u"beta"_s, {ScheduleEntry{at(5, 0), at(6, 0), 3}}),
                       pool(u"p3"_s, u"ws-b"_s, u"gamma"_s)});
        orders.refresh(
            {order(u"b1"_s, u"buy"_s, u"p1"_s, {fill(at(4, 0), at(5, 0), at(6, 0), 2, u"1.25"_s)}),
             order(u"b2"_s, u"buy"_s, u"p2"_s, {fill(at(4, 0), at(5, 0), at(6, 0), 3, u"1.5"_s)})});
        // The changes arrive as several signals; one computation follows them.
        QSignalSpy computed(&model, &MoneyModel::computed);
        QVERIFY(computed.wait());
        QCOMPARE(model.rowCount(), 3);

        model.setGrouping(MoneyModel::Grouping::Workspace);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.headerData(MoneyModel::NameColumn, Qt::Horizontal).toString(), u"Workspace"_s);
        QCOMPARE(model.data(model.index(0, MoneyModel::NameColumn)).toString(), u"ws-a"_s);
        QCOMPARE(model.data(model.index(0, MoneyModel::OwnedNodesColumn)).toString(), u"5"_s);
        QCOMPARE(model.rows().at(0).bought, 24 * (2 * 1'250'000LL + 3 * 1'500'000LL));
        QCOMPARE(model.rows().at(0).costPerHour, 2 * 1'250'000LL + 3 * 1'500'000LL);
        QCOMPARE(model.rows().at(1).bought, 0);

        // A new fill on the next poll changes the figures in place.
        computed.clear();
        orders.refresh(
            {order(u"b1"_s, u"buy"_s, u"p1"_s,
                   {fill(at(4, 0), at(5, 0), at(6, 0), 2, u"1.25"_s),
                    fill(at(4, 1), at(5, 0), at(5, 1), 1, u"0.01"_s)}),
             order(u"b2"_s, u"buy"_s, u"p2"_s, {fill(at(4, 0), at(5, 0), at(6, 0), 3, u"1.5"_s)})});
        QVERIFY(computed.wait());
        QCOMPARE(model.rows().at(0).bought, 24 * (2 * 1'250'000LL + 3 * 1'500'000LL) + 10'000);
        QCOMPARE(model.totals().bought, model.rows().at(0).bought);
    }
};

QTEST_GUILESS_MAIN(TestMoneyModel)
#include "tst_moneymodel.moc"
