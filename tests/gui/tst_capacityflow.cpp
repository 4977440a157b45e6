// SPDX-License-Identifier: Apache-2.0

// Procurements on the planner and pool transfers in Pools, driven through their widgets against
// the real sfsim over HTTP: a procurement made from a chart selection with the keyboard alone, its
// target line and its fills on the chart, its status line, edit, disable and delete; one made from
// a result of Find Window; nodes moved to a pool of another workspace, both schedules changing by
// exactly what moved, and a transfer the server rejects shown with its reason.
#include "common/money.h"

#include "common/clitime.h"
#include "common/constvalue.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/models/pooltransfermodel.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "gui/pools/movenodesdialog.h"
#include "gui/pools/poolsview.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/procurementdialog.h"
#include "gui/reservations/reservationspage.h"
#include "gui/reservations/windowsearchdialog.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr int Timeout = 15000;

template <typename T> T* waitForWindow(const QString& name)
{
    T* found = nullptr;
    [[maybe_unused]] const bool shown = QTest::qWaitFor(
        [&] {
            for (QWidget* widget : QApplication::topLevelWidgets()) {
                if (auto* candidate = qobject_cast<T*>(widget);
                    candidate && candidate->isVisible() && candidate->objectName() == name)
                    found = candidate;
            }
            return found != nullptr;
        },
        Timeout);
    return found;
}

} // namespace

class TstCapacityFlow final : public QObject
{
    Q_OBJECT

private:
    SimProcess m_sim;
    SimClient m_api;
    QHash<QString, QString> m_skus; // alias -> id
    EventLoopWatchdog m_watchdog;

    QString createPool(const QString& name, const QString& workspace = u"default"_s)
    {
        return m_api
            .post(u"/preview/v2/pools"_s,
                  {{u"workspace"_s, QString(u"sfc:workspace:acme:"_s + workspace)}, {u"name"_s, name}})
            .id();
    }

