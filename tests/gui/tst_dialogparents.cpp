// SPDX-License-Identifier: Apache-2.0

// A window that opens another (a question, a file dialog, a dialog of its own) owns it: whatever
// closes or deletes the first (its Close button, a connection switch, the app going away) takes the
// second with it, and the second's answer never reaches the first once it is gone. Walked in the
// app against the simulator it embeds (its demo world), run under AddressSanitizer by the README's
// test command. The tests act on a question from the event loop, so that they run whether the
// question runs a loop of its own (exec()) or not.
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/settings/connectionprofile.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/cloudinitpage.h"
#include "gui/cloudinit/multipartdialog.h"
#include "gui/common/viewcontext.h"
#include "gui/instances/createinstancewizard.h"
#include "gui/instances/instancesview.h"
#include "gui/partitions/deleteblockersdialog.h"
#include "gui/partitions/launchcommanddialog.h"
#include "gui/partitions/partitionsview.h"
#include "gui/settings/connectionsdialog.h"
#include "runningapp.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAccessible>
#include <QAccessibleActionInterface>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// Acts on the first question (a QMessageBox) shown among owner's children as soon as it is open,
// from the event loop. A question still open 3 s after that is closed (and timedOut says so), so
// that a nested loop that nothing ended cannot hang the test, nor pass it.
class OnQuestion final
{
public:
    OnQuestion(QWidget* owner, std::function<void(QMessageBox*)> act)
    {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer,
                         [this, owner = QPointer<QWidget>(owner), act = std::move(act)] {
                             if (!owner)
                                 return;
                             QMessageBox* open = nullptr;
                             for (QMessageBox* candidate : owner->findChildren<QMessageBox*>())
                                 if (candidate->isVisible())
                                     open = candidate;
                             if (!open)
                                 return;
                             m_timer.stop();
                             box = open;
                             text = open->text();
                             QTimer::singleShot(3000, &m_timer, [this, open = QPointer<QMessageBox>(open)] {
                                 if (!open)
                                     return;
                                 timedOut = true;
                                 open->reject();
                             });
                             act(open);
                         });
        m_timer.start();
    }

    QPointer<QMessageBox> box;
    QString text;
    bool timedOut = false;

private:
    QTimer m_timer;
};

// Clicks the question's button that confirms (the destructive one or Yes).
void confirm(QMessageBox* box)
{
    for (QAbstractButton* button : box->buttons()) {
        const auto role = box->buttonRole(button);
        if (role == QMessageBox::DestructiveRole || role == QMessageBox::YesRole) {
            button->click();
            return;
        }
    }
}

// Presses a button through its accessibility interface, as a screen reader does.
void pressAccessibly(QAbstractButton* button)
{
    QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(button);
    QVERIFY(accessible && accessible->actionInterface());
    accessible->actionInterface()->doAction(QAccessibleActionInterface::pressAction());
}

// The ID of the instance named name once the page lists it; empty if it does not.
QString instanceNamed(InstancesView* view, const QString& name)
{
    QString id;
    [[maybe_unused]] const bool listed = QTest::qWaitFor(
        [&] {
            for (const Instance& instance : view->model()->rows())
                if (instance.name == name)
                    id = instance.id;
            return !id.isEmpty();
        },
        20000);
    return id;
}

// Whether child is parent's child, grandchild and so on (in another window or not).
bool owns(const QObject* parent, const QObject* child)
{
    for (const QObject* up = child ? child->parent() : nullptr; up; up = up->parent())
        if (up == parent)
            return true;
    return false;
}

// The visible top-level window of type T named name, once it is open.
template <typename T> T* waitForWindow(const QString& name, int timeoutMs = 10000)
{
    T* found = nullptr;
    [[maybe_unused]] const bool appeared = QTest::qWaitFor(
        [&] {
            for (QWidget* widget : QApplication::topLevelWidgets())
                if (auto* typed = qobject_cast<T*>(widget);
                    typed && widget->isVisible() && widget->objectName() == name)
                    found = typed;
            return found != nullptr;
        },
        timeoutMs);
    return found;
}

} // namespace

