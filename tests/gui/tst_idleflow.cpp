// SPDX-License-Identifier: Apache-2.0

// Idle capacity in the app against the real sfsim on its thread: a pool that owns two nodes with no
// instance shows them in Pools' "Idle (48 h)" column and hatched on the planner's chart; an
// instance started on it halves them; Sell Idle… opens the planner with exactly the idle block as
// a sell, priced from the book's bids, and places it only once the user confirms (sfsim receives
// that order: sell, the nodes, the window, the pool).
#include "appservices.h"
#include "common/constvalue.h"
#include "common/money.h"
#include "confirmations.h"
#include "controlledsimulator.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/market/idlecapacity.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "fakenotifier.h"
#include "gui/application/application.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/pools/poolsview.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/reservationspage.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QDateTime>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr int Timeout = 20000;

// The app with its own settings and the embedded sfsim on its thread, the clock under the test's control.
struct AppUnderTest
{
    QTemporaryDir dir;
    Settings settings{dir.filePath(u"s.ini"_s)};
    QNetworkAccessManager network;
    MemorySecretStore secrets;
    SimClient api;
    QJsonObject tokens;
    FakeNotifier notifier;
    std::unique_ptr<Application> app;

    AppUnderTest() = default;
    // Stopping the simulator's thread blocks the UI thread on purpose: not a stall of the app's.
    ~AppUnderTest()
    {
        const EventLoopWatchdog::Pause shutDown;
        app.reset();
    }
    Q_DISABLE_COPY_MOVE(AppUnderTest)

    bool start()
    {
        const QString simDir = dir.filePath(u"local"_s);
        Application::Services services = appServices(&settings, &secrets, &network, [simDir, this] {
            return std::make_unique<ControlledSimulator>(simDir, &api, &tokens);
        });
        services.notifier = &notifier;
        std::optional<EventLoopWatchdog::Pause> startUp(std::in_place);
        app = std::make_unique<Application>(services);
        MainWindow* window = app->window();
        window->resize(1280, 800);
        window->show();
        if (!QTest::qWaitForWindowExposed(window))
            return false;
        app->start();
        startUp.reset();
        return QTest::qWaitFor([this] { return app->connection()->state() == Connection::State::Ready; },
                               30000);
    }

    QString skuId(const QString& alias)
    {
        for (const auto& v : constValue(api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            if (v.toObject().value(u"alias").toString() == alias)
                return v.toObject().value(u"id").toString();
        return {};
    }

    // A pool of acme's default workspace owning `nodes` of `sku` from the hour under way for three days.
    QString owningPool(const QString& name, const QString& sku, qint64 nodes)
    {
        const QString pool = api.post(u"/preview/v2/pools"_s,
                                      {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, name}})
                                 .id();
        const qint64 owned = api.now() - api.now() % H;
        api.post(u"/_sim/pools/%1/allocation"_s.arg(pool), {{u"instance_sku"_s, sku},
                                                            {u"start_at"_s, owned},
                                                            {u"end_at"_s, owned + 72 * H},
                                                            {u"node_count"_s, nodes}});
        return pool;
    }
};

} // namespace

