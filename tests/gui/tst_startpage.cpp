// SPDX-License-Identifier: Apache-2.0

// The Start page on the app's own demo world, read as a user reads it: its figures equal what the
// API lists, before and after the app's own writes (an instance terminated, a standing order
// placed and cancelled); its buttons lead by keyboard into their sections; signed out, it says so
// and the bar above offers Sign In.
#include "core/api/apiclient.h"
#include "core/connection/connection.h"
#include "core/market/apimarketbackend.h"
#include "core/market/idlecapacity.h"
#include "core/models/ordermodel.h"
#include "gui/common/messagebar.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/reservations/pricewatchdialog.h"
#include "runningapp.h"
#include "support/apiwait.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"
#include "wrappedtexts.h"

#include <QApplication>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr int Timeout = 20000;

// The whole numbers in a text, in order: the figures a user reads.
QList<int> numbersIn(const QString& text)
{
    QList<int> numbers;
    static const QRegularExpression number(u"\\d+"_s);
    for (auto it = number.globalMatch(text); it.hasNext();)
        numbers << it.next().captured().toInt();
    return numbers;
}

struct Counts
{
    int running = 0;
    int starting = 0;
    int open = 0;
    int standing = 0;
};

} // namespace

class TestStartPage final : public QObject
{
    Q_OBJECT

    // What the API lists now, counted as the Start page counts it.
    static Counts apiCounts(ApiClient* client)
    {
        Counts counts;
        const auto instances = waitForResult(client->instances());
        const auto orders = waitForResult(client->orders());
        if (!instances || !orders)
            return counts;
        for (const Instance& instance : *instances) {
            counts.running += instance.status == Instance::Status::Running;
            counts.starting += instance.status == Instance::Status::AwaitingAllocation;
        }
        for (const Order& order : *orders) {
            counts.open += OrderModel::isOpen(order);
            counts.standing += order.status == Order::Status::Standing;
        }
        return counts;
    }

    static QString textOf(MainWindow* window, const QString& name)
    {
        const auto* label = window->findChild<QLabel*>(name);
        return label ? label->text() : QString();
    }

    // Whether the page shows `expected` (waited for: the lists are read again after a write).
    static bool showsCounts(MainWindow* window, const Counts& expected)
    {
        return QTest::qWaitFor(
            [&] {
                const QList<int> instances = numbersIn(textOf(window, u"startInstances"_s));
                const QList<int> orders = numbersIn(textOf(window, u"startOrders"_s));
                const QList<int> wantedOrders =
                    expected.open == 0 ? QList<int>{} : QList<int>{expected.open, expected.standing};
                return instances == QList<int>{expected.running, expected.starting} && orders == wantedOrders;
            },
            Timeout);
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
    }

    void figuresEqualTheApiAfterTheAppsWrites()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        MainWindow* window = running.window();
        QCOMPARE(window->currentSection(), u"start"_s);
        ApiClient* client = running.app->connection()->session()->client();

