// SPDX-License-Identifier: Apache-2.0

// Desktop notifications from the app's own session against the real sfsim, run on its thread as the
// local profile's simulator is, with the clock under the test's control: a standing order that fills
// after the clock moves on is told exactly once (and one that reaches its end unfilled, but not one
// the user cancelled), listed in the activity panel, and a click on
// either opens the Orders page with that order selected.
#include "core/connection/connection.h"

#include "appservices.h"
#include "common/constvalue.h"
#include "controlledsimulator.h"
#include "core/models/ordermodel.h"
#include "core/models/session.h"
#include "core/notify/noticelog.h"
#include "core/notify/noticewatcher.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "fakenotifier.h"
#include "gui/application/application.h"
#include "gui/common/resourcetableview.h"
#include "gui/mainwindow/activitypanel.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/orders/orderspage.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QDir>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr int Timeout = 20000;

qint64 floorHour(qint64 t)
{
    return t - t % H;
}

} // namespace

class TstNotifications final : public QObject
{
    Q_OBJECT

private:
    EventLoopWatchdog m_watchdog;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
        m_watchdog.start();
    }

    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }

    void aFillAfterTheClockMovesIsToldOnceAndOpensTheOrder()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        MemorySecretStore secrets;
        SimClient api;
        FakeNotifier notifier;
        const QString simDir = dir.filePath(u"local"_s);
        Application::Services services = appServices(&settings, &secrets, &network, [simDir, &api] {
            return std::make_unique<ControlledSimulator>(simDir, &api);
        });
        services.notifier = &notifier;
        // Building every page and showing the window is the cold start, not what is tested here.
        std::optional<EventLoopWatchdog::Pause> startUp(std::in_place);
        auto app = std::make_unique<Application>(services);
        MainWindow* window = app->window();
        window->resize(1180, 760);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        app->start();
        startUp.reset();
        QTRY_COMPARE_WITH_TIMEOUT(app->connection()->state(), Connection::State::Ready, 30000);
        Session* session = app->connection()->session();
        NoticeWatcher* watcher = app->noticeWatcher();
        // The watcher reads the lists it tells of whatever page is open, and takes their first
        // read as the baseline.
        window->setCurrentSection(u"start"_s);
        QTRY_VERIFY_WITH_TIMEOUT(watcher->isLoaded(NoticeWatcher::Source::Orders)
                                     && watcher->isLoaded(NoticeWatcher::Source::Pools)
                                     && watcher->isLoaded(NoticeWatcher::Source::Instances),
                                 Timeout);

        // A standing buy below the market, which the market fills as time goes on.
        const QString pool =
            api.post(u"/preview/v2/pools"_s,
                     {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, u"patient"_s}})
                .id();
        QVERIFY(!pool.isEmpty());
        QString sku;
        for (const auto& v : constValue(api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            if (v.toObject().value(u"alias").toString() == u"sea-3-h100")
                sku = v.toObject().value(u"id").toString();
        QVERIFY(!sku.isEmpty());
        const qint64 start = floorHour(api.now()) + 80 * H;
        const SimReply preview =
            api.post(u"/preview/v2/order_preview"_s,
                     {{u"side"_s, u"buy"_s},
                      {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{sku}}}},
                      {u"start_at"_s, start},
                      {u"duration_seconds"_s, 2 * H},
                      {u"node_count"_s, 1}});
        const double rate = preview.json.value(u"post_order_body"_s)
                                .toObject()
                                .value(u"limit_price_dollars_per_node_hour"_s)
                                .toString()
                                .toDouble();
        QVERIFY(rate > 0);
        // Standing buys for the same two hours; the market fills them once its asks fall to the limit.
        const auto standingBuy = [&](double limit) {
            return api
                .post(u"/preview/v2/orders"_s,
                      {{u"pool"_s, pool},
                       {u"side"_s, u"buy"_s},
                       {u"instance_sku"_s, sku},
                       {u"allocation_schedule_delta"_s,
                        QJsonArray{QJsonObject{
                            {u"start_at"_s, start}, {u"end_at"_s, start + 2 * H}, {u"node_count"_s, 1}}}},
                       {u"limit_price_dollars_per_node_hour"_s, QString::number(limit, 'f', 2)},
                       {u"allow_standing"_s, true}})
                .id();
        };
        const QString id = standingBuy(rate * 0.93);
        QVERIFY(!id.isEmpty());
        // Two standing buys far below the market, in the same window: one cancelled by the user
        // before its end, one left to reach its end unfilled. Only the second is news.
        const auto lowBid = [&] { return standingBuy(rate * 0.1); };
        const QString cancelled = lowBid();
        const QString expiring = lowBid();
        QVERIFY(!cancelled.isEmpty() && !expiring.isEmpty());
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(session->orders()->find(id)
                                     && session->orders()->find(id)->status == Order::Status::Standing
                                     && session->orders()->find(cancelled),
                                 Timeout);
        QCOMPARE(api.del(u"/preview/v2/orders/"_s + cancelled).status, 204);
        QVERIFY(notifier.ofKind(Notice::Kind::OrderFilled).isEmpty());

        QString status;
        for (int step = 0; step < 14 && status != u"filled"_s; ++step) {
            api.advanceClock(6 * H);
            status = api.get(u"/preview/v2/orders/"_s + id).json.value(u"status"_s).toString();
        }
        QCOMPARE(status, u"filled"_s);
        if (api.now() < start + 2 * H)
            api.advanceClock(start + 2 * H - api.now());
        QCOMPARE(api.get(u"/preview/v2/orders/"_s + expiring).json.value(u"status"_s).toString(),
                 u"cancelled"_s);
        session->refreshAll();
        QTRY_COMPARE_WITH_TIMEOUT(notifier.ofKind(Notice::Kind::OrderFilled).size(), 1, Timeout);
        QTRY_COMPARE_WITH_TIMEOUT(notifier.ofKind(Notice::Kind::OrderExpired).size(), 1, Timeout);
        QCOMPARE(notifier.ofKind(Notice::Kind::OrderExpired).constFirst().targetId, expiring);
        // Read again: still the one notification.
        QSignalSpy loaded(session, &Session::listLoaded);
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(
            loaded.contains(QVariantList{QVariant::fromValue(Session::Resource::Orders)}), Timeout);
        const QList<Notice> fills = notifier.ofKind(Notice::Kind::OrderFilled);
        QCOMPARE(fills.size(), 1);
        QCOMPARE(notifier.ofKind(Notice::Kind::OrderExpired).size(), 1);
        const Notice filled = fills.first();
        QCOMPARE(filled.title, u"Order filled"_s);
        QCOMPARE(filled.section, u"orders"_s);
        QCOMPARE(filled.targetId, id);

        // The activity panel lists it too, for desktops without a notification service.
        NoticeLog* log = app->notices();
        int row = -1;
        for (int r = 0; r < log->rowCount(); ++r)
            if (log->at(r) == filled)
                row = r;
        QVERIFY(row >= 0);

        const auto selectedOrder = [window]() -> QString {
            auto* page = qobject_cast<OrdersPage*>(window->sectionPage(u"orders"_s));
            const QModelIndex current = page ? page->table()->currentSourceRow() : QModelIndex();
            return current.isValid() ? page->model()->at(current.row()).id : QString();
        };
        // A click on the desktop's notification opens the order.
        window->setCurrentSection(u"pools"_s);
        notifier.click(filled);
        QCOMPARE(window->currentSection(), u"orders"_s);
        QCOMPARE(selectedOrder(), id);

        // So does choosing it in the activity panel.
        window->setCurrentSection(u"pools"_s);
        auto* panel = window->findChild<ActivityPanel*>();
        QVERIFY(panel);
        QVERIFY(panel->tabs()->count() == 2);
        // The panel as the user opens it (View > Activity).
        for (QWidget* up = panel->parentWidget(); up; up = up->parentWidget())
            if (auto* dock = qobject_cast<QDockWidget*>(up))
                dock->show();
        panel->tabs()->setCurrentIndex(1);
        panel->noticeTable()->setCurrentIndex(log->index(row, 0));
        saveWidgetScreenshot(window, u"activity-notifications"_s);
        auto* open = panel->findChild<QPushButton*>(u"noticeOpen"_s);
        QVERIFY(open && open->isEnabled());
        open->click();
        QCOMPARE(window->currentSection(), u"orders"_s);
        QCOMPARE(selectedOrder(), id);

        const EventLoopWatchdog::Pause shutDown;
        app.reset();
    }
};

QTEST_MAIN(TstNotifications)
#include "tst_notifications.moc"
