// SPDX-License-Identifier: Apache-2.0

#include "core/models/instancemodel.h"
#include "support/fixtures.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <algorithm>
#include <functional>

using namespace sfdesk;

namespace {

QList<Instance> fixture()
{
    return Fixtures::list<Instance>(QStringLiteral("instances.json"), parseInstance);
}

Instance numbered(int i)
{
    Instance instance = fixture().constFirst();
    instance.id = QStringLiteral("inst_%1").arg(i);
    instance.name = QStringLiteral("node-%1").arg(i);
    return instance;
}

// A list long enough to be diffed on a worker thread (InstanceModel::BackgroundRows and more; a
// model tester walks every row at each signal, so not many more).
QList<Instance> numberedList(int first, int count)
{
    const Instance model = fixture().constFirst();
    QList<Instance> rows;
    rows.reserve(count);
    for (int i = first; i < first + count; ++i) {
        Instance instance = model;
        instance.id = QStringLiteral("inst_%1").arg(i);
        instance.name = QStringLiteral("node-%1").arg(i);
        rows.append(instance);
    }
    return rows;
}

// The next answer of a long list: rows gone here and there, some changed, new ones, in another order.
QList<Instance> nextAnswer(const QList<Instance>& rows)
{
    QList<Instance> next;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (i % 50 == 3 || (i >= 100 && i < 160))
            continue; // gone, alone and in a range
        Instance instance = rows.at(i);
        if (i % 5 == 0)
            instance.name += QStringLiteral("-renamed");
        next.append(instance);
    }
    std::reverse(next.begin(), next.end());
    next.append(numberedList(100000, 250));
    return next;
}

QStringList sortedIds(const InstanceModel& model)
{
    QStringList ids;
    for (const Instance& instance : model.rows())
        ids.append(instance.id);
    ids.sort();
    return ids;
}

// Counts every structural signal a model can emit.
struct Spies
{
    explicit Spies(QAbstractItemModel* model)
        : inserted(model, &QAbstractItemModel::rowsInserted)
        , removed(model, &QAbstractItemModel::rowsRemoved)
        , changed(model, &QAbstractItemModel::dataChanged)
        , reset(model, &QAbstractItemModel::modelReset)
        , layout(model, &QAbstractItemModel::layoutChanged)
    {}
    int total() const
    {
        return static_cast<int>(inserted.size() + removed.size() + changed.size() + reset.size()
                                + layout.size());
    }
    QSignalSpy inserted;
    QSignalSpy removed;
    QSignalSpy changed;
    QSignalSpy reset;
    QSignalSpy layout;
};

// What a model's signals said, in order, while run() ran: to compare a refresh with another.
QStringList signalLog(QAbstractItemModel* model, const std::function<void()>& run)
{
    QStringList log;
    const auto range = [&log](const char* what, int first, int last) {
        log.append(QStringLiteral("%1 %2-%3").arg(QLatin1StringView(what)).arg(first).arg(last));
    };
    const QMetaObject::Connection a =
        QObject::connect(model, &QAbstractItemModel::rowsRemoved, model,
                         [range](const QModelIndex&, int first, int last) { range("removed", first, last); });
    const QMetaObject::Connection b = QObject::connect(
        model, &QAbstractItemModel::rowsInserted, model,
        [range](const QModelIndex&, int first, int last) { range("inserted", first, last); });
    const QMetaObject::Connection c = QObject::connect(
        model, &QAbstractItemModel::dataChanged, model,
        [range](const QModelIndex& from, const QModelIndex& to) { range("changed", from.row(), to.row()); });
    const QMetaObject::Connection d = QObject::connect(model, &QAbstractItemModel::modelReset, model,
                                                       [&log] { log.append(QStringLiteral("reset")); });
    run();
    for (const QMetaObject::Connection& connection : {a, b, c, d})
        QObject::disconnect(connection);
    return log;
}

