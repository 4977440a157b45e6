// SPDX-License-Identifier: Apache-2.0

// Each state of a page says what it is, as a new user meets it in the whole window: a connection
// not signed in says so on every page (not an empty account), the workspace list waits while all
// workspaces are listed, a selection of many rows is described as such, and Enter in the new
// server's address adds it without switching to it.
#include "core/connection/connection.h"
#include "core/models/resourceproxymodel.h"
#include "core/settings/connectionprofile.h"
#include "gui/common/messagebar.h"
#include "gui/common/resourcetableview.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/settings/connectionsdialog.h"
#include "gui/settings/signindialog.h"
#include "runningapp.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestPageStates final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
    }

    // A server with no token: every page says it is not signed in to it, and offers Sign In…;
    // no page tells a time it was updated.
    void signedOutPagesSaySoAndOfferSignIn()
    {
        RunningApp running;
        QVERIFY(running.showSignedOut());
        MainWindow* window = running.window();

        auto* bar = window->findChild<MessageBar*>(u"connectionBar"_s);
        QVERIFY(bar);
        auto* pages = window->findChild<QStackedWidget*>(u"pages"_s);
        for (const QString& id : window->sectionIds()) {
            QVERIFY(window->setCurrentSection(id));
            QVERIFY2(bar->isVisible(), qPrintable(id));
            QVERIFY2(bar->label()->text().contains(u"Not signed in to <b>Staging</b>"_s), qPrintable(id));
            for (const auto* label : pages->currentWidget()->findChildren<QLabel*>())
                QVERIFY2(!label->isVisible() || !label->text().startsWith(u"updated"_s),
                         qPrintable(id + u": "_s + label->text()));
            if (id == u"instances" || id == u"reservations")
                saveWidgetScreenshot(window, u"signed-out-"_s + id);
        }
        auto* button = bar->findChild<QPushButton*>(u"connectionBarButton"_s);
        QVERIFY(button && button->isVisible());
        QCOMPARE(button->text(), u"Sign In…"_s);
        button->click();
        QTRY_VERIFY(window->findChild<SignInDialog*>() && window->findChild<SignInDialog*>()->isVisible());
        window->findChild<SignInDialog*>()->reject();
    }

    // Signed in, the bar is gone; with All workspaces on (a first start) every page's workspace list
    // waits, greyed out, and takes the choice again once All workspaces is cleared.
    void theWorkspaceListWaitsWhileAllWorkspacesAreListed()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        MainWindow* window = running.window();
        QVERIFY(!window->findChild<MessageBar*>(u"connectionBar"_s)->isVisible());
        QStringList views;
        for (const QString& id : window->sectionIds())
            window->sectionPage(id);
        const auto combos = window->findChildren<QComboBox*>();
        for (QComboBox* combo : combos)
            if (combo->objectName().endsWith(u"WorkspaceCombo"_s))
                views << combo->objectName().chopped(int(qstrlen("WorkspaceCombo")));
        QVERIFY2(views.size() >= 5, qPrintable(views.join(u", ")));
        const auto check = [window, &views](bool all) {
            for (const QString& view : std::as_const(views)) {
                auto* combo = window->findChild<QComboBox*>(view + u"WorkspaceCombo"_s);
                auto* toggle = window->findChild<QCheckBox*>(view + u"AllWorkspaces"_s);
                if (toggle->isChecked() != all || combo->isEnabled() == all)
                    return false;
            }
            return true;
        };
        QVERIFY(check(true));
        window->findChild<QCheckBox*>(u"instancesAllWorkspaces"_s)->click();
        QVERIFY(check(false));
        window->findChild<QCheckBox*>(u"ordersAllWorkspaces"_s)->click();
        QVERIFY(check(true));
    }

    // A small screen (1,024 x 768) holds the window on every page, with its lists loaded: no
    // toolbar, caption or pane asks for more width than the screen has.
    void everyPageFitsASmallScreen()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        MainWindow* window = running.window();
        auto* instances =
            window->sectionPage(u"instances"_s)->findChild<ResourceTableView*>(u"instancesView"_s);
        QVERIFY(instances);
        QTRY_VERIFY_WITH_TIMEOUT(instances->proxy()->rowCount() >= 2, 20000);
        // The window's stack of pages needs what its widest and highest page needs, whichever is
        // shown: a failure names the pages that need the most.
        const auto neediest = [window](auto extent) {
            QStringList pages;
            int most = 0;
            for (const QString& id : window->sectionIds()) {
                QWidget* page = window->sectionPage(id);
                const int needs = page ? extent(page->minimumSizeHint().expandedTo(page->minimumSize())) : 0;
                if (needs > most)
                    pages.clear();
                if (needs >= most) {
                    most = needs;
                    pages.append(u"%1 (%2 px)"_s.arg(id).arg(needs));
                }
            }
            return pages.join(u", "_s);
        };
        for (const QString& id : window->sectionIds()) {
            QVERIFY(window->setCurrentSection(id));
            QApplication::processEvents();
            const QSize needed = window->minimumSizeHint().expandedTo(window->minimumSize());
            QVERIFY2(needed.width() <= 1024,
                     qPrintable(u"%1 shown: %2 px wide; the widest page: %3"_s.arg(id)
                                    .arg(needed.width())
                                    .arg(neediest([](QSize size) { return size.width(); }))));
            QVERIFY2(needed.height() <= 768,
                     qPrintable(u"%1 shown: %2 px high; the highest page: %3"_s.arg(id)
                                    .arg(needed.height())
                                    .arg(neediest([](QSize size) { return size.height(); }))));
        }
        window->resize(1024, 740);
        QVERIFY(window->setCurrentSection(u"images"_s));
        QTRY_COMPARE(window->width(), 1024);
        saveWidgetScreenshot(window, u"small-screen-images"_s);
    }

    // Ctrl+A in Instances selects every row, and the details say how many are selected.
    void detailsDescribeASelectionOfMany()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        MainWindow* window = running.window();
        QTest::keyClick(window, Qt::Key_4, Qt::ControlModifier);
        QCOMPARE(window->currentSection(), u"instances"_s);
        auto* view = window->findChild<ResourceTableView*>(u"instancesView"_s);
        QTRY_VERIFY_WITH_TIMEOUT(view->proxy()->rowCount() >= 2, 20000);
        auto* details = window->findChild<QLabel*>(u"instanceDetails"_s);
        QTRY_COMPARE(QApplication::focusWidget(), view->table());
        QTest::keyClick(view->table(), Qt::Key_A, Qt::ControlModifier);
        const int rows = view->proxy()->rowCount();
        QCOMPARE(view->selectedSourceRows().size(), rows);
        QTRY_VERIFY2(details->text().contains(u"%1 instances selected"_s.arg(rows)),
                     qPrintable(details->text()));
        saveWidgetScreenshot(window, u"instances-many-selected"_s);
    }

    // Enter in the new server's address adds it and selects it in the list; the window stays on the
    // connection it shows.
    void enterInTheAddressAddsWithoutSwitching()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        const QString current = running.app->profile().id;
        running.app->showConnections();
        auto* dialog = running.window()->findChild<ConnectionsDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        dialog->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        auto* name = dialog->findChild<QLineEdit*>(u"customNameField"_s);
        auto* address = dialog->findChild<QLineEdit*>(u"customUrlField"_s);
        auto* list = dialog->findChild<QListWidget*>(u"connectionsList"_s);
        const int count = list->count();
        // Enter in the name with no address goes on to the address.
        name->setFocus();
        QTest::keyClicks(name, u"Staging"_s);
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(dialog->focusWidget(), address);
        QCOMPARE(list->count(), count);
        QTest::keyClicks(address, u"https://staging.example"_s);
        QTest::keyClick(address, Qt::Key_Return);
        QCOMPARE(list->count(), count + 1);
        QVERIFY(list->currentItem() && list->currentItem()->text() == u"Staging"_s);
        QVERIFY(dialog->isVisible());
        // Not switched: the same connection, still signed in.
        QCOMPARE(running.app->profile().id, current);
        QCOMPARE(running.app->connection()->state(), Connection::State::Ready);
        QVERIFY2(dialog->findChild<QLabel*>(u"connectionsNotice"_s)->text().contains(u"Connect switches"_s),
                 qPrintable(dialog->findChild<QLabel*>(u"connectionsNotice"_s)->text()));
        saveWidgetScreenshot(dialog, u"connections-added"_s);
        dialog->close();
    }
};

QTEST_MAIN(TestPageStates)
#include "tst_pagestates.moc"
