// SPDX-License-Identifier: Apache-2.0

#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "support/postedevents.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QAccessible>
#include <QAccessibleTableInterface>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

std::unique_ptr<QStandardItemModel> makeModel(const QStringList& names)
{
    auto model = std::make_unique<QStandardItemModel>(0, 3);
    model->setHorizontalHeaderLabels({u"Name"_s, u"Status"_s, u"ID"_s});
    int n = 0;
    for (const QString& name : names) {
        model->appendRow({new QStandardItem(name), new QStandardItem(n % 2 ? u"running"_s : u"terminated"_s),
                          new QStandardItem(u"inst_%1"_s.arg(n))});
        ++n;
    }
    return model;
}

QStringList column0(const QAbstractItemModel* model)
{
    QStringList values;
    for (int row = 0; row < model->rowCount(); ++row)
        values << model->index(row, 0).data().toString();
    return values;
}

} // namespace

class TestResourceTableView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void sortsNamesNaturally()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({u"worker-10"_s, u"worker-9"_s, u"Worker-1"_s, u"alpha"_s});
        ResourceTableView view(u"instances"_s, &settings);
        view.setSourceModel(model.get());
        QAbstractItemModelTester tester(view.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(column0(view.proxy()),
                 (QStringList{u"alpha"_s, u"Worker-1"_s, u"worker-9"_s, u"worker-10"_s}));
    }

    void filterMatchesAnyColumnAfterADebounce()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({u"a"_s, u"b"_s, u"c"_s, u"d"_s});
        ResourceTableView view(u"instances"_s, &settings);
        view.setPlaceholderText(u"No instances"_s);
        view.setSourceModel(model.get());
        auto* filter = view.findChild<QLineEdit*>(u"instancesFilter"_s);
        QVERIFY(filter);
        QTest::keyClicks(filter, u"RUNNING"_s);
        QCOMPARE(view.proxy()->rowCount(), 4); // not yet: debounced
        QTRY_COMPARE(view.proxy()->rowCount(), 2);
        QCOMPARE(column0(view.proxy()), (QStringList{u"b"_s, u"d"_s}));
        filter->setText(u"inst_2"_s);
        QTRY_COMPARE(view.proxy()->rowCount(), 1);
        filter->setText(u"nothing-like-this"_s);
        QTRY_COMPARE(view.proxy()->rowCount(), 0);
        auto* placeholder = view.findChild<QLabel*>(u"instancesPlaceholder"_s);
        QVERIFY(placeholder);
        QCOMPARE(placeholder->text(), u"Nothing matches the filter."_s);
    }

    void placeholderWhenEmpty()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({});
        ResourceTableView view(u"partitions"_s, &settings);
        view.setPlaceholderText(u"No partitions in this workspace."_s);
        view.setSourceModel(model.get());
        view.show();
        auto* placeholder = view.findChild<QLabel*>(u"partitionsPlaceholder"_s);
        QVERIFY(placeholder->isVisible());
        QCOMPARE(placeholder->text(), u"No partitions in this workspace."_s);
        model->appendRow({new QStandardItem(u"training"_s), new QStandardItem(), new QStandardItem()});
        QVERIFY(!placeholder->isVisible());
    }

    void placeholderFollowsTheLoadState_data()
    {
        QTest::addColumn<ResourceTableView::LoadState>("state");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not connected")
            << ResourceTableView::LoadState::NotConnected << QString() << u"Not connected."_s;
        QTest::newRow("loading") << ResourceTableView::LoadState::Loading << QString() << u"Loading…"_s;
        QTest::newRow("failed") << ResourceTableView::LoadState::Failed
                                << u"Forbidden: Feature not enabled."_s
                                << u"Could not load the list: Forbidden: Feature not enabled."_s;
        QTest::newRow("loaded and empty")
            << ResourceTableView::LoadState::Loaded << QString() << u"No instances here. Create one."_s;
    }

    void placeholderFollowsTheLoadState()
    {
        QFETCH(ResourceTableView::LoadState, state);
        QFETCH(QString, detail);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({});
        ResourceTableView view(u"instances"_s, &settings);
        view.setSourceModel(model.get());
        view.setPlaceholderText(u"No instances here. Create one."_s);
        view.setLoadState(ResourceTableView::LoadState::NotConnected);
        view.setLoadState(state, detail);
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* placeholder = view.findChild<QLabel*>(u"instancesPlaceholder"_s);
        QCOMPARE(view.placeholderShown(), expected);
        QCOMPARE(placeholder->text(), expected);
        QVERIFY(placeholder->isVisible());
        // The placeholder covers the viewport, whatever size the table got after it was set.
        QTRY_COMPARE(placeholder->geometry(), view.table()->viewport()->geometry());
        view.resize(800, 500);
        QTRY_COMPARE(placeholder->geometry(), view.table()->viewport()->geometry());
        // Rows hide it, whatever the state.
        model->appendRow({new QStandardItem(u"a"_s), new QStandardItem(), new QStandardItem()});
        QVERIFY(!placeholder->isVisible());
        QVERIFY(view.placeholderShown().isEmpty());
    }

    void columnsFitTheFirstRowsUntilTheUserSizesThem()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"s.ini"_s);
        const QString longName = u"europe-north1-a-h100-infiniband-reserved"_s;
        auto model = makeModel({});
        {
            Settings settings(file);
            ResourceTableView view(u"availability"_s, &settings);
            view.setSourceModel(model.get());
            view.resize(1000, 400);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            const int emptyWidth = view.table()->columnWidth(0);
            model->appendRow({new QStandardItem(longName), new QStandardItem(u"running"_s),
                              new QStandardItem(u"sku_1"_s)});
            const int needed = view.table()->fontMetrics().horizontalAdvance(longName);
            QVERIFY2(view.table()->columnWidth(0) >= needed,
                     qPrintable(u"%1 < %2"_s.arg(view.table()->columnWidth(0)).arg(needed)));
            QVERIFY(view.table()->columnWidth(0) > emptyWidth);
            // Whatever the layout still has to do, then the view's destruction saves a pending
            // header state at once: nothing is left to come later.
            flushPostedEvents();
        }
        {
            // Rows that arrive before the table is on screen (a page not shown yet) are fitted
            // once it is laid out, not against the headers alone.
            QTemporaryDir other;
            Settings settings(other.filePath(u"s.ini"_s));
            {
                ResourceTableView view(u"availability"_s, &settings);
                view.setSourceModel(model.get());
                view.setDefaultHiddenColumns({2});
                view.resize(1000, 400);
                view.show();
                QVERIFY(QTest::qWaitForWindowExposed(&view));
                QTRY_VERIFY(view.table()->columnWidth(0)
                            >= view.table()->fontMetrics().horizontalAdvance(longName));
                flushPostedEvents();
            } // destruction saves a pending header state
            QVERIFY(settings.headerState(u"availability-chosen"_s).isEmpty());
        }
        // The table's own sizing is not remembered: the next start fits again.
        QVERIFY(Settings(file).headerState(u"availability-chosen"_s).isEmpty());
        int userWidth = 0;
        {
            Settings settings(file);
            ResourceTableView view(u"availability"_s, &settings);
            view.setSourceModel(model.get());
            view.resize(1000, 400);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QTRY_VERIFY(view.table()->columnWidth(0)
                        >= view.table()->fontMetrics().horizontalAdvance(longName));
            userWidth = 90;
            view.table()->horizontalHeader()->resizeSection(0, userWidth);
        } // destruction flushes the pending save
        QVERIFY(!Settings(file).headerState(u"availability-chosen"_s).isEmpty());
        Settings settings(file);
        ResourceTableView view(u"availability"_s, &settings);
        auto fresh = makeModel({});
        view.setSourceModel(fresh.get());
        fresh->appendRow({new QStandardItem(longName), new QStandardItem(), new QStandardItem()});
        QCOMPARE(view.table()->columnWidth(0), userWidth);
    }

    void aColumnThatAppearsLaterIsFittedToo()
    {
        // The instances view shows its partition column only once enrolment is known, which is
        // usually after the first rows have been fitted.
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        const QString longId = u"ibpart_a1B2c3D4e5F6g7H8i9J0k-training"_s;
        auto model = makeModel({});
        ResourceTableView view(u"instances"_s, &settings);
        view.setSourceModel(model.get());
        view.setColumnAvailable(1, false); // not the last column, which stretches anyway
        view.resize(700, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString longName = u"europe-north1-a-h100-infiniband-node-1"_s;
        model->appendRow({new QStandardItem(longName), new QStandardItem(longId),
                          new QStandardItem(u"a last column as wide as the rest of the table, or wider"_s)});
        QTRY_VERIFY(view.table()->columnWidth(0) >= view.table()->fontMetrics().horizontalAdvance(longName));
        view.setColumnAvailable(1, true);
        const int needed = view.table()->fontMetrics().horizontalAdvance(longId);
        QVERIFY2(view.table()->columnWidth(1) >= needed,
                 qPrintable(u"%1 < %2"_s.arg(view.table()->columnWidth(1)).arg(needed)));
        // Columns that fit the view need no horizontal scrolling: the last one stretches to the edge.
        QTRY_COMPARE(view.table()->horizontalScrollBar()->maximum(), 0);
        QCOMPARE(view.table()->horizontalHeader()->length(), view.table()->viewport()->width());
    }

    void selectionMapsThroughTheProxy()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({u"c"_s, u"a"_s, u"b"_s});
        ResourceTableView view(u"pools"_s, &settings);
        view.setSourceModel(model.get());
        // View order is a, b, c; select the first two visible rows.
        view.table()->selectRow(0);
        view.table()->selectionModel()->select(view.proxy()->index(1, 0),
                                               QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const QModelIndexList rows = view.selectedSourceRows();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0].model(), model.get());
        QCOMPARE(rows[0].data().toString(), u"a"_s);
        QCOMPARE(rows[0].row(), 1);
        QCOMPARE(rows[1].data().toString(), u"b"_s);
        QCOMPARE(rows[1].row(), 2);
    }

    void hiddenColumnsAndOrderAreRemembered()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"s.ini"_s);
        auto model = makeModel({u"a"_s});
        {
            Settings settings(file);
            ResourceTableView view(u"pools"_s, &settings);
            view.setSourceModel(model.get());
            view.setDefaultHiddenColumns({2});
            QVERIFY(view.table()->isColumnHidden(2));
            view.table()->setColumnHidden(2, false);
            view.table()->setColumnHidden(1, true);
            view.table()->horizontalHeader()->moveSection(2, 0);
            view.table()->sortByColumn(2, Qt::DescendingOrder);
        } // destruction flushes the pending save
        Settings settings(file);
        ResourceTableView view(u"pools"_s, &settings);
        view.setSourceModel(model.get());
        view.setDefaultHiddenColumns({2}); // ignored: the user already chose
        QVERIFY(view.table()->isColumnHidden(1));
        QVERIFY(!view.table()->isColumnHidden(2));
        QCOMPARE(view.table()->horizontalHeader()->visualIndex(2), 0);
        QCOMPARE(view.table()->horizontalHeader()->sortIndicatorSection(), 2);
        QCOMPARE(view.table()->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
    }

    void contextMenuReceivesTheSelectedSourceRows()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({u"b"_s, u"a"_s});
        ResourceTableView view(u"orders"_s, &settings);
        view.setSourceModel(model.get());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.table()->selectRow(0);
        QStringList seen;
        view.setMenuProvider([&seen](QMenu* menu, const QModelIndexList& rows) {
            for (const QModelIndex& row : rows)
                seen << row.data().toString();
            menu->addAction(u"Copy ID"_s);
            // Close the menu as soon as it opens.
            QTimer::singleShot(0, menu, &QMenu::close);
        });
        QMetaObject::invokeMethod(view.table(), "customContextMenuRequested", Q_ARG(QPoint, QPoint(5, 5)));
        QCOMPARE(seen, QStringList{u"a"_s});
    }

    // A screen reader hears what the empty table paints, the table's and the filter's names, and
    // only the columns that are shown.
    void accessibilityTellsWhatIsShown()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({});
        ResourceTableView view(u"partitions"_s, &settings);
        view.setSourceModel(model.get());
        view.setAccessibleNames(u"Partitions"_s);
        view.setPlaceholderText(u"No partitions in this workspace."_s);
        view.setLoadState(ResourceTableView::LoadState::Loading);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QAccessibleInterface* table = QAccessible::queryAccessibleInterface(view.table());
        QVERIFY(table);
        QCOMPARE(table->text(QAccessible::Name), u"Partitions"_s);
        QCOMPARE(table->text(QAccessible::Description), u"Loading…"_s);
        view.setLoadState(ResourceTableView::LoadState::Loaded);
        QCOMPARE(table->text(QAccessible::Description), u"No partitions in this workspace."_s);
        QCOMPARE(QAccessible::queryAccessibleInterface(view.filterEdit())->text(QAccessible::Name),
                 u"Filter Partitions"_s);

        model->appendRow(
            {new QStandardItem(u"training"_s), new QStandardItem(u"ready"_s), new QStandardItem(u"ibp_1"_s)});
        QVERIFY(table->text(QAccessible::Description).isEmpty());
        view.setDefaultHiddenColumns({2});
        QAccessibleTableInterface* cells = table->tableInterface();
        QVERIFY(cells);
        // Qt's table keeps every model column in the accessibility tree; a hidden one is marked
        // invisible there (not "showing" on AT-SPI), which screen readers skip.
        for (int column = 0; column < cells->columnCount(); ++column) {
            QAccessibleInterface* cell = cells->cellAt(0, column);
            QVERIFY(cell);
            QCOMPARE(cell->state().invisible, view.table()->isColumnHidden(column));
        }
        QVERIFY(view.table()->isColumnHidden(2));
    }

    // Tab leaves the table for the next control; the arrow keys still move within it.
    void tabLeavesTheTable()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        auto model = makeModel({u"a"_s, u"b"_s});
        QWidget window;
        auto* view = new ResourceTableView(u"pools"_s, &settings, &window);
        view->setSourceModel(model.get());
        auto* after = new QPushButton(u"After"_s, &window);
        auto* layout = new QVBoxLayout(&window);
        layout->addWidget(view);
        layout->addWidget(after);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        view->table()->setFocus();
        view->table()->setCurrentIndex(view->proxy()->index(0, 0));
        QTRY_VERIFY(view->table()->hasFocus());
        QTest::keyClick(view->table(), Qt::Key_Down);
        QCOMPARE(view->table()->currentIndex().row(), 1);
        QTest::keyClick(view->table(), Qt::Key_Tab);
        QTRY_VERIFY(after->hasFocus());
        QTest::keyClick(after, Qt::Key_Backtab);
        QTRY_VERIFY(view->table()->hasFocus());
    }
};

QTEST_MAIN(TestResourceTableView)
#include "tst_resourcetableview.moc"
