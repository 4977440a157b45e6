// SPDX-License-Identifier: Apache-2.0

// Instances at scale, as a user does it with the keyboard in the whole window, against the real
// sfsim (its executable, over HTTP on loopback, the demo world): a template from the Cloud-init
// editor, a deployment of 2 in the demo's partition, scaled to 3 and back to 1 (+, − and the spin
// box), paused and resumed, a worker replaced under its own name, the priority of its workers set in one
// request, the deployment deleted.
#include "core/connection/connection.h"

#include "appservices.h"
#include "common/constvalue.h"
#include "confirmations.h"
#include "core/models/deploymentmodel.h"
#include "core/models/instancemodel.h"
#include "core/models/instancetemplatemodel.h"
#include "core/models/session.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "gui/application/application.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/cloudinitpage.h"
#include "gui/common/resourcetableview.h"
#include "gui/deployments/deploymentspage.h"
#include "gui/deployments/deploymentsview.h"
#include "gui/deployments/instancetemplatesview.h"
#include "gui/instances/instancesview.h"
#include "gui/mainwindow/mainwindow.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr int Wait = 30000;

// The local profile's server is the sfsim executable the test started: the app talks to it over
// HTTP as to any server, and every request it sends is logged for the request contract.
class ProcessServer final : public LocalServer
{
public:
    explicit ProcessServer(SimProcess* sim)
        : m_sim(sim)
    {}
    void start() override { Q_EMIT started(m_sim->baseUrl(), m_sim->token(u"acme-owner"_s)); }

private:
    SimProcess* m_sim;
};

void press(QWidget* fallback, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : fallback;
    QTest::keyClick(target, key, modifiers);
}

// Text as typed, a line at a time (QTest has no key for '\n').
void type(const QString& text)
{
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (i > 0)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTest::keyClicks(QApplication::focusWidget(), lines.at(i));
    }
}

// A closed dialog gives the activation back to the window on a desktop; the offscreen platform
// does not, and shortcuts go to the active window.
bool backTo(QWidget* window)
{
    window->activateWindow();
    return QTest::qWaitFor([window] { return QApplication::activeWindow() == window; }, 5000);
}

template <typename T> T* activeDialog(const QString& objectName)
{
    auto* window = qobject_cast<T*>(QApplication::activeWindow());
    return window && window->objectName() == objectName ? window : nullptr;
}

} // namespace

