// SPDX-License-Identifier: Apache-2.0

// Server text is shown as it is. Against the real sfsim, with pool, instance and partition names
// that hold markup (a server that does not check names sends them; the control route sets them),
// every label, table tooltip, confirmation and dialog the user meets shows the name literally:
// rendered as HTML, "x<b>bold</b><!--" would read "xbold" and hide whatever follows it.
#include "core/api/apiclient.h"

#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/notify/noticelog.h"
#include "core/settings/settings.h"
#include "gui/common/viewcontext.h"
#include "gui/instances/instancesview.h"
#include "gui/instances/sshdetailsdialog.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/partitions/launchcommanddialog.h"
#include "gui/partitions/partitionsview.h"
#include "gui/pools/poolsview.h"
#include "support/apiwait.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QApplication>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// As HTML, "xbold" and nothing after the comment.
const QString Hostile = u"x<b>bold</b><!--"_s;

// What a widget with this text and format shows, as text: the text itself when it is shown as plain
// text, else what the HTML renders to.
QString shown(const QString& text, Qt::TextFormat format)
{
    const bool rich = format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text));
    return rich ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
}

QString shownText(const QLabel* label)
{
    return shown(label->text(), label->textFormat());
}

// QToolTip shows its text as Qt::AutoText.
QString shownToolTip(const QVariant& toolTip)
{
    return shown(toolTip.toString(), Qt::AutoText);
}

// The tooltip of the table cell showing text, in the first table of view.
QString cellToolTip(QWidget* view, const QString& text)
{
    // Every table of the page (Pools has its transfers under the pools).
    const auto tables = view->findChildren<QTableView*>();
    if (tables.isEmpty())
        return u"no table"_s;
    for (const QTableView* table : tables) {
        const QAbstractItemModel* model = table->model();
        for (int row = 0; row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column)
                if (model->index(row, column).data(Qt::DisplayRole).toString() == text)
                    return shownToolTip(model->index(row, column).data(Qt::ToolTipRole));
    }
    return u"no cell shows it"_s;
}

// Watches for the next message box, records what it shows, and answers it with the button whose
// text is answer (empty: rejects it). Works whether the box runs its own event loop or not.
class BoxWatcher
{
public:
    explicit BoxWatcher(const QString& answer = {})
    {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this, answer] {
            for (QWidget* window : QApplication::topLevelWidgets()) {
                auto* box = qobject_cast<QMessageBox*>(window);
                if (!box || !box->isVisible())
                    continue;
                m_timer.stop();
                m_shown = shown(box->text(), box->textFormat());
                m_seen = true;
                saveWidgetScreenshot(box, u"plaintext-confirmation"_s);
                for (QAbstractButton* button : box->buttons())
                    if (!answer.isEmpty() && button->text() == answer) {
                        button->click();
                        return;
                    }
                box->reject();
                return;
            }
        });
        m_timer.start();
    }
    bool seen() const { return m_seen; }
    QString shownText() const { return m_shown; }

private:
    QTimer m_timer;
    bool m_seen = false;
    QString m_shown;
};

} // namespace

