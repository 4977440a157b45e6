// SPDX-License-Identifier: Apache-2.0

#include "core/api/infinibandadapter.h"
#include "core/models/fabricmodel.h"
#include "core/models/imagemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/models/skumodel.h"
#include "core/models/workspacemodel.h"
#include "support/fixtures.h"
#include "support/mockclock.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace sfdesk;

namespace {

// The diff contract on one model: load, identical refresh is silent, a change is one dataChanged
// on that row, a removal is one rowsRemoved, nothing ever resets.
template <typename Model, typename T, typename Mutate>
void checkDiffContract(Model& model, const QList<T>& items, Mutate mutate)
{
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    model.refresh(items);
    QCOMPARE(model.rowCount(), items.size());
    QCOMPARE(inserted.size(), 1);
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            QVERIFY(model.headerData(column, Qt::Horizontal).isValid());
            model.index(row, column).data(ResourceRole::RawRole); // must not crash
        }
        QVERIFY(!model.index(row, 0).data(ResourceRole::IdRole).toString().isEmpty());
    }

    model.refresh(items);
    QCOMPARE(inserted.size() + removed.size() + changed.size() + reset.size(), 1);

    QList<T> next = items;
    mutate(next.last());
    model.refresh(next);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().at(0).template value<QModelIndex>().row(), model.rowCount() - 1);

    next.removeFirst();
    model.refresh(next);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 0);
    QCOMPARE(reset.size(), 0);
}

} // namespace

