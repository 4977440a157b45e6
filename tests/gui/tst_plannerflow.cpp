// SPDX-License-Identifier: Apache-2.0

// The reservation planner and the orders view driven through their widgets against the real sfsim:
// drag a window on the chart, preview, place, watch fills arrive as the virtual clock moves, sell
// slices of a reservation, see the server's refusals, cancel a standing order.
#include "common/money.h"

#include "common/constvalue.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/models/format.h"
#include "core/models/ordermodel.h"
#include "core/models/resourceproxymodel.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/orders/orderspage.h"
#include "gui/reservations/marketview.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/reservationspage.h"
#include "gui/reservations/windowsearchdialog.h"
#include "gui/theme/theme.h"
#include "orderstatus.h"
#include "support/eventloopwatchdog.h"
#include "support/postedevents.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "underfaults.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPalette>
#include <QPointer>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <limits>
#include <memory>
#include <tuple>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 D = 24 * H;
const QString Orders = u"/preview/v2/orders"_s;
// Longer under faults: 300 ms per request, failed reads retried with backoff.
const int Timeout = UnderFaults::timeout(10000);
// Not the real time: the app has to go by the server's clock, not its own.
constexpr qint64 StartTime = 1'790'001'200;

qint64 floorHour(qint64 t)
{
    return t - t % H;
}

// One connection to the sim as the app has it: client, market backend, planner and orders page.
struct App
{
    QTemporaryDir dir;
    std::unique_ptr<Settings> settings;
    QNetworkAccessManager network;
    std::unique_ptr<ApiClient> client;
    std::unique_ptr<ApiMarketBackend> backend;
    std::unique_ptr<ReservationsPage> page;
    std::unique_ptr<OrdersPage> orders;
    QStringList confirmations;
    int callsInFlight = 0;

    App(const QUrl& url, const QString& token)
    {
        settings = std::make_unique<Settings>(dir.filePath(u"s.ini"_s));
        client = std::make_unique<ApiClient>(url, &network);
        client->setToken(token);
        QObject::connect(client.get(), &ApiClient::callStarted, client.get(), [this](ApiCall* call) {
            ++callsInFlight;
            QObject::connect(call, &ApiCall::finished, call, [this] { --callsInFlight; });
        });
        UnderFaults::shortenTransferTimeout(*client);
        backend = std::make_unique<ApiMarketBackend>(client.get());
        // The tests refresh when they want to see the server; no polling in between.
        backend->setPollInterval(3'600'000);
        page = std::make_unique<ReservationsPage>(backend.get());
        page->setConfirmer([this](QWidget*, const QString& text, const ConfirmDialog::Answer& answer) {
            confirmations.append(text);
            answer(true);
        });
        page->resize(1300, 760);
        page->show();
        orders = std::make_unique<OrdersPage>(backend.get(), settings.get());
        orders->setConfirmer([this](QWidget*, const QString& text, const ConfirmDialog::Answer& answer) {
            confirmations.append(text);
            answer(true);
        });
        orders->resize(1200, 500);
        orders->show();
    }
    ~App()
    {
        orders.reset();
        page.reset();
        backend.reset();
    }

    template <typename T> T* child(const QString& name) const
    {
        auto* widget = page->findChild<T*>(name);
        if (!widget)
            widget = orders->findChild<T*>(name);
        if (!widget)
            qFatal("no child %s", qPrintable(name));
        return widget;
    }

    // The mouse across the chart from one time to another.
    void drag(qint64 from, qint64 to) const
    {
        PlannerChart* chart = page->findChild<PlannerChart*>(u"plannerChart"_s);
        const QPoint a = chart->viewportPointAt(from);
        const QPoint b = chart->viewportPointAt(to);
        QWidget* viewport = chart->viewport();
        QTest::mousePress(viewport, Qt::LeftButton, {}, a);
        for (int step = 1; step <= 4; ++step)
            QTest::mouseMove(viewport, a + (b - a) * step / 4);
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, b);
    }

    // Reads the server again and waits until `ready` holds. Under faults a refresh can fail (said in
    // the planner's message line); the user refreshes again.
    bool refreshUntil(const std::function<bool()>& ready) const
    {
        backend->refresh();
        if (!UnderFaults::active())
            return QTest::qWaitFor(ready, 10000);
        for (int attempt = 0; attempt < 8; ++attempt) {
            if (QTest::qWaitFor(ready, 5000))
                return true;
            backend->refresh();
        }
        return ready();
    }

    // After a click on Place: waits until the status line says `expected`. Under faults each failure
    // in between must be on the status line, with Place enabled again, and the user clicks again;
    // *failures counts them.
    bool placeUntil(const QString& expected, int* failures = nullptr) const
    {
        return placeUntil(QStringList{expected}, failures);
    }
    // Any of these on the status line.
    bool placeUntil(const QStringList& expected, int* failures = nullptr) const
    {
        auto* place = child<QPushButton>(u"orderPlace"_s);
        return placeUntilShown(
            [place, expected](const QString& status) {
                return std::any_of(expected.cbegin(), expected.cend(), [&status, place](const QString& text) {
                    return status.contains(text)
                           // A refusal by the panel itself is on the disabled button's tooltip.
                           || (!place->isEnabled() && place->toolTip().contains(text));
                });
            },
            failures);
    }
    // Until the status line says the order was placed.
    bool placedUntil(int* failures = nullptr) const
    {
        return placeUntilShown(OrderStatus::saysPlaced, failures);
    }
    bool placeUntilShown(const std::function<bool(const QString&)>& shows, int* failures) const
    {
        auto* status = child<QLabel>(u"orderStatus"_s);
        auto* place = child<QPushButton>(u"orderPlace"_s);
        const bool placed = UnderFaults::retry(
            [place, clicked = true]() mutable {
                if (!clicked)
                    place->click();
                clicked = false;
            },
            [status, shows] { return shows(status->text()); },
            // A failure the user answers by placing again: refused, or lost on the way (the app then
            // says to place the same order again; it goes with the same Idempotency-Key).
            [status, place] {
                return place->isEnabled()
                       && (status->text().startsWith(u"The order was not placed"_s)
                           || status->text().startsWith(u"The order may or may not have been placed"_s));
            },
            Timeout, failures);
        if (!placed)
            qWarning("the status line says: %s", qPrintable(status->text()));
        return placed;
    }

    // The server's clock (a control route), to check the app goes by it.
    std::function<qint64()> serverNow;

    // Whether the app has the server's clock; under faults the request that reads it can fail.
    bool clockSynced() const { return !serverNow || qAbs(snapshot().now - serverNow()) <= 5; }

    bool choosePool(const QString& id) const
    {
        if (!refreshUntil([this, id] {
                return backend->pool(id).has_value() && (!UnderFaults::active() || clockSynced());
            }))
            return false;
        page->setCurrentPool(id);
        return page->currentPool() == id;
    }

    bool chooseSku(const QString& id) const
    {
        auto* sku = child<QComboBox>(u"orderSku"_s);
        const auto listed = [sku, id] { return sku->findData(id) >= 0; };
        if (UnderFaults::active() ? !refreshUntil([&] { return listed() && clockSynced(); })
                                  : !QTest::qWaitFor(listed, 10000))
            return false;
        sku->setCurrentIndex(sku->findData(id));
        return true;
    }

    const PlannerSnapshot& snapshot() const { return page->chart()->snapshot(); }
};

} // namespace

class TstPlannerFlow final : public QObject
{
    Q_OBJECT

private:
    SimProcess m_sim;
    SimClient m_api;
    QHash<QString, QString> m_skus; // alias -> id
    QString m_h100;
    EventLoopWatchdog m_watchdog;