class TestDialogParents final : public QObject
{
    Q_OBJECT

    std::unique_ptr<RunningApp> m_shared;

    // The partition page on the demo partition ("training", in workspace "production") and its
    // "cannot be deleted yet" dialog, with its two workers to terminate.
    static DeleteBlockersDialog* openBlockers(RunningApp& running)
    {
        running.app->context()->setWorkspace(u"production"_s);
        auto* view = running.page<PartitionsView>(u"partitions"_s);
        if (!view)
            return nullptr;
        QString id;
        if (!QTest::qWaitFor(
                [&] {
                    for (const InfinibandPartition& partition : view->model()->rows())
                        if (partition.name == u"training")
                            id = partition.id;
                    return !id.isEmpty();
                },
                20000))
            return nullptr;
        view->selectPartition(id);
        const OnQuestion deleting(view, confirm);
        view->deleteCurrent();
        auto* blockers = waitForWindow<DeleteBlockersDialog>(u"deleteBlockersDialog"_s);
        if (!blockers)
            return nullptr;
        auto* terminate = blockers->findChild<QPushButton*>(u"terminateButton"_s);
        if (!QTest::qWaitFor([&] { return terminate->isEnabled() && terminate->text().contains(u'2'); },
                             20000))
            return nullptr;
        return blockers;
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
    }
    void cleanupTestCase() { m_shared.reset(); }

