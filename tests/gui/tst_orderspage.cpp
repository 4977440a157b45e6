// SPDX-License-Identifier: Apache-2.0

#include "confirmations.h"
#include "core/models/ordermodel.h"
#include "core/models/resourceproxymodel.h"
#include "core/settings/settings.h"
#include "fakemarketbackend.h"
#include "gui/common/resourcetableview.h"
#include "gui/orders/orderspage.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 Hour0 = 1'800'000'000;

Order makeOrder(const QString& id, const QString& side, Order::Status status, const QString& statusText)
{
    Order order;
    order.id = id;
    order.pool = ObjectRef{u"pool_train"_s, u"training"_s};
    order.side = side;
    order.sku = ObjectRef{u"isku_h100"_s, u"sea-3-h100"_s};
    order.delta = {ScheduleEntry{Hour0 + 3600, Hour0 + 7 * 3600, 4}};
    order.limitPrice = Price{u"2.500000"_s, 2'500'000};
    order.status = status;
    order.statusText = statusText;
    order.allowStanding = status == Order::Status::Standing;
    order.createdAt = Hour0;
    return order;
}

} // namespace

class TstOrdersPage final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<FakeMarketBackend> m_backend;
    std::unique_ptr<OrdersPage> m_page;

    void selectOrder(const QString& id)
    {
        QTableView* table = m_page->table()->table();
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const QModelIndex index = table->model()->index(row, 0);
            if (index.data(ResourceRole::IdRole).toString() == id) {
                table->setCurrentIndex(index);
                return;
            }
        }
        QFAIL("order not in the table");
    }

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void init()
    {
        m_settings = std::make_unique<Settings>(m_dir.filePath(u"settings.ini"_s));
        m_backend = std::make_unique<FakeMarketBackend>();
        Order filled = makeOrder(u"ordr_filled"_s, u"buy"_s, Order::Status::Filled, u"filled"_s);
        filled.filledDelta = {ScheduleEntry{Hour0 + 3600, Hour0 + 7 * 3600, 4}};
        filled.filledAveragePrice = Price{u"2.310000"_s, 2'310'000};
        m_backend->orderList = {
            makeOrder(u"ordr_standing"_s, u"buy"_s, Order::Status::Standing, u"standing"_s),
            makeOrder(u"ordr_sell"_s, u"sell"_s, Order::Status::Standing, u"standing"_s), filled,
            makeOrder(u"ordr_gone"_s, u"buy"_s, Order::Status::Cancelled, u"cancelled"_s)};
        m_page = std::make_unique<OrdersPage>(m_backend.get(), m_settings.get());
        m_page->resize(1100, 500);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    }

    void cleanup()
    {
        m_page.reset();
        m_backend.reset();
        m_settings.reset();
    }

    void showsEveryColumn()
    {
        QAbstractItemModelTester tester(m_page->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        OrderModel* model = m_page->model();
        QCOMPARE(model->rowCount(), 4);
        const int row = model->rowOf(u"ordr_filled"_s);
        QVERIFY(row >= 0);
        QCOMPARE(model->index(row, OrderModel::IdColumn).data().toString(), u"ordr_filled"_s);
        QCOMPARE(model->index(row, OrderModel::SideColumn).data().toString(), u"Buy"_s);
        QCOMPARE(model->index(row, OrderModel::StatusColumn).data().toString(), u"Filled"_s);
        QCOMPARE(model->index(row, OrderModel::NodesColumn).data().toInt(), 4);
        QCOMPARE(model->index(row, OrderModel::LimitPriceColumn).data().toString(), u"$2.500/node-hour"_s);
        QCOMPARE(model->index(row, OrderModel::FilledNodesColumn).data().toInt(), 4);
        QCOMPARE(model->index(row, OrderModel::FilledPriceColumn).data().toString(), u"$2.310/node-hour"_s);
        QCOMPARE(model->index(row, OrderModel::PoolColumn).data().toString(), u"training"_s);
        QVERIFY(!model->index(row, OrderModel::StartColumn).data().toString().isEmpty());
        QCOMPARE(model->index(model->rowOf(u"ordr_standing"_s), OrderModel::FilledNodesColumn).data().toInt(),
                 0);
    }

    void filters_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("side");
        QTest::addColumn<QStringList>("ids");
        QTest::newRow("all") << 0 << 0
                             << QStringList{u"ordr_standing"_s, u"ordr_sell"_s, u"ordr_filled"_s,
                                            u"ordr_gone"_s};
        QTest::newRow("open") << 1 << 0 << QStringList{u"ordr_standing"_s, u"ordr_sell"_s};
        QTest::newRow("open buys") << 1 << 1 << QStringList{u"ordr_standing"_s};
        QTest::newRow("sells") << 0 << 2 << QStringList{u"ordr_sell"_s};
        QTest::newRow("filled") << 2 << 0 << QStringList{u"ordr_filled"_s};
        QTest::newRow("cancelled") << 3 << 0 << QStringList{u"ordr_gone"_s};
        QTest::newRow("rejected") << 4 << 0 << QStringList{};
    }
    void filters()
    {
        QFETCH(int, status);
        QFETCH(int, side);
        QFETCH(QStringList, ids);
        QAbstractItemModelTester tester(m_page->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_page->findChild<QComboBox*>(u"ordersStatusFilter"_s)->setCurrentIndex(status);
        m_page->findChild<QComboBox*>(u"ordersSideFilter"_s)->setCurrentIndex(side);
        const QAbstractItemModel* table = m_page->table()->proxy();
        QStringList shown;
        for (int row = 0; row < table->rowCount(); ++row)
            shown << table->index(row, 0).data(ResourceRole::IdRole).toString();
        shown.sort();
        ids.sort();
        QCOMPARE(shown, ids);
    }

    void refreshKeepsRowsAndSelection()
    {
        QAbstractItemModelTester tester(m_page->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        selectOrder(u"ordr_sell"_s);
        m_backend->orderList[1].status = Order::Status::PartiallyFilled;
        m_backend->orderList[1].statusText = u"partially_filled"_s;
        m_backend->notifyChanged();
        const QModelIndex current = m_page->table()->currentSourceRow();
        QCOMPARE(current.data(ResourceRole::IdRole).toString(), u"ordr_sell"_s);
        QCOMPARE(m_page->model()
                     ->index(current.row(), OrderModel::StatusColumn)
                     .data(ResourceRole::RawRole)
                     .toString(),
                 u"partially_filled"_s);
    }

    void cancelsOnlyOpenOrders()
    {
        auto* cancel = m_page->findChild<QPushButton*>(u"ordersCancel"_s);
        selectOrder(u"ordr_filled"_s);
        QVERIFY(!cancel->isEnabled());
        selectOrder(u"ordr_standing"_s);
        QVERIFY(cancel->isEnabled());
        // No keeps the order.
        cancel->click();
        QVERIFY(answerConfirmation(m_page.get(), false).contains(u"ordr_standing"_s));
        QVERIFY(m_backend->cancelled.isEmpty());
        cancel->click();
        QVERIFY(answerConfirmation(m_page.get(), true).contains(u"ordr_standing"_s));
        QCOMPARE(m_backend->cancelled, QStringList{u"ordr_standing"_s});
        QTRY_COMPARE(m_page->findChild<QLabel*>(u"ordersMessage"_s)->text(),
                     u"Order ordr_standing cancelled."_s);
        selectOrder(u"ordr_standing"_s);
        QVERIFY(!cancel->isEnabled()); // cancelled now
    }

    void copiesTheSfCommand()
    {
        selectOrder(u"ordr_standing"_s);
        m_page->findChild<QPushButton*>(u"ordersCopyCommand"_s)->click();
        QCOMPARE(QApplication::clipboard()->text(),
                 u"sf orders create --side buy --pool training --count 4 --start 2027-01-15T09:00:00Z "
                 "--duration 6h --max-rate 2.50 --sku sea-3-h100 --allow-standing"_s);
        const Order sell = makeOrder(u"ordr_s"_s, u"sell"_s, Order::Status::Pending, u"pending"_s);
        QVERIFY(OrdersPage::sfCommand(sell).contains(u"--side sell"_s));
        QVERIFY(OrdersPage::sfCommand(sell).contains(u"--min-rate 2.50"_s));
    }
};

QTEST_MAIN(TstOrdersPage)
#include "tst_orderspage.moc"
