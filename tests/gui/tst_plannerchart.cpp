// SPDX-License-Identifier: Apache-2.0

// What the planner chart draws of a snapshot's orders: only what overlaps the visible range, an
// order across the range's edge included, and orders that draw alike once, as dark as their layers.

#include "core/market/plannerdata.h"
#include "gui/reservations/plannerchart.h"
#include "support/testenv.h"

#include <QImage>
#include <QTest>

#include <cstdlib>
#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 Now = 1'800'001'200;
constexpr qint64 Hour0 = 1'800'000'000;

PlannerOrder standingBuy(const QString& id, qint64 start, qint64 end, qint64 nodes = 2)
{
    PlannerOrder order;
    order.id = id;
    order.sku = u"isku_h100"_s;
    order.start = start;
    order.end = end;
    order.nodes = nodes;
    order.limitMicros = 2'000'000;
    order.status = PlannerOrder::Status::Standing;
    return order;
}

PlannerSnapshot snapshotOf(const QList<PlannerOrder>& orders)
{
    PlannerSnapshot snapshot;
    snapshot.poolId = u"pool_a"_s;
    snapshot.poolName = u"a"_s;
    snapshot.now = Now;
    snapshot.orders = orders;
    return snapshot;
}

// Within a few steps of 255 per channel: fills composed one by one round at each step.
bool near(const QColor& a, const QColor& b, int tolerance = 3)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance
           && std::abs(a.blue() - b.blue()) <= tolerance;
}

} // namespace

class TstPlannerChart : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<PlannerChart> m_chart;

    QImage render(const QList<PlannerOrder>& orders)
    {
        m_chart->setSnapshot(snapshotOf(orders));
        return m_chart->image();
    }
    // The chart's pixel at `time`, halfway up the plot area.
    QColor pixelAt(const QImage& image, qint64 time) const
    {
        const QPoint at = m_chart->viewport()->mapTo(m_chart.get(), m_chart->viewportPointAt(time));
        return image.pixelColor(at);
    }

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void init()
    {
        m_chart = std::make_unique<PlannerChart>();
        m_chart->resize(1200, 600);
        m_chart->setUtc(true);
        m_chart->setSnapshot(snapshotOf({}));
        m_chart->setRange(PlannerChart::Range::Week);
        m_chart->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_chart.get()));
    }
    void cleanup() { m_chart.reset(); }

    void ordersOutsideTheRangeDrawNothing()
    {
        const QImage empty = render({});
        const qint64 from = m_chart->visibleFrom();
        const qint64 to = m_chart->visibleTo();
        QCOMPARE(render({standingBuy(u"ordr_before"_s, from - 10 * H, from),
                         standingBuy(u"ordr_after"_s, to, to + 10 * H)}),
                 empty);
        // The same orders in range are drawn.
        QVERIFY(render({standingBuy(u"ordr_in"_s, from + 10 * H, from + 20 * H)}) != empty);
    }

    void anOrderAcrossTheRangesEdgeIsDrawn()
    {
        const qint64 from = m_chart->visibleFrom();
        const qint64 to = m_chart->visibleTo();
        const QImage empty = render({});
        const QImage left = render({standingBuy(u"ordr_left"_s, from - 10 * H, from + 10 * H)});
        QVERIFY(!near(pixelAt(left, from + 5 * H), pixelAt(empty, from + 5 * H), 0));
        const QImage right = render({standingBuy(u"ordr_right"_s, to - 10 * H, to + 10 * H)});
        QVERIFY(!near(pixelAt(right, to - 5 * H), pixelAt(empty, to - 5 * H), 0));
        // Once the range moves off it, it is gone. (Each image is taken in its own statement: the
        // order in which a call's arguments are evaluated differs between compilers.)
        render({standingBuy(u"ordr_left"_s, from - 10 * H, from + 10 * H)});
        m_chart->setVisibleRange(from + 20 * H, to);
        const QImage moved = m_chart->image();
        const QImage movedEmpty = render({});
        QCOMPARE(moved, movedEmpty);
    }

    void alikeOrdersDrawAsDarkAsTheirLayers()
    {
        const qint64 start = Hour0 + 26 * H;
        const qint64 end = start + 6 * H; // too narrow at a week's range for a label
        const qint64 middle = start + 3 * H;
        const QColor one = pixelAt(render({standingBuy(u"ordr_1"_s, start, end)}), middle);
        // Three orders alike but for their ids and SKUs: drawn once.
        QList<PlannerOrder> alike;
        for (int i = 0; i < 3; ++i) {
            PlannerOrder order = standingBuy(u"ordr_%1"_s.arg(i), start, end);
            order.sku = u"isku_%1"_s.arg(i);
            alike.append(order);
        }
        const QColor merged = pixelAt(render(alike), middle);
        // Three that differ in their price (drawn one by one, as before).
        QList<PlannerOrder> different = alike;
        for (int i = 0; i < 3; ++i)
            different[i].limitMicros += i;
        const QColor layered = pixelAt(render(different), middle);
        QVERIFY2(near(merged, layered), qPrintable(merged.name() + u" against "_s + layered.name()));
        QVERIFY2(!near(merged, one, 10), qPrintable(merged.name() + u" against "_s + one.name()));
    }

    void theDescriptionCountsEachProcurementsOrders()
    {
        PlannerSnapshot snapshot = snapshotOf({});
        PlannerProcurement procurement;
        procurement.id = u"proc_a"_s;
        procurement.name = u"keeper"_s;
        procurement.sku = u"isku_h100"_s;
        procurement.target = 4;
        procurement.window = 24 * H;
        snapshot.procurements = {procurement};
        for (int i = 0; i < 3; ++i) {
            PlannerOrder order = standingBuy(u"ordr_%1"_s.arg(i), Hour0 + 26 * H, Hour0 + 30 * H);
            order.procurement = i < 2 ? u"proc_a"_s : QString();
            snapshot.orders.append(order);
        }
        m_chart->setSnapshot(snapshot);
        QVERIFY2(m_chart->description().contains(u"2 orders of it shown"_s),
                 qPrintable(m_chart->description()));
    }
};

QTEST_MAIN(TstPlannerChart)
#include "tst_plannerchart.moc"