    QString quotedRate(const QString& alias, qint64 start, qint64 end, qint64 nodes)
    {
        const SimReply r =
            m_api.post(u"/preview/v2/order_preview"_s,
                       {{u"side"_s, u"buy"_s},
                        {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{alias}}}},
                        {u"start_at"_s, start},
                        {u"duration_seconds"_s, end - start},
                        {u"node_count"_s, nodes}});
        return r.json.value(u"post_order_body"_s)
            .toObject()
            .value(u"limit_price_dollars_per_node_hour"_s)
            .toString();
    }

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

    static qint64 nodesAt(const QJsonArray& schedule, qint64 t)
    {
        for (const auto& v : schedule) {
            const QJsonObject e = v.toObject();
            const bool open = e.value(u"end_at").isNull() || e.value(u"end_at").isUndefined();
            if (e.value(u"start_at").toInteger() <= t && (open || t < e.value(u"end_at").toInteger()))
                return e.value(u"node_count").toInteger();
        }
        return 0;
    }

    // The planner on its own connection, as the app builds it.
    struct Planner
    {
        QNetworkAccessManager network;
        std::unique_ptr<ApiClient> client;
        std::unique_ptr<ApiMarketBackend> backend;
        std::unique_ptr<ReservationsPage> page;

        Planner(const QUrl& url, const QString& token)
        {
            client = std::make_unique<ApiClient>(url, &network);
            client->setToken(token);
            backend = std::make_unique<ApiMarketBackend>(client.get());
            backend->setPollInterval(3'600'000);
            page = std::make_unique<ReservationsPage>(backend.get());
            page->resize(1300, 860);
            page->show();
        }
        ~Planner()
        {
            page.reset();
            backend.reset();
        }
        PlannerChart* chart() const { return page->chart(); }
        QWidget* chartView() const { return chart()->findChild<QWidget*>(u"plannerChartView"_s); }
    };

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            m_skus.insert(v.toObject().value(u"alias").toString(), v.toObject().value(u"id").toString());
        QVERIFY(m_skus.contains(u"sea-3-h100"_s));
        warmUpQt();
        m_watchdog.start();
    }

    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }
    void cleanupTestCase() { m_watchdog.report(); }

    // Select a window on the chart with the arrow keys, Ctrl+K, type the cap, Enter: the procurement
    // is made, its target line is on the chart and what it bought shows as its orders and the
    // pool's nodes. Then F2 edits it, Ctrl+Shift+E disables it, Ctrl+Delete deletes it.
    void procurementFromAChartSelectionByKeyboard()
    {
        const QString sku = m_skus.value(u"sea-3-h100"_s);
        const QString pool = createPool(u"keyboard"_s);
        Planner p(m_sim.baseUrl(), m_sim.token(u"acme-owner"_s));
        p.backend->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(p.backend->pool(pool).has_value(), Timeout);
        p.page->setCurrentPool(pool);
        auto* skuBox = p.page->findChild<QComboBox*>(u"orderSku"_s);
        QTRY_VERIFY_WITH_TIMEOUT(skuBox->findData(sku) >= 0, Timeout);
        skuBox->setCurrentIndex(skuBox->findData(sku));
        QTRY_VERIFY_WITH_TIMEOUT(p.chart()->snapshot().now > 0, Timeout);

        // The keyboard: the next hour, then five more; two nodes in the order panel.
        p.chartView()->setFocus();
        QTRY_VERIFY(p.chartView()->hasFocus());
        QTest::keyClick(p.chartView(), Qt::Key_Right);
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(p.chartView(), Qt::Key_Right, Qt::ShiftModifier);
        QVERIFY(p.chart()->selection());
        const qint64 end = p.chart()->selection()->end;
        auto* nodes = p.page->findChild<QSpinBox*>(u"orderNodes"_s);
        QVERIFY(nodes);
        nodes->setFocus();
        nodes->selectAll();
        QTest::keyClicks(nodes, u"2"_s);
        QCOMPARE(nodes->value(), 2);
        p.chartView()->setFocus();
        QTest::keyClick(p.chartView(), Qt::Key_K, Qt::ControlModifier);
        auto* dialog = waitForWindow<ProcurementDialog>(u"procurementDialog"_s);
        QVERIFY(dialog);
        auto* target = dialog->findChild<QSpinBox*>(u"procurementTarget"_s);
        auto* window = dialog->findChild<QLineEdit*>(u"procurementWindow"_s);
        QCOMPARE(target->value(), 2);
        // The window reaches the selection's end, from now.
        const qint64 minutes = (end - p.backend->now() + 59) / 60;
        QVERIFY2(qAbs(CliTime::parseDuration(window->text()).value_or(0) / 60 - minutes) <= 1,
                 qPrintable(window->text()));
        // The name and the prices, typed; the cap well above the market, the floor far above.
        const double ask =
            quotedRate(u"sea-3-h100"_s, p.backend->now() - p.backend->now() % H + H, end, 2).toDouble();
        QVERIFY(ask > 0);
        QTest::keyClick(dialog, Qt::Key_N, Qt::AltModifier);
        QVERIFY(dialog->findChild<QLineEdit*>(u"procurementName"_s)->hasFocus());
        QTest::keyClicks(QApplication::focusWidget(), u"keep-two"_s);
        QTest::keyClick(dialog, Qt::Key_M, Qt::AltModifier);
        auto* cap = dialog->findChild<QLineEdit*>(u"procurementMaxBuy"_s);
        QVERIFY(cap->hasFocus());
        cap->selectAll();
        QTest::keyClicks(cap, QString::number(ask * 2, 'f', 2));
        QTest::keyClick(dialog, Qt::Key_L, Qt::AltModifier);
        auto* floor = dialog->findChild<QLineEdit*>(u"procurementMinSell"_s);
        QVERIFY(floor->hasFocus());
        floor->selectAll();
        QTest::keyClicks(floor, QString::number(ask * 10, 'f', 2));
        QVERIFY(dialog->command().startsWith(u"sf procurements create --name keep-two --pool "_s + pool));
        saveWidgetScreenshot(dialog, u"capacity-procurement-dialog"_s);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);

        // Made: in the pool's list with its status line, on the chart as its target line.
        auto* list = p.page->procurementList();
        QTRY_VERIFY_WITH_TIMEOUT(list->isVisible() && list->topLevelItemCount() == 1, Timeout);
        QCOMPARE(list->topLevelItem(0)->text(0), u"keep-two"_s);
        const QString id = list->topLevelItem(0)->data(0, Qt::UserRole).toString();
        QVERIFY(id.startsWith(u"proc_"_s));
        QTRY_VERIFY_WITH_TIMEOUT(p.chart()->procurementPoint(id).has_value(), Timeout);
        const QPoint onLine = *p.chart()->procurementPoint(id);
        QCOMPARE(p.chart()->procurementAt(onLine), id);
        QVERIFY2(p.chart()->toolTipAt(onLine).contains(u"Procurement keep-two keeps 2 nodes"_s),
                 qPrintable(p.chart()->toolTipAt(onLine)));
        QVERIFY(p.chart()->description().contains(u"Procurement keep-two keeps 2 nodes"_s));
        // Its fills: its orders (marked as its own) and the two nodes the pool now owns.
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(p.chart()->snapshot().orders.cbegin(),
                                             p.chart()->snapshot().orders.cend(),
                                             [&id](const PlannerOrder& order) {
                                                 return order.procurement == id && !order.filled.isEmpty();
                                             }),
                                 Timeout);
        const qint64 now = p.backend->now();
        QCOMPARE(p.chart()->snapshot().ownedBySku.value(sku).at(now + 120), 2);
        QCOMPARE(nodesAt(poolSchedule(pool, sku), now + 120), 2);
        // (No catalogue is loaded here: the plural reads "node(s)".)
        QTRY_VERIFY2_WITH_TIMEOUT(list->topLevelItem(0)->text(4).startsWith(u"On target: 2 node"_s),
                                  qPrintable(list->topLevelItem(0)->text(4)), Timeout);
        saveWidgetScreenshot(p.page.get(), u"capacity-planner-procurement"_s);

        // F2: edit the cap. (The page is the active window again once the dialog has gone, as a
        // window manager would make it.)
        p.page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(p.page.get()));
        list->setFocus();
        QTest::keyClick(list, Qt::Key_F2);
        auto* edit = waitForWindow<ProcurementDialog>(u"procurementDialog"_s);
        QVERIFY(edit && edit->isEditing());
        QTest::keyClick(edit, Qt::Key_M, Qt::AltModifier);
        auto* editCap = edit->findChild<QLineEdit*>(u"procurementMaxBuy"_s);
        editCap->selectAll();
        QTest::keyClicks(editCap, QString::number(ask * 3, 'f', 2));
        QTest::keyClick(editCap, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(m_api.get(u"/preview/v2/procurements/"_s + id)
                                         .json.value(u"max_buy_price_dollars_per_node_hour"_s)
                                         .toString()
                                         .toDouble()
                                     > ask * 2.5,
                                 Timeout);

        // Ctrl+Shift+E disables it: the list says so.
        p.page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(p.page.get()));
        list->setFocus();
        QTest::keyClick(list, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(list->topLevelItemCount() == 1
                                     && list->topLevelItem(0)->text(4).startsWith(u"Disabled"_s),
                                 Timeout);
        QVERIFY(!m_api.get(u"/preview/v2/procurements/"_s + id).json.value(u"enabled"_s).toBool());

        // Ctrl+Delete, then the question's Delete button, deletes it.
        QTest::keyClick(list, Qt::Key_Delete, Qt::ControlModifier);
        auto* box = waitForWindow<QMessageBox>(u"deleteProcurementBox"_s);
        QVERIFY(box);
        QVERIFY(box->text().contains(u"keep-two"_s));
        // Space on its button (the question starts on Cancel).
        auto* confirm = box->findChild<QPushButton*>(u"deleteProcurementConfirm"_s);
        QVERIFY(confirm);
        QVERIFY(confirm->focusPolicy() & Qt::TabFocus);
        QTest::keyClick(confirm, Qt::Key_Space);
        // The question closes (and goes: it deletes itself); the list goes with the procurement.
        QTRY_VERIFY2_WITH_TIMEOUT(
            !list->isVisible(), qPrintable(p.page->findChild<QLabel*>(u"plannerMessage"_s)->text()), Timeout);
        QCOMPARE(m_api.get(u"/preview/v2/procurements/"_s + id).status, 404);
        // What it bought stays in the pool.
        QCOMPARE(nodesAt(poolSchedule(pool, sku), p.backend->now() + 120), 2);
    }

    // A result of Find Window kept by a procurement instead of bought once.
    void findWindowKeepsAResult()
    {
        const QString sku = m_skus.value(u"sea-3-h100"_s);
        const QString pool = createPool(u"searched"_s);
        Planner p(m_sim.baseUrl(), m_sim.token(u"acme-owner"_s));
        p.backend->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(p.backend->pool(pool).has_value(), Timeout);
        p.page->setCurrentPool(pool);
        auto* skuBox = p.page->findChild<QComboBox*>(u"orderSku"_s);
        QTRY_VERIFY_WITH_TIMEOUT(skuBox->findData(sku) >= 0, Timeout);
        skuBox->setCurrentIndex(skuBox->findData(sku));
        p.page->findChild<QPushButton*>(u"plannerFindWindow"_s)->click();
        auto* search = waitForWindow<WindowSearchDialog>(u"windowSearchDialog"_s);
        QVERIFY(search);
        search->findChild<QLineEdit*>(u"windowSearchShortest"_s)->setText(u"6h"_s);
        search->findChild<QLineEdit*>(u"windowSearchLongest"_s)->setText(u"12h"_s);
        search->findChild<QLineEdit*>(u"windowSearchLatest"_s)->setText(u"in 1d"_s);
        search->search();
        QTRY_VERIFY_WITH_TIMEOUT(!search->results().isEmpty(), Timeout);
        const WindowSearch::Offer offer = search->results().first();
        search->findChild<QPushButton*>(u"windowSearchKeep"_s)->click();
        auto* dialog = waitForWindow<ProcurementDialog>(u"procurementDialog"_s);
        QVERIFY(dialog);
        const auto request = dialog->request();
        QVERIFY(request);
        QCOMPARE(request->target, offer.nodes);
        // A cap a tenth above the window's price, the floor twice that.
        QVERIFY(Money::parseRate(request->maxBuyPrice).value_or(0) >= offer.rateMicros());
        dialog->findChild<QPushButton*>(u"procurementSave"_s)->click();
        auto* list = p.page->procurementList();
        QTRY_VERIFY_WITH_TIMEOUT(list->topLevelItemCount() == 1, Timeout);
        const QString id = list->topLevelItem(0)->data(0, Qt::UserRole).toString();
        QCOMPARE(m_api.get(u"/preview/v2/procurements/"_s + id).json.value(u"target"_s).toInteger(),
                 offer.nodes);
        QCOMPARE(m_api.del(u"/preview/v2/procurements/"_s + id).status, 204);
    }

    // Move Nodes from a pool of production to one of research: the preview shows both schedules
    // after the move, the transfer is listed until it is executed, and both pools' schedules change
    // by exactly what moved. A transfer the server rejects shows its reason as the server gave it.
    void moveNodesToAnotherWorkspace()
    {
        const QString sku = m_skus.value(u"sea-3-h100"_s);
        const QString from = createPool(u"mover"_s, u"production"_s);
        const QString to = createPool(u"receiver"_s, u"research"_s);
        const qint64 now = m_api.now();
        const qint64 start = now - now % H + 2 * H;
        const qint64 end = start + 6 * H;
        QJsonObject buy{
            {u"pool"_s, from},
            {u"side"_s, u"buy"_s},
            {u"instance_sku"_s, sku},
            {u"allocation_schedule_delta"_s,
             QJsonArray{QJsonObject{{u"start_at"_s, start}, {u"end_at"_s, end}, {u"node_count"_s, 4}}}},
            {u"limit_price_dollars_per_node_hour"_s,
             QString::number(quotedRate(u"sea-3-h100"_s, start, end, 4).toDouble() * 1.2, 'f', 6)}};
        QCOMPARE(m_api.post(u"/preview/v2/orders"_s, buy).json.value(u"status"_s).toString(), u"filled"_s);

        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        context.setAllWorkspaces(true);
        PoolsView view(&context);
        view.resize(1200, 760);
        view.show();
        context.setClient(&client);
        // The dialog names the SKUs the session has read by then: the test waits for them as for
        // the pools.
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->find(from) && view.model()->find(to)
                                     && context.session()->isLoaded(Session::Resource::Skus),
                                 Timeout);
        view.selectPool(from);
        QTRY_VERIFY(view.currentPool() && view.currentPool()->id == from);
        auto* move = view.findChild<QPushButton*>(u"poolsMoveNodesButton"_s);
        QTRY_VERIFY(move->isEnabled());
        move->click();
        auto* dialog = waitForWindow<MoveNodesDialog>(u"moveNodesDialog"_s);
        QVERIFY(dialog);
        auto* target = dialog->findChild<QComboBox*>(u"moveNodesTarget"_s);
        const int receiver = target->findData(to);
        QVERIFY(receiver >= 0);
        QCOMPARE(target->itemText(receiver), u"receiver (research)"_s);
        target->setCurrentIndex(receiver);
        auto* count = dialog->findChild<QSpinBox*>(u"moveNodesCount"_s);
        // The window defaults to what the pool owns from the next hour on (four nodes).
        QCOMPARE(count->value(), 4);
        count->setValue(3);
        dialog->findChild<QLineEdit*>(u"moveNodesStart"_s)->setText(QString::number(start + H));
        dialog->findChild<QLineEdit*>(u"moveNodesEnd"_s)->setText(QString::number(start + 4 * H));
        const QString preview = dialog->findChild<QPlainTextEdit*>(u"moveNodesPreview"_s)->toPlainText();
        QVERIFY2(preview.contains(u"mover (production), sea-3-h100:"_s) && preview.contains(u"4 → 1 nodes"_s)
                     && preview.contains(u"receiver (research), sea-3-h100:"_s)
                     && preview.contains(u"0 → 3 nodes"_s),
                 qPrintable(preview));
        // More than it owns is refused before anything is sent.
        count->setValue(5);
        QVERIFY(!dialog->findChild<QPushButton*>(u"moveNodesMove"_s)->isEnabled());
        count->setValue(3);
        QVERIFY(dialog->command().startsWith(u"sf pools transfer --from sfc:pool:acme:production:mover"_s));
        saveWidgetScreenshot(dialog, u"capacity-move-nodes"_s);
        dialog->findChild<QPushButton*>(u"moveNodesMove"_s)->click();

        // Listed under the pool, live until executed.
        QTableView* transfers = view.transfersTable();
        QTRY_COMPARE_WITH_TIMEOUT(transfers->model()->rowCount(), 1, Timeout);
        view.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(
            transfers->model()->index(0, PoolTransferModel::StatusColumn).data().toString(), u"Executed"_s,
            Timeout);
        QCOMPARE(transfers->model()->index(0, PoolTransferModel::ToColumn).data().toString(),
                 u"receiver (research)"_s);
        // Both schedules moved by exactly the delta.
        const QJsonArray source = poolSchedule(from, sku);
        const QJsonArray destination = poolSchedule(to, sku);
        for (qint64 t = start; t < end; t += 600) {
            const bool moved = t >= start + H && t < start + 4 * H;
            QCOMPARE(nodesAt(source, t), moved ? 1 : 4);
            QCOMPARE(nodesAt(destination, t), moved ? 3 : 0);
        }
        // ...and the pools list shows it too.
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->find(to)->nodesAt(start + 2 * H), 3, Timeout);

        // One the server rejects: its reason, as the server gave it.
        const SimReply rejected =
            m_api.post(u"/preview/v2/pool_transfers"_s,
                       {{u"from_pool"_s, from},
                        {u"to_pool"_s, to},
                        {u"instance_sku"_s, sku},
                        {u"allocation_schedule_delta"_s,
                         QJsonArray{QJsonObject{
                             {u"start_at"_s, start}, {u"end_at"_s, start + H}, {u"node_count"_s, 9}}}}});
        QCOMPARE(rejected.status, 202);
        const QString reason = m_api.get(u"/preview/v2/pool_transfers/"_s + rejected.id())
                                   .json.value(u"rejected_reason"_s)
                                   .toString();
        QVERIFY(!reason.isEmpty());
        view.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(transfers->model()->rowCount(), 2, Timeout);
        int row = -1;
        for (int i = 0; i < transfers->model()->rowCount(); ++i) {
            if (transfers->model()->index(i, PoolTransferModel::IdColumn).data().toString() == rejected.id())
                row = i;
        }
        QVERIFY(row >= 0);
        QCOMPARE(transfers->model()->index(row, PoolTransferModel::StatusColumn).data().toString(),
                 u"Rejected"_s);
        QCOMPARE(transfers->model()->index(row, PoolTransferModel::ReasonColumn).data().toString(), reason);
        saveWidgetScreenshot(&view, u"capacity-pools-transfers"_s);
    }
};

QTEST_MAIN(TstCapacityFlow)
#include "tst_capacityflow.moc"