class TestDeploymentsFlow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--demo"_s, u"--control"_s}, 120000), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        // The demo's two workers keep the pool's two nodes busy: three more for the flow's.
        const SimReply pool = m_api.get(u"/preview/v2/pools/sfc:pool:acme:production:training-cluster"_s);
        QCOMPARE(pool.status, 200);
        QString sku;
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            if (v.toObject().value(u"alias").toString() == u"hel-a-h100-ib")
                sku = v.toObject().value(u"id").toString();
        m_api.setAllocation(pool.id(), sku, 3);
        warmUpQt();
        // The editor's unsaved work of an earlier run would be recovered (and asked about).
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();

        m_app = std::make_unique<Application>(appServices(
            &m_settings, &m_secrets, &m_network, [this] { return std::make_unique<ProcessServer>(&m_sim); }));
        MainWindow* window = m_app->window();
        window->resize(1180, 760);
        window->show();
        QVERIFY(QTest::qWaitForWindowActive(window));
        m_app->start();
        QTRY_VERIFY_WITH_TIMEOUT(m_app->connection()->state() == Connection::State::Ready, Wait);
        m_watchdog.start();
    }

    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }

    void cleanupTestCase()
    {
        m_watchdog.report();
        m_app.reset();
    }

    // Cloud-init > Save as Instance Template: text with errors is refused, text without is saved.
    void templateFromTheEditor()
    {
        MainWindow* window = m_app->window();
        // The demo's workspace, chosen where the lists are: Alt+K clears All workspaces (a first
        // start lists every one, the workspace list waiting, disabled), Alt+W, then its first letter.
        press(window, Qt::Key_5, Qt::ControlModifier);
        QCOMPARE(window->currentSection(), u"deployments"_s);
        if (m_app->window()->findChild<QCheckBox*>(u"deploymentsAllWorkspaces"_s)->isChecked())
            press(window, Qt::Key_K, Qt::AltModifier);
        QTRY_VERIFY(window->findChild<QComboBox*>(u"deploymentsWorkspaceCombo"_s)->isEnabled());
        press(window, Qt::Key_W, Qt::AltModifier);
        auto* workspace = qobject_cast<QComboBox*>(QApplication::focusWidget());
        QVERIFY(workspace);
        QTRY_VERIFY_WITH_TIMEOUT(workspace->findText(u"production"_s) >= 0, Wait);
        QTest::keyClick(workspace, Qt::Key_P);
        QCOMPARE(workspace->currentText(), u"production"_s);

        press(window, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(window->currentSection(), u"cloudinit"_s);
        auto* editor = window->findChild<CloudInitCodeEditor*>();
        QVERIFY(editor);
        editor->setFocus();
        // A new document, then an error: runcmd must be a list.
        press(window, Qt::Key_N, Qt::ControlModifier);
        QTRY_COMPARE(editor->toPlainText(), u"#cloud-config\n"_s);
        press(editor, Qt::Key_End, Qt::ControlModifier);
        type(u"runcmd: 5"_s);
        press(window, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(activeDialog<QMessageBox>(u"cloudInitErrorBox"_s), Wait);
        const QPointer<QMessageBox> refusal = activeDialog<QMessageBox>(u"cloudInitErrorBox"_s);
        QVERIFY(refusal->text().contains(u"errors"_s));
        QVERIFY(!window->findChild<QDialog*>(u"saveTemplateDialog"_s));
        QTest::keyClick(refusal, Qt::Key_Escape);
        QTRY_VERIFY(!refusal);
        QVERIFY(backTo(window));

        // Fixed: a hostname instead. The dialog offers the images; a name typed, Enter saves.
        editor->setFocus();
        press(editor, Qt::Key_A, Qt::ControlModifier);
        type(u"#cloud-config\nhostname: flow\n"_s);
        press(window, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(activeDialog<QDialog>(u"saveTemplateDialog"_s), Wait);
        const QPointer<QDialog> dialog = activeDialog<QDialog>(u"saveTemplateDialog"_s);
        auto* image = dialog->findChild<QComboBox*>(u"imageCombo"_s);
        QTRY_VERIFY_WITH_TIMEOUT(image->currentIndex() >= 0, Wait);
        QCOMPARE(QApplication::focusWidget()->objectName(), u"nameEdit"_s);
        type(u"flow-worker"_s);
        saveWidgetScreenshot(dialog, u"deployments-save-template"_s);
        press(dialog, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog, Wait);
        Session* session = m_app->connection()->session();
        QTRY_VERIFY_WITH_TIMEOUT(
            [session] {
                for (const InstanceTemplate& t : session->instanceTemplates()->rows())
                    if (t.name == u"flow-worker" && t.cloudInitUsed)
                        return true;
                return false;
            }(),
            Wait);
        const SimReply saved =
            m_api.get(u"/preview/v2/instance_templates/sfc:instance_template:acme:production:flow-worker"_s);
        QCOMPARE(saved.status, 200);
        QCOMPARE(QByteArray::fromBase64(saved.json.value(u"cloud_init_user_data").toString().toLatin1()),
                 QByteArray("#cloud-config\nhostname: flow\n"));
    }

    // New Deployment… of 2 in the demo's partition, + to 3, the spin box to 1.
    void deploymentScalesUpAndDown()
    {
        MainWindow* window = m_app->window();
        QVERIFY(backTo(window));
        press(window, Qt::Key_5, Qt::ControlModifier);
        QCOMPARE(window->currentSection(), u"deployments"_s);
        auto* page = qobject_cast<DeploymentsPage*>(window->sectionPage(u"deployments"_s));
        QVERIFY(page);
        DeploymentsView* view = page->deployments();
        QTRY_VERIFY_WITH_TIMEOUT(view->table()->loadState() == ResourceTableView::LoadState::Loaded, Wait);
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowOf(trainersId()) >= 0, Wait);

        press(window, Qt::Key_N, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(activeDialog<QDialog>(u"createDeploymentDialog"_s), Wait);
        const QPointer<QDialog> dialog = activeDialog<QDialog>(u"createDeploymentDialog"_s);
        QCOMPARE(QApplication::focusWidget()->objectName(), u"nameEdit"_s);
        type(u"flow"_s);
        // The template by its key and first letter; pool, SKU and partition as offered.
        press(dialog, Qt::Key_T, Qt::AltModifier);
        auto* tmpl = qobject_cast<QComboBox*>(QApplication::focusWidget());
        QVERIFY(tmpl && tmpl->objectName() == u"templateCombo");
        QTRY_VERIFY_WITH_TIMEOUT(tmpl->findText(u"flow-worker"_s, Qt::MatchStartsWith) >= 0, Wait);
        QTest::keyClick(tmpl, Qt::Key_F);
        QVERIFY(tmpl->currentText().startsWith(u"flow-worker"_s));
        auto* partition = dialog->findChild<QComboBox*>(u"partitionCombo"_s);
        QTRY_VERIFY_WITH_TIMEOUT(partition->isVisible() && partition->currentText().startsWith(u"training"_s),
                                 Wait);
        QCOMPARE(dialog->findChild<QSpinBox*>(u"targetSpin"_s)->value(), 2);
        QCOMPARE(dialog->findChild<QLineEdit*>(u"nameTemplateEdit"_s)->text(), u"flow-{{nanoid(10)}}"_s);
        saveWidgetScreenshot(dialog, u"deployments-create"_s);
        press(dialog, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog, Wait);
        QVERIFY(backTo(window));

        QTRY_VERIFY_WITH_TIMEOUT(deploymentId(u"flow"_s).size() > 0, Wait);
        const QString flow = deploymentId(u"flow"_s);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->running(flow), 2, Wait);
        // Its workers are on the partition, named by the template.
        for (const Instance& i : view->model()->activeInstances(flow)) {
            QCOMPARE(i.infinibandPartition->name, u"training"_s);
            QVERIFY2(i.name.startsWith(u"flow-"_s), qPrintable(i.name));
        }
        QCOMPARE(view->currentDeployment()->id, flow);
        view->table()->table()->setFocus();

        // + in the list: one more.
        press(window, Qt::Key_Plus);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->find(flow)->targetInstanceCount, 3, Wait);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->running(flow), 3, Wait);
        saveWidgetScreenshot(page, u"deployments-page"_s);
        // − in the list: one fewer.
        press(window, Qt::Key_Minus);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->find(flow)->targetInstanceCount, 2, Wait);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->running(flow), 2, Wait);
        // The spin box, by its key: 1 and Enter.
        press(window, Qt::Key_S, Qt::AltModifier);
        auto* spin = qobject_cast<QSpinBox*>(QApplication::focusWidget());
        QVERIFY(spin && spin->objectName() == u"deploymentTargetSpin");
        QCOMPARE(spin->value(), 2);
        press(spin, Qt::Key_A, Qt::ControlModifier);
        type(u"1"_s);
        press(spin, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->find(flow)->targetInstanceCount, 1, Wait);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->running(flow), 1, Wait);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->activeInstances(flow).size(), qsizetype(1), Wait);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + flow).json.value(u"target_instance_count").toInt(),
                 1);
    }

    // Pause (Ctrl+P) and resume: the button says which it does; the server keeps the choice.
    void pauseAndResume()
    {
        MainWindow* window = m_app->window();
        QVERIFY(backTo(window));
        auto* page = qobject_cast<DeploymentsPage*>(window->sectionPage(u"deployments"_s));
        DeploymentsView* view = page->deployments();
        const QString flow = deploymentId(u"flow"_s);
        view->selectDeployment(flow);
        view->table()->table()->setFocus();
        auto* pause = view->findChild<QPushButton*>(u"deploymentsPauseButton"_s);
        QVERIFY(pause);
        QCOMPARE(pause->text().remove(u'&'), u"Pause"_s);
        press(window, Qt::Key_P, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!view->model()->find(flow)->enabled, Wait);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + flow).json.value(u"enabled").toBool(true), false);
        QTRY_COMPARE(pause->text().remove(u'&'), u"Resume"_s);
        QCOMPARE(
            view->model()->index(view->model()->rowOf(flow), DeploymentModel::StateColumn).data().toString(),
            u"Paused"_s);
        // Paused, it keeps what runs.
        QCOMPARE(view->model()->running(flow), 1);
        press(window, Qt::Key_P, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->find(flow)->enabled, Wait);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + flow).json.value(u"enabled").toBool(false), true);
        QTRY_COMPARE(pause->text().remove(u'&'), u"Pause"_s);
    }

    // The templates tab: the cloud-init of the template, read-only, and Open in Editor.
    void templatesListShowsTheCloudInit()
    {
        QVERIFY(backTo(m_app->window()));
        auto* page = qobject_cast<DeploymentsPage*>(m_app->window()->sectionPage(u"deployments"_s));
        InstanceTemplatesView* templates = page->templates();
        page->deployments()->table()->table()->setFocus();
        press(m_app->window(), Qt::Key_M, Qt::AltModifier);
        QTRY_COMPARE(page->tabs()->currentWidget(), static_cast<QWidget*>(templates));
        QTRY_VERIFY_WITH_TIMEOUT(templates->model()->rowCount() >= 2, Wait);
        templates->selectTemplate(templateId(u"flow-worker"_s));
        QTRY_VERIFY_WITH_TIMEOUT(templates->cloudInitShown(), Wait);
        QCOMPARE(templates->cloudInitView()->toPlainText(), u"#cloud-config\nhostname: flow\n"_s);
        QVERIFY(templates->cloudInitView()->isReadOnly());
        saveWidgetScreenshot(page, u"deployments-templates"_s);

        // Open in Editor (Ctrl+O) on the demo's template: the editor's unsaved text is asked about
        // first; discarded, the editor holds the template's cloud-init as a new text.
        templates->selectTemplate(templateId(u"training-worker"_s));
        QTRY_VERIFY_WITH_TIMEOUT(templates->cloudInitShown(), Wait);
        const QString workerText = templates->cloudInitView()->toPlainText();
        QVERIFY2(workerText.contains(u"ibstat"_s), qPrintable(workerText));
        templates->table()->table()->setFocus();
        press(m_app->window(), Qt::Key_O, Qt::ControlModifier);
        QTRY_COMPARE(m_app->window()->currentSection(), u"cloudinit"_s);
        auto* editorPage = qobject_cast<CloudInitPage*>(m_app->window()->sectionPage(u"cloudinit"_s));
        QVERIFY(editorPage);
        QMessageBox* unsaved = openConfirmation(editorPage, Wait, u"cloudInitUnsavedBox"_s);
        QVERIFY(unsaved);
        unsaved->button(QMessageBox::Discard)->click();
        auto* editor = m_app->window()->findChild<CloudInitCodeEditor*>();
        QTRY_COMPARE(editor->toPlainText(), workerText);
        QVERIFY(!editor->document()->isModified());

        QVERIFY(backTo(m_app->window()));
        press(m_app->window(), Qt::Key_5, Qt::ControlModifier);
        QCOMPARE(m_app->window()->currentSection(), u"deployments"_s);
        templates->table()->table()->setFocus();
        press(m_app->window(), Qt::Key_Y, Qt::AltModifier);
        QTRY_COMPARE(page->tabs()->currentWidget(), static_cast<QWidget*>(page->deployments()));
    }

    // Show Instances, then Replace… on the worker: the new one keeps its name, partition and
    // deployment; the priority of the deployment's workers is set for the selection at once.
    void replaceAWorkerAndSetPriorities()
    {
        MainWindow* window = m_app->window();
        QVERIFY(backTo(window));
        auto* page = qobject_cast<DeploymentsPage*>(window->sectionPage(u"deployments"_s));
        const QString flow = deploymentId(u"flow"_s);
        page->deployments()->selectDeployment(flow);
        page->deployments()->table()->table()->setFocus();
        press(window, Qt::Key_I, Qt::ControlModifier);
        QTRY_COMPARE(window->currentSection(), u"instances"_s);
        auto* instances = qobject_cast<InstancesView*>(window->sectionPage(u"instances"_s));
        QCOMPARE(instances->deploymentFilter()->currentData().toString(), flow);
        // The group: its running worker and the two that scaling down terminated.
        QAbstractItemModel* shown = instances->table()->proxy();
        QTRY_COMPARE_WITH_TIMEOUT(shown->rowCount(), 3, Wait);
        int runningRow = -1;
        for (int row = 0; row < shown->rowCount(); ++row)
            if (shown->index(row, 0).data(ResourceRole::ObjectRole).value<Instance>().status
                == Instance::Status::Running)
                runningRow = row;
        QVERIFY(runningRow >= 0);
        const Instance old = shown->index(runningRow, 0).data(ResourceRole::ObjectRole).value<Instance>();
        // Down to it from the top, as a user would.
        instances->table()->table()->setFocus();
        press(window, Qt::Key_Home, Qt::ControlModifier);
        press(window, Qt::Key_Space);
        for (int row = 0; row < runningRow; ++row)
            press(window, Qt::Key_Down);
        QTRY_COMPARE(instances->selectedInstances().size(), qsizetype(1));
        QCOMPARE(instances->selectedInstances().first().id, old.id);

        press(window, Qt::Key_R, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(activeDialog<QDialog>(u"replaceInstanceDialog"_s), Wait);
        const QPointer<QDialog> dialog = activeDialog<QDialog>(u"replaceInstanceDialog"_s);
        auto* replace = dialog->findChild<QPushButton*>(u"replaceButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(replace->isEnabled(), Wait);
        auto* source = dialog->findChild<QLabel*>(u"cloudInitLabel"_s);
        QVERIFY(source->text().contains(u"flow-worker"_s));
        // Every line of it shown: the dialog grew for the answer rather than clip it.
        QTRY_VERIFY2(
            source->height() >= source->heightForWidth(source->width()),
            qPrintable(u"%1 px for %2"_s.arg(source->height()).arg(source->heightForWidth(source->width()))));
        QVERIFY(dialog->findChild<QLabel*>(u"questionLabel"_s)->text().contains(old.name));
        saveWidgetScreenshot(dialog, u"instances-replace"_s);
        // Enter is Cancel's: the replace is its own key.
        press(dialog, Qt::Key_R, Qt::AltModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog, Wait);
        QVERIFY(backTo(window));
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto active = activeWorkers(flow);
                return active.size() == 1 && active.first().id != old.id && active.first().name == old.name
                       && active.first().status == Instance::Status::Running;
            }(),
            Wait);
        const Instance fresh = activeWorkers(flow).first();
        QVERIFY(fresh.infinibandPartition && fresh.infinibandPartition == old.infinibandPartition);
        QCOMPARE(fresh.managedBy->id, flow);
        QCOMPARE(m_api.get(u"/preview/v2/instances/"_s + old.id).status, 404); // its record made way
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + flow).json.value(u"target_instance_count").toInt(),
                 1);

        // Priority: every worker of the demo's deployment at once, F2 then a level by its letter.
        instances->showDeployment(trainersId());
        QTRY_COMPARE_WITH_TIMEOUT(instances->table()->proxy()->rowCount(), 2, Wait);
        instances->table()->table()->setFocus();
        press(window, Qt::Key_A, Qt::ControlModifier);
        QCOMPARE(instances->selectedInstances().size(), qsizetype(2));
        press(window, Qt::Key_F2);
        QTRY_VERIFY(QApplication::focusWidget()
                    && QApplication::focusWidget()->objectName() == u"priorityEditor");
        auto* editor = qobject_cast<QComboBox*>(QApplication::focusWidget());
        QVERIFY(editor);
        QTest::keyClick(editor, Qt::Key_P); // Preferred
        QCOMPARE(editor->currentData().toString(), u"preferred"_s);
        press(editor, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto workers = activeWorkers(trainersId());
                return workers.size() == 2
                       && std::all_of(workers.cbegin(), workers.cend(),
                                      [](const Instance& i) { return i.priority == u"preferred"; });
            }(),
            Wait);
        QCOMPARE(instances->selectedInstances().size(), qsizetype(2));
    }

    // Delete…: the question names the instances it stops; they stop with it.
    void deleteNamesWhatItStops()
    {
        MainWindow* window = m_app->window();
        QVERIFY(backTo(window));
        press(window, Qt::Key_5, Qt::ControlModifier);
        auto* page = qobject_cast<DeploymentsPage*>(window->sectionPage(u"deployments"_s));
        const QString flow = deploymentId(u"flow"_s);
        const auto workers = activeWorkers(flow);
        QCOMPARE(workers.size(), qsizetype(1));
        page->deployments()->selectDeployment(flow);
        page->deployments()->table()->table()->setFocus();
        press(window, Qt::Key_Delete);
        QTRY_VERIFY_WITH_TIMEOUT(activeDialog<QMessageBox>(u"confirmDialog"_s), Wait);
        const QPointer<QMessageBox> box = activeDialog<QMessageBox>(u"confirmDialog"_s);
        QVERIFY2(box->text().contains(workers.first().name), qPrintable(box->text()));
        QCOMPARE(box->textFormat(), Qt::PlainText);
        press(box, Qt::Key_D, Qt::AltModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!box, Wait);
        QTRY_VERIFY_WITH_TIMEOUT(page->deployments()->model()->rowOf(flow) < 0, Wait);
        QCOMPARE(m_api.get(u"/preview/v2/instances/"_s + workers.first().id).json.value(u"status").toString(),
                 u"terminated"_s);
    }

private:
    Session* session() const { return m_app->connection()->session(); }

    QString deploymentId(const QString& name) const
    {
        for (const Deployment& d : session()->deployments()->rows())
            if (d.name == name)
                return d.id;
        return {};
    }
    QString trainersId() const { return deploymentId(u"trainers"_s); }
    QString templateId(const QString& name) const
    {
        for (const InstanceTemplate& t : session()->instanceTemplates()->rows())
            if (t.name == name)
                return t.id;
        return {};
    }
    QList<Instance> activeWorkers(const QString& deployment) const
    {
        return session()->deployments()->activeInstances(deployment);
    }

    SimProcess m_sim;
    SimClient m_api;
    QTemporaryDir m_dir;
    Settings m_settings{m_dir.filePath(u"s.ini"_s)};
    QNetworkAccessManager m_network;
    MemorySecretStore m_secrets;
    std::unique_ptr<Application> m_app;
    EventLoopWatchdog m_watchdog;
};

QTEST_MAIN(TestDeploymentsFlow)
#include "tst_deploymentsflow.moc"