// refreshInBackground() until it is done; whether it was done only later, not at once.
bool refreshInBackgroundAndWait(
    InstanceModel& model, const QList<Instance>& items,
    const std::function<bool()>& wanted = [] { return true; })
{
    bool done = false;
    model.refreshInBackground(items, wanted, [&done] { done = true; });
    const bool later = !done;
    if (!QTest::qWaitFor([&done] { return done; }, 20000))
        return false;
    return later;
}

} // namespace

class TestInstanceModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        qRegisterMetaType<QModelIndex>();
    }

    void firstLoadInsertsOnce()
    {
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Spies spies(&model);
        model.refresh(fixture());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(InstanceModel::ColumnCount));
        QCOMPARE(spies.inserted.size(), 1);
        QCOMPARE(spies.inserted.first().at(1).toInt(), 0);
        QCOMPARE(spies.inserted.first().at(2).toInt(), 3);
        QCOMPARE(spies.reset.size(), 0);
    }

    void identicalRefreshEmitsNothing()
    {
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh(fixture());
        Spies spies(&model);
        model.refresh(fixture());
        QList<Instance> shuffled = fixture();
        std::reverse(shuffled.begin(), shuffled.end());
        model.refresh(shuffled); // order of the server's list alone is not a change
        QCOMPARE(spies.total(), 0);
    }

    void diffInsertsRemovesAndChanges()
    {
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<Instance> rows;
        for (int i = 0; i < 10; ++i)
            rows.append(numbered(i));
        model.refresh(rows);
        Spies spies(&model);

        QList<Instance> next = rows;
        next.removeAt(7);                                  // gone
        next[2].status = Instance::Status::Terminated;     // changed
        next[2].statusText = QStringLiteral("terminated"); //
        next.append(numbered(10));                         // new
        next.append(numbered(11));                         // new
        model.refresh(next);

        QCOMPARE(spies.reset.size(), 0);
        QCOMPARE(spies.removed.size(), 1);
        QCOMPARE(spies.removed.first().at(1).toInt(), 7);
        QCOMPARE(spies.removed.first().at(2).toInt(), 7);
        QCOMPARE(spies.inserted.size(), 1);
        QCOMPARE(spies.inserted.first().at(1).toInt(), 9);
        QCOMPARE(spies.inserted.first().at(2).toInt(), 10);
        QCOMPARE(spies.changed.size(), 1);
        const auto topLeft = spies.changed.first().at(0).value<QModelIndex>();
        const auto bottomRight = spies.changed.first().at(1).value<QModelIndex>();
        QCOMPARE(topLeft.row(), 2);
        QCOMPARE(bottomRight.row(), 2);
        QCOMPARE(topLeft.column(), 0);
        QCOMPARE(bottomRight.column(), InstanceModel::ColumnCount - 1);
        QCOMPARE(model.rowCount(), 11);
        QCOMPARE(model.data(model.index(model.rowOf(QStringLiteral("inst_2")), InstanceModel::StatusColumn)),
                 QVariant(QStringLiteral("Terminated")));
        QCOMPARE(model.rowOf(QStringLiteral("inst_7")), -1);
    }

    void removalsInRangesFromTheBottom()
    {
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<Instance> rows;
        for (int i = 0; i < 10; ++i)
            rows.append(numbered(i));
        model.refresh(rows);
        Spies spies(&model);
        QList<Instance> next;
        for (int i : {0, 1, 4, 5, 9})
            next.append(numbered(i));
        model.refresh(next);
        QCOMPARE(spies.removed.size(), 2); // rows 6-8, then 2-3
        QCOMPARE(spies.removed.at(0).at(1).toInt(), 6);
        QCOMPARE(spies.removed.at(0).at(2).toInt(), 8);
        QCOMPARE(spies.removed.at(1).at(1).toInt(), 2);
        QCOMPARE(spies.removed.at(1).at(2).toInt(), 3);
        QCOMPARE(sortedIds(model),
                 (QStringList{QStringLiteral("inst_0"), QStringLiteral("inst_1"), QStringLiteral("inst_4"),
                              QStringLiteral("inst_5"), QStringLiteral("inst_9")}));
    }

    void manyChangesEmitOneRange()
    {
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<Instance> rows;
        for (int i = 0; i < 10; ++i)
            rows.append(numbered(i));
        model.refresh(rows);
        Spies spies(&model);
        for (int i = 1; i < 9; i += 1)
            rows[i].updatedAt += 60;
        model.refresh(rows);
        QCOMPARE(spies.changed.size(), 1);
        QCOMPARE(spies.changed.first().at(0).value<QModelIndex>().row(), 1);
        QCOMPARE(spies.changed.first().at(1).value<QModelIndex>().row(), 8);
    }

    void fewChangesEmitTheirOwnRanges()
    {
        InstanceModel model;
        QList<Instance> rows;
        for (int i = 0; i < 10; ++i)
            rows.append(numbered(i));
        model.refresh(rows);
        Spies spies(&model);
        rows[1].updatedAt += 60;
        rows[2].updatedAt += 60;
        rows[6].updatedAt += 60;
        model.refresh(rows);
        QCOMPARE(spies.changed.size(), 2);
        QCOMPARE(spies.changed.at(0).at(0).value<QModelIndex>().row(), 1);
        QCOMPARE(spies.changed.at(0).at(1).value<QModelIndex>().row(), 2);
        QCOMPARE(spies.changed.at(1).at(0).value<QModelIndex>().row(), 6);
    }

    // Kate's rule: applying changes step by step ends where one big refresh ends.
    void batchAndIncrementalAgree()
    {
        QList<QList<Instance>> steps;
        QList<Instance> current;
        for (int i = 0; i < 6; ++i)
            current.append(numbered(i));
        steps.append(current);
        current.removeAt(3);
        current.append(numbered(20));
        steps.append(current);
        current[0].name = QStringLiteral("renamed");
        current.removeAt(1);
        steps.append(current);

        InstanceModel incremental;
        QAbstractItemModelTester tester(&incremental, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const auto& step : steps)
            incremental.refresh(step);
        InstanceModel batch;
        batch.refresh(steps.last());
        QCOMPARE(sortedIds(incremental), sortedIds(batch));
        for (const Instance& instance : batch.rows())
            QCOMPARE(*incremental.find(instance.id), instance);
    }

    void rolesAndUnknownStatus()
    {
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh(fixture());
        const int row = model.rowOf(QStringLiteral("inst_k3R-nX9vLm7Qp2Yw5J003"));
        QVERIFY(row >= 0);
        const QModelIndex status = model.index(row, InstanceModel::StatusColumn);
        QCOMPARE(status.data().toString(), QStringLiteral("hibernating"));
        QCOMPARE(status.data(ResourceRole::StatusRole).toString(), QStringLiteral("hibernating"));
        QCOMPARE(status.data(ResourceRole::IdRole).toString(), QStringLiteral("inst_k3R-nX9vLm7Qp2Yw5J003"));
        QCOMPARE(status.data(ResourceRole::WorkspaceRole).toString(),
                 QStringLiteral("wksp_Zx1Yw2Vu3Ts4Rq5Po6Nm7"));
        QCOMPARE(status.data(ResourceRole::ObjectRole).value<Instance>().name, QStringLiteral("node-3"));
        const QModelIndex created = model.index(row, InstanceModel::CreatedColumn);
        QCOMPARE(created.data(ResourceRole::RawRole).toLongLong(), 1784592000 + 3 * 60);
        QVERIFY(!created.data().toString().isEmpty());
        QCOMPARE(model.index(0, InstanceModel::PartitionColumn).data().toString(), QStringLiteral("train"));
        QCOMPARE(model.headerData(InstanceModel::SkuColumn, Qt::Horizontal).toString(),
                 QStringLiteral("SKU"));
    }

    // A long list is diffed on a worker thread: the rows stay as they are until the changes are
    // applied, and then the model and its signals are exactly those of refresh().
    void backgroundRefreshMatchesRefresh()
    {
        const QList<Instance> rows = numberedList(0, 1200);
        const QList<Instance> next = nextAnswer(rows);
        InstanceModel atOnce;
        InstanceModel inBackground;
        QAbstractItemModelTester tester(&inBackground,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (InstanceModel* model : {&atOnce, &inBackground}) {
            model->refresh(rows);
            QCOMPARE(model->rowCount(), 1200);
        }
        const QStringList expected = signalLog(&atOnce, [&] { atOnce.refresh(next); });
        QVERIFY(expected.contains(QStringLiteral("removed 100-159")));
        QVERIFY(expected.contains(QStringLiteral("inserted 1118-1367")));

        bool done = false;
        QStringList seen;
        seen = signalLog(&inBackground, [&] {
            inBackground.refreshInBackground(next, [] { return true; }, [&done] { done = true; });
            QVERIFY(!done);
            QVERIFY(inBackground.isRefreshingInBackground());
            QCOMPARE(inBackground.rowCount(), 1200); // nothing applied yet
            QCOMPARE(inBackground.rows().at(5).name, QStringLiteral("node-5"));
            QTRY_VERIFY(done);
        });
        QCOMPARE(seen, expected);
        QVERIFY(!inBackground.isRefreshingInBackground());
        QCOMPARE(inBackground.rows(), atOnce.rows());
        for (const Instance& instance : next)
            QCOMPARE(inBackground.find(instance.id)->name, instance.name);
        QCOMPARE(inBackground.rowOf(QStringLiteral("inst_3")), -1);
        QCOMPARE(inBackground.rowOf(QStringLiteral("inst_100250")), -1);
        QCOMPARE(inBackground.rowOf(QStringLiteral("inst_100249")), 1367);

        // The first answer and an answer of the same rows, changed, go the same way.
        InstanceModel fresh;
        QAbstractItemModelTester freshTester(&fresh, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(refreshInBackgroundAndWait(fresh, rows));
        QCOMPARE(fresh.rows(), rows);
        QList<Instance> renamed = rows;
        renamed[1199].name = QStringLiteral("node-1199-renamed");
        const QStringList oneChange =
            signalLog(&fresh, [&] { QVERIFY(refreshInBackgroundAndWait(fresh, renamed)); });
        QCOMPARE(oneChange, QStringList{QStringLiteral("changed 1199-1199")});
        QCOMPARE(fresh.rows(), renamed);
    }

    void backgroundRefreshKeepsTheSelection()
    {
        const QList<Instance> rows = numberedList(0, 1200);
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh(rows);
        QItemSelectionModel selection(&model);
        selection.select(model.index(model.rowOf(QStringLiteral("inst_1100")), 0),
                         QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(refreshInBackgroundAndWait(model, nextAnswer(rows)));
        const QModelIndexList selected = selection.selectedRows();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(model.data(selected.first(), ResourceRole::IdRole).toString(), QStringLiteral("inst_1100"));
        QCOMPARE(selected.first().row(), model.rowOf(QStringLiteral("inst_1100")));
        QVERIFY(selected.first().row() < 1100); // rows above it went
    }

    // Newest answer wins: a list given while an older one is diffed supersedes it, and so does a
    // list refreshed at once; a list no longer wanted is not applied.
    void newerListSupersedesOneBeingDiffed()
    {
        const QList<Instance> rows = numberedList(0, 1200);
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh(rows);

        bool olderDone = false;
        model.refreshInBackground(
            numberedList(5000, 1200), [] { return true; }, [&olderDone] { olderDone = true; });
        QVERIFY(!olderDone);
        const QList<Instance> newer = nextAnswer(rows);
        QVERIFY(refreshInBackgroundAndWait(model, newer));
        QVERIFY(olderDone); // dropped when the newer came
        QVERIFY(QThreadPool::globalInstance()->waitForDone(20000));
        QTest::qWait(0);
        QCOMPARE(sortedIds(model).size(), newer.size());
        QVERIFY(model.find(QStringLiteral("inst_5000")) == nullptr);

        bool backgroundDone = false;
        model.refreshInBackground(
            numberedList(7000, 1200), [] { return true; }, [&backgroundDone] { backgroundDone = true; });
        model.refresh(rows); // newer, at once
        QVERIFY(backgroundDone);
        QVERIFY(QThreadPool::globalInstance()->waitForDone(20000));
        QTest::qWait(0);
        const QList<Instance> shown = model.rows();
        QCOMPARE(shown.size(), rows.size());
        for (const Instance& instance : rows)
            QCOMPARE(model.find(instance.id)->name, instance.name);

        QVERIFY(refreshInBackgroundAndWait(model, numberedList(9000, 1200), [] { return false; }));
        QCOMPARE(model.rows(), shown);
    }

    // A write's answer changes a row while the list is diffed: the diff is worked out again against
    // the rows as they are, and the model ends equal to the list.
    void rowChangedDuringTheDiffIsDiffedAgain()
    {
        const QList<Instance> rows = numberedList(0, 1200);
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh(rows);
        const QList<Instance> next = nextAnswer(rows);
        bool done = false;
        model.refreshInBackground(next, [] { return true; }, [&done] { done = true; });
        model.upsert(numberedList(200000, 1).constFirst());
        QCOMPARE(model.rowCount(), 1201);
        QTRY_VERIFY(done);
        QCOMPARE(model.rowCount(), next.size());
        QCOMPARE(model.rowOf(QStringLiteral("inst_200000")), -1);
        for (const Instance& instance : next)
            QCOMPARE(model.find(instance.id)->name, instance.name);
    }

    // The index of rows by id grows as rows come one by one, follows a diff's removals and
    // additions, and keeps the last row of an id that repeats (as a hash by id did).
    void rowsAreFoundByTheirIds()
    {
        InstanceModel model;
        for (int i = 0; i < 300; ++i)
            model.upsert(numbered(i));
        for (int i = 0; i < 300; ++i)
            QCOMPARE(model.rowOf(QStringLiteral("inst_%1").arg(i)), i);
        QCOMPARE(model.rowOf(QStringLiteral("inst_300")), -1);
        Instance renamed = numbered(150);
        renamed.name = QStringLiteral("renamed");
        model.upsert(renamed);
        QCOMPARE(model.rowCount(), 300);
        QCOMPARE(model.find(QStringLiteral("inst_150"))->name, QStringLiteral("renamed"));

        // Every third row gone, a hundred new ones.
        QList<Instance> next;
        for (int i = 0; i < 400; ++i) {
            if (i >= 300 || i % 3 != 0)
                next.append(numbered(i));
        }
        model.refresh(next);
        QCOMPARE(model.rowCount(), next.size());
        for (int i = 0; i < 400; ++i) {
            const int row = model.rowOf(QStringLiteral("inst_%1").arg(i));
            if (i < 300 && i % 3 == 0) {
                QCOMPARE(row, -1);
            } else {
                QVERIFY(row >= 0);
                QCOMPARE(model.at(row).id, QStringLiteral("inst_%1").arg(i));
            }
        }

        InstanceModel repeated;
        Instance again = numbered(1);
        again.name = QStringLiteral("again");
        repeated.refresh({numbered(0), numbered(1), numbered(2), again});
        QCOMPARE(repeated.rowOf(QStringLiteral("inst_1")), 3);
        QCOMPARE(repeated.find(QStringLiteral("inst_1"))->name, QStringLiteral("again"));
    }

    void clearResets()
    {
        InstanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh(fixture());
        Spies spies(&model);
        model.clear();
        QCOMPARE(spies.reset.size(), 1);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestInstanceModel)
#include "tst_instancemodel.moc"
