// SPDX-License-Identifier: Apache-2.0

// The InfiniBand topology window against sfsim: fabric → partition → instances with their status,
// port state read from their consoles, a terminated worker releasing, the filters, and a
// deployment's workers as a group of their partition.
#include "core/api/apiclient.h"
#include "core/models/instancemodel.h"
#include "core/models/session.h"
#include "core/settings/settings.h"
#include "gui/common/viewcontext.h"
#include "gui/partitions/partitionsview.h"
#include "gui/partitions/topologydialog.h"
#include "support/apiwait.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QComboBox>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestTopology final : public QObject
{
    Q_OBJECT

    static QTreeWidgetItem* findItem(QTreeWidget* tree, const QString& name)
    {
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if ((*it)->text(TopologyDialog::NameColumn) == name)
                return *it;
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        // The clock slowed a hundredfold: a worker reports its port about 18 s of its time after boot.
        QVERIFY2(
            m_sim.start({u"--control"_s, u"--time-scale"_s, u"0.01"_s, u"--ib-release-seconds"_s, u"600"_s}),
            qPrintable(m_sim.errorOutput()));
        warmUpQt();
    }

    void fabricPartitionInstancesPortsAndRelease()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        SimClient control(m_sim.baseUrl());
        QVERIFY(waitForResult<FeatureFlag>(client.setFeatureFlagEnrolled(u"infiniband-preview"_s, true)));
        const auto fabrics = waitForResult<QList<InfinibandFabric>>(client.infinibandFabrics());
        QVERIFY(fabrics);
        InfinibandFabric fabric;
        for (const InfinibandFabric& f : *fabrics)
            if (f.name == u"europe-north1-b.fab1")
                fabric = f;
        QVERIFY(!fabric.instanceSkus.isEmpty());
        InfinibandAdapter::NewPartition newPartition;
        newPartition.workspace = u"sfc:workspace:acme:default"_s;
        newPartition.name = u"topo"_s;
        newPartition.fabric = fabric.name;
        const auto partition =
            waitForResult<InfinibandPartition>(client.createInfinibandPartition(newPartition));
        QVERIFY(partition);
        // A second, empty partition on the same fabric.
        newPartition.name = u"topo-spare"_s;
        QVERIFY(waitForResult<InfinibandPartition>(client.createInfinibandPartition(newPartition)));
        const auto pool =
            waitForResult<Pool>(client.createPool(u"sfc:workspace:acme:default"_s, u"topo-pool"_s));
        QVERIFY(pool);
        control.setAllocation(pool->id, fabric.instanceSkus.first().id, 2);
        const auto images =
            waitForResult<QList<Image>>(client.images(QString::fromLatin1(ApiClient::publicImagesWorkspace)));
        QVERIFY(images && !images->isEmpty());
        QString image = images->first().id;
        for (const Image& i : *images)
            if (i.name == u"ubuntu-24.04-cuda-13.2")
                image = i.id;
        QHash<QString, QString> ids;
        for (const QString& name : {u"worker-1"_s, u"worker-2"_s}) {
            NewInstance instance;
            instance.pool = pool->id;
            instance.sku = fabric.instanceSkus.first().id;
            instance.image = image;
            instance.name = name;
            instance.infinibandPartition = partition->id;
            const auto created = waitForResult<Instance>(client.createInstance(instance));
            QVERIFY(created);
            ids.insert(name, created->id);
        }
        // Past the workers' boot: their consoles have the ibv_devinfo result.
        control.advanceClock(60);

        ViewContext context(&settings);
        PartitionsView view(&context);
        view.resize(1100, 760);
        view.show();
        context.setClient(&client);
        constexpr int t = 15000;
        QTRY_VERIFY_WITH_TIMEOUT(context.infinibandEnabled(), t);

        QPointer<TopologyDialog> dialog = view.showTopology();
        QVERIFY(dialog);
        // Asking again brings the same window forward.
        QCOMPARE(view.showTopology(), dialog.data());
        QTreeWidget* tree = dialog->tree();
        QTRY_VERIFY_WITH_TIMEOUT(findItem(tree, u"worker-1"_s) && findItem(tree, u"worker-2"_s), t);
        QTreeWidgetItem* partitionItem = findItem(tree, u"topo"_s);
        QVERIFY(partitionItem);
        QCOMPARE(partitionItem->parent()->text(TopologyDialog::NameColumn), u"Fabric europe-north1-b.fab1"_s);
        QCOMPARE(partitionItem->childCount(), 2);
        QTreeWidgetItem* spare = findItem(tree, u"topo-spare"_s);
        QVERIFY(spare);
        QCOMPARE(spare->parent(), partitionItem->parent());
        QCOMPARE(spare->childCount(), 0);
        QCOMPARE(partitionItem->parent()->childCount(), 2);
        QCOMPARE(partitionItem->text(TopologyDialog::IdColumn), partition->id);
        // The ports are read by themselves once: both came up.
        for (const QString& name : {u"worker-1"_s, u"worker-2"_s}) {
            QTRY_COMPARE_WITH_TIMEOUT(findItem(tree, name)->text(TopologyDialog::PortColumn), u"Active"_s, t);
            QVERIFY(!findItem(tree, name)->text(TopologyDialog::PortSeenColumn).isEmpty());
            QCOMPARE(findItem(tree, name)->text(TopologyDialog::StatusColumn), u"Running"_s);
        }
        auto* summary = dialog->findChild<QLabel*>(u"topologySummary"_s);
        QVERIFY2(summary->text().contains(u"Ports reported active: 2"_s), qPrintable(summary->text()));

        // A terminated worker stays in the partition, releasing, until its node lets go.
        QVERIFY(waitForResult<Instance>(client.terminateInstance(ids.value(u"worker-2"_s))));
        QTRY_VERIFY_WITH_TIMEOUT(findItem(tree, u"worker-2"_s)
                                     && findItem(tree, u"worker-2"_s)
                                            ->text(TopologyDialog::StatusColumn)
                                            .startsWith(u"Releasing"_s),
                                 t);
        QCOMPARE(findItem(tree, u"worker-2"_s)->text(TopologyDialog::PortColumn), u"Releasing"_s);
        saveWidgetScreenshot(dialog, u"partition-topology"_s);

        // The fabric filter narrows it to one fabric; the workspace filter to one workspace.
        auto* fabricFilter = dialog->findChild<QComboBox*>(u"topologyFabricFilter"_s);
        const int other = fabricFilter->findData(u"europe-north1-a.fab1"_s);
        QVERIFY(other > 0);
        fabricFilter->setCurrentIndex(other);
        QTRY_VERIFY(!findItem(tree, u"topo"_s));
        QCOMPARE(tree->topLevelItemCount(), 1);
        fabricFilter->setCurrentIndex(fabricFilter->findData(fabric.name));
        QTRY_VERIFY(findItem(tree, u"topo"_s));
        auto* workspaceFilter = dialog->findChild<QComboBox*>(u"topologyWorkspaceFilter"_s);
        QVERIFY(workspaceFilter->findData(u"default"_s) > 0);
        workspaceFilter->setCurrentIndex(workspaceFilter->findData(u"default"_s));
        QTRY_VERIFY(findItem(tree, u"topo"_s));

        // Past the release delay the worker leaves the partition.
        control.advanceClock(700);
        view.refresh();
        context.session()->refresh(Session::Resource::Instances);
        QTRY_VERIFY_WITH_TIMEOUT(!findItem(tree, u"worker-2"_s), t);
        QVERIFY(findItem(tree, u"worker-1"_s));
        dialog->close();
        QTRY_VERIFY(!dialog);
    }

    // A deployment's workers are a group of their partition, apart from the partition's other
    // instances, and the group follows the deployment when it scales.
    void deploymentWorkersAreAGroup()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        SimClient control(m_sim.baseUrl());
        QVERIFY(waitForResult<FeatureFlag>(client.setFeatureFlagEnrolled(u"infiniband-preview"_s, true)));
        const auto fabrics = waitForResult<QList<InfinibandFabric>>(client.infinibandFabrics());
        QVERIFY(fabrics);
        InfinibandFabric fabric;
        for (const InfinibandFabric& f : *fabrics)
            if (f.name == u"europe-north1-b.fab1")
                fabric = f;
        QVERIFY(!fabric.instanceSkus.isEmpty());
        const QString sku = fabric.instanceSkus.first().id;
        InfinibandAdapter::NewPartition newPartition;
        newPartition.workspace = u"sfc:workspace:acme:default"_s;
        newPartition.name = u"grouped"_s;
        newPartition.fabric = fabric.name;
        const auto partition =
            waitForResult<InfinibandPartition>(client.createInfinibandPartition(newPartition));
        QVERIFY(partition);
        const auto pool =
            waitForResult<Pool>(client.createPool(u"sfc:workspace:acme:default"_s, u"grouped-pool"_s));
        QVERIFY(pool);
        control.setAllocation(pool->id, sku, 4);
        // The public images are listed in their own workspace.
        const auto images = waitForResult<QList<Image>>(client.images(u"sfc:workspace:sfcompute:public"_s));
        QVERIFY(images);
        QString image;
        for (const Image& i : *images)
            if (i.name == u"ubuntu-24.04-cuda-13.2")
                image = i.id;
        QVERIFY(!image.isEmpty());
        NewInstanceTemplate tmpl;
        tmpl.workspace = u"sfc:workspace:acme:default"_s;
        tmpl.image = image;
        tmpl.name = u"grouped-worker"_s;
        tmpl.cloudInitUserData = "#cloud-config\nhostname: grouped\n";
        const auto madeTemplate = waitForResult<InstanceTemplate>(client.createInstanceTemplate(tmpl));
        QVERIFY(madeTemplate);
        // One instance of its own on the partition, and a deployment of two.
        NewInstance single;
        single.pool = pool->id;
        single.sku = sku;
        single.image = image;
        single.name = u"loner"_s;
        single.infinibandPartition = partition->id;
        QVERIFY(waitForResult<Instance>(client.createInstance(single)));
        NewDeployment d;
        d.name = u"pair"_s;
        d.pool = pool->id;
        d.sku = sku;
        d.instanceTemplate = madeTemplate->id;
        d.targetInstanceCount = 2;
        d.instanceNameTemplate = u"pair-{{nanoid(10)}}"_s;
        d.infinibandPartition = partition->id;
        const auto deployment = waitForResult<Deployment>(client.createDeployment(d));
        QVERIFY(deployment);

        ViewContext context(&settings);
        PartitionsView view(&context);
        view.resize(1100, 760);
        view.show();
        context.setClient(&client);
        constexpr int t = 15000;
        QTRY_VERIFY_WITH_TIMEOUT(context.infinibandEnabled(), t);
        QPointer<TopologyDialog> dialog = view.showTopology();
        QVERIFY(dialog);
        QTreeWidget* tree = dialog->tree();
        QTRY_VERIFY_WITH_TIMEOUT(findItem(tree, u"Deployment pair"_s) && findItem(tree, u"loner"_s), t);
        QTreeWidgetItem* partitionItem = findItem(tree, u"grouped"_s);
        QVERIFY(partitionItem);
        QTreeWidgetItem* group = findItem(tree, u"Deployment pair"_s);
        QCOMPARE(group->parent(), partitionItem);
        QCOMPARE(findItem(tree, u"loner"_s)->parent(), partitionItem);
        QCOMPARE(group->text(TopologyDialog::IdColumn), deployment->id);
        QCOMPARE(group->text(TopologyDialog::StatusColumn), u"2 instances"_s);
        QCOMPARE(group->childCount(), 2);
        for (int i = 0; i < group->childCount(); ++i)
            QVERIFY2(group->child(i)->text(TopologyDialog::NameColumn).startsWith(u"pair-"_s),
                     qPrintable(group->child(i)->text(TopologyDialog::NameColumn)));
        QVERIFY(group->isExpanded());
        saveWidgetScreenshot(dialog, u"partition-topology-deployment"_s);

        // Scaled to three: the group holds the third worker.
        DeploymentChange scale;
        scale.targetInstanceCount = 3;
        QVERIFY(waitForResult<Deployment>(client.changeDeployment(deployment->id, scale)));
        context.session()->refresh(Session::Resource::Instances);
        QTRY_COMPARE_WITH_TIMEOUT(findItem(tree, u"Deployment pair"_s)->childCount(), 3, t);
        QCOMPARE(findItem(tree, u"Deployment pair"_s)->text(TopologyDialog::StatusColumn), u"3 instances"_s);
        dialog->close();
        QTRY_VERIFY(!dialog);
    }

private:
    SimProcess m_sim;
};

QTEST_MAIN(TestTopology)
#include "tst_topology.moc"