    std::unique_ptr<App> app()
    {
        auto a = std::make_unique<App>(m_sim.baseUrl(), m_sim.token(u"acme-owner"_s));
        a->serverNow = [this] { return m_api.now(); };
        return a;
    }

    QString createPool(const QString& name)
    {
        return m_api
            .post(u"/preview/v2/pools"_s,
                  {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, name}})
            .id();
    }

    static QJsonObject orderBody(const QString& pool, const QString& side, const QString& sku, qint64 start,
                                 qint64 end, qint64 nodes, const QString& limit, bool standing)
    {
        return {
            {u"pool"_s, pool},
            {u"side"_s, side},
            {u"instance_sku"_s, sku},
            {u"allocation_schedule_delta"_s,
             QJsonArray{QJsonObject{{u"start_at"_s, start}, {u"end_at"_s, end}, {u"node_count"_s, nodes}}}},
            {u"limit_price_dollars_per_node_hour"_s, limit},
            {u"allow_standing"_s, standing}};
    }

    // The market's rate for a buy, as the server previews it.
    QString quotedRate(const QString& sku, qint64 start, qint64 end, qint64 nodes)
    {
        const SimReply r = m_api.post(u"/preview/v2/order_preview"_s,
                                      {{u"side"_s, u"buy"_s},
                                       {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{sku}}}},
                                       {u"start_at"_s, start},
                                       {u"duration_seconds"_s, end - start},
                                       {u"node_count"_s, nodes}});
        return r.json.value(u"post_order_body"_s)
            .toObject()
            .value(u"limit_price_dollars_per_node_hour"_s)
            .toString();
    }

    // Globex lists one node of H100 for a day from start, far above the market's bids so that it
    // stands (a preview cannot price it: the book may have no such day, which is why it is made).
    void offerADayOfOneNode(qint64 start)
    {
        const QString globex = m_sim.token(u"globex-owner"_s);
        QVERIFY(!globex.isEmpty());
        const QString pool =
            m_api
                .post(u"/preview/v2/pools"_s,
                      {{u"workspace"_s, u"sfc:workspace:globex:default"_s}, {u"name"_s, u"offered-day"_s}},
                      globex)
                .id();
        QVERIFY(!pool.isEmpty());
        m_api.setAllocation(pool, m_h100, 1);
        const SimReply sell = m_api.post(
            Orders, orderBody(pool, u"sell"_s, m_h100, start, start + D, 1, u"40.00"_s, true), globex);
        QCOMPARE(sell.json.value(u"status"_s).toString(), u"standing"_s);
    }

    QJsonArray ordersOf(const QString& pool) { return m_api.get(Orders + u"?pool="_s + pool).data(); }

    QJsonArray poolSchedule(const QString& pool, const QString& sku)
    {
        return m_api.get(u"/preview/v2/pools/"_s + pool)
            .json.value(u"allocation_schedule"_s)
            .toObject()
            .value(u"by_instance_sku"_s)
            .toObject()
            .value(sku)
            .toArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s, u"--start-time"_s, QString::number(StartTime)}),
                 qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        m_api.setFaultsOffFor(&m_sim);
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            m_skus.insert(v.toObject().value(u"alias").toString(), v.toObject().value(u"id").toString());
        m_h100 = m_skus.value(u"sea-3-h100"_s);
        QVERIFY(!m_h100.isEmpty());
        warmUpQt();
        m_watchdog.start();
    }

    // The UI thread's longest stall in each test function, and over the run.
    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }
    void cleanupTestCase()
    {
        m_watchdog.report();
        UnderFaults::report();
    }

    // A fresh account has no pools; the market's prices show all the same, and on the server's clock.
    void pricesShowWithoutAPool()
    {
        QVERIFY(m_api.get(u"/preview/v2/pools"_s).data().isEmpty());
        const auto a = app();
        QVERIFY(a->chooseSku(m_h100));
        QTRY_VERIFY_WITH_TIMEOUT(a->snapshot().quoteSku == m_h100 && !a->snapshot().quotes.isEmpty(),
                                 Timeout);
        QVERIFY(a->page->currentPool().isEmpty());
        QVERIFY(qAbs(a->snapshot().now - m_api.now()) <= 5);

        // Each hour's best ask is the book's for that hour and that SKU alone.
        const qint64 hour = floorHour(m_api.now()) + 5 * H;
        const SimReply book = m_api.get(
            u"/preview/v2/orderbook/quote?requirements=instance_sku:%1&start_at=%2&end_at=%3"_s.arg(m_h100)
                .arg(hour)
                .arg(hour + H));
        const QString ask =
            book.json.value(u"best_ask"_s).toObject().value(u"dollars_per_node_hour"_s).toString();
        QVERIFY(!ask.isEmpty());
        bool found = false;
        for (const HourQuote& quote : a->snapshot().quotes) {
            if (quote.hourStart == hour) {
                found = true;
                QVERIFY(quote.bestAsk);
                QCOMPARE(Money::format(*quote.bestAsk), ask);
            }
        }
        QVERIFY(found);
    }

    void dragPreviewPlaceOnce()
    {
        const QString pool = createPool(u"planned"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        const qint64 base = floorHour(m_api.now());
        QSignalSpy selected(a->page->chart(), &PlannerChart::selectionChanged);
        a->drag(base + 26 * H + 1800, base + 31 * H + 1800);
        QCOMPARE(selected.count(), 1);
        const auto window = a->page->chart()->selection();
        QVERIFY(window);
        QCOMPARE(window->start, base + 26 * H);
        QCOMPARE(window->end, base + 32 * H);
        QCOMPARE(a->page->panel()->windowStart().value_or(-1), base + 26 * H);
        QCOMPARE(a->page->panel()->windowEnd().value_or(-1), base + 32 * H);

        a->child<QSpinBox>(u"orderNodes"_s)->setValue(2);
        const QString rate = quotedRate(m_h100, base + 26 * H, base + 32 * H, 2);
        QVERIFY(!rate.isEmpty());
        auto* preview = a->child<QLabel>(u"orderPreview"_s);
        auto* nodes = a->child<QSpinBox>(u"orderNodes"_s);
        // A preview that failed says so; asking again (another node count and back) asks the market again.
        QVERIFY(UnderFaults::retry(
            [&, first = true]() mutable {
                if (!first) {
                    nodes->setValue(1);
                    nodes->setValue(2);
                }
                first = false;
            },
            // Shown as every rate is, not with the wire's six decimals.
            [&] {
                return preview->text().contains(u"Estimated rate: "_s
                                                + Format::rate(*Money::parseRate(rate)));
            },
            [&] { return preview->text().startsWith(u"No preview"_s); }, Timeout));
        // The market's rate as the limit, rounded up to a rate's precision so that it fills.
        QCOMPARE(a->child<QLineEdit>(u"orderLimit"_s)->text(),
                 Format::rateInput(*Money::parseRate(rate), Format::Rounding::Up));

        // Two quick clicks place one order.
        auto* place = a->child<QPushButton>(u"orderPlace"_s);
        QVERIFY(place->isEnabled());
        place->click();
        place->click();
        QTest::mouseDClick(place, Qt::LeftButton);
        int failures = 0;
        QVERIFY(a->placedUntil(&failures));
        QCOMPARE(a->confirmations.size(), 1 + failures);
        QVERIFY(a->confirmations.first().contains(u"Buy 2"_s));
        const QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 1);
        const QJsonObject order = onServer.first().toObject();
        QCOMPARE(order.value(u"side"_s).toString(), u"buy"_s);
        QCOMPARE(order.value(u"status"_s).toString(), u"filled"_s);
        QCOMPARE(order.value(u"allocation_schedule_delta"_s).toArray(),
                 (QJsonArray{QJsonObject{
                     {u"end_at"_s, base + 32 * H}, {u"node_count"_s, 2}, {u"start_at"_s, base + 26 * H}}}));
        // Filled at once: the pool owns the nodes on the chart without waiting for a poll. Under
        // faults the read that follows the order can fail on the way; the user refreshes.
        const Schedule bought = Schedule::rectangle(base + 26 * H, base + 32 * H, 2);
        const auto owned = [&] { return a->snapshot().ownedBySku.value(m_h100) == bought; };
        if (UnderFaults::active())
            QVERIFY(a->refreshUntil(owned));
        else
            QTRY_VERIFY_WITH_TIMEOUT(owned(), Timeout);
        QVERIFY(a->orders->model()->rowCount() >= 1);
    }

    // The server rounds a limit to per-minute precision (a multiple of $0.00006): what is sent is
    // the limit in force, rounded so; the confirmation, the orders list and the chart show it as
    // every rate is shown, to a tenth of a cent.
    void typedLimitsRoundTripExactly_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<QString>("inForce");
        const std::tuple<const char*, const char*, const char*> limits[] = {
            {"20.00", "20.000", "19.99998"}, {"0.01", "0.010", "0.01002"}, {"19.99", "19.990", "19.99002"},
            {"3.333", "3.333", "3.333"},     {"0.06", "0.060", "0.06"},    {"2.5", "2.500", "2.50002"}};
        for (const auto& [text, shown, inForce] : limits)
            QTest::addRow("%s", text)
                << QString::fromLatin1(text) << QString::fromLatin1(shown) << QString::fromLatin1(inForce);
    }

    void typedLimitsRoundTripExactly()
    {
        QFETCH(QString, typed);
        QFETCH(QString, shown);
        QFETCH(QString, inForce);
        const QString pool = createPool(u"limit-"_s + QString(typed).replace(u'.', u'-'));
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        const qint64 start = floorHour(m_api.now()) + 60 * H;
        a->drag(start + 1800, start + H + 1800);
        a->child<QLineEdit>(u"orderLimit"_s)->setText(typed);
        a->child<QCheckBox>(u"orderStanding"_s)->setChecked(true);
        const auto request = a->page->panel()->request();
        QVERIFY(request);
        const qint64 rate = *Money::parseRate(typed.contains(u'.') ? typed : typed + u".0"_s);
        QCOMPARE(request->limitPrice, Money::format(Money::roundToMinutePrecision(rate)));
        QCOMPARE(*Money::parseRate(request->limitPrice), *Money::parseRate(inForce));
        a->child<QPushButton>(u"orderPlace"_s)->click();
        QVERIFY(a->placeUntil(QStringList{u"standing"_s, u"filled"_s}));
        const QString confirmation = a->confirmations.last();
        QVERIFY2(confirmation.contains(u"limit of $"_s + shown + u" per node-hour"_s),
                 qPrintable(confirmation));
        // The rounding changes nothing a rate shows: nothing to explain.
        QVERIFY2(!confirmation.contains(u"typed"_s), qPrintable(confirmation));
        // The server keeps it to its precision.
        const QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 1);
        const QJsonObject order = onServer.first().toObject();
        QCOMPARE(order.value(u"limit_price_dollars_per_node_hour"_s).toString(),
                 Money::format(Money::roundToMinutePrecision(rate)));
        const QString id = order.value(u"id"_s).toString();
        OrderModel* model = a->orders->model();
        QVERIFY(a->refreshUntil([&] { return model->rowOf(id) >= 0; }));
        QCOMPARE(model->index(model->rowOf(id), OrderModel::LimitPriceColumn).data().toString(),
                 u"$"_s + shown + u"/node-hour"_s);
        QVERIFY(a->refreshUntil([&] { return a->snapshot().orders.size() == 1; }));
        if (a->snapshot().orders.first().isOpen()) {
            const QString tip = a->page->chart()->toolTipAt(a->page->chart()->viewportPointAt(start + 1800));
            QVERIFY2(tip.contains(u"limit $"_s + shown + u" "_s), qPrintable(tip));
        }
    }

    // Without a mouse: Start and End typed as the sf command line takes them, the window moved and
    // resized with the keyboard on the chart, Enter to place.
    void keyboardOnlyBuy()
    {
        const QString pool = createPool(u"keyboard"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        auto* start = a->child<QLineEdit>(u"orderStart"_s);
        start->setFocus();
        QTest::keyClicks(start, u"in 2d"_s);
        QTest::keyClick(start, Qt::Key_Return);
        const auto typed = a->page->chart()->selection();
        QVERIFY(typed);
        const qint64 expected = floorHour(a->snapshot().now + 2 * D) + H;
        QCOMPARE(typed->start, expected);
        QCOMPARE(typed->end, expected + H);
        QWidget* view = a->page->chart()->findChild<QWidget*>(u"plannerChartView"_s);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QTest::keyClick(view, Qt::Key_PageDown);
        QTest::keyClick(view, Qt::Key_Right);
        const TimeAxis::Window window{expected + D + H, expected + D + 4 * H};
        QCOMPARE(a->page->chart()->selection(), window);
        QVERIFY(view->accessibleDescription().contains(u"(3h)"_s));
        // The market's estimate fills in the limit; Enter on the chart places it.
        auto* limit = a->child<QLineEdit>(u"orderLimit"_s);
        auto* nodes = a->child<QSpinBox>(u"orderNodes"_s);
        QVERIFY(UnderFaults::retry(
            [&, first = true]() mutable {
                if (!first) {
                    nodes->setFocus();
                    QTest::keyClick(nodes, Qt::Key_Up);
                    QTest::keyClick(nodes, Qt::Key_Down);
                }
                first = false;
            },
            [&] { return !limit->text().isEmpty(); },
            [&] { return a->child<QLabel>(u"orderPreview"_s)->text().startsWith(u"No preview"_s); },
            Timeout));
        view->setFocus();
        QVERIFY(UnderFaults::retry(
            [&] { QTest::keyClick(view, Qt::Key_Return); },
            [&] { return OrderStatus::saysPlaced(a->child<QLabel>(u"orderStatus"_s)->text()); },
            [&] {
                return a->child<QPushButton>(u"orderPlace"_s)->isEnabled()
                       && a->child<QLabel>(u"orderStatus"_s)->text().startsWith(u"The order"_s);
            },
            Timeout));
        const QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 1);
        QCOMPARE(onServer.first().toObject().value(u"allocation_schedule_delta"_s).toArray(),
                 (QJsonArray{QJsonObject{
                     {u"end_at"_s, window.end}, {u"node_count"_s, 1}, {u"start_at"_s, window.start}}}));
        QVERIFY(a->confirmations.last().contains(u"Buy 1"_s));
    }

    // A search whose order book cannot be read ends with the reason and Find enabled again: the
    // dialog does not wait for an answer that will not come. Find then searches again.
    void findWindowSaysWhenTheBookCannotBeRead()
    {
        const QString pool = createPool(u"unread"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        QVERIFY(a->refreshUntil([&] { return a->clockSynced(); }));
        a->page->findChild<QPushButton*>(u"plannerFindWindow"_s)->click();
        QTRY_VERIFY(a->page->findChild<WindowSearchDialog*>());
        auto* dialog = a->page->findChild<WindowSearchDialog*>();
        QTRY_VERIFY(dialog->isVisible());
        const auto set = [dialog](const char* field, const QString& text) {
            dialog->findChild<QLineEdit*>(QLatin1StringView(field))->setText(text);
        };
        set("windowSearchShortest", u"1d"_s);
        set("windowSearchLongest", u"1d"_s);
        set("windowSearchEarliest", u"now"_s);
        set("windowSearchLatest", u"in 3d"_s);
        dialog->findChild<QSpinBox*>(u"windowSearchNodes"_s)->setValue(1);
        auto* find = dialog->findChild<QPushButton*>(u"windowSearchFind"_s);
        auto* status = dialog->findChild<QLabel*>(u"windowSearchStatus"_s);

        const QString faults = SimProcess::faultsFromEnvironment();
        QVERIFY(m_sim.setFaults(u"error=1"_s));
        find->click();
        QVERIFY(!find->isEnabled());
        // The client retries a failed read with backoff before it gives up.
        QTRY_VERIFY_WITH_TIMEOUT(find->isEnabled(), UnderFaults::timeout(30000));
        QVERIFY2(status->text().startsWith(u"The order book could not be read: "_s),
                 qPrintable(status->text()));
        QVERIFY(dialog->results().isEmpty());

        QVERIFY(m_sim.setFaults(faults));
        QVERIFY2(UnderFaults::retry([&] { find->click(); }, [&] { return !dialog->results().isEmpty(); },
                                    [&] { return find->isEnabled(); }, Timeout),
                 qPrintable(status->text()));
    }

    // Find Window… by keys only: 1 to 2 days, starting within 3 days. The results are ranked by
    // total, each within the lengths and starts asked for, and the market previews the best one;
    // Enter selects it on the chart as a buy and the panel previews it.
    void findTheCheapestWindow()
    {
        const QString pool = createPool(u"searched"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        // Shortcuts go to the active window: the planner's, as when the user works in it.
        a->page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(a->page.get()));
        QWidget* view = a->page->chart()->findChild<QWidget*>(u"plannerChartView"_s);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(a->page->findChild<WindowSearchDialog*>());
        auto* dialog = a->page->findChild<WindowSearchDialog*>();
        QTRY_VERIFY(dialog->isVisible());
        const auto type = [dialog](const char* field, const QString& text) {
            auto* edit = dialog->findChild<QLineEdit*>(QLatin1StringView(field));
            edit->setFocus();
            edit->selectAll();
            QTest::keyClicks(edit, text);
        };
        type("windowSearchShortest", u"1d"_s);
        type("windowSearchLongest", u"2d"_s);
        type("windowSearchEarliest", u"now"_s);
        type("windowSearchLatest", u"in 3d"_s);
        // More nodes than any ask of the book rests on: no price holds for them, so no window.
        auto* searchNodes = dialog->findChild<QSpinBox*>(u"windowSearchNodes"_s);
        auto* status = dialog->findChild<QLabel*>(u"windowSearchStatus"_s);
        searchNodes->setFocus();
        searchNodes->selectAll();
        QTest::keyClicks(searchNodes, u"4096"_s);
        QCOMPARE(searchNodes->value(), 4096);
        QVERIFY(UnderFaults::retry(
            [&] { QTest::keyClick(dialog->findChild<QLineEdit*>(u"windowSearchLatest"_s), Qt::Key_Return); },
            [&] { return status->text().startsWith(u"No window"_s); },
            [&] { return dialog->findChild<QPushButton*>(u"windowSearchFind"_s)->isEnabled(); }, Timeout));
        QVERIFY2(status->text().contains(u"for 4096 nodes at the best ask"_s), qPrintable(status->text()));
        QVERIFY(dialog->results().isEmpty());
        searchNodes->setFocus();
        searchNodes->selectAll();
        QTest::keyClicks(searchNodes, u"1"_s);
        QCOMPARE(searchNodes->value(), 1);
        const qint64 now = a->snapshot().now;
        QVERIFY(UnderFaults::retry(
            [&] { QTest::keyClick(dialog->findChild<QLineEdit*>(u"windowSearchLatest"_s), Qt::Key_Return); },
            [&] { return !dialog->results().isEmpty(); },
            [&] { return dialog->findChild<QPushButton*>(u"windowSearchFind"_s)->isEnabled(); }, Timeout));
        saveWidgetScreenshot(dialog, u"window-search-results"_s);
        const QList<WindowSearch::Offer> results = dialog->results();
        QCOMPARE(dialog->resultsSku(), m_h100);
        QCOMPARE(dialog->findChild<QTreeWidget*>(u"windowSearchResults"_s)->topLevelItemCount(),
                 results.size());
        for (qsizetype i = 0; i < results.size(); ++i) {
            const WindowSearch::Offer& offer = results.at(i);
            QVERIFY(offer.end - offer.start >= D && offer.end - offer.start <= 2 * D);
            QVERIFY(offer.start > now && offer.start <= now + 3 * D);
            QCOMPARE(offer.start % H, 0);
            QCOMPARE(offer.nodes, 1);
            if (i > 0)
                QVERIFY(results.at(i - 1).totalMicros() <= offer.totalMicros());
        }
        const WindowSearch::Offer best = results.first();
        QVERIFY(!quotedRate(m_h100, best.start, best.end, 1).isEmpty());

        // The list has the keyboard; Enter chooses the best.
        auto* list = dialog->findChild<QTreeWidget*>(u"windowSearchResults"_s);
        QCOMPARE(QApplication::focusWidget(), list);
        const QPointer<WindowSearchDialog> guard(dialog);
        QTest::keyClick(list, Qt::Key_Return);
        QTRY_VERIFY(!guard || !guard->isVisible());
        QCOMPARE(a->page->chart()->selection(), (TimeAxis::Window{best.start, best.end}));
        QCOMPARE(a->page->panel()->windowStart(), best.start);
        QCOMPARE(a->page->panel()->windowEnd(), best.end);
        QVERIFY(!a->page->panel()->isSell());
        QCOMPARE(a->page->panel()->currentSku(), m_h100);
        auto* preview = a->child<QLabel>(u"orderPreview"_s);
        QVERIFY(UnderFaults::retry(
            [&] {
                auto* nodes = a->child<QSpinBox>(u"orderNodes"_s);
                nodes->setFocus();
                QTest::keyClick(nodes, Qt::Key_Up);
                QTest::keyClick(nodes, Qt::Key_Down);
            },
            [&] { return preview->text().contains(u"$"_s); },
            [&] { return preview->text().startsWith(u"No preview"_s); }, Timeout));
    }

    // Extend… buys the window right after what the pool owns, same SKU and node count: the pool
    // then owns one unbroken span. It asks the market for that window's price: the limit a Find
    // Window before it left in the panel (the market's price of another window) is not placed.
    void extendAfterFindWindowAbutsAtTheMarketsPrice()
    {
        // It needs a day of one node offered within six days after what the earlier functions
        // bought; under faults their retried purchases leave the book without one on some runs
        // ("No window of that length…"). The clean run checks it; Find Window's failures under
        // faults are findWindowSaysWhenTheBookCannotBeRead's.
        if (UnderFaults::active())
            QSKIP("the book left by the earlier functions' retried orders varies under faults");
        const QString pool = createPool(u"extended"_s);
        // Ends 19 minutes past an hour, as a window bought from "now" does.
        const qint64 start = floorHour(m_api.now()) + 2 * H;
        const qint64 end = start + D + 19 * 60;
        const QString rate = quotedRate(m_h100, start, end, 3);
        QCOMPARE(m_api.post(Orders, orderBody(pool, u"buy"_s, m_h100, start, end, 3, rate, false))
                     .json.value(u"status"_s)
                     .toString(),
                 u"filled"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        QTRY_VERIFY_WITH_TIMEOUT(!a->snapshot().ownedBySku.value(m_h100).isEmpty(), Timeout);

        // Find Window: a day for one node, starting within six days; the best one chosen. It
        // searches from the server's time. The earlier functions' buys can leave the synthetic
        // book without a whole day of one node, so another account offers one, standing.
        offerADayOfOneNode(floorHour(m_api.now()) + 2 * D);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(a->refreshUntil([&] { return a->clockSynced(); }));
        a->page->findChild<QPushButton*>(u"plannerFindWindow"_s)->click();
        QTRY_VERIFY(a->page->findChild<WindowSearchDialog*>());
        auto* dialog = a->page->findChild<WindowSearchDialog*>();
        QTRY_VERIFY(dialog->isVisible());
        const auto set = [dialog](const char* field, const QString& text) {
            dialog->findChild<QLineEdit*>(QLatin1StringView(field))->setText(text);
        };
        set("windowSearchShortest", u"1d"_s);
        set("windowSearchLongest", u"1d"_s);
        set("windowSearchEarliest", u"now"_s);
        set("windowSearchLatest", u"in 6d"_s);
        dialog->findChild<QSpinBox*>(u"windowSearchNodes"_s)->setValue(1);
        auto* find = dialog->findChild<QPushButton*>(u"windowSearchFind"_s);
        auto* status = dialog->findChild<QLabel*>(u"windowSearchStatus"_s);
        QVERIFY2(UnderFaults::retry([&] { find->click(); }, [&] { return !dialog->results().isEmpty(); },
                                    [&] { return find->isEnabled(); }, Timeout),
                 qPrintable(status->text()));
        const QPointer<WindowSearchDialog> guard(dialog);
        dialog->findChild<QPushButton*>(u"windowSearchSelect"_s)->click();
        QTRY_VERIFY(!guard || !guard->isVisible());
        // The panel previews the window found and proposes its price as the limit.
        auto* limit = a->child<QLineEdit>(u"orderLimit"_s);
        auto* nodes = a->child<QSpinBox>(u"orderNodes"_s);
        QVERIFY(UnderFaults::retry(
            [&, first = true]() mutable {
                if (!first) {
                    nodes->setValue(2);
                    nodes->setValue(1);
                }
                first = false;
            },
            [&] { return !limit->text().isEmpty(); },
            [&] { return a->child<QLabel>(u"orderPreview"_s)->text().startsWith(u"No preview"_s); },
            Timeout));
        const QString leftOver = limit->text();
        const QString extensionQuote = quotedRate(m_h100, end, end + D, 3);
        QVERIFY(!extensionQuote.isEmpty());
        const QString proposed = Format::rateInput(*Money::parseRate(extensionQuote), Format::Rounding::Up);
        // What makes the test tell: the other window's price is not the extension's.
        QVERIFY2(leftOver != proposed, qPrintable(leftOver));

        auto* extend = a->child<QPushButton>(u"orderExtend"_s);
        QVERIFY(extend->isEnabled());
        // Under faults the preview or the order can fail on the way; the user extends again, and
        // the same order goes with the same key.
        QVERIFY2(UnderFaults::retry(
                     [&] { extend->click(); },
                     [&] { return OrderStatus::saysPlaced(a->child<QLabel>(u"orderStatus"_s)->text()); },
                     [&] {
                         const QString text = a->child<QLabel>(u"orderStatus"_s)->text();
                         return extend->isEnabled()
                                && (text.startsWith(u"The order"_s) || text.startsWith(u"No rate"_s)
                                    || text.startsWith(u"The market"_s));
                     },
                     Timeout),
                 qPrintable(a->child<QLabel>(u"orderStatus"_s)->text()));
        // Confirmed at the market's price for the extension, the rate as every rate is shown.
        const QString confirmation = a->confirmations.last();
        QVERIFY2(confirmation.contains(u"Buy 3"_s), qPrintable(confirmation));
        QVERIFY2(confirmation.contains(u"limit of $"_s + proposed + u" per node-hour"_s),
                 qPrintable(confirmation));
        QCOMPARE(limit->text(), proposed);
        const QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 2);
        const QJsonObject extension = onServer.first().toObject();
        QCOMPARE(extension.value(u"instance_sku"_s).toObject().value(u"id"_s).toString(), m_h100);
        QCOMPARE(
            extension.value(u"allocation_schedule_delta"_s).toArray(),
            (QJsonArray{QJsonObject{{u"end_at"_s, end + D}, {u"node_count"_s, 3}, {u"start_at"_s, end}}}));
        QCOMPARE(extension.value(u"limit_price_dollars_per_node_hour"_s).toString(),
                 Money::format(Money::roundToMinutePrecision(*Money::parseRate(proposed))));
        // Fill-or-kill at the market's price: it filled.
        QCOMPARE(extension.value(u"status"_s).toString(), u"filled"_s);
        // One unbroken span of 3 nodes on the server and on the chart.
        const QJsonArray schedule = poolSchedule(pool, m_h100);
        qint64 owned = 0;
        for (const auto& entry : schedule) {
            const QJsonObject e = entry.toObject();
            if (e.value(u"node_count"_s).toInteger() > 0) {
                QCOMPARE(e.value(u"node_count"_s).toInteger(), 3);
                owned += e.value(u"end_at"_s).toInteger() - e.value(u"start_at"_s).toInteger();
            }
        }
        QCOMPARE(owned, end + D - start);
        QVERIFY(a->refreshUntil([&] {
            return a->snapshot().ownedBySku.value(m_h100) == Schedule::rectangle(start, end + D, 3);
        }));
    }

    void standingOrderFillsAsTheClockAdvances()
    {
        const QString pool = createPool(u"patient"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        const qint64 start = floorHour(m_api.now()) + 80 * H;
        a->drag(start + 1800, start + H + 1800);
        QCOMPARE(a->page->chart()->selection()->start, start);
        QCOMPARE(a->page->chart()->selection()->end, start + 2 * H);
        const QString rate = quotedRate(m_h100, start, start + 2 * H, 1);
        const QString limit = QString::number(rate.toDouble() * 0.93, 'f', 2);
        a->child<QLineEdit>(u"orderLimit"_s)->setText(limit);
        a->child<QCheckBox>(u"orderStanding"_s)->setChecked(true);
        a->child<QPushButton>(u"orderPlace"_s)->click();
        QVERIFY(a->placeUntil(u"standing"_s));
        // One placement, one order, even when a lost answer made the user click again.
        QVERIFY2(ordersOf(pool).size() == 1,
                 "the order was placed twice: the retry after a lost answer went with a new Idempotency-Key");
        const QString id = ordersOf(pool).first().toObject().value(u"id"_s).toString();
        // On the chart and in the orders view as an open order, owning nothing yet.
        if (UnderFaults::active())
            QVERIFY(a->refreshUntil([&] { return a->snapshot().orders.size() == 1; }));
        QCOMPARE(a->snapshot().orders.size(), 1);
        QCOMPARE(a->snapshot().orders.first().status, PlannerOrder::Status::Standing);
        QVERIFY(a->snapshot().ownedBySku.value(m_h100).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(a->orders->model()->rowCount() >= 1, Timeout);

        QString status;
        for (int step = 0; step < 14 && status != u"filled"_s; ++step) {
            m_api.advanceClock(6 * H);
            status = m_api.get(Orders + u'/' + id).json.value(u"status"_s).toString();
        }
        QCOMPARE(status, u"filled"_s);
        // The order and the pool come from two requests; under faults one of them may fail a refresh.
        QVERIFY(a->refreshUntil([&] {
            return !a->snapshot().orders.isEmpty()
                   && a->snapshot().orders.first().status == PlannerOrder::Status::Filled
                   && !a->snapshot().ownedBySku.value(m_h100).isEmpty() && a->clockSynced();
        }));
        QCOMPARE(a->snapshot().orders.first().filled, Schedule::rectangle(start, start + 2 * H, 1));
        QCOMPARE(a->snapshot().ownedBySku.value(m_h100), Schedule::rectangle(start, start + 2 * H, 1));
        QCOMPARE(a->backend->pool(pool)->bySku.value(m_h100).size(), 1);
        // The now line follows the server's clock.
        QVERIFY(qAbs(a->snapshot().now - m_api.now()) <= 5);
        const QString tip = a->page->chart()->toolTipAt(a->page->chart()->viewportPointAt(start + 1800));
        QVERIFY2(tip.contains(u"1 node owned"_s), qPrintable(tip));
    }

    void sellTheLastDayAndAMiddleGap()
    {
        const QString pool = createPool(u"seller"_s);
        const qint64 start = floorHour(m_api.now()) + 3 * H;
        const qint64 end = start + 3 * D;
        const QString rate = quotedRate(m_h100, start, end, 4);
        QCOMPARE(m_api.post(Orders, orderBody(pool, u"buy"_s, m_h100, start, end, 4, rate, false))
                     .json.value(u"status"_s)
                     .toString(),
                 u"filled"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        QTRY_VERIFY_WITH_TIMEOUT(!a->snapshot().ownedBySku.value(m_h100).isEmpty(), Timeout);

        // The last day, at a minimum rate no bid reaches: it stands on the book.
        a->child<QComboBox>(u"orderSide"_s)->setCurrentIndex(1);
        a->child<QPushButton>(u"sellLastDay"_s)->click();
        QCOMPARE(a->page->chart()->selection()->start, end - D);
        QCOMPARE(a->page->chart()->selection()->end, end);
        QCOMPARE(a->child<QSpinBox>(u"orderNodes"_s)->value(), 4);
        a->child<QLineEdit>(u"orderLimit"_s)->setText(u"90"_s);
        a->child<QPushButton>(u"orderPlace"_s)->click();
        QVERIFY(a->placedUntil());
        QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 2);
        QJsonObject sell = onServer.first().toObject();
        QCOMPARE(sell.value(u"side"_s).toString(), u"sell"_s);
        QCOMPARE(sell.value(u"status"_s).toString(), u"standing"_s);
        QVERIFY(sell.value(u"allow_partial"_s).toBool());
        QCOMPARE(sell.value(u"allocation_schedule_delta"_s)
                     .toArray()
                     .first()
                     .toObject()
                     .value(u"start_at"_s)
                     .toInteger(),
                 end - D);
        // Listed on the chart; the whole last day is spoken for.
        if (UnderFaults::active())
            QVERIFY(a->refreshUntil([&] { return a->snapshot().orders.size() == 2; }));
        QTRY_VERIFY_WITH_TIMEOUT(a->snapshot().orders.size() == 2, Timeout);
        a->child<QPushButton>(u"sellLastDay"_s)->click();
        a->child<QSpinBox>(u"orderNodes"_s)->setValue(1);
        QVERIFY(!a->child<QPushButton>(u"orderPlace"_s)->isEnabled());

        // A gap in the middle, at the lowest rate: bids lift it at once and the pool keeps the rest.
        const qint64 gapStart = start + 30 * H;
        a->drag(gapStart + 1800, gapStart + 5 * H + 1800);
        QCOMPARE(a->page->chart()->selection()->start, gapStart);
        QCOMPARE(a->page->chart()->selection()->end, gapStart + 6 * H);
        a->child<QSpinBox>(u"orderNodes"_s)->setValue(3);
        a->child<QLineEdit>(u"orderLimit"_s)->setText(u"0.06"_s);
        a->child<QPushButton>(u"orderPlace"_s)->click();
        QVERIFY(a->placedUntil());
        QTRY_VERIFY_WITH_TIMEOUT(ordersOf(pool).size() == 3, Timeout);
        QCOMPARE(ordersOf(pool).first().toObject().value(u"status"_s).toString(), u"filled"_s);
        const QJsonArray kept = poolSchedule(pool, m_h100);
        QCOMPARE(kept.size(), 3);
        QCOMPARE(kept.at(1).toObject().value(u"node_count"_s).toInteger(), 1);
        // The chart shows what remains: 1 node over the gap, 4 around it.
        QVERIFY(a->refreshUntil([&] {
            const QList<ScheduleEntry> owned = a->snapshot().ownedBySku.value(m_h100).entries();
            return owned.size() == 3 && owned.at(1) == ScheduleEntry{gapStart, gapStart + 6 * H, 1};
        }));

        // Sold elsewhere since the app last looked: the app lets it through, the server refuses.
        // No answer of the app's may still be on its way, or the app would see the sale.
        QVERIFY(QTest::qWaitFor([&] { return a->callsInFlight == 0; }, Timeout));
        const qint64 slice = start + 40 * H;
        QCOMPARE(m_api
                     .post(Orders,
                           orderBody(pool, u"sell"_s, m_h100, slice, slice + 2 * H, 4, u"95.000000"_s, true))
                     .status,
                 201);
        a->drag(slice + 1800, slice + H + 1800);
        a->child<QSpinBox>(u"orderNodes"_s)->setValue(2);
        a->child<QLineEdit>(u"orderLimit"_s)->setText(u"80"_s);
        QVERIFY(a->child<QPushButton>(u"orderPlace"_s)->isEnabled());
        a->child<QPushButton>(u"orderPlace"_s)->click();
        auto* status = a->child<QLabel>(u"orderStatus"_s);
        // Under faults the first try may fail on the way; the refresh after it shows what the pool
        // owns now, and the panel itself refuses to sell more than that.
        QVERIFY(a->placeUntil(UnderFaults::active()
                                  ? QStringList{u"does not own"_s, u"cannot sell more than"_s}
                                  : QStringList{u"does not own"_s}));
        QVERIFY2(!status->text().contains(u"422"_s), qPrintable(status->text()));
        QCOMPARE(ordersOf(pool).size(), 4);
    }

    void insufficientBalanceIsShownInPlainWords()
    {
        const QString pool = createPool(u"broke"_s);
        const qint64 balance = m_api.balanceMicros(u"acme"_s);
        QCOMPARE(
            m_api.post(u"/_sim/accounts/acme/balance"_s, {{u"balance_dollars"_s, u"10.000000"_s}}).status,
            200);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        const qint64 base = floorHour(m_api.now());
        a->drag(base + 10 * H + 1800, base + 20 * H + 1800);
        a->child<QLineEdit>(u"orderLimit"_s)->setText(u"40"_s);
        a->child<QPushButton>(u"orderPlace"_s)->click();
        auto* status = a->child<QLabel>(u"orderStatus"_s);
        QVERIFY(a->placeUntil(u"Insufficient balance"_s));
        QVERIFY2(!status->text().contains(u"402"_s), qPrintable(status->text()));
        QVERIFY(ordersOf(pool).isEmpty());
        QCOMPARE(
            m_api.post(u"/_sim/accounts/acme/balance"_s, {{u"balance_dollars"_s, Money::format(balance)}})
                .status,
            200);
    }

    void ordersPageListsTheServersOrdersAndCancels()
    {
        const QString pool = createPool(u"orders-view"_s);
        const qint64 start = floorHour(m_api.now()) + 40 * H;
        const SimReply standing = m_api.post(
            Orders, orderBody(pool, u"buy"_s, m_h100, start, start + 2 * H, 1, u"0.060000"_s, true));
        QCOMPARE(standing.json.value(u"status"_s).toString(), u"standing"_s);
        const auto a = app();
        const QAbstractItemModel* model = a->orders->table()->proxy();
        const int all = int(m_api.get(Orders + u"?limit=200"_s).data().size());
        QVERIFY(a->refreshUntil([&] { return model->rowCount() == all; }));

        // Each filter shows what the server lists for it.
        const auto ids = [model] {
            QStringList out;
            for (int row = 0; row < model->rowCount(); ++row)
                out << model->index(row, 0).data(ResourceRole::IdRole).toString();
            out.sort();
            return out;
        };
        const auto serverIds = [this](const QString& query) {
            QStringList out;
            for (const auto& o : constValue(m_api.get(Orders + u"?limit=200&"_s + query).data()))
                out << o.toObject().value(u"id"_s).toString();
            out.sort();
            return out;
        };
        auto* statusFilter = a->child<QComboBox>(u"ordersStatusFilter"_s);
        auto* sideFilter = a->child<QComboBox>(u"ordersSideFilter"_s);
        statusFilter->setCurrentIndex(statusFilter->findData(int(OrdersPage::StatusFilter::Open)));
        QCOMPARE(ids(), serverIds(u"status=pending&status=standing&status=partially_filled"_s));
        statusFilter->setCurrentIndex(statusFilter->findData(int(OrdersPage::StatusFilter::Filled)));
        QCOMPARE(ids(), serverIds(u"status=filled"_s));
        sideFilter->setCurrentIndex(sideFilter->findData(int(OrdersPage::SideFilter::Sell)));
        QCOMPARE(ids(), serverIds(u"status=filled&side=sell"_s));
        QVERIFY(!ids().isEmpty());
        statusFilter->setCurrentIndex(statusFilter->findData(int(OrdersPage::StatusFilter::All)));
        sideFilter->setCurrentIndex(sideFilter->findData(int(OrdersPage::SideFilter::Buy)));
        QCOMPARE(ids(), serverIds(u"side=buy"_s));

        // Cancel the standing one from the view.
        QTableView* table = a->orders->table()->table();
        bool selected = false;
        for (int row = 0; row < table->model()->rowCount() && !selected; ++row) {
            const QModelIndex index = table->model()->index(row, 0);
            if (index.data(ResourceRole::IdRole).toString() == standing.id()) {
                table->setCurrentIndex(index);
                selected = true;
            }
        }
        QVERIFY(selected);
        auto* cancel = a->child<QPushButton>(u"ordersCancel"_s);
        QVERIFY(cancel->isEnabled());
        auto* message = a->child<QLabel>(u"ordersMessage"_s);
        // A failed cancel says why and leaves Cancel enabled to try again.
        QVERIFY(UnderFaults::retry(
            [&] { cancel->click(); }, [&] { return message->text().contains(u"cancelled"_s); },
            [&] { return message->text().startsWith(u"Could not cancel"_s); }, Timeout));
        QVERIFY(a->confirmations.last().contains(standing.id()));
        QCOMPARE(m_api.get(Orders + u'/' + standing.id()).json.value(u"status"_s).toString(), u"cancelled"_s);
        // The list shows it cancelled. Under faults the refresh after the cancel can fail (the next
        // poll would mend it; the tests poll hourly), and the user refreshes.
        if (UnderFaults::active())
            QVERIFY(a->refreshUntil([&] { return !cancel->isEnabled(); }));
        QTRY_VERIFY_WITH_TIMEOUT(!cancel->isEnabled(), Timeout);
    }

    // Screenshots of the planner and the orders view with real data, for people to look at:
    // SFDESK_SCREENSHOT_DIR=/tmp/shots.
    // Beside the planner: the depth of the chosen SKU's book for the next day, then for the window
    // the user selects, as the server answers it; the user's own resting bid marked at its price;
    // the SKU's fills as the server lists them, the user's own included.
    void marketDepthAndFillsBesideThePlanner()
    {
        const QString pool = createPool(u"depth"_s);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        DepthChart* depth = a->page->market()->depthChart();
        FillsChart* fills = a->page->market()->fillsChart();
        const auto bestAskOf = [](const QList<MarketDepth::Level>& levels) -> qint64 {
            qint64 best = 0;
            for (const MarketDepth::Level& level : levels) {
                if (level.side == MarketDepth::Level::Side::Ask && level.nodes > 0)
                    best = level.rate; // asks run from the highest down
            }
            return best;
        };
        const auto serverBestAsk = [this](qint64 start, qint64 end) {
            const SimReply book =
                m_api.get(u"/preview/v2/orderbook/depth?requirements=instance_sku:%1&start_at=%2&end_at=%3"_s
                              .arg(m_h100)
                              .arg(start)
                              .arg(end));
            return book.json.value(u"asks"_s)
                .toArray()
                .first()
                .toObject()
                .value(u"dollars_per_node_hour"_s)
                .toString();
        };

        // Nothing selected: the next day from the next hour.
        const qint64 nextHour = floorHour(m_api.now()) + H;
        // Until the answer for this SKU arrives the chart may still show the previous SKU's depth
        // (under faults, for a while).
        const QString nextDayBestAsk = serverBestAsk(nextHour, nextHour + D);
        // Under faults the depth's read can fail: the next poll reads it again (the tests poll
        // hourly), and the user refreshes.
        if (UnderFaults::active())
            QVERIFY(
                a->refreshUntil([&] { return Money::format(bestAskOf(depth->levels())) == nextDayBestAsk; }));
        QTRY_COMPARE_WITH_TIMEOUT(Money::format(bestAskOf(depth->levels())), nextDayBestAsk, Timeout);
        QVERIFY(a->child<QLabel>(u"marketDepthTitle"_s)->text().contains(u"next day"_s));
        QVERIFY(depth->accessibleDescription().startsWith(u"Best ask $"_s));

        // A resting bid of the user's own, a cent above the best, is marked at its price as theirs,
        // beside what the book holds at that price (levels average each hour's prices over the window).
        const auto depthAt = [this](qint64 start, qint64 end) {
            return m_api
                .get(u"/preview/v2/orderbook/depth?requirements=instance_sku:%1&start_at=%2&end_at=%3"_s
                         .arg(m_h100)
                         .arg(start)
                         .arg(end))
                .json;
        };
        // At the API's precision (a micro-dollar per node-minute), so that the order keeps it exactly.
        const qint64 bid =
            Money::roundUpToMinutePrecision(*Money::parseRate(depthAt(nextHour, nextHour + D)
                                                                  .value(u"bids"_s)
                                                                  .toArray()
                                                                  .first()
                                                                  .toObject()
                                                                  .value(u"dollars_per_node_hour"_s)
                                                                  .toString())
                                            + 10'000);
        QCOMPARE(m_api
                     .post(Orders, orderBody(pool, u"buy"_s, m_h100, nextHour, nextHour + D, 3,
                                             Money::format(bid), true))
                     .json.value(u"status"_s)
                     .toString(),
                 u"standing"_s);
        const auto ownLevel = [depth, bid]() -> std::optional<MarketDepth::Level> {
            for (const MarketDepth::Level& l : depth->levels()) {
                if (l.side == MarketDepth::Level::Side::Bid && l.rate == bid && l.ownOrders == 1)
                    return l;
            }
            return std::nullopt;
        };
        QVERIFY(a->refreshUntil([&ownLevel] { return ownLevel().has_value(); }));
        QCOMPARE(ownLevel()->ownNodes, 3);
        qint64 booked = 0;
        for (const QJsonValue& level :
             constValue(depthAt(nextHour, nextHour + D).value(u"bids"_s).toArray())) {
            if (level.toObject().value(u"dollars_per_node_hour"_s).toString() == Money::format(bid))
                booked += level.toObject()
                              .value(u"allocation_schedule_delta"_s)
                              .toArray()
                              .first()
                              .toObject()
                              .value(u"node_count"_s)
                              .toInteger();
        }
        QCOMPARE(ownLevel()->nodes, booked);
        QVERIFY2(depth->accessibleDescription().contains(u"Your buy at %1: 3 "_s.arg(Format::rate(bid))),
                 qPrintable(depth->accessibleDescription()));

        // A window selected on the chart: the depth is for it, as the server prices it.
        const qint64 start = nextHour + 2 * D;
        const qint64 end = start + 6 * H;
        a->drag(start + 1800, end - 1800);
        QTRY_VERIFY_WITH_TIMEOUT(
            a->child<QLabel>(u"marketDepthTitle"_s)->text().contains(u"selected window"_s), Timeout);
        const QString expected = serverBestAsk(start, end);
        if (UnderFaults::active())
            QVERIFY(a->refreshUntil([&] { return Money::format(bestAskOf(depth->levels())) == expected; }));
        QTRY_COMPARE_WITH_TIMEOUT(Money::format(bestAskOf(depth->levels())), expected, Timeout);
        // The own bid is for another window: not marked here.
        QVERIFY(
            std::none_of(depth->levels().cbegin(), depth->levels().cend(),
                         [bid](const MarketDepth::Level& l) { return l.rate == bid && l.ownOrders > 0; }));

        // A buy that fills now is among the SKU's recent fills, at the rate the server lists.
        const qint64 fillStart = nextHour + 3 * D;
        QCOMPARE(m_api
                     .post(Orders, orderBody(pool, u"buy"_s, m_h100, fillStart, fillStart + 4 * H, 2,
                                             quotedRate(m_h100, fillStart, fillStart + 4 * H, 2), false))
                     .json.value(u"status"_s)
                     .toString(),
                 u"filled"_s);
        // Every page, as the app reads them.
        QJsonArray listed;
        const QString fillsPath =
            u"/preview/v2/orderbook/fills?requirements=instance_sku:%1&start_at=%2&end_at=%3&since_at=%4&limit=200"_s
                .arg(m_h100)
                .arg(floorHour(m_api.now()) - 14 * D)
                .arg(floorHour(m_api.now()) + 90 * D)
                .arg(m_api.now() - 14 * D);
        for (QString cursor;;) {
            const SimReply page =
                m_api.get(fillsPath + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            for (const QJsonValue& fill : constValue(page.data()))
                listed.append(fill);
            cursor = page.json.value(u"cursor"_s).toString();
            if (!page.json.value(u"has_more"_s).toBool() || cursor.isEmpty())
                break;
        }
        QVERIFY(!listed.isEmpty());
        // The trades of one second (our order, matched hour by hour against several sellers) are one
        // point: its time, how many trades, their rates' range.
        QSet<qint64> moments;
        const qint64 newest = listed.first().toObject().value(u"filled_at"_s).toInteger();
        int newestTrades = 0;
        qint64 lowest = std::numeric_limits<qint64>::max();
        qint64 highest = 0;
        for (const QJsonValue& fill : listed) {
            const QJsonObject object = fill.toObject();
            moments.insert(object.value(u"filled_at"_s).toInteger());
            if (object.value(u"filled_at"_s).toInteger() != newest)
                continue;
            ++newestTrades;
            const qint64 rate = *Money::parseRate(object.value(u"dollars_per_node_hour"_s).toString());
            lowest = std::min(lowest, rate);
            highest = std::max(highest, rate);
        }
        QVERIFY(a->refreshUntil([fills, &moments] { return fills->fills().size() == moments.size(); }));
        const MarketDepth::Fill last = fills->fills().last();
        QCOMPARE(last.filledAt, newest);
        QCOMPARE(last.trades, newestTrades);
        QVERIFY(last.rate >= lowest && last.rate <= highest);
        QCOMPARE(last.nodes, 2);
        QVERIFY(fills->accessibleDescription().contains(u"Latest: %1"_s.arg(Format::rate(last.rate))));
        // Hovering the newest point tells it.
        const QString tip = fills->toolTipAt(fills->positionOf(fills->fills().size() - 1));
        QVERIFY2(tip.startsWith(Format::rate(last.rate)) && tip.contains(u" for 2 node"_s), qPrintable(tip));
    }

    void screenshots()
    {
        const QString dir = qEnvironmentVariable("SFDESK_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("SFDESK_SCREENSHOT_DIR not set");
        QDir().mkpath(dir);
        const QString pool = createPool(u"training"_s);
        const qint64 start = floorHour(m_api.now()) + 2 * H;
        const qint64 end = start + 4 * D;
        QCOMPARE(m_api
                     .post(Orders, orderBody(pool, u"buy"_s, m_h100, start, end, 4,
                                             quotedRate(m_h100, start, end, 4), false))
                     .json.value(u"status"_s)
                     .toString(),
                 u"filled"_s);
        const qint64 later = start + 5 * D;
        const QString rate = quotedRate(m_h100, later, later + D, 2);
        QCOMPARE(m_api
                     .post(Orders, orderBody(pool, u"buy"_s, m_h100, later, later + D, 2,
                                             QString::number(rate.toDouble() * 0.9, 'f', 2), true))
                     .status,
                 201);
        QCOMPARE(m_api.post(Orders, orderBody(pool, u"sell"_s, m_h100, end - D, end, 2, u"60.000000"_s, true))
                     .status,
                 201);
        QCOMPARE(m_api
                     .post(Orders, orderBody(pool, u"sell"_s, m_h100, start + D, start + D + 8 * H, 3,
                                             u"0.060000"_s, false))
                     .status,
                 201);
        const auto a = app();
        QVERIFY(a->choosePool(pool));
        QVERIFY(a->chooseSku(m_h100));
        QTRY_VERIFY_WITH_TIMEOUT(!a->snapshot().quotes.isEmpty(), Timeout);
        a->drag(start + 2 * D + 1800, start + 2 * D + 10 * H + 1800);
        a->child<QSpinBox>(u"orderNodes"_s)->setValue(2);
        QTRY_VERIFY_WITH_TIMEOUT(a->child<QLabel>(u"orderPreview"_s)->text().contains(u"Total"_s), Timeout);
        QTRY_VERIFY_WITH_TIMEOUT(a->orders->model()->rowCount() >= 4, Timeout);
        QTRY_VERIFY_WITH_TIMEOUT(!a->page->market()->depthChart()->levels().isEmpty()
                                     && !a->page->market()->fillsChart()->fills().isEmpty(),
                                 Timeout);
        // Repolishing every widget for a palette and grabbing them is the test's work, not a stall
        // a user meets in the planner.
        const EventLoopWatchdog::Pause grabbing;
        for (const bool dark : {false, true}) {
            const QPalette palette = dark ? Theme::darkPalette() : Theme::lightPalette();
            // Delivered to every widget within the call; what it posts (repaints, relayouts) is
            // flushed before the grab.
            QApplication::setPalette(palette);
            flushPostedEvents();
            QCOMPARE(a->page->palette().color(QPalette::Window), palette.color(QPalette::Window));
            QCOMPARE(a->orders->palette().color(QPalette::Window), palette.color(QPalette::Window));
            const QString scheme = dark ? u"dark"_s : u"light"_s;
            QVERIFY(a->page->grab().save(dir + u"/planner-real-"_s + scheme + u".png"_s));
            QVERIFY(a->orders->grab().save(dir + u"/orders-real-"_s + scheme + u".png"_s));
        }
        QApplication::setPalette(Theme::lightPalette());
    }
};

QTEST_MAIN(TstPlannerFlow)
#include "tst_plannerflow.moc"
