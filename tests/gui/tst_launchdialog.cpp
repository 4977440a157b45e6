// SPDX-License-Identifier: Apache-2.0

// The launch commands and the InfiniBand checklist of a partition's workers, from the partitions
// page against the real sfsim.
#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "core/models/partitionmodel.h"
#include "core/settings/settings.h"
#include "gui/common/viewcontext.h"
#include "gui/partitions/infinibandcheckdialog.h"
#include "gui/partitions/launchcommanddialog.h"
#include "gui/partitions/partitionsview.h"
#include "support/apiwait.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace {
// The name a screen reader announces: the accessible name, or for a label without one, its text.
QString heardName(QWidget* widget)
{
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(widget);
    return iface ? iface->text(QAccessible::Name) : QString();
}
} // namespace
using namespace sfdesk;

class TestLaunchDialog final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s, u"--time-scale"_s, u"0.01"_s}),
                 qPrintable(m_sim.errorOutput()));
        warmUpQt();
    }

    void launchCommandsForTheRunningWorkers()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        SimClient control(m_sim.baseUrl());

        // The test's setup: enrolled, a partition on the fabric with public addresses, a pool owning
        // two nodes and three workers in it, so that the third waits for a node.
        QVERIFY(waitForResult<FeatureFlag>(client.setFeatureFlagEnrolled(u"infiniband-preview"_s, true)));
        const auto fabrics = waitForResult<QList<InfinibandFabric>>(client.infinibandFabrics());
        QVERIFY(fabrics);
        InfinibandFabric fabric;
        for (const InfinibandFabric& f : *fabrics)
            if (f.name == u"us-central2-a.fab1")
                fabric = f;
        QCOMPARE(fabric.instanceSkus.size(), 1);
        const QString sku = fabric.instanceSkus.first().id;
        InfinibandAdapter::NewPartition newPartition;
        newPartition.workspace = u"sfc:workspace:acme:default"_s;
        newPartition.name = u"launch"_s;
        newPartition.fabric = fabric.name;
        const auto partition =
            waitForResult<InfinibandPartition>(client.createInfinibandPartition(newPartition));
        QVERIFY(partition);
        const auto pool =
            waitForResult<Pool>(client.createPool(u"sfc:workspace:acme:default"_s, u"launch-pool"_s));
        QVERIFY(pool);
        control.setAllocation(pool->id, sku, 2);
        const auto images =
            waitForResult<QList<Image>>(client.images(QString::fromLatin1(ApiClient::publicImagesWorkspace)));
        QVERIFY(images);
        QString image;
        for (const Image& i : *images)
            if (i.name == u"ubuntu-24.04-cuda-13.2")
                image = i.id;
        QVERIFY(!image.isEmpty());
        QStringList ids;
        // worker-1 has a public address; worker-2 is reached by its hostname.
        for (const QString& name : {u"worker-2"_s, u"worker-1"_s, u"worker-3"_s}) {
            NewInstance instance;
            instance.pool = pool->id;
            instance.sku = sku;
            instance.image = image;
            instance.name = name;
            instance.enablePublicIpv4 = name == u"worker-1";
            instance.infinibandPartition = partition->id;
            const auto created = waitForResult<Instance>(client.createInstance(instance));
            QVERIFY(created);
            ids << created->id;
        }
        const auto worker1 = waitForResult<Instance>(client.instance(ids.at(1)));
        QVERIFY(worker1);
        QCOMPARE(worker1->status, Instance::Status::Running);
        QVERIFY(!worker1->publicIp.isEmpty());
        const auto worker3 = waitForResult<Instance>(client.instance(ids.at(2)));
        QVERIFY(worker3);
        QCOMPARE(worker3->status, Instance::Status::AwaitingAllocation);

        // The user's part: select the partition, press Launch.
        ViewContext context(&settings);
        PartitionsView view(&context);
        view.resize(1100, 760);
        view.show();
        context.setClient(&client);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition->id) >= 0, 10000);
        auto* launch = view.findChild<QPushButton*>(u"partitionsLaunchButton"_s);
        QVERIFY(launch);
        view.selectPartition(partition->id);
        QTRY_VERIFY(launch->isEnabled());
        // The two actions leave the toolbar as wide as it was: the page fits beside the sidebar
        // in a 1,280 px window. They are in the page's menu as well.
        view.resize(1024, 700);
        QVERIFY2(view.minimumSizeHint().width() <= 1024,
                 qPrintable(QString::number(view.minimumSizeHint().width())));
        auto* checkButton = view.findChild<QPushButton*>(u"partitionsCheckButton"_s);
        QVERIFY(checkButton && checkButton->isVisible() && checkButton->isEnabled());
        QStringList menu;
        for (const QAction* action : constValue(view.pageMenu()->actions()))
            menu << action->text();
        QVERIFY2(menu.contains(u"&Launch Command…"_s) && menu.contains(u"Check &InfiniBand…"_s),
                 qPrintable(menu.join(u", ")));
        QTRY_VERIFY(checkButton->mapTo(&view, QPoint(checkButton->width(), 0)).x() <= view.width());
        saveWidgetScreenshot(&view, u"partitions-launch-actions"_s);
        launch->click();
        auto* dialog = view.findChild<LaunchCommandDialog*>(u"launchCommandDialog"_s);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto* copy = dialog->findChild<QPushButton*>(u"launchCopyButton"_s);
        auto* save = dialog->findChild<QPushButton*>(u"launchSaveButton"_s);
        auto* text = dialog->findChild<QPlainTextEdit*>(u"launchText"_s);
        auto* status = dialog->findChild<QLabel*>(u"launchStatusLabel"_s);
        QVERIFY(copy && save && text && status);
        QTRY_VERIFY_WITH_TIMEOUT(copy->isEnabled(), 10000);

        const QString ip = worker1->publicIp;
        const QString host2 = u"worker-2.%1.sfsim.internal"_s.arg(fabric.region);
        const QString nccl = u"NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO"_s;
        const QString expected =
            u"# Partition launch on fabric us-central2-a.fab1: 2 running worker(s), 8 GPU(s) each.\n"
            "\n# hostfile\n%1 slots=8\n%2 slots=8\n"
            "\n# NCCL over InfiniBand (each torchrun line below sets these too)\n"
            "export NCCL_IB_HCA=mlx5\nexport NCCL_SOCKET_IFNAME=^lo,docker\nexport NCCL_DEBUG=INFO\n"
            "\n# ssh to each worker, then run its torchrun line there\n"
            "\n# node 0: worker-1 (%3)\nssh trainer@%1\n"
            "%5 torchrun --nnodes=2 --node_rank=0 --master_addr=%1 --master_port=29500 --nproc_per_node=8 "
            "train.py\n"
            "\n# node 1: worker-2 (%4)\nssh trainer@%2\n"
            "%5 torchrun --nnodes=2 --node_rank=1 --master_addr=%1 --master_port=29500 --nproc_per_node=8 "
            "train.py\n"_s.arg(ip, host2, ids.at(1), ids.at(0), nccl);
        QCOMPARE(text->toPlainText(), expected);
        QVERIFY2(status->text().startsWith(
                     u"2 running workers in partition launch on fabric us-central2-a.fab1."_s),
                 qPrintable(status->text()));
        // The waiting worker takes no part.
        QVERIFY(!text->toPlainText().contains(u"worker-3"_s));

        // Every control has a name for assistive technology; the dialog fits the smallest screen.
        for (QWidget* widget : constValue(dialog->findChildren<QWidget*>())) {
            if (widget->objectName().startsWith(u"launch"_s) && widget->objectName() != u"launchSaveDialog"_s)
                QVERIFY2(!heardName(widget).isEmpty(), qPrintable(widget->objectName()));
        }
        QVERIFY(dialog->frameGeometry().width() <= 1280 && dialog->frameGeometry().height() <= 800);
        saveWidgetScreenshot(dialog, u"partitions-launch"_s);

        // Options change the text at once.
        auto* port = dialog->findChild<QSpinBox*>(u"launchPortSpin"_s);
        auto* user = dialog->findChild<QLineEdit*>(u"launchUserEdit"_s);
        port->setValue(29400);
        user->setText(u"ml"_s);
        QVERIFY(text->toPlainText().contains(u"ssh ml@%1\n"_s.arg(ip)));
        QVERIFY(text->toPlainText().contains(u"--master_addr=%1 --master_port=29400 "_s.arg(ip)));
        QVERIFY(!text->toPlainText().contains(u"trainer@"_s));

        QApplication::clipboard()->clear();
        copy->click();
        QCOMPARE(QApplication::clipboard()->text(), text->toPlainText());

        const QString path = dir.filePath(u"launch.txt"_s);
        save->click();
        auto* fileDialog = dialog->findChild<QFileDialog*>(u"launchSaveDialog"_s);
        QVERIFY(fileDialog);
        QTRY_VERIFY(fileDialog->isVisible());
        fileDialog->selectFile(path);
        // QFileDialog::accept() is protected; QDialog's is the same virtual.
        static_cast<QDialog*>(fileDialog)->accept();
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(saved.readAll()), text->toPlainText());

        // Saving where no file can be written says so in the dialog.
        QVERIFY(!dialog->saveTo(dir.filePath(u"missing/launch.txt"_s)));
        QVERIFY2(status->text().startsWith(u"Could not save"_s), qPrintable(status->text()));

        QPointer<LaunchCommandDialog> open(dialog);
        dialog->findChild<QPushButton*>(u"launchCloseButton"_s)->click();
        QTRY_VERIFY(!open);
    }

    void partitionWithoutRunningInstancesSaysSo()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        QVERIFY(waitForResult<FeatureFlag>(client.setFeatureFlagEnrolled(u"infiniband-preview"_s, true)));
        InfinibandAdapter::NewPartition newPartition;
        newPartition.workspace = u"sfc:workspace:acme:default"_s;
        newPartition.name = u"empty"_s;
        newPartition.fabric = u"europe-north1-b.fab1"_s;
        const auto partition =
            waitForResult<InfinibandPartition>(client.createInfinibandPartition(newPartition));
        QVERIFY(partition);

        ViewContext context(&settings);
        PartitionsView view(&context);
        view.show();
        context.setClient(&client);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition->id) >= 0, 10000);
        view.selectPartition(partition->id);
        LaunchCommandDialog* dialog = view.launchCurrent();
        QVERIFY(dialog);
        auto* status = dialog->findChild<QLabel*>(u"launchStatusLabel"_s);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(u"No running instances in partition empty"_s),
                                 10000);
        QVERIFY(dialog->text().isEmpty());
        QVERIFY(!dialog->findChild<QPushButton*>(u"launchCopyButton"_s)->isEnabled());
        QVERIFY(!dialog->findChild<QPushButton*>(u"launchSaveButton"_s)->isEnabled());
        dialog->close();
    }

    // The checklist of a partition whose workers are in every state: one reported an active port,
    // one runs an image without the InfiniBand stack, one booted too recently to have reported,
    // one waits for a node.
    void infinibandChecklist()
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
        QCOMPARE(fabric.instanceSkus.size(), 1);
        const QString sku = fabric.instanceSkus.first().id;
        InfinibandAdapter::NewPartition newPartition;
        newPartition.workspace = u"sfc:workspace:acme:default"_s;
        newPartition.name = u"ibcheck"_s;
        newPartition.fabric = fabric.name;
        const auto partition =
            waitForResult<InfinibandPartition>(client.createInfinibandPartition(newPartition));
        QVERIFY(partition);
        const auto pool =
            waitForResult<Pool>(client.createPool(u"sfc:workspace:acme:default"_s, u"ibcheck-pool"_s));
        QVERIFY(pool);
        control.setAllocation(pool->id, sku, 3);
        const auto images =
            waitForResult<QList<Image>>(client.images(QString::fromLatin1(ApiClient::publicImagesWorkspace)));
        QVERIFY(images);
        QHash<QString, QString> imageIds;
        for (const Image& i : *images)
            imageIds.insert(i.name, i.id);
        const auto create = [&](const QString& name, const QString& image) {
            NewInstance instance;
            instance.pool = pool->id;
            instance.sku = sku;
            instance.image = imageIds.value(image);
            instance.name = name;
            instance.infinibandPartition = partition->id;
            const auto created = waitForResult<Instance>(client.createInstance(instance));
            return created ? created->id : QString();
        };
        QVERIFY(!create(u"node-1"_s, u"ubuntu-24.04-cuda-13.2"_s).isEmpty());
        QVERIFY(!create(u"node-2"_s, u"ubuntu-22.04.5-cuda-12.7"_s).isEmpty());
        // Past the boot of the first two (ibv_devinfo runs about 18 s in); the clock is slowed down
        // a hundredfold, so the third has not got there when it is read.
        control.advanceClock(60);
        QVERIFY(!create(u"node-3"_s, u"ubuntu-24.04-cuda-13.2"_s).isEmpty());
        QVERIFY(!create(u"node-4"_s, u"ubuntu-24.04-cuda-13.2"_s).isEmpty());

        ViewContext context(&settings);
        PartitionsView view(&context);
        view.resize(1100, 760);
        view.show();
        context.setClient(&client);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition->id) >= 0, 10000);
        auto* checkButton = view.findChild<QPushButton*>(u"partitionsCheckButton"_s);
        QVERIFY(checkButton);
        view.selectPartition(partition->id);
        QTRY_VERIFY(checkButton->isEnabled());
        checkButton->click();
        auto* dialog = view.findChild<InfinibandCheckDialog*>(u"ibCheckDialog"_s);
        QVERIFY(dialog);
        auto* tree = dialog->findChild<QTreeWidget*>(u"ibCheckTree"_s);
        auto* summary = dialog->findChild<QLabel*>(u"ibCheckSummary"_s);
        auto* again = dialog->findChild<QPushButton*>(u"ibCheckAgainButton"_s);
        QVERIFY(tree && summary && again);
        QTRY_COMPARE_WITH_TIMEOUT(tree->topLevelItemCount(), 4, 10000);
        QTRY_VERIFY(again->isEnabled());
        const auto row = [tree](int i) {
            const QTreeWidgetItem* item = tree->topLevelItem(i);
            return QStringList{item->text(0), item->text(1), item->text(3)};
        };
        QCOMPARE(row(0), (QStringList{u"node-1"_s, u"Active"_s, u"state: PORT_ACTIVE (4)"_s}));
        QCOMPARE(row(1), (QStringList{u"node-2"_s, u"Down"_s,
                                      u"ibv_devinfo: command not found (this image does not ship the "
                                      "InfiniBand stack)"_s}));
        QCOMPARE(row(2).mid(0, 2), (QStringList{u"node-3"_s, u"Not reported yet"_s}));
        QVERIFY2(row(2).at(2).startsWith(u"no ibv_devinfo result in its console yet"_s),
                 qPrintable(row(2).at(2)));
        QCOMPARE(row(3), (QStringList{u"node-4"_s, u"Not reported yet"_s, u"waiting for a node"_s}));
        QVERIFY(!tree->topLevelItem(0)->text(2).isEmpty());
        QVERIFY(tree->topLevelItem(2)->text(2).isEmpty());
        QCOMPARE(
            summary->text(),
            u"Partition ibcheck on fabric europe-north1-b.fab1: 1 active, 1 down, 2 not reported yet."_s);

        // The command to run by hand, ready to copy.
        auto* command = dialog->findChild<QLineEdit*>(u"ibCheckCommand"_s);
        QCOMPARE(command->text(), u"ibv_devinfo | grep -E 'hca_id|state|link_layer'"_s);
        QApplication::clipboard()->clear();
        dialog->findChild<QPushButton*>(u"ibCheckCopyButton"_s)->click();
        QCOMPARE(QApplication::clipboard()->text(), command->text());

        for (QWidget* widget : constValue(dialog->findChildren<QWidget*>())) {
            if (widget->objectName().startsWith(u"ibCheck"_s))
                QVERIFY2(!heardName(widget).isEmpty(), qPrintable(widget->objectName()));
        }
        QVERIFY(dialog->frameGeometry().width() <= 1280 && dialog->frameGeometry().height() <= 800);
        saveWidgetScreenshot(dialog, u"partitions-infiniband-check"_s);

        // Once node-3 has booted, checking again finds its port active.
        control.advanceClock(60);
        again->click();
        QTRY_VERIFY_WITH_TIMEOUT(row(2).at(1) == u"Active"_s && again->isEnabled(), 10000);
        QCOMPARE(
            summary->text(),
            u"Partition ibcheck on fabric europe-north1-b.fab1: 2 active, 1 down, 1 not reported yet."_s);
        dialog->close();
    }

private:
    SimProcess m_sim;
};

QTEST_MAIN(TestLaunchDialog)
#include "tst_launchdialog.moc"