class TestPlainText final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s, u"--time-scale"_s, u"0.01"_s}),
                 qPrintable(m_sim.errorOutput()));
        m_api = std::make_unique<SimClient>(m_sim.baseUrl());
        m_api->setToken(m_sim.token(u"acme-owner"_s));
        warmUpQt();
    }

    // The pools page: the table's tooltip, the rename prompt, the delete confirmation and the
    // server's refusal under the table.
    void poolName()
    {
        const QString pool =
            m_api
                ->post(u"/preview/v2/pools"_s,
                       {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, u"named-later"_s}})
                .id();
        QVERIFY(!pool.isEmpty());
        // Something to refuse the delete for: nodes the pool owns.
        m_api->setAllocation(pool, sku(), 1);
        m_api->setName(u"pool"_s, pool, Hostile);

        Fixture f(m_sim);
        PoolsView view(&f.context);
        view.resize(1100, 700);
        view.show();
        f.context.setClient(&f.client);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(pool) >= 0, 10000);
        QCOMPARE(cellToolTip(&view, Hostile), Hostile);

        view.selectPool(pool);
        auto* rename = view.findChild<QPushButton*>(u"poolsRenameButton"_s);
        QTRY_VERIFY(rename->isEnabled());
        rename->click();
        QDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = view.findChild<QDialog*>()) && dialog->isVisible());
        auto* prompt = dialog->findChild<QLabel*>(u"promptLabel"_s);
        QVERIFY(prompt);
        QCOMPARE(shownText(prompt), u"New name for pool \"%1\":"_s.arg(Hostile));
        dialog->reject();

        // The confirmation holds the whole question, the name as it is; the refusal names it too.
        BoxWatcher box(u"&Delete Pool"_s);
        QSignalSpy finished(&view, &PoolsView::actionFinished);
        view.findChild<QPushButton*>(u"poolsDeleteButton"_s)->click();
        QTRY_VERIFY(box.seen());
        QVERIFY2(box.shownText().startsWith(u"Delete pool \"%1\" (%2) in workspace"_s.arg(Hostile, pool)),
                 qPrintable(box.shownText()));
        QVERIFY2(box.shownText().endsWith(u"future allocation, nodes or deployments."_s),
                 qPrintable(box.shownText()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        auto* error = view.findChild<QLabel*>(u"poolsErrorLabel"_s);
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(shownText(error).startsWith(u"Pool \"%1\" was not deleted: "_s.arg(Hostile)),
                 qPrintable(shownText(error)));
        saveWidgetScreenshot(&view, u"plaintext-pools"_s);
    }

    // The instances page (its details are rich text, with every value escaped), the terminate
    // confirmation, and the SSH details: sfsim derives the host name from the instance's name, so
    // the host is no address a command may hold.
    void instanceName()
    {
        const QString pool =
            m_api
                ->post(u"/preview/v2/pools"_s,
                       {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, u"instance-pool"_s}})
                .id();
        m_api->setAllocation(pool, sku(), 1);
        const QString instance =
            m_api
                ->post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                    {u"instance_sku"_s, sku()},
                                                    {u"image"_s, image(u"ubuntu-22.04.5-cuda-12.7"_s)},
                                                    {u"name"_s, u"named-later"_s}})
                .id();
        QVERIFY(!instance.isEmpty());
        // Running, so that it has SSH details.
        QTRY_COMPARE_WITH_TIMEOUT(
            m_api->get(u"/preview/v2/instances/"_s + instance).json.value(u"status"_s).toString(),
            u"running"_s, 10000);
        m_api->setName(u"instance"_s, instance, Hostile);

        Fixture f(m_sim);
        InstancesView view(&f.context);
        view.resize(1100, 700);
        view.show();
        f.context.setClient(&f.client);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(instance) >= 0, 10000);
        QCOMPARE(cellToolTip(&view, Hostile), Hostile);
        // Selected once the page has its workspace (choosing it starts the selection afresh).
        auto* details = view.findChild<QLabel*>(u"instanceDetails"_s);
        QTRY_VERIFY2((view.selectInstance(instance), shownText(details).startsWith(Hostile + u" · "_s)),
                     qPrintable(details->text()));
        saveWidgetScreenshot(&view, u"plaintext-instances"_s);

        BoxWatcher box;
        auto* terminate = view.findChild<QPushButton*>(u"instancesTerminateButton"_s);
        QTRY_VERIFY(terminate->isEnabled());
        terminate->click();
        QTRY_VERIFY(box.seen());
        QVERIFY2(box.shownText().contains(Hostile), qPrintable(box.shownText()));

        SshDetailsDialog ssh(&f.context, instance, Hostile);
        QSignalSpy loaded(&ssh, &SshDetailsDialog::loaded);
        ssh.show();
        QVERIFY(loaded.wait(10000));
        const QString intro = shownText(ssh.findChild<QLabel*>(u"introLabel"_s));
        QVERIFY2(
            intro.startsWith(u"The server gave no usable address for this instance (\"%1."_s.arg(Hostile)),
            qPrintable(intro));
        QVERIFY(ssh.command().isEmpty());
        QVERIFY(!ssh.findChild<QPushButton*>(u"copyButton"_s)->isEnabled());
        saveWidgetScreenshot(&ssh, u"plaintext-ssh-details"_s);
    }

    // The partitions page's details and the launch command: the labels show the name, and in the
    // launch text a newline in it does not end its comment.
    void partitionName()
    {
        QVERIFY(waitForResult<FeatureFlag>(
            Fixture(m_sim).client.setFeatureFlagEnrolled(u"infiniband-preview"_s, true)));
        Fixture setup(m_sim);
        const auto fabrics = waitForResult<QList<InfinibandFabric>>(setup.client.infinibandFabrics());
        QVERIFY(fabrics && !fabrics->isEmpty());
        InfinibandFabric fabric;
        for (const InfinibandFabric& candidate : *fabrics)
            if (!candidate.instanceSkus.isEmpty())
                fabric = candidate;
        InfinibandAdapter::NewPartition create;
        create.workspace = u"sfc:workspace:acme:default"_s;
        create.name = u"named-later"_s;
        create.fabric = fabric.name;
        const auto partition =
            waitForResult<InfinibandPartition>(setup.client.createInfinibandPartition(create));
        QVERIFY(partition);
        const QString pool =
            m_api
                ->post(u"/preview/v2/pools"_s,
                       {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, u"launch-pool"_s}})
                .id();
        const QString ibSku = fabric.instanceSkus.first().id;
        m_api->setAllocation(pool, ibSku, 1);
        NewInstance worker;
        worker.pool = pool;
        worker.sku = ibSku;
        worker.image = image(u"ubuntu-24.04-cuda-13.2"_s);
        worker.name = u"worker-1"_s;
        worker.enablePublicIpv4 = true;
        worker.infinibandPartition = partition->id;
        QVERIFY(waitForResult<Instance>(setup.client.createInstance(worker)));
        const QString name = Hostile + u"\nreboot"_s;
        m_api->setName(u"infiniband_partition"_s, partition->id, name);

        Fixture f(m_sim);
        PartitionsView view(&f.context);
        view.resize(1100, 760);
        view.show();
        f.context.setClient(&f.client);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition->id) >= 0, 10000);
        view.selectPartition(partition->id);
        auto* title = view.findChild<QLabel*>(u"partitionDetailName"_s);
        QTRY_VERIFY(shownText(title).startsWith(name));
        QCOMPARE(shownText(title), u"%1 (workspace default)"_s.arg(name));
        saveWidgetScreenshot(&view, u"plaintext-partitions"_s);

        const InfinibandPartition shownPartition = view.model()->at(view.model()->rowOf(partition->id));
        LaunchCommandDialog launch(&f.context, shownPartition);
        QSignalSpy loaded(&launch, &LaunchCommandDialog::loaded);
        launch.show();
        QVERIFY(loaded.wait(10000));
        const QString status = shownText(launch.findChild<QLabel*>(u"launchStatusLabel"_s));
        QVERIFY2(status.contains(u"in partition %1 on fabric"_s.arg(name)), qPrintable(status));
        const QStringList lines = launch.text().split(u'\n');
        QVERIFY2(lines.first().startsWith(u"# Partition x<b>bold</b><!--?reboot on fabric "_s),
                 qPrintable(lines.first()));
        for (const QString& line : lines)
            QVERIFY2(!line.startsWith(u"reboot"_s), qPrintable(launch.text()));
        saveWidgetScreenshot(&launch, u"plaintext-launch"_s);
    }

    // The status bar's connection label and its tooltip (the account's e-mail and the server's
    // address go there).
    void connectionLabel()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        MainWindow window(&settings);
        window.setConnectionText(Hostile + u" · signed in"_s, u"Signed in as %1"_s.arg(Hostile));
        QLabel* label = nullptr;
        for (QLabel* candidate : window.statusBar()->findChildren<QLabel*>())
            if (candidate->text().startsWith(Hostile))
                label = candidate;
        QVERIFY(label);
        QCOMPARE(shownText(label), Hostile + u" · signed in"_s);
        QCOMPARE(shownToolTip(label->toolTip()), u"Signed in as %1"_s.arg(Hostile));
    }

    // The notices' list (the activity panel): its tooltip holds the notice's text.
    void noticeToolTip()
    {
        NoticeLog log;
        Notice notice;
        notice.kind = Notice::Kind::InstanceRunning;
        notice.title = u"Instance running"_s;
        notice.text = u"Instance %1 is running."_s.arg(Hostile);
        log.add(notice);
        QCOMPARE(log.rowCount(), 1);
        for (int column = 0; column < log.columnCount(); ++column)
            QCOMPARE(shownToolTip(log.index(0, column).data(Qt::ToolTipRole)),
                     u"Instance %1 is running.\nPress Enter or double-click to open it."_s.arg(Hostile));
    }