class TestResourceModels final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void workspaces()
    {
        WorkspaceModel model;
        checkDiffContract(model, Fixtures::list<Workspace>(QStringLiteral("workspaces.json"), parseWorkspace),
                          [](Workspace& w) { w.name = QStringLiteral("renamed"); });
        QCOMPARE(model.index(model.rowCount() - 1, WorkspaceModel::NameColumn).data().toString(),
                 QStringLiteral("renamed"));
    }

    void skusWithAvailability()
    {
        SkuModel model;
        MockClock clock(1784592000 + 60);
        model.setClock(&clock);
        checkDiffContract(model,
                          Fixtures::list<InstanceSku>(QStringLiteral("instance_skus.json"), parseInstanceSku),
                          [](InstanceSku& s) { s.alias = QStringLiteral("renamed"); });
        // refreshSkus/setAvailability merge by id, again without a reset.
        SkuModel merged;
        merged.setClock(&clock);
        QAbstractItemModelTester tester(&merged, QAbstractItemModelTester::FailureReportingMode::QtTest);
        merged.refreshSkus(
            Fixtures::list<InstanceSku>(QStringLiteral("instance_skus.json"), parseInstanceSku));
        const int row = merged.rowOf(QStringLiteral("isku_cxcwpDW93MaaBelmnLaez"));
        QCOMPARE(merged.index(row, SkuModel::AvailableNowColumn).data().toString(), QStringLiteral("0"));
        QSignalSpy changed(&merged, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&merged, &QAbstractItemModel::modelReset);
        merged.setAvailability(
            Fixtures::list<SkuAvailability>(QStringLiteral("sku_availability.json"), parseSkuAvailability));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(merged.index(row, SkuModel::AvailableNowColumn).data().toString(), QStringLiteral("16"));
        QCOMPARE(merged.index(row, SkuModel::AvailableNowColumn).data(ResourceRole::RawRole).toInt(), 16);
        clock.advance(86400);
        merged.setClock(&clock);
        QCOMPARE(merged.index(row, SkuModel::AvailableNowColumn).data().toString(), QStringLiteral("4"));
        QCOMPARE(merged.index(row, SkuModel::AcceleratorColumn).data().toString(),
                 QStringLiteral("8 × NVIDIA H100 (80GB)"));
        // A SKU list poll keeps the availability already merged.
        merged.refreshSkus(
            Fixtures::list<InstanceSku>(QStringLiteral("instance_skus.json"), parseInstanceSku));
        QCOMPARE(merged.index(row, SkuModel::AvailableNowColumn).data().toString(), QStringLiteral("4"));
    }

    void fabrics()
    {
        FabricModel model;
        checkDiffContract(
            model,
            Fixtures::list<InfinibandFabric>(QStringLiteral("infiniband_fabrics.json"),
                                             InfinibandAdapter::parseFabric),
            [](InfinibandFabric& f) { f.instanceSkus.append({QStringLiteral("isku_new"), {}}); });
    }

    void partitions()
    {
        PartitionModel model;
        checkDiffContract(model,
                          Fixtures::list<InfinibandPartition>(QStringLiteral("infiniband_partitions.json"),
                                                              InfinibandAdapter::parsePartition),
                          [](InfinibandPartition& p) { p.instanceCount = 3; });
        QCOMPARE(model.index(model.rowCount() - 1, PartitionModel::InstancesColumn).data().toString(),
                 QStringLiteral("3"));
    }

    void pools()
    {
        PoolModel model;
        MockClock clock(1784592000 + 10);
        model.setClock(&clock);
        const auto pools = Fixtures::list<Pool>(QStringLiteral("pools.json"), parsePool);
        checkDiffContract(model, pools,
                          [](Pool& p) { p.tags.insert(QStringLiteral("k"), QStringLiteral("v")); });
        model.refresh(pools);
        QCOMPARE(
            model.index(model.rowOf(QStringLiteral("pool_nuO4nVSM8O3NnsRE7udBe")), PoolModel::NodesNowColumn)
                .data()
                .toString(),
            QStringLiteral("2"));

        // Schedules hold a day of the past: a SKU whose nodes have all ended is not counted.
        Pool past;
        past.id = QStringLiteral("pool_past");
        const qint64 now = clock.nowSecs();
        past.bySku.insert(QStringLiteral("ended"), {{now - 7200, now - 3600, 4}});
        past.bySku.insert(QStringLiteral("owned"), {{now - 7200, now + 3600, 2}});
        past.bySku.insert(QStringLiteral("later"), {{now - 7200, now + 3600, 0}, {now + 3600, {}, 1}});
        model.refresh({past});
        QCOMPARE(model.index(0, PoolModel::SkusColumn).data().toString(), QStringLiteral("2"));
        QCOMPARE(model.index(0, PoolModel::SkusColumn).data(ResourceRole::RawRole).toLongLong(), 2);
        QCOMPARE(past.skusFrom(now + 3600), 1);
    }

    void orders()
    {
        OrderModel model;
        checkDiffContract(model, Fixtures::list<Order>(QStringLiteral("orders.json"), parseOrder),
                          [](Order& o) {
                              o.status = Order::Status::Cancelled;
                              o.statusText = QStringLiteral("cancelled");
                          });
        // A status the client does not know is shown as sent.
        model.refresh(Fixtures::list<Order>(QStringLiteral("orders.json"), parseOrder));
        const int row = model.rowOf(QStringLiteral("ordr_Qq1Ww2Ee3Rr4Tt5Yy6Uu7"));
        QCOMPARE(model.index(row, OrderModel::StatusColumn).data().toString(),
                 QStringLiteral("matching_soon"));
        const int filled = model.rowOf(QStringLiteral("ordr__JLBu4arl_9nSLMfF2Ole"));
        QCOMPARE(model.index(filled, OrderModel::LimitPriceColumn).data().toString(),
                 QStringLiteral("$2.500/node-hour"));
        QCOMPARE(model.index(filled, OrderModel::LimitPriceColumn).data(ResourceRole::RawRole).toLongLong(),
                 2500000);
    }

    void images()
    {
        ImageModel model;
        checkDiffContract(model, Fixtures::list<Image>(QStringLiteral("images.json"), parseImage),
                          [](Image& i) {
                              i.status = Image::UploadStatus::Completed;
                              i.statusText = QStringLiteral("completed");
                          });
        QCOMPARE(model.index(model.rowCount() - 1, ImageModel::StatusColumn).data().toString(),
                 QStringLiteral("Ready"));
    }
};

QTEST_GUILESS_MAIN(TestResourceModels)
#include "tst_resourcemodels.moc"
