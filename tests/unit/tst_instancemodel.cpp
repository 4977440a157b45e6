// SPDX-License-Identifier: Apache-2.0

#include "core/models/instancemodel.h"
#include "support/fixtures.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

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