        // Pools: one line per pool the API lists, by name.
        const auto pools = waitForResult(client->pools());
        QVERIFY(pools && !pools->isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(window->findChildren<QLabel*>(u"startPoolLine"_s).size(), pools->size(),
                                  Timeout);
        const qint64 now = running.app->market()->now();
        int nodesNow = 0;
        for (const Pool& pool : *pools) {
            nodesNow += pool.nodesAt(now);
            bool listed = false;
            for (const QLabel* line : window->findChildren<QLabel*>(u"startPoolLine"_s))
                listed = listed || line->text().startsWith(pool.name + u':');
            QVERIFY2(listed, qPrintable(pool.name));
        }
        QCOMPARE(numbersIn(textOf(window, u"startPools"_s)).value(0), nodesNow);
        QCOMPARE(numbersIn(textOf(window, u"startPools"_s)).value(1), pools->size());
        // Idle: what the owned nodes of the next 48 hours leave unused by the API's instances.
        const auto listed = waitForResult(client->instances());
        QVERIFY(listed);
        qint64 idle = 0;
        for (const Pool& pool : *pools)
            idle += IdleCapacity::compute(pool, *listed, now).nodeHours;
        QTRY_COMPARE_WITH_TIMEOUT(numbersIn(textOf(window, u"startPools"_s)).value(2), idle, Timeout);

        Counts counts = apiCounts(client);
        QVERIFY(counts.running > 0);
        QVERIFY2(showsCounts(window, counts), qPrintable(textOf(window, u"startInstances"_s)));
        saveWidgetScreenshot(window, u"start-page"_s);

        // The app terminates an instance: one fewer runs, as the API says.
        const auto instances = waitForResult(client->instances());
        QVERIFY(instances);
        QString victim;
        for (const Instance& instance : *instances)
            if (instance.status == Instance::Status::Running)
                victim = instance.id;
        QVERIFY(waitForResult(client->terminateInstance(victim)));
        const Counts afterTerminate = apiCounts(client);
        QCOMPARE(afterTerminate.running + afterTerminate.starting, counts.running + counts.starting - 1);
        QVERIFY2(showsCounts(window, afterTerminate), qPrintable(textOf(window, u"startInstances"_s)));

        // The app places a standing buy far under the market: one more open order, standing.
        OrderRequest buy;
        buy.pool = pools->first().id;
        buy.sku = pools->first().bySku.isEmpty() ? QString() : pools->first().bySku.firstKey();
        if (buy.sku.isEmpty())
            for (const Pool& pool : *pools)
                if (!pool.bySku.isEmpty()) {
                    buy.pool = pool.id;
                    buy.sku = pool.bySku.firstKey();
                }
        QVERIFY(!buy.sku.isEmpty());
        buy.startAt = now - now % 3600 + 48 * 3600;
        buy.endAt = buy.startAt + 3 * 3600;
        buy.nodeCount = 1;
        buy.limitPrice = u"0.01"_s;
        buy.allowStanding = true;
        const auto placed = waitForResult(client->createOrder(buy));
        QVERIFY(placed);
        counts = apiCounts(client);
        QCOMPARE(counts.open, afterTerminate.open + 1);
        QCOMPARE(counts.standing, afterTerminate.standing + 1);
        QVERIFY2(showsCounts(window, counts), qPrintable(textOf(window, u"startOrders"_s)));
        QTRY_VERIFY_WITH_TIMEOUT(textOf(window, u"startOrderLines"_s).contains(u"$0.010"_s), Timeout);

        bool cancelled = false;
        client->cancelOrder(placed->id).onSuccess(window, [&cancelled] { cancelled = true; });
        QTRY_VERIFY_WITH_TIMEOUT(cancelled, Timeout);
        counts = apiCounts(client);
        QCOMPARE(counts.open, afterTerminate.open);
        QVERIFY2(showsCounts(window, counts), qPrintable(textOf(window, u"startOrders"_s)));
    }

    // Tab reaches each card's button; Space on it opens its section with the keyboard in it.
    void buttonsLeadIntoTheirSections()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        MainWindow* window = running.window();
        auto* open = window->findChild<QPushButton*>(u"startOpen_instances"_s);
        QVERIFY(open);
        QTRY_VERIFY(open->isVisible());
        QCOMPARE(open->accessibleName().isEmpty() ? open->text().remove(u'&') : open->accessibleName(),
                 u"Open Instances"_s);
        open->setFocus(Qt::TabFocusReason);
        QTest::keyClick(open, Qt::Key_Space);
        QCOMPARE(window->currentSection(), u"instances"_s);
        QVERIFY(window->sectionPage(u"instances"_s)->isAncestorOf(QApplication::focusWidget()));

