// SPDX-License-Identifier: Apache-2.0

// The spend guard against the real sfsim on its simulated clock, through the planner's widgets and
// the real questions: a buy above the connection's threshold is asked about again (No places
// nothing, Yes places it); a buy that would pass the daily cap is refused with the amounts and no
// request; the refusal's Change Cap… raises the cap and the same buy then goes out.
#include "common/constvalue.h"
#include "confirmations.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/settings/settings.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/reservationspage.h"
#include "gui/reservations/spendguarddialog.h"
#include "orderstatus.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <time.h>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr int Timeout = 15000;
// 10:30 UTC, not the real time: the day the guard counts is the server clock's.
constexpr qint64 StartTime = 1'790'073'000;

} // namespace

class TstSpendGuard final : public QObject
{
    Q_OBJECT

private:
    SimProcess m_sim;
    SimClient m_api;
    QString m_h100;
    EventLoopWatchdog m_watchdog;

    QJsonArray ordersOf(const QString& pool)
    {
        return m_api.get(u"/preview/v2/orders?pool="_s + pool).data();
    }

    // The Spend Guard dialog the page opened, once it shows.
    static SpendGuardDialog* openDialog(QWidget* page)
    {
        SpendGuardDialog* found = nullptr;
        [[maybe_unused]] const bool shown = QTest::qWaitFor(
            [&] {
                for (auto* dialog : constValue(page->findChildren<SpendGuardDialog*>()))
                    if (dialog->isVisible())
                        found = dialog;
                return found != nullptr;
            },
            Timeout);
        return found;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // The local day is UTC's here, whatever the machine's zone: the test's orders are on one day.
        qputenv("TZ", "UTC");
        tzset();
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s, u"--start-time"_s, QString::number(StartTime)}),
                 qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        m_api.setFaultsOffFor(&m_sim);
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            if (v.toObject().value(u"alias").toString() == u"sea-3-h100")
                m_h100 = v.toObject().value(u"id").toString();
        QVERIFY(!m_h100.isEmpty());
        warmUpQt();
        m_watchdog.start();
    }

    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }
    void cleanupTestCase() { m_watchdog.report(); }

    void asksAboveTheThresholdAndRefusesOverTheCap()
    {
        const QString pool =
            m_api
                .post(u"/preview/v2/pools"_s,
                      {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, u"guarded"_s}})
                .id();
        QVERIFY(!pool.isEmpty());

        // The connection as the app has it, with its settings and profile; the questions are the
        // real ones.
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        const ConnectionProfile profile = ConnectionProfile::localSimulator();
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        // What the app sends to place orders.
        int orderPosts = 0;
        QObject::connect(&client, &ApiClient::callStarted, &client, [&orderPosts](ApiCall* call) {
            if (call->request().method == "POST" && call->request().path == u"/orders")
                ++orderPosts;
        });
        ApiMarketBackend backend(&client);
        backend.setPollInterval(3'600'000);
        ReservationsPage page(&backend);
        page.setSettings(&settings);
        page.setProfileSource([profile] { return profile; });
        page.resize(1300, 760);
        page.show();
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));

        backend.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(backend.pool(pool).has_value(), Timeout);
        page.setCurrentPool(pool);
        auto* sku = page.findChild<QComboBox*>(u"orderSku"_s);
        QTRY_VERIFY_WITH_TIMEOUT(sku->findData(m_h100) >= 0, Timeout);
        sku->setCurrentIndex(sku->findData(m_h100));

        // By keys: a window of 3 hours in two days, 2 nodes, a limit of $60 per node-hour (a multiple
        // of the API's per-minute precision): $360.00 at the limit.
        auto* start = page.findChild<QLineEdit*>(u"orderStart"_s);
        start->setFocus();
        QTest::keyClicks(start, u"in 2d"_s);
        QTest::keyClick(start, Qt::Key_Return);
        QWidget* view = page.chart()->findChild<QWidget*>(u"plannerChartView"_s);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        const auto window = page.chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->end - window->start, 3 * H);
        auto* nodes = page.findChild<QSpinBox*>(u"orderNodes"_s);
        nodes->setFocus();
        nodes->selectAll();
        QTest::keyClicks(nodes, u"2"_s);
        auto* limit = page.findChild<QLineEdit*>(u"orderLimit"_s);
        limit->setFocus();
        limit->selectAll();
        QTest::keyClicks(limit, u"60.00"_s);
        auto* place = page.findChild<QPushButton*>(u"orderPlace"_s);
        auto* status = page.findChild<QLabel*>(u"orderStatus"_s);
        QTRY_VERIFY(place->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(backend.ordersKnown(), Timeout);

        // Reservations > Spend Guard…: ask again above $300, by keys.
        auto* action = page.findChild<QAction*>(u"plannerSpendGuardAction"_s);
        QVERIFY(action && action->isEnabled());
        action->trigger();
        SpendGuardDialog* dialog = openDialog(&page);
        QVERIFY(dialog);
        // Keys go to the active window: the dialog's, once it shows.
        QTRY_COMPARE(QApplication::activeWindow(), dialog);
        QTest::keyClick(dialog, Qt::Key_A, Qt::AltModifier);
        // A button's key clicks it as the mouse would, a moment later; the keyboard moves on to the amount.
        QTRY_VERIFY(dialog->findChild<QCheckBox*>(u"spendGuardAskAgain"_s)->isChecked());
        auto* threshold = dialog->findChild<QLineEdit*>(u"spendGuardThreshold"_s);
        QTRY_COMPARE(QApplication::focusWidget(), threshold);
        QTest::keyClicks(threshold, u"300"_s);
        saveWidgetScreenshot(dialog, u"spendguard-dialog"_s);
        QTest::keyClick(threshold, Qt::Key_Return);
        QTRY_VERIFY(!dialog->isVisible());
        QCOMPARE(SpendGuard::savedLimits(settings, profile.id),
                 (SpendGuard::Limits{qint64(300'000'000), std::nullopt}));

        // Above it: the order is confirmed, then asked about again with the total; No places nothing.
        place->click();
        QMessageBox* first = openConfirmation(&page);
        QVERIFY(first);
        QVERIFY2(first->text().contains(u"Buy 2"_s), qPrintable(first->text()));
        answerConfirmation(first, true);
        QMessageBox* again = openConfirmation(&page);
        QVERIFY(again);
        QVERIFY(again != first);
        QCOMPARE(again->text(), u"This order costs $360.00 at its limit — more than your confirmation "
                                "threshold of $300.00. Place it?"_s);
        answerConfirmation(again, false);
        QTRY_VERIFY(place->isEnabled());
        QVERIFY(ordersOf(pool).isEmpty());
        QCOMPARE(orderPosts, 0);

        // Yes both times: placed.
        place->click();
        answerConfirmation(openConfirmation(&page), true);
        QVERIFY(answerConfirmation(&page, true).contains(u"$360.00"_s));
        QTRY_VERIFY_WITH_TIMEOUT(OrderStatus::saysPlaced(status->text()), Timeout);
        QCOMPARE(ordersOf(pool).size(), 1);

        // A daily cap of $500: $360 bought today and $360 more would pass it. Refused with the amounts,
        // nothing asked, nothing sent.
        SpendGuard::saveLimits(settings, profile.id, {qint64(300'000'000), qint64(500'000'000)});
        QTRY_VERIFY(place->isEnabled());
        const int postsBefore = orderPosts;
        place->click();
        QPointer<QMessageBox> refusal;
        QTRY_VERIFY((refusal = page.findChild<QMessageBox*>(u"spendCapRefusal"_s)) && refusal->isVisible());
        QCOMPARE(
            refusal->text(),
            u"This order was not placed: it would take today's buys past your daily buy cap of $500.00.\n\n"
            "Bought today: $360.00\nThis order at its limit: $360.00\nTogether: $720.00\n\n"
            "Change the cap to place it, or place a smaller order."_s);
        QCOMPARE(refusal->textFormat(), Qt::PlainText);
        QVERIFY(!openConfirmation(&page, 0));
        QVERIFY(status->text().contains(u"daily buy cap of $500.00"_s));
        QVERIFY(place->isEnabled());
        saveWidgetScreenshot(refusal, u"spendguard-refusal"_s);
        QCOMPARE(orderPosts, postsBefore);
        QCOMPARE(ordersOf(pool).size(), 1);

        // Change Cap… closes the refusal and opens the guard at the cap; $1,000 lets the same order
        // through.
        auto* change = refusal->findChild<QPushButton*>(u"spendCapChange"_s);
        QVERIFY(change);
        change->click();
        QTRY_VERIFY(!refusal);
        dialog = openDialog(&page);
        QVERIFY(dialog);
        auto* cap = dialog->findChild<QLineEdit*>(u"spendGuardCap"_s);
        QTRY_COMPARE(QApplication::focusWidget(), cap);
        QCOMPARE(cap->text(), u"500.00"_s);
        QVERIFY(cap->hasSelectedText());
        QTest::keyClicks(cap, u"$1,000"_s);
        QTest::keyClick(cap, Qt::Key_Return);
        QTRY_VERIFY(!dialog->isVisible());
        QCOMPARE(SpendGuard::savedLimits(settings, profile.id).dailyBuyCap, qint64(1'000'000'000));

        place->click();
        answerConfirmation(openConfirmation(&page), true);
        answerConfirmation(openConfirmation(&page), true);
        QTRY_VERIFY_WITH_TIMEOUT(OrderStatus::saysPlaced(status->text()), Timeout);
        QCOMPARE(ordersOf(pool).size(), 2);
        QCOMPARE(orderPosts, postsBefore + 1);
    }
};

QTEST_MAIN(TstSpendGuard)
#include "tst_spendguard.moc"