    // The crash of issue 39: "Terminate 2 Instances…" asks; while the question is open, the dialog
    // behind it closes (its Close button's accessibility action, a connection switch) or is deleted.
    // The question goes with it, nothing is terminated, and nothing runs on what was deleted.
    void blockersDialogClosedWhileItsQuestionIsOpen_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("Close button, accessibility action") << u"close"_s;
        QTest::newRow("connection switch") << u"switch"_s;
        QTest::newRow("deleted") << u"delete"_s;
    }

    void blockersDialogClosedWhileItsQuestionIsOpen()
    {
        QFETCH(QString, how);
        RunningApp running;
        QVERIFY(running.showConnected());
        QPointer<DeleteBlockersDialog> blockers = openBlockers(running);
        QVERIFY(blockers);
        auto* close = blockers->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Close);
        QVERIFY(close);
        const OnQuestion asked(blockers, [&](QMessageBox*) {
            if (how == u"close")
                pressAccessibly(close);
            else if (how == u"switch")
                running.switchConnection();
            else
                delete blockers.data();
        });
        blockers->findChild<QPushButton*>(u"terminateButton"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(!asked.text.isEmpty(), 10000);
        QVERIFY2(asked.text.contains(u"worker-0"_s) && asked.text.contains(u"worker-1"_s),
                 qPrintable(asked.text));
        QTRY_VERIFY_WITH_TIMEOUT(!blockers, 10000);
        QTRY_VERIFY(!asked.box);
        QVERIFY2(!asked.timedOut, "the question outlived the dialog that asked it");
        QCOMPARE(running.callsMatching(u"POST"_s, u"/terminate"_s), 0);
        // The app goes on: the partitions page is there and can ask again.
        QVERIFY(running.window()->findChild<PartitionsView*>());
    }

    // A question a page asks about this connection's resources closes unanswered when the
    // connection is switched: what it names is not on the new one.
    void pageQuestionsCloseWithTheirConnection()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        running.app->context()->setWorkspace(u"production"_s);
        auto* view = running.page<InstancesView>(u"instances"_s);
        QVERIFY(view);
        const QString id = instanceNamed(view, u"worker-0"_s);
        QVERIFY(!id.isEmpty());
        view->selectInstance(id);
        const OnQuestion asked(view, [&](QMessageBox*) { running.switchConnection(); });
        view->terminateSelected();
        QTRY_VERIFY_WITH_TIMEOUT(!asked.text.isEmpty(), 10000);
        QVERIFY(asked.text.contains(u"worker-0"_s));
        // Closed by the switch, not by the test's own limit.
        QTRY_VERIFY_WITH_TIMEOUT(!asked.box, 10000);
        QVERIFY2(!asked.timedOut, "the question stayed open after the connection switch");
        QCOMPARE(running.callsMatching(u"POST"_s, u"/terminate"_s), 0);
    }

    // Every dialog that opens another, the other open, then the first deleted (as anything that
    // closes it with WA_DeleteOnClose does a moment later): the other goes with it.
    void childWindowsGoWithTheirParent_data()
    {
        QTest::addColumn<QString>("child");
        for (const char* child :
             {"wizard: new partition", "wizard: user data file", "connections: remove",
              "connections: reset simulator", "launch commands: save", "multipart builder: unsaved parts",
              "multipart builder: open file", "multipart builder: save as", "instance data: unsaved changes"})
            QTest::newRow(child) << QString::fromLatin1(child);
    }

    void childWindowsGoWithTheirParent()
    {
        QFETCH(QString, child);
        // One app for all the rows (each deletes what it opened): starting it is most of the time.
        if (!m_shared) {
            m_shared = std::make_unique<RunningApp>();
            QVERIFY(m_shared->showConnected());
            m_shared->app->context()->setWorkspace(u"production"_s);
        }
        RunningApp& running = *m_shared;
        QPointer<QWidget> parent;
        QPointer<QWidget> opened;
        if (child.startsWith(u"wizard")) {
            running.page<InstancesView>(u"instances"_s)->createInstances();
            auto* wizard = waitForWindow<CreateInstanceWizard>(u"createInstanceWizard"_s);
            QVERIFY(wizard);
            parent = wizard;
            if (child.endsWith(u"new partition")) {
                auto* sku = wizard->findChild<QComboBox*>(u"skuCombo"_s);
                // An InfiniBand SKU, once the lists it is told by are read.
                const auto infiniband = [sku] {
                    for (int i = 0; i < sku->count(); ++i)
                        if (sku->itemText(i).contains(u"InfiniBand"_s))
                            return i;
                    return -1;
                };
                // Clicked again while the wizard still refills its lists (the click needs the SKU).
                for (int attempt = 0; attempt < 40 && !opened; ++attempt) {
                    QTRY_VERIFY_WITH_TIMEOUT(infiniband() >= 0, 20000);
                    sku->setCurrentIndex(infiniband());
                    wizard->findChild<QRadioButton*>(u"newPartitionRadio"_s)->setChecked(true);
                    wizard->findChild<QPushButton*>(u"newPartitionButton"_s)->click();
                    opened = waitForWindow<QDialog>(u"createPartitionDialog"_s, 500);
                }
            } else {
                wizard->findChild<QPushButton*>(u"cloudInitBrowseButton"_s)->click();
                opened = waitForWindow<QFileDialog>(u"wizardUserDataOpenDialog"_s);
            }
        } else if (child.startsWith(u"connections")) {
            QList<ConnectionProfile> profiles = running.settings.profiles();
            profiles.append(ConnectionProfile::custom(u"Staging"_s, QUrl(u"https://staging.example"_s)));
            running.settings.setProfiles(profiles);
            running.app->showConnections();
            auto* dialog = waitForWindow<ConnectionsDialog>(u"connectionsDialog"_s);
            QVERIFY(dialog);
            parent = dialog;
            const OnQuestion asked(dialog, [](QMessageBox*) {});
            if (child.endsWith(u"remove")) {
                auto* list = dialog->findChild<QListWidget*>(u"connectionsList"_s);
                for (int row = 0; row < list->count(); ++row)
                    if (list->item(row)->text().contains(u"Staging"_s))
                        list->setCurrentRow(row);
                dialog->findChild<QPushButton*>(u"removeConnectionButton"_s)->click();
            } else {
                auto* reset = dialog->findChild<QPushButton*>(u"resetSimulatorButton"_s);
                QTRY_VERIFY(reset->isEnabled());
                reset->click();
            }
            QTRY_VERIFY(asked.box);
            opened = asked.box.data();
        } else if (child.startsWith(u"launch")) {
            auto* view = running.page<PartitionsView>(u"partitions"_s);
            QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowCount() > 0, 20000);
            view->selectPartition(view->model()->rows().constFirst().id);
            auto* dialog = view->launchCurrent();
            QVERIFY(dialog);
            parent = dialog;
            auto* save = dialog->findChild<QPushButton*>(u"launchSaveButton"_s);
            QTRY_VERIFY_WITH_TIMEOUT(save->isEnabled(), 20000);
            save->click();
            opened = waitForWindow<QFileDialog>(u"launchSaveDialog"_s);
        } else if (child.startsWith(u"multipart")) {
            running.page<CloudInitPage>(u"cloudinit"_s)->openMultipartBuilder();
            auto* builder = waitForWindow<MultipartDialog>(u"multipartDialog"_s);
            QVERIFY(builder);
            parent = builder;
            if (child.endsWith(u"unsaved parts")) {
                builder->addPart(u"text/x-shellscript"_s);
                const OnQuestion asked(builder, [](QMessageBox*) {});
                builder->reject();
                QTRY_VERIFY(asked.box);
                opened = asked.box.data();
            } else if (child.endsWith(u"open file")) {
                builder->chooseFileToOpen();
                opened = waitForWindow<QFileDialog>(u"multipartOpenDialog"_s);
            } else {
                builder->saveAs();
                opened = waitForWindow<QFileDialog>(u"multipartSaveDialog"_s);
            }
        } else {
            running.page<CloudInitPage>(u"cloudinit"_s)->editInstanceData();
            auto* dialog = waitForWindow<QDialog>(u"cloudInitInstanceDataDialog"_s);
            QVERIFY(dialog);
            parent = dialog;
            dialog->findChild<QPlainTextEdit*>(u"cloudInitInstanceDataEdit"_s)->setPlainText(u"{}"_s);
            const OnQuestion asked(dialog, [](QMessageBox*) {});
            dialog->reject();
            QTRY_VERIFY(asked.box);
            opened = asked.box.data();
        }
        QVERIFY2(opened && opened->isVisible(), "the child window did not open");
        QVERIFY(owns(parent, opened));
        delete parent.data();
        QVERIFY(!opened);
        // The app goes on.
        QVERIFY(QTest::qWaitForWindowExposed(running.window()));
    }

    // The app goes away (a quit, the end of a test) while questions of its pages are open: they go
    // with the window, and nothing they would have answered runs.
    void theAppGoesAwayWithQuestionsOpen()
    {
        auto running = std::make_unique<RunningApp>();
        QVERIFY(running->showConnected());
        running->app->context()->setWorkspace(u"production"_s);
        auto* cloudInit = running->page<CloudInitPage>(u"cloudinit"_s);
        cloudInit->replaceText(u"#cloud-config\nhostname: edited\n"_s);
        const OnQuestion unsaved(cloudInit, [](QMessageBox*) {});
        cloudInit->newDocument();
        QTRY_VERIFY(unsaved.box);
        auto* view = running->page<InstancesView>(u"instances"_s);
        const QString id = instanceNamed(view, u"worker-1"_s);
        QVERIFY(!id.isEmpty());
        view->selectInstance(id);
        const OnQuestion terminating(view, [&](QMessageBox*) { running.reset(); });
        view->terminateSelected();
        QTRY_VERIFY_WITH_TIMEOUT(!running, 10000);
        QVERIFY(!terminating.box);
        QVERIFY(!terminating.timedOut);
        QVERIFY(!unsaved.box);
    }
};

QTEST_MAIN(TestDialogParents)
#include "tst_dialogparents.moc"
