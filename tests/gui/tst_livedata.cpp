// SPDX-License-Identifier: Apache-2.0

// One connection, one source of truth: the views of a connection read its Session, and whatever
// the app writes shows in every view that shows it, at once. The session polls hourly here, so
// only the app's own refresh after a write can pass these checks.
#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "core/market/apimarketbackend.h"
#include "core/models/instancemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "gui/instances/instancesview.h"
#include "gui/orders/orderspage.h"
#include "gui/pools/poolsview.h"
#include "support/apiwait.h"
#include "support/eventloopwatchdog.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"

#include <QDateTime>
#include <QDialog>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestLiveData final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
        warmUpQt();
        m_watchdog.start();
    }
    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }
    void cleanupTestCase() { m_watchdog.report(); }

    void everyWriteShowsInEveryViewAtOnce()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        context.setPollInterval(3600 * 1000);
        context.setClient(&client);
        Session* session = context.session();
        ApiMarketBackend market(nullptr);
        market.setSession(session);

        QWidget window;
        auto* pools = new PoolsView(&context, &window);
        auto* instances = new InstancesView(&context, &window);
        auto* orders = new OrdersPage(&market, &settings, &window);
        auto* layout = new QHBoxLayout(&window);
        layout->addWidget(pools);
        layout->addWidget(instances);
        layout->addWidget(orders);
        window.resize(1600, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // One model per list, shared: the views show the session's models, the market reads them.
        QCOMPARE(pools->model(), session->pools());
        QCOMPARE(instances->model(), session->instances());
        QCOMPARE(orders->model(), session->orders());
        QTRY_VERIFY(session->isLoaded(Session::Resource::Pools));
        QTRY_VERIFY(session->isLoaded(Session::Resource::Instances));
        QTRY_VERIFY(session->isLoaded(Session::Resource::Skus));
        const QString workspace = context.workspaceReference();
        QVERIFY(workspace.startsWith(u"wksp_"_s));

        // A new pool: in the Pools view and in the market's pools, without a timer tick.
        const auto pool = waitForResult<Pool>(client.createPool(workspace, u"live-pool"_s));
        QVERIFY(pool);
        QTRY_VERIFY(pools->model()->rowOf(pool->id) >= 0);
        QTRY_VERIFY(market.pool(pool->id).has_value());

        // Renamed: the row changes in place.
        QVERIFY(waitForResult<Pool>(client.renamePool(pool->id, u"live-pool-2"_s)));
        QTRY_COMPARE(pools->model()->find(pool->id)->name, u"live-pool-2"_s);

        // An instance into it: in the Instances view.
        const auto images =
            waitForResult<QList<Image>>(client.images(QString::fromLatin1(ApiClient::publicImagesWorkspace)));
        QVERIFY(images && !images->isEmpty());
        QVERIFY(session->skus()->rowCount() > 0);
        NewInstance spec;
        spec.pool = pool->id;
        spec.sku = session->skus()->at(0).id;
        spec.image = images->first().id;
        spec.name = u"live-1"_s;
        const auto instance = waitForResult<Instance>(client.createInstance(spec));
        QVERIFY(instance);
        QTRY_VERIFY(instances->model()->rowOf(instance->id) >= 0);

        // Terminated from the app: the view says so, with no poll to wait for.
        QVERIFY(waitForResult<Instance>(client.terminateInstance(instance->id)));
        QTRY_VERIFY(instances->model()->find(instance->id)->status != instance->status);

        // A standing order placed through the market: in the Orders page at once, then cancelled.
        const qint64 hour = QDateTime::currentSecsSinceEpoch() / 3600 * 3600;
        OrderRequest request;
        request.pool = pool->id;
        request.sku = session->skus()->at(0).id;
        request.startAt = hour + 40 * 3600;
        request.endAt = request.startAt + 2 * 3600;
        request.nodeCount = 1;
        request.limitPrice = u"0.010000"_s;
        request.allowStanding = true;
        std::optional<Order> placed;
        QString refusal;
        market.place(
            request, this, [&placed](const Order& order) { placed = order; },
            [&refusal](const QString& why) { refusal = why; });
        QTRY_VERIFY2(placed || !refusal.isEmpty(), qPrintable(refusal));
        QVERIFY2(placed, qPrintable(refusal));
        // In the list before place() reported it.
        QVERIFY(orders->model()->rowOf(placed->id) >= 0);
        bool cancelled = false;
        market.cancel(placed->id, this, [&cancelled] { cancelled = true; }, [](const QString&) {});
        QTRY_VERIFY(cancelled);
        QTRY_COMPARE(orders->model()->find(placed->id)->status, Order::Status::Cancelled);

        // Hidden views are not watched: nothing of theirs is asked for.
        window.hide();
        QVERIFY(!session->isWatched(Session::Resource::Pools));
        QVERIFY(!session->isWatched(Session::Resource::Instances));
        QVERIFY(!session->isWatched(Session::Resource::Orders));
    }

    // Changing the workspace re-reads the lists of the new scope at once and drops nothing of the
    // account's lists; the rows then are the new workspace's.
    void aNewScopeIsReadAtOnce()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        context.setPollInterval(3600 * 1000);
        context.setClient(&client);
        QTRY_VERIFY(context.workspaces().size() >= 2);
        const Workspace other = context.workspaces().constLast();
        const auto pool = waitForResult<Pool>(client.createPool(other.id, u"elsewhere"_s));
        QVERIFY(pool);
        PoolsView view(&context);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(context.session()->isLoaded(Session::Resource::Pools));
        if (context.workspace() != other.name) {
            QCOMPARE(view.model()->rowOf(pool->id), -1);
            context.setWorkspace(other.name);
        }
        QTRY_VERIFY(view.model()->rowOf(pool->id) >= 0);
        for (const Pool& shown : view.model()->rows())
            QCOMPARE(shown.workspaceId, other.id);
    }

    // The list page's actions: in the page's menu with their shortcuts, the row ones in the table's
    // context menu, enabled by the selection; F2 on the table renames by keyboard alone, and the
    // new name shows at once.
    void listPageActionsByKeyboard()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        context.setPollInterval(3600 * 1000);
        context.setClient(&client);
        QTRY_VERIFY(!context.workspaceReference().isEmpty());
        const auto pool =
            waitForResult<Pool>(client.createPool(context.workspaceReference(), u"keyboard-pool"_s));
        QVERIFY(pool);
        PoolsView view(&context);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.model()->rowOf(pool->id) >= 0);

        // IDs are there to copy, not to read: hidden until the user shows the column.
        QVERIFY(view.table()->table()->isColumnHidden(PoolModel::IdColumn));
        QVERIFY(!view.table()->table()->isColumnHidden(PoolModel::NameColumn));

        QMenu* menu = view.pageMenu();
        QVERIFY(menu->property("sectionMenu").toBool());
        QStringList entries;
        for (const QAction* action : constValue(menu->actions()))
            if (!action->isSeparator())
                entries << action->text() + u'|' + action->shortcut().toString();
        QCOMPARE(entries, (QStringList{u"&Refresh|F5"_s, u"&Export…|Ctrl+E"_s, u"&New Pool…|Ctrl+N"_s,
                                       u"Rena&me…|F2"_s, u"&Delete…|Del"_s, u"Move N&odes…|Ctrl+M"_s,
                                       u"Sell &Idle…|"_s}));
        auto* rename = view.findChild<QPushButton*>(u"poolsRenameButton"_s);
        QVERIFY(rename);
        view.table()->table()->clearSelection();
        view.table()->table()->setCurrentIndex({});
        QTRY_VERIFY(!rename->isEnabled());

        view.selectPool(pool->id);
        QTRY_VERIFY(rename->isEnabled());
        view.table()->table()->setFocus();
        QTest::keyClick(view.table()->table(), Qt::Key_F2);
        QDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = view.findChild<QDialog*>(u"nameDialog"_s)) && dialog->isVisible());
        auto* edit = dialog->findChild<QLineEdit*>(u"nameEdit"_s);
        QVERIFY(edit);
        edit->selectAll();
        QTest::keyClicks(edit, u"renamed-by-keys"_s);
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_COMPARE(view.model()->at(view.model()->rowOf(pool->id)).name, u"renamed-by-keys"_s);
    }

private:
    SimProcess m_sim;
    EventLoopWatchdog m_watchdog;
};

QTEST_MAIN(TestLiveData)
#include "tst_livedata.moc"