        QVERIFY(window->setCurrentSection(u"start"_s));
        auto* watches = window->findChild<QPushButton*>(u"startPriceWatches"_s);
        QVERIFY(watches && watches->isVisible());
        watches->setFocus(Qt::TabFocusReason);
        QTest::keyClick(watches, Qt::Key_Space);
        QCOMPARE(window->currentSection(), u"reservations"_s);
        QTRY_VERIFY(window->findChild<PriceWatchesDialog*>()
                    && window->findChild<PriceWatchesDialog*>()->isVisible());
        window->findChild<PriceWatchesDialog*>()->close();
    }

    // Every line of the cards shows at the sizes a user gives the window: each pool's line and
    // chart, and every wrapped text whole (a label given less height than its text needs at its
    // width loses its first and last lines).
    void wrappedTextsShowWhole_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x768") << QSize(1024, 768);
        QTest::newRow("narrow") << QSize(800, 600);
        QTest::newRow("wide") << QSize(1600, 1000);
        QTest::newRow("short") << QSize(1280, 480);
        QTest::newRow("1180x760") << QSize(1180, 760);
        QTest::newRow("1100x700") << QSize(1100, 700);
        QTest::newRow("900x700") << QSize(900, 700);
    }

    void wrappedTextsShowWhole()
    {
        QFETCH(QSize, size);
        RunningApp running;
        QVERIFY(running.showConnected());
        MainWindow* window = running.window();
        QVERIFY(window->setCurrentSection(u"start"_s));
        // The demo world's partitions and pools are listed once the session has read them.
        QTRY_VERIFY_WITH_TIMEOUT(!textOf(window, u"startPartitions"_s).isEmpty(), Timeout);
        QTRY_VERIFY_WITH_TIMEOUT(!window->findChildren<QLabel*>(u"startPoolLine"_s).isEmpty(), Timeout);
        window->resize(size);
        QWidget* page = window->sectionPage(u"start"_s);
        QStringList clipped;
        const auto check = [&] {
            clipped = WrappedTexts::clipped(page);
            return clipped.isEmpty();
        };
        // A layout settles over a few turns of the event loop after a resize.
        QVERIFY2(QTest::qWaitFor(check, Timeout), qPrintable(clipped.join(u"; "_s)));
        const QList<QLabel*> poolLines = page->findChildren<QLabel*>(u"startPoolLine"_s);
        QCOMPARE(poolLines.size(), 3); // the demo world's pools: evaluation, inference, training-cluster
        for (const QLabel* line : poolLines)
            QVERIFY2(line->isVisible() && line->height() > 0, qPrintable(line->text()));
        const QList<QWidget*> charts = page->findChildren<QWidget*>(u"startPoolChart"_s);
        QCOMPARE(charts.size(), poolLines.size());
        for (const QWidget* chart : charts)
            QVERIFY2(chart->isVisible() && chart->height() > 0, qPrintable(chart->accessibleName()));
        saveWidgetScreenshot(window, u"start-page-%1x%2"_s.arg(size.width()).arg(size.height()));
    }

    void signedOutSaysSo()
    {
        RunningApp running;
        QVERIFY(running.showSignedOut());
        MainWindow* window = running.window();
        QVERIFY(window->setCurrentSection(u"start"_s));
        auto* signedOut = window->findChild<QLabel*>(u"startSignedOut"_s);
        QVERIFY(signedOut);
        QTRY_VERIFY(signedOut->isVisible());
        QVERIFY(!window->findChild<QWidget*>(u"startCards"_s)->isVisible());
        QCOMPARE(textOf(window, u"startScope"_s), u"Not signed in"_s);
        auto* bar = window->findChild<MessageBar*>(u"connectionBar"_s);
        QVERIFY(bar && bar->isVisible());
        QCOMPARE(bar->findChild<QPushButton*>(u"connectionBarButton"_s)->text(), u"Sign In…"_s);
        saveWidgetScreenshot(window, u"start-page-signed-out"_s);
    }
};

QTEST_MAIN(TestStartPage)
#include "tst_startpage.moc"