private:
    // A client, settings and a view context on the simulator, as a connection has them.
    struct Fixture
    {
        explicit Fixture(SimProcess& sim)
            : client(sim.baseUrl(), &network)
        {
            client.setToken(sim.token(u"acme-owner"_s));
        }
        QTemporaryDir dir;
        Settings settings{dir.filePath(u"s.ini"_s)};
        QNetworkAccessManager network;
        ApiClient client;
        ViewContext context{&settings};
    };

    // A SKU without InfiniBand, and an image, of the simulated catalogue, by ID (the API takes no
    // alias or name there).
    QString sku() { return idOf(u"/preview/v2/instance_skus"_s, u"alias"_s, u"sea-3-h100"_s); }
    // The API lists public images only in their own workspace.
    QString image(const QString& name)
    {
        return idOf(u"/preview/v2/images?workspace=sfc:workspace:sfcompute:public"_s, u"name"_s, name);
    }
    QString idOf(const QString& list, const QString& field, const QString& value)
    {
        const SimReply reply = m_api->get(list);
        for (const QJsonValue& item : reply.data())
            if (item.toObject().value(field).toString() == value)
                return item.toObject().value(u"id"_s).toString();
        return {};
    }

    SimProcess m_sim;
    std::unique_ptr<SimClient> m_api;
};

QTEST_MAIN(TestPlainText)
#include "tst_plaintext.moc"
