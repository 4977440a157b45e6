// SPDX-License-Identifier: Apache-2.0

#include "core/models/instancemodel.h"
#include "core/models/resourceproxymodel.h"
#include "support/fixtures.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace sfdesk;

class TestResourceProxyModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void sortsNamesNumerically()
    {
        InstanceModel model;
        QList<Instance> rows;
        Instance base =
            Fixtures::list<Instance>(QStringLiteral("instances.json"), parseInstance).constFirst();
        for (int i : {10, 9, 1, 100, 2}) {
            base.id = QStringLiteral("inst_%1").arg(i);
            base.name = QStringLiteral("node-%1").arg(i);
            base.createdAt = 1000 - i;
            rows.append(base);
        }
        model.refresh(rows);
        ResourceProxyModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(InstanceModel::NameColumn);
        QStringList names;
        for (int row = 0; row < proxy.rowCount(); ++row)
            names.append(proxy.index(row, InstanceModel::NameColumn).data().toString());
        QCOMPARE(names,
                 (QStringList{QStringLiteral("node-1"), QStringLiteral("node-2"), QStringLiteral("node-9"),
                              QStringLiteral("node-10"), QStringLiteral("node-100")}));
        // Dates sort by their raw value, not their text.
        proxy.sort(InstanceModel::CreatedColumn, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, InstanceModel::NameColumn).data().toString(), QStringLiteral("node-1"));
        QCOMPARE(proxy.index(4, InstanceModel::NameColumn).data().toString(), QStringLiteral("node-100"));
    }

    void filters_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("statuses");
        QTest::addColumn<QString>("workspace");
        QTest::addColumn<int>("rows");
        QTest::newRow("everything") << QString() << QStringList() << QString() << 4;
        QTest::newRow("text in any column") << "TRAIN" << QStringList() << QString() << 1;
        QTest::newRow("text matches none") << "nothing-like-this" << QStringList() << QString() << 0;
        QTest::newRow("statuses") << QString()
                                  << QStringList{QStringLiteral("running"), QStringLiteral("terminated")}
                                  << QString() << 2;
        QTest::newRow("unknown status")
            << QString() << QStringList{QStringLiteral("hibernating")} << QString() << 1;
        QTest::newRow("workspace") << QString() << QStringList() << "wksp_Zx1Yw2Vu3Ts4Rq5Po6Nm7" << 1;
        QTest::newRow("all together")
            << "node" << QStringList{QStringLiteral("running")} << "wksp_k3R-nX9vLm7Qp2Yw5Jd8F" << 1;
    }

    void filters()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, statuses);
        QFETCH(QString, workspace);
        QFETCH(int, rows);
        InstanceModel model;
        model.refresh(Fixtures::list<Instance>(QStringLiteral("instances.json"), parseInstance));
        ResourceProxyModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setFilterText(text);
        proxy.setStatuses(statuses);
        proxy.setWorkspace(workspace);
        QCOMPARE(proxy.rowCount(), rows);
        proxy.setFilterText({});
        proxy.setStatuses({});
        proxy.setWorkspace({});
        QCOMPARE(proxy.rowCount(), 4);
    }
};

QTEST_GUILESS_MAIN(TestResourceProxyModel)
#include "tst_resourceproxymodel.moc"
