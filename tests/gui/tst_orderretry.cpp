// SPDX-License-Identifier: Apache-2.0

// Placing an order again after the app could not tell whether the first attempt placed it, against
// the real sfsim: its answers are lost (sfsim --control faults), the user sees that the outcome is
// unknown and clicks Place again, and the server holds one order, which the planner shows placed.
#include "common/money.h"

#include "common/constvalue.h"
#include "core/api/apicall.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/models/ordermodel.h"
#include "core/models/resourceproxymodel.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/orders/orderspage.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/reservationspage.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace std::chrono_literals;

namespace {

constexpr qint64 H = 3600;
const QString Orders = u"/preview/v2/orders"_s;
constexpr qint64 StartTime = 1'790'001'200;

qint64 floorHour(qint64 t)
{
    return t - t % H;
}

// The planner and the orders view over one client, which records the Idempotency-Key of every
// order it sends.
struct App
{
    QTemporaryDir dir;
    std::unique_ptr<Settings> settings;
    QNetworkAccessManager network;
    std::unique_ptr<ApiClient> client;
    std::unique_ptr<ApiMarketBackend> backend;
    std::unique_ptr<ReservationsPage> page;
    std::unique_ptr<OrdersPage> orders;
    QList<QByteArray> orderKeys;

    // `attempts`: the file that keeps orders of unknown outcome across restarts, or none.
    App(const QUrl& url, const QString& token, const QString& attempts = QString())
    {
        settings = std::make_unique<Settings>(dir.filePath(u"s.ini"_s));
        client = std::make_unique<ApiClient>(url, &network);
        client->setToken(token);
        // Few, quick retries: the client gives up while the faults last.
        ClientOptions options;
        options.maxAttempts = 2;
        options.retryBaseDelay = 50ms;
        options.transferTimeout = 2s;
        client->setOptions(options);
        QObject::connect(client.get(), &ApiClient::callStarted, client.get(), [this](ApiCall* call) {
            if (call->description() != u"POST /orders")
                return;
            for (const auto& [name, value] : call->request().headers) {
                if (name == "Idempotency-Key")
                    orderKeys.append(value);
            }
        });
        backend = std::make_unique<ApiMarketBackend>(client.get());
        backend->setPollInterval(3'600'000);
        backend->setAttemptsFile(attempts);
        page = std::make_unique<ReservationsPage>(backend.get());
        page->setConfirmer(
            [](QWidget*, const QString&, const ConfirmDialog::Answer& answer) { answer(true); });
        page->resize(1300, 760);
        page->show();
        orders = std::make_unique<OrdersPage>(backend.get(), settings.get());
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
            qFatal("no child %s", qPrintable(name));
        return widget;
    }
    QString status() const { return child<QLabel>(u"orderStatus"_s)->text(); }
    void place() const { child<QPushButton>(u"orderPlace"_s)->click(); }

    bool prepare(const QString& pool, const QString& sku, qint64 start, qint64 end, int nodes,
                 const QString& limit) const
    {
        backend->refresh();
        if (!QTest::qWaitFor([this, pool] { return backend->pool(pool).has_value(); }, 10000))
            return false;
        page->setCurrentPool(pool);
        auto* skus = child<QComboBox>(u"orderSku"_s);
        if (!QTest::qWaitFor([skus, sku] { return skus->findData(sku) >= 0; }, 10000))
            return false;
        skus->setCurrentIndex(skus->findData(sku));
        page->chart()->setSelection(TimeAxis::Window{start, end});
        child<QSpinBox>(u"orderNodes"_s)->setValue(nodes);
        child<QLineEdit>(u"orderLimit"_s)->setText(limit);
        return page->currentPool() == pool && child<QPushButton>(u"orderPlace"_s)->isEnabled();
    }

    // How often the app lists the order: in the backend and in the orders view.
    int listed(const QString& id) const
    {
        int count = 0;
        for (const Order& order : constValue(backend->orders()))
            count += order.id == id ? 1 : 0;
        return count;
    }
    bool ordersViewShows(const QString& id) const
    {
        const QAbstractItemModel* model = orders->table()->proxy();
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, 0).data(ResourceRole::IdRole).toString() == id)
                return true;
        }
        return false;
    }
};

} // namespace

class TstOrderRetry final : public QObject
{
    Q_OBJECT

private:
    SimProcess m_sim;
    SimClient m_api;
    QString m_h100;
    int m_pools = 0;

    std::unique_ptr<App> app(const QString& attempts = QString())
    {
        return std::make_unique<App>(m_sim.baseUrl(), m_sim.token(u"acme-owner"_s), attempts);
    }

