// SPDX-License-Identifier: Apache-2.0

// Price watches in the app against the real sfsim on its thread, with its clock under the test's
// control: a watch made in the planner's Watch This Window… dialog under the market is not told
// while the market stays above it; once another account lists the window under the price it is
// told exactly once (desktop and Activity panel), not again at the next checks nor after a
// restart of the list from the settings; its Buy… opens the planner's order with the window and
// the price offered, placing nothing. The list (Reservations > Price Watches…) edits a watch by
// keyboard, which then waits again, and deletes it; Find Window's Watch… makes one of a result.
#include "appservices.h"
#include "common/constvalue.h"
#include "common/money.h"
#include "controlledsimulator.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/market/pricewatch.h"
#include "core/models/session.h"
#include "core/notify/noticelog.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "fakenotifier.h"
#include "gui/application/application.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/pricewatchdialog.h"
#include "gui/reservations/reservationspage.h"
#include "gui/reservations/windowsearchdialog.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAction>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
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

class TstPriceWatches final : public QObject
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

    void aSellerUnderThePriceIsToldOnceAndBuyOpensTheOrder()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        MemorySecretStore secrets;
        SimClient api;
        QJsonObject tokens;
        FakeNotifier notifier;
        const QString simDir = dir.filePath(u"local"_s);
        Application::Services services = appServices(&settings, &secrets, &network, [simDir, &api, &tokens] {
            return std::make_unique<ControlledSimulator>(simDir, &api, &tokens);
        });
        services.notifier = &notifier;
        std::optional<EventLoopWatchdog::Pause> startUp(std::in_place);
        auto app = std::make_unique<Application>(services);
        MainWindow* window = app->window();
        window->resize(1280, 800);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        app->start();
        startUp.reset();
        QTRY_COMPARE_WITH_TIMEOUT(app->connection()->state(), Connection::State::Ready, 30000);
        Session* session = app->connection()->session();
        // What the app asks of the orderbook.
        int orderbookReads = 0;
        QObject::connect(session->client(), &ApiClient::callStarted, session->client(),
                         [&orderbookReads](ApiCall* call) {
                             orderbookReads += call->request().path.contains(u"orderbook"_s);
                         });

        QString sku;
        for (const auto& v : constValue(api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            if (v.toObject().value(u"alias").toString() == u"sea-3-h100")
                sku = v.toObject().value(u"id").toString();
        QVERIFY(!sku.isEmpty());

        // A pool to buy into.
        const QString pool =
            api.post(u"/preview/v2/pools"_s,
                     {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, u"watched"_s}})
                .id();
        QVERIFY(!pool.isEmpty());

        // One hour a day and a half ahead: its best ask and bid as the app reads them.
        const qint64 start = floorHour(api.now()) + 36 * H;
        ApiMarketBackend* market = app->market();
        QSignalSpy quotes(market, &MarketBackend::quotesReady);
        market->requestQuotes(sku, start, start + H);
        QVERIFY(quotes.wait(Timeout));
        const auto hourQuotes = quotes.takeFirst().at(3).value<QList<HourQuote>>();
        QCOMPARE(hourQuotes.size(), 1);
        QVERIFY(hourQuotes.first().bestAsk && hourQuotes.first().bestBid);
        const qint64 ask = *hourQuotes.first().bestAsk;
        const qint64 bid = *hourQuotes.first().bestBid;
        QVERIFY2(ask - bid > 4 * Money::MinutePrecision, "the market leaves no room between bid and ask");
        // The watch's price between the bid and the ask; the seller comes in under it, still
        // above the bid (or the bid would take it at once).
        const qint64 price = Money::roundDownToMinutePrecision(bid + (ask - bid) / 2);
        const qint64 sellAt = Money::roundUpToMinutePrecision(bid + (ask - bid) / 4);
        QVERIFY(bid < sellAt && sellAt < price && price < ask);

        // The planner's Watch This Window… with that hour selected.
        app->setCurrentSection(u"reservations"_s);
        auto* page = window->findChild<ReservationsPage*>();
        QVERIFY(page);
        QTRY_VERIFY_WITH_TIMEOUT(!market->skus().isEmpty() && page->currentPool() == pool, Timeout);
        page->panel()->setSell(false);
        QTRY_VERIFY_WITH_TIMEOUT((page->panel()->setSku(sku), page->panel()->currentSku() == sku), Timeout);
        page->panel()->setNodes(1);
        page->chart()->setSelection(TimeAxis::Window{start, start + H});
        page->panel()->setWindow(start, start + H);
        auto* watchAction = page->findChild<QAction*>(u"plannerWatchAction"_s);
        QVERIFY(watchAction && watchAction->isEnabled());
        watchAction->trigger();
        PriceWatchDialog* dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = page->findChild<PriceWatchDialog*>()) && dialog->isVisible(),
                                 Timeout);
        QCOMPARE(dialog->findChild<QSpinBox*>(u"priceWatchNodes"_s)->value(), 1);
        QCOMPARE(dialog->findChild<QSpinBox*>(u"priceWatchHours"_s)->value(), 1);
        // The expiry goes along with the latest start.
        auto* latest = dialog->findChild<QDateTimeEdit*>(u"priceWatchLatest"_s);
        auto* expires = dialog->findChild<QDateTimeEdit*>(u"priceWatchExpires"_s);
        QCOMPARE(expires->dateTime().toSecsSinceEpoch(), start);
        latest->setDateTime(QDateTime::fromSecsSinceEpoch(start + 2 * H));
        QCOMPARE(expires->dateTime().toSecsSinceEpoch(), start + 2 * H);
        latest->setDateTime(QDateTime::fromSecsSinceEpoch(start));
        auto* priceField = dialog->findChild<QLineEdit*>(u"priceWatchPrice"_s);
        priceField->setText(Money::formatAmount(price));
        saveWidgetScreenshot(dialog, u"pricewatch-dialog"_s);
        dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        PriceWatchList* watches = app->priceWatches();
        QCOMPARE(watches->rowCount(), 1);
        const PriceWatch made = watches->watches().first();
        QCOMPARE(made.sku, sku);
        QCOMPARE(made.nodes, 1);
        QCOMPARE(made.duration, H);
        QCOMPARE(made.starts.earliest, start);
        QCOMPARE(made.starts.latest, start);
        QCOMPARE(made.maxRateMicros, price);
        QVERIFY(!made.fired);
        // Kept for the connection at once.
        QCOMPARE(PriceWatches::saved(settings, app->profile().id), watches->watches());

        // The clock moves on, the market stays above the price: checked, not told.
        PriceWatchChecker* checker = app->priceWatchChecker();
        QSignalSpy checked(checker, &PriceWatchChecker::checked);
        api.advanceClock(10 * 60);
        session->refreshAll();
        QVERIFY(checked.wait(Timeout));
        QVERIFY(notifier.ofKind(Notice::Kind::PriceWatch).isEmpty());
        QVERIFY(!watches->watches().first().fired);

        // Another account lists the hour under the price.
        const QString globex = tokens.value(u"globex-owner").toString();
        QVERIFY(!globex.isEmpty());
        const QString globexPool =
            api.post(u"/preview/v2/pools"_s,
                     {{u"workspace"_s, u"sfc:workspace:globex:default"_s}, {u"name"_s, u"sell"_s}}, globex)
                .id();
        QVERIFY(!globexPool.isEmpty());
        api.setAllocation(globexPool, sku, 1);
        const SimReply sell =
            api.post(u"/preview/v2/orders"_s,
                     {{u"pool"_s, globexPool},
                      {u"side"_s, u"sell"_s},
                      {u"instance_sku"_s, sku},
                      {u"allocation_schedule_delta"_s,
                       QJsonArray{QJsonObject{
                           {u"start_at"_s, start}, {u"end_at"_s, start + H}, {u"node_count"_s, 1}}}},
                      {u"limit_price_dollars_per_node_hour"_s, Money::format(sellAt)},
                      {u"allow_standing"_s, true}},
                     globex);
        QVERIFY2(!sell.id().isEmpty(), sell.raw.constData());
        QCOMPARE(sell.json.value(u"status"_s).toString(), u"standing"_s);

        // Told once, with the window and its price.
        checked.clear();
        session->refreshAll();
        QTRY_COMPARE_WITH_TIMEOUT(notifier.ofKind(Notice::Kind::PriceWatch).size(), 1, Timeout);
        const Notice told = notifier.ofKind(Notice::Kind::PriceWatch).first();
        QCOMPARE(told.section, u"reservations"_s);
        QCOMPARE(told.targetId, made.id);
        const PriceWatch fired = *watches->watch(made.id);
        QVERIFY(fired.fired);
        QCOMPARE(fired.fired->start, start);
        QCOMPARE(fired.fired->end, start + H);
        QCOMPARE(fired.fired->rateMicros(), sellAt);
        QCOMPARE(PriceWatches::saved(settings, app->profile().id).first().fired, fired.fired);
        int listed = 0;
        for (int row = 0; row < app->notices()->rowCount(); ++row)
            listed += app->notices()->at(row).kind == Notice::Kind::PriceWatch;
        QCOMPARE(listed, 1);

        // The next checks read nothing for it and tell nothing again.
        const int readsBefore = orderbookReads;
        const int asked = checker->readsAsked();
        QSignalSpy accountChecks(session, &Session::accountChecked);
        session->refreshAll();
        QVERIFY(accountChecks.wait(Timeout));
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(accountChecks.count() >= 2, Timeout);
        QCOMPARE(checker->readsAsked(), asked);
        QCOMPARE(notifier.ofKind(Notice::Kind::PriceWatch).size(), 1);
        // (The planner on screen reads its own quotes; the watch adds none.)
        Q_UNUSED(readsBefore);
        // Nor after the list is read back from the settings, as at the next start.
        watches->setWatches({});
        watches->setWatches(PriceWatches::saved(settings, app->profile().id));
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(accountChecks.count() >= 3, Timeout);
        QCOMPARE(checker->readsAsked(), asked);
        QCOMPARE(notifier.ofKind(Notice::Kind::PriceWatch).size(), 1);

        // The chart marks the window offered.
        page->chart()->clearSelection();
        const QList<PlannerChart::WatchMarker> markers{{start, start + H, 1, sellAt}};
        QTRY_COMPARE_WITH_TIMEOUT(page->chart()->watchMarkers(), markers, Timeout);
        QVERIFY(page->chart()->description().contains(u"A price watch found"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!page->chart()->snapshot().quotes.isEmpty(), Timeout);
        saveWidgetScreenshot(page, u"pricewatch-chart"_s);

        // Buy…: the planner's order panel with the window, one node, the price offered; nothing
        // placed.
        window->setCurrentSection(u"pools"_s);
        const int ordersBefore = int(api.get(u"/preview/v2/orders"_s).data().size());
        notifier.click(told);
        QCOMPARE(window->currentSection(), u"reservations"_s);
        QString why;
        const auto request = page->panel()->request(&why);
        QVERIFY2(request, qPrintable(why));
        QCOMPARE(request->side, u"buy"_s);
        QCOMPARE(request->sku, sku);
        QCOMPARE(request->nodeCount, 1);
        QCOMPARE(request->startAt, start);
        QCOMPARE(request->endAt, start + H);
        const auto limit = Money::parseRate(request->limitPrice);
        QVERIFY(limit);
        QCOMPARE(Money::roundToMinutePrecision(*limit), sellAt);
        QCOMPARE(page->chart()->selection(),
                 std::optional<TimeAxis::Window>(TimeAxis::Window{start, start + H}));
        QCOMPARE(int(api.get(u"/preview/v2/orders"_s).data().size()), ordersBefore);
        QTRY_VERIFY_WITH_TIMEOUT(!page->chart()->snapshot().quotes.isEmpty(), Timeout);
        saveWidgetScreenshot(window, u"pricewatch-buy"_s);

        // The list: the watch fired, Buy… there too; Delete removes it, and it is gone for good.
        auto* watchesAction = page->findChild<QAction*>(u"plannerWatchesAction"_s);
        watchesAction->trigger();
        PriceWatchesDialog* list = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((list = page->findChild<PriceWatchesDialog*>()) && list->isVisible(),
                                 Timeout);
        QCOMPARE(list->table()->model()->rowCount(), 1);
        QVERIFY(list->findChild<QPushButton*>(u"priceWatchesBuy"_s)->isEnabled());
        saveWidgetScreenshot(list, u"pricewatch-list"_s);
        // Edit… (Enter on the row): two nodes now, and it waits again.
        list->table()->setFocus();
        QTest::keyClick(list->table(), Qt::Key_Return);
        PriceWatchDialog* edit = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((edit = list->findChild<PriceWatchDialog*>()) && edit->isVisible(), Timeout);
        QCOMPARE(edit->findChild<QLineEdit*>(u"priceWatchPrice"_s)->text(), Money::formatAmount(price));
        edit->findChild<QSpinBox*>(u"priceWatchNodes"_s)->setValue(2);
        edit->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(watches->rowCount(), 1);
        QCOMPARE(watches->watches().first().nodes, 2);
        QVERIFY(!watches->watches().first().fired);
        QCOMPARE(PriceWatches::saved(settings, app->profile().id), watches->watches());
        QVERIFY(!list->findChild<QPushButton*>(u"priceWatchesBuy"_s)->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(page->chart()->watchMarkers().isEmpty(), Timeout);
        // Delete on the row deletes it.
        list->table()->setFocus();
        QTest::keyClick(list->table(), Qt::Key_Delete);
        QCOMPARE(watches->rowCount(), 0);
        QVERIFY(PriceWatches::saved(settings, app->profile().id).isEmpty());
        list->close();

        // Find Window's Watch… on a result: the watch of that window, a tenth under its price.
        page->findChild<QPushButton*>(u"plannerFindWindow"_s)->click();
        WindowSearchDialog* search = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((search = page->findChild<WindowSearchDialog*>()) && search->isVisible(),
                                 Timeout);
        search->findChild<QLineEdit*>(u"windowSearchShortest"_s)->setText(u"2h"_s);
        search->findChild<QLineEdit*>(u"windowSearchLongest"_s)->setText(u"2h"_s);
        search->findChild<QLineEdit*>(u"windowSearchLatest"_s)->setText(u"in 1d"_s);
        search->search();
        QTRY_VERIFY_WITH_TIMEOUT(!search->results().isEmpty(), Timeout);
        const WindowSearch::Offer found = search->results().first();
        search->findChild<QPushButton*>(u"windowSearchWatch"_s)->click();
        PriceWatchDialog* fromSearch = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (fromSearch = page->findChild<PriceWatchDialog*>()) && fromSearch->isVisible(), Timeout);
        fromSearch->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(watches->rowCount(), 1);
        const PriceWatch searched = watches->watches().first();
        QCOMPARE(searched.sku, sku);
        QCOMPARE(searched.nodes, found.nodes);
        QCOMPARE(searched.starts.earliest, found.start);
        QCOMPARE(searched.duration, found.end - found.start);
        QCOMPARE(searched.maxRateMicros,
                 Money::roundDownToMinutePrecision(found.rateMicros() - found.rateMicros() / 10));

        // Stopping the simulator's thread blocks the UI thread on purpose: not a stall of the app's.
        const EventLoopWatchdog::Pause shutDown;
        app.reset();
    }
};

QTEST_MAIN(TstPriceWatches)
#include "tst_pricewatches.moc"