class TstIdleFlow final : public QObject
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

    void idleNodesAreShownAndSoldAsOneSlice()
    {
        AppUnderTest run;
        QVERIFY(run.start());
        Application* app = run.app.get();
        MainWindow* window = app->window();
        SimClient& api = run.api;
        Session* session = app->connection()->session();
        QAbstractItemModelTester tester(session->pools(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);

        const QString sku = run.skuId(u"sea-3-h100"_s);
        QVERIFY(!sku.isEmpty());
        const QString pool = run.owningPool(u"idle"_s, sku, 2);
        QVERIFY(!pool.isEmpty());

        // Pools: the column, from the session's pools and instances.
        app->setCurrentSection(u"pools"_s);
        auto* pools = window->findChild<PoolsView*>();
        QVERIFY(pools);
        session->refreshAll();
        QTRY_COMPARE_WITH_TIMEOUT(session->pools()->idleOf(pool).nodeHours, 2 * 48, Timeout);
        const int row = session->pools()->rowOf(pool);
        QCOMPARE(session->pools()->index(row, PoolModel::IdleColumn).data().toString(), u"96 node-hours"_s);
        QCOMPARE(session->pools()->headerData(PoolModel::IdleColumn, Qt::Horizontal).toString(),
                 u"Idle (48 h)"_s);

        // An instance on it: one node of two in use from now on.
        QString image;
        for (const auto& v :
             constValue(api.get(u"/preview/v2/images?workspace=sfc:workspace:sfcompute:public"_s).data()))
            image = v.toObject().value(u"id").toString();
        QVERIFY(!image.isEmpty());
        const SimReply started = api.post(u"/preview/v2/instances"_s,
                                          {{u"pool"_s, pool}, {u"instance_sku"_s, sku}, {u"image"_s, image}});
        QVERIFY2(!started.id().isEmpty(), started.raw.constData());
        session->refreshAll();
        QTRY_COMPARE_WITH_TIMEOUT(session->pools()->idleOf(pool).nodeHours, 48, Timeout);
        QCOMPARE(session->pools()->index(row, PoolModel::IdleColumn).data().toString(), u"48 node-hours"_s);
        pools->selectPool(pool);
        auto* sellIdle = pools->findChild<QAbstractButton*>(u"poolsSellIdleButton"_s);
        QVERIFY(sellIdle);
        QTRY_VERIFY_WITH_TIMEOUT(sellIdle->isEnabled(), Timeout);
        QVERIFY(!sellIdle->accessibleName().isEmpty() || !sellIdle->text().isEmpty());
        saveWidgetScreenshot(window, u"idle-pools"_s);

        // Sell Idle…: the planner, with exactly the idle block as a sell.
        const IdleCapacity::PoolIdle idle = session->pools()->idleOf(pool);
        QVERIFY(idle.sellable && idle.sellableIsAll);
        const qint64 start = idle.sellable->start;
        const qint64 end = idle.sellable->end;
        QCOMPARE(end - start, 48 * H);
        const int ordersBefore = int(api.get(u"/preview/v2/orders?pool="_s + pool).data().size());
        sellIdle->click();
        QCOMPARE(window->currentSection(), u"reservations"_s);
        auto* page = window->findChild<ReservationsPage*>();
        QVERIFY(page);
        QCOMPARE(page->currentPool(), pool);
        QVERIFY(page->panel()->isSell());
        QCOMPARE(page->chart()->selection(), std::optional<TimeAxis::Window>(TimeAxis::Window{start, end}));
        QTRY_COMPARE_WITH_TIMEOUT(page->chart()->idle().nodeSeconds().value_or(0), 48 * H, Timeout);
        QVERIFY(page->chart()->description().contains(u"Idle: 48 node-hours"_s));
        // Priced from the book's bids once the depth is read.
        auto* status = page->findChild<QLabel*>(u"orderStatus"_s);
        QTRY_VERIFY2_WITH_TIMEOUT(status->text().startsWith(u"Priced at the bid"_s),
                                  qPrintable(status->text()), Timeout);
        QString why;
        std::optional<OrderRequest> request;
        QTRY_VERIFY_WITH_TIMEOUT((request = page->panel()->request(&why)).has_value(), Timeout);
        QCOMPARE(request->side, u"sell"_s);
        QCOMPARE(request->pool, pool);
        QCOMPARE(request->sku, sku);
        QCOMPARE(request->nodeCount, 1);
        QCOMPARE(request->startAt, start);
        QCOMPARE(request->endAt, end);
        QVERIFY2(status->text().startsWith(u"Priced at the bid"_s), qPrintable(status->text()));
        // Copied as the sf command that would place it, with the pool's and SKU's names.
        auto* copy = page->findChild<QPushButton*>(u"orderCopyCommand"_s);
        QVERIFY(copy);
        QTRY_VERIFY_WITH_TIMEOUT(copy->isEnabled(), Timeout);
        QGuiApplication::clipboard()->clear();
        copy->click();
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 u"sf orders create --side sell --pool idle --count 1 --start %1 --duration 2d --min-rate %2 "
                 "--sku sea-3-h100%3"_s.arg(
                     QDateTime::fromSecsSinceEpoch(start, QTimeZone::UTC).toString(Qt::ISODate),
                     page->panel()->request()->limitPrice,
                     page->panel()->request()->allowStanding ? u" --allow-standing"_s : QString()));
        // Nothing placed yet.
        QCOMPARE(int(api.get(u"/preview/v2/orders?pool="_s + pool).data().size()), ordersBefore);
        QTRY_VERIFY_WITH_TIMEOUT(!page->chart()->snapshot().quotes.isEmpty(), Timeout);
        saveWidgetScreenshot(window, u"idle-planner"_s);

        // Placed once confirmed: sfsim has the sell of exactly that slice.
        auto* place = page->findChild<QPushButton*>(u"orderPlace"_s);
        QTRY_VERIFY_WITH_TIMEOUT(place->isEnabled(), Timeout);
        place->click();
        const QString asked = answerConfirmation(page, true);
        QVERIFY2(asked.contains(u"Sell 1"_s), qPrintable(asked));
        QTRY_COMPARE_WITH_TIMEOUT(int(api.get(u"/preview/v2/orders?pool="_s + pool).data().size()),
                                  ordersBefore + 1, Timeout);
        QJsonObject placed;
        for (const auto& v : constValue(api.get(u"/preview/v2/orders?pool="_s + pool).data()))
            placed = v.toObject();
        QCOMPARE(placed.value(u"side"_s).toString(), u"sell"_s);
        const QJsonArray delta = placed.value(u"allocation_schedule_delta"_s).toArray();
        QVERIFY2(!delta.isEmpty(), QJsonDocument(placed).toJson().constData());
        QCOMPARE(delta.first().toObject().value(u"start_at"_s).toInteger(), start);
        QCOMPARE(delta.first().toObject().value(u"end_at"_s).toInteger(), end);
        QCOMPARE(delta.first().toObject().value(u"node_count"_s).toInteger(), 1);
    }

    // The app reads a pool's schedules with a day of their past: by a clock a second behind the
    // server's present minute, a pool that has owned nodes for an hour still owns them, and the
    // schedule's first entry is not taken for capacity that starts.
    void aClockBehindTheServerSeesTheNodesOwnedNow()
    {
        AppUnderTest run;
        QVERIFY(run.start());
        Session* session = run.app->connection()->session();
        const QString sku = run.skuId(u"sea-3-h100"_s);
        const QString pool = run.owningPool(u"owned-an-hour"_s, sku, 3);
        QVERIFY(!pool.isEmpty());
        run.api.advanceClock(H + 90);
        const qint64 serverNow = run.api.now();
        const qint64 minute = serverNow - serverNow % 60;
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(session->pools()->find(pool), Timeout);
        const Pool read = *session->pools()->find(pool);
        QVERIFY(!read.total.isEmpty());
        QVERIFY2(read.total.first().startAt < minute - H,
                 qPrintable(QString::number(minute - read.total.first().startAt)));
        QCOMPARE(read.nodesAt(minute - 1), 3);
        QCOMPARE(read.nodesAt(serverNow), 3);
        QCOMPARE(read.skusFrom(serverNow), 1);
        QVERIFY(run.notifier.ofKind(Notice::Kind::CapacitySoon).isEmpty());
    }

    // A pool owning nodes with no instance is told once it has been so for more than an hour (of
    // the simulated clock), not again at the next polls; turned off, another is not told.
    void anIdlePoolIsToldOnce()
    {
        AppUnderTest run;
        QVERIFY(run.start());
        Session* session = run.app->connection()->session();
        const QString sku = run.skuId(u"sea-3-h100"_s);
        const QString pool = run.owningPool(u"idle-told"_s, sku, 1);
        QVERIFY(!pool.isEmpty());
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(session->pools()->find(pool), Timeout);
        QVERIFY(run.notifier.ofKind(Notice::Kind::PoolIdle).isEmpty());

        // Not yet an hour.
        QSignalSpy checks(session, &Session::accountChecked);
        // The app learns the server's time, then reads the lists: the idle stretch is measured by
        // the app's clock, which has to have gone by the advanced time.
        const auto advance = [&run, session](qint64 seconds) {
            run.api.advanceClock(seconds);
            const qint64 serverNow = run.api.now();
            run.app->market()->readClock();
            const bool learnt = QTest::qWaitFor(
                [&run, serverNow] { return run.app->market()->now() >= serverNow - 2; }, Timeout);
            run.app->market()->refresh();
            session->refreshAll();
            return learnt;
        };
        QVERIFY(advance(50 * 60));
        QVERIFY(checks.wait(Timeout));
        QVERIFY(run.notifier.ofKind(Notice::Kind::PoolIdle).isEmpty());

        QVERIFY(advance(20 * 60));
        QTRY_COMPARE_WITH_TIMEOUT(run.notifier.ofKind(Notice::Kind::PoolIdle).size(), 1, Timeout);
        const Notice told = run.notifier.ofKind(Notice::Kind::PoolIdle).first();
        QCOMPARE(told.section, u"pools"_s);
        QCOMPARE(told.targetId, pool);
        QVERIFY2(told.text.startsWith(u"Pool idle-told has owned 1 node with no instance"_s),
                 qPrintable(told.text));

        // The next polls: still the one.
        const int seen = int(checks.size());
        QVERIFY(advance(10 * 60));
        QTRY_VERIFY_WITH_TIMEOUT(checks.size() > seen, Timeout);
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(checks.size() > seen + 1, Timeout);
        QCOMPARE(run.notifier.ofKind(Notice::Kind::PoolIdle).size(), 1);

        // Turned off in the settings: another idle pool is not told.
        Notice::setEnabled(run.settings, Notice::Kind::PoolIdle, false);
        const QString other = run.owningPool(u"idle-quiet"_s, sku, 1);
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(session->pools()->find(other), Timeout);
        const int before = int(checks.size());
        QVERIFY(advance(2 * H));
        QTRY_VERIFY_WITH_TIMEOUT(checks.size() > before, Timeout);
        session->refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(checks.size() > before + 1, Timeout);
        QCOMPARE(run.notifier.ofKind(Notice::Kind::PoolIdle).size(), 1);
    }
};

QTEST_MAIN(TstIdleFlow)
#include "tst_idleflow.moc"