    QString createPool()
    {
        return m_api
            .post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"sfc:workspace:acme:default"_s},
                                           {u"name"_s, QString(u"retry-"_s + QString::number(++m_pools))}})
            .id();
    }

    bool setFaults(const QString& spec)
    {
        return m_api.post(u"/_sim/faults"_s, {{u"spec"_s, spec}}).status == 200;
    }

    QJsonArray ordersOf(const QString& pool) { return m_api.get(Orders + u"?pool="_s + pool).data(); }

    // The market's rate for a buy, as the server previews it.
    QString quotedRate(qint64 start, qint64 end, qint64 nodes)
    {
        const SimReply r =
            m_api.post(u"/preview/v2/order_preview"_s,
                       {{u"side"_s, u"buy"_s},
                        {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{m_h100}}}},
                        {u"start_at"_s, start},
                        {u"duration_seconds"_s, end - start},
                        {u"node_count"_s, nodes}});
        return r.json.value(u"post_order_body"_s)
            .toObject()
            .value(u"limit_price_dollars_per_node_hour"_s)
            .toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s, u"--start-time"_s, QString::number(StartTime)}),
                 qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data())) {
            if (v.toObject().value(u"alias").toString() == u"sea-3-h100")
                m_h100 = v.toObject().value(u"id").toString();
        }
        QVERIFY(!m_h100.isEmpty());
    }

    void cleanup() { QVERIFY(setFaults(QString())); }

    void placeAgainAfterUnknownOutcome_data()
    {
        QTest::addColumn<QString>("faults");
        QTest::addColumn<bool>("firstPlaced");
        // The server places the order and every answer is lost.
        QTest::newRow("connection dropped") << u"drop=1"_s << true;
        QTest::newRow("answer truncated") << u"truncate=1"_s << true;
        // Every attempt meets a 503: nothing was placed, but the app cannot know that.
        QTest::newRow("service unavailable") << u"error=1"_s << false;
    }

    // The user is told the outcome is unknown; placing the same order again sends the same key and
    // ends with exactly one order, shown as placed.
    void placeAgainAfterUnknownOutcome()
    {
        QFETCH(QString, faults);
        QFETCH(bool, firstPlaced);
        const QString pool = createPool();
        QVERIFY(!pool.isEmpty());
        const qint64 start = floorHour(m_api.now()) + 6 * H;
        const QString rate = quotedRate(start, start + 4 * H, 1);
        QVERIFY(!rate.isEmpty());
        const auto a = app();
        QVERIFY(a->prepare(pool, m_h100, start, start + 4 * H, 1, rate));

        QVERIFY(setFaults(faults));
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u"may or may not have been placed"_s), 30000);
        QVERIFY2(a->status().contains(u"will not be placed twice"_s), qPrintable(a->status()));
        QVERIFY(a->backend->placeOutcomeUnknown(*a->page->panel()->request()));
        QVERIFY(a->child<QPushButton>(u"orderPlace"_s)->isEnabled());
        QVERIFY(setFaults(QString()));
        QCOMPARE(ordersOf(pool).size(), firstPlaced ? 1 : 0);
        // The app learns of the placed order before the user places it again: the answer to that
        // must not list it a second time.
        if (firstPlaced) {
            const QString placed = ordersOf(pool).first().toObject().value(u"id"_s).toString();
            a->backend->refresh();
            QTRY_COMPARE_WITH_TIMEOUT(a->listed(placed), 1, 10000);
        }
        int mostListed = 0;
        QObject::connect(a->backend.get(), &MarketBackend::changed, a->page.get(), [&] {
            for (const Order& order : constValue(a->backend->orders()))
                mostListed = std::max(mostListed, a->listed(order.id));
        });

        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().startsWith(u"Order "_s) && a->status().contains(u" placed"_s),
                                 15000);
        const QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 1);
        const QString id = onServer.first().toObject().value(u"id"_s).toString();
        QVERIFY2(a->status().contains(id), qPrintable(a->status()));
        // A placed order the orders list showed is shown, not asked for again; one that was not
        // placed is sent again with the same key.
        QCOMPARE(a->status().contains(u"earlier attempt"_s), firstPlaced);
        QCOMPARE(a->orderKeys.size(), firstPlaced ? 1 : 2);
        QCOMPARE(a->orderKeys.last(), a->orderKeys.at(0));
        QVERIFY(!a->backend->placeOutcomeUnknown(*a->page->panel()->request()));
        // Listed once, in the planner and in the orders view.
        QCOMPARE(a->listed(id), 1);
        // Shown from the orders list, nothing changed since.
        QVERIFY(mostListed <= 1);
        QTRY_VERIFY_WITH_TIMEOUT(a->ordersViewShows(id), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!a->page->chart()->snapshot().orders.isEmpty(), 10000);
        QCOMPARE(a->listed(id), 1);

        // Now that the outcome is known, Place means another order, with a key of its own.
        a->place();
        QTRY_COMPARE_WITH_TIMEOUT(ordersOf(pool).size(), 2, 15000);
        QCOMPARE(a->orderKeys.size(), firstPlaced ? 2 : 3);
        QVERIFY(a->orderKeys.last() != a->orderKeys.at(0));
    }

    // Another order after an unknown outcome is placed as a new one; going back to the first
    // still finds the first instead of placing it twice.
    void changedOrderAfterUnknownOutcome()
    {
        const QString pool = createPool();
        const qint64 start = floorHour(m_api.now()) + 8 * H;
        const QString rate = quotedRate(start, start + 3 * H, 2);
        QVERIFY(!rate.isEmpty());
        const auto a = app();
        QVERIFY(a->prepare(pool, m_h100, start, start + 3 * H, 1, rate));

        QVERIFY(setFaults(u"drop=1"_s));
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u"may or may not have been placed"_s), 30000);
        QVERIFY(setFaults(QString()));
        QCOMPARE(ordersOf(pool).size(), 1);
        const QString first = ordersOf(pool).first().toObject().value(u"id"_s).toString();

        // A change of the order clears what the last attempt reported.
        a->child<QSpinBox>(u"orderNodes"_s)->setValue(2);
        QVERIFY(!a->status().contains(u"may or may not"_s));
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u" placed: "_s), 15000);
        QCOMPARE(ordersOf(pool).size(), 2);
        QCOMPARE(a->orderKeys.size(), 2);
        QVERIFY(a->orderKeys.at(1) != a->orderKeys.at(0));
        QVERIFY(!a->status().contains(first));

        a->child<QSpinBox>(u"orderNodes"_s)->setValue(1);
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u"Order "_s + first + u" placed"_s), 15000);
        QCOMPARE(ordersOf(pool).size(), 2);
        // Shown from the orders list when it has read the list since, else sent with the same key.
        if (a->orderKeys.size() == 2) {
            QVERIFY2(a->status().contains(u"earlier attempt"_s), qPrintable(a->status()));
        } else {
            QCOMPARE(a->orderKeys.size(), 3);
            QCOMPARE(a->orderKeys.last(), a->orderKeys.at(0));
        }
        QCOMPARE(a->listed(first), 1);
    }

    void placeAgainAfterRestart_data() { placeAgainAfterUnknownOutcome_data(); }

    // The answer is lost, the app is closed; a new app over the same data finds the order in the
    // orders list (or, when nothing was placed, sends the same key), and the server holds one.
    void placeAgainAfterRestart()
    {
        QFETCH(QString, faults);
        QFETCH(bool, firstPlaced);
        QTemporaryDir data;
        const QString attempts = data.filePath(u"profile/order-attempts.json"_s);
        const QString pool = createPool();
        const qint64 start = floorHour(m_api.now()) + 12 * H;
        const QString rate = quotedRate(start, start + 5 * H, 1);
        QVERIFY(!rate.isEmpty());
        QByteArray firstKey;
        {
            const auto a = app(attempts);
            QVERIFY(a->prepare(pool, m_h100, start, start + 5 * H, 1, rate));
            QVERIFY(setFaults(faults));
            a->place();
            QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u"may or may not have been placed"_s), 30000);
            QVERIFY(a->status().contains(u"will not be placed twice"_s));
            QCOMPARE(a->orderKeys.size(), 1);
            firstKey = a->orderKeys.first();
            // The faults stay until the app is closed: a read of the orders list that got through
            // would settle the attempt before the restart this test is about.
        }
        QVERIFY(setFaults(QString()));
        QCOMPARE(ordersOf(pool).size(), firstPlaced ? 1 : 0);
        // On disk: the key and the order, nothing secret.
        QFile file(attempts);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray kept = file.readAll();
        QVERIFY(kept.contains(firstKey));
        QVERIFY(!kept.contains(m_sim.token(u"acme-owner"_s).toUtf8()));
        file.close();

        const auto b = app(attempts);
        QVERIFY(b->prepare(pool, m_h100, start, start + 5 * H, 1, rate));
        const OrderRequest request = *b->page->panel()->request();
        if (firstPlaced) {
            // The orders list, once read, settles the attempt: the order is known.
            const QString placed = ordersOf(pool).first().toObject().value(u"id"_s).toString();
            QTRY_COMPARE_WITH_TIMEOUT(b->listed(placed), 1, 10000);
            QTRY_COMPARE_WITH_TIMEOUT(b->backend->attempts().placedEarlier(request), placed, 10000);
            QVERIFY(!b->backend->placeOutcomeUnknown(request));
        } else {
            QVERIFY(b->backend->placeOutcomeUnknown(request));
        }
        b->place();
        QTRY_VERIFY_WITH_TIMEOUT(b->status().startsWith(u"Order "_s) && b->status().contains(u" placed"_s),
                                 15000);
        const QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 1);
        QVERIFY2(b->status().contains(onServer.first().toObject().value(u"id"_s).toString()),
                 qPrintable(b->status()));
        QCOMPARE(b->status().contains(u"earlier attempt"_s), firstPlaced);
        QCOMPARE(b->orderKeys.size(), firstPlaced ? 0 : 1);
        if (!firstPlaced)
            QCOMPARE(b->orderKeys.first(), firstKey);
        // Settled: the file no longer holds the key.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QFile again(attempts);
                return again.open(QIODevice::ReadOnly) && !again.readAll().contains(firstKey);
            }(),
            5000);
    }

    // The record of the attempt cannot be saved: the user, told where the order was placed, learns
    // that the promise not to place it twice lasts only until sfdesk is closed.
    void unsavedRecordIsToldWhereTheOrderWasPlaced()
    {
        QTemporaryDir data;
        QFile blocker(data.filePath(u"profile"_s));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString pool = createPool();
        const qint64 start = floorHour(m_api.now()) + 14 * H;
        const QString rate = quotedRate(start, start + 2 * H, 1);
        QVERIFY(!rate.isEmpty());
        const auto a = app(data.filePath(u"profile/order-attempts.json"_s));
        QVERIFY(a->prepare(pool, m_h100, start, start + 2 * H, 1, rate));
        QVERIFY(setFaults(u"drop=1"_s));
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u"may or may not have been placed"_s), 30000);
        QVERIFY2(a->status().contains(u"before closing sfdesk"_s), qPrintable(a->status()));
        QVERIFY2(a->status().contains(u"could not be saved"_s), qPrintable(a->status()));
        QVERIFY2(a->status().contains(u"after a restart, such an order may be placed twice"_s),
                 qPrintable(a->status()));
        saveWidgetScreenshot(a->page.get(), u"orderretry-unsaved-record"_s);
        // Within this run the promise holds: the same key goes out again.
        QVERIFY(setFaults(QString()));
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().startsWith(u"Order "_s), 15000);
        QCOMPARE(ordersOf(pool).size(), 1);
    }

    // A refusal is a known outcome: after a 402 and a top-up, Place places exactly one order.
    void paymentRequiredThenTopUp()
    {
        const QString pool = createPool();
        const qint64 balance = m_api.balanceMicros(u"acme"_s);
        QCOMPARE(
            m_api.post(u"/_sim/accounts/acme/balance"_s, {{u"balance_dollars"_s, u"10.000000"_s}}).status,
            200);
        const qint64 start = floorHour(m_api.now()) + 10 * H;
        const auto a = app();
        QVERIFY(a->prepare(pool, m_h100, start, start + 10 * H, 1, u"40"_s));
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u"Insufficient balance"_s), 15000);
        QVERIFY2(a->status().startsWith(u"The order was not placed."_s), qPrintable(a->status()));
        QVERIFY(!a->backend->placeOutcomeUnknown(*a->page->panel()->request()));
        QVERIFY(ordersOf(pool).isEmpty());

        QCOMPARE(
            m_api.post(u"/_sim/accounts/acme/balance"_s, {{u"balance_dollars"_s, Money::format(balance)}})
                .status,
            200);
        QVERIFY(a->child<QPushButton>(u"orderPlace"_s)->isEnabled());
        a->place();
        QTRY_VERIFY_WITH_TIMEOUT(a->status().contains(u" placed: "_s), 15000);
        const QJsonArray onServer = ordersOf(pool);
        QCOMPARE(onServer.size(), 1);
        QVERIFY(a->status().contains(onServer.first().toObject().value(u"id"_s).toString()));
        QCOMPARE(a->orderKeys.size(), 2);
        QVERIFY(a->orderKeys.at(1) != a->orderKeys.at(0));
    }
};

QTEST_MAIN(TstOrderRetry)
#include "tst_orderretry.moc"
