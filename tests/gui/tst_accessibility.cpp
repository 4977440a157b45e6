// SPDX-License-Identifier: Apache-2.0

// The check that keeps the app usable by keyboard and screen reader: the whole window against the
// local simulator, every section, and every dialog its buttons and actions open. It fails on a
// focusable widget without an accessible name, an enabled control the keyboard cannot reach, a
// window that does not fit a 1280×800 screen, and wherever a screen reader would hear less than a
// sighted user reads: a label whose text is not in its accessible name, description or text, a
// meter whose value is a bare number where it shows a text, a tree whose items tell no level, a
// table whose hidden columns are still walked, and a menu item whose name carries its shortcut
// instead of having it as its key.
#include "core/connection/connection.h"

#include "common/constvalue.h"
#include "confirmations.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "embeddedsimulator.h"
#include "gui/application/application.h"
#include "gui/common/resourcetableview.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/settings/connectionsdialog.h"
#include "gui/theme/theme.h"
#include "runningapp.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"
#include "wrappedtexts.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHash>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTextEdit>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QWizard>
#include <QWizardPage>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// The smallest screen the app is made for (a 13" laptop at 100 %, or a larger one at 150 %).
constexpr QSize SmallScreen(1280, 800);

QString describe(const QWidget* widget)
{
    QString text = QString::fromLatin1(widget->metaObject()->className());
    if (!widget->objectName().isEmpty())
        text += u" \""_s + widget->objectName() + u'"';
    for (const QWidget* parent = widget->parentWidget(); parent; parent = parent->parentWidget())
        if (!parent->objectName().isEmpty() && !parent->objectName().startsWith(u"qt_"_s)) {
            text += u" in "_s + parent->objectName();
            break;
        }
    return text;
}

// Qt's own parts of a control (a line edit's clear button, a scroll area's bars, a dock's title
// buttons) are reached the way Qt provides, not as controls of their own.
bool isQtInternal(const QWidget* widget)
{
    for (const QWidget* w = widget; w; w = w->parentWidget()) {
        if (w->objectName().startsWith(u"qt_"_s))
            return true;
        if (w->isWindow())
            break;
    }
    const QByteArray cls = widget->metaObject()->className();
    return cls == "QLineEditIconButton" || cls == "QMenuBar" || qobject_cast<const QScrollBar*>(widget)
           || qobject_cast<const QHeaderView*>(widget)
           || (qobject_cast<const QToolButton*>(widget)
               && qobject_cast<const QTabBar*>(widget->parentWidget()));
}

bool isInteractive(const QWidget* widget)
{
    return qobject_cast<const QAbstractButton*>(widget) || qobject_cast<const QComboBox*>(widget)
           || qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget)
           || qobject_cast<const QAbstractSlider*>(widget) || qobject_cast<const QAbstractItemView*>(widget)
           || qobject_cast<const QTextEdit*>(widget) || qobject_cast<const QPlainTextEdit*>(widget)
           || qobject_cast<const QTabBar*>(widget);
}

// A control without keyboard focus is still reachable when a key or a menu does what it does.
bool reachableWithoutFocus(const QWidget* widget)
{
    if (const auto* button = qobject_cast<const QAbstractButton*>(widget)) {
        if (!button->shortcut().isEmpty())
            return true;
        if (const auto* tool = qobject_cast<const QToolButton*>(widget); tool && tool->defaultAction()) {
            const QAction* action = tool->defaultAction();
            if (!action->shortcut().isEmpty())
                return true;
            for (const QObject* object : constValue(action->associatedObjects()))
                if (qobject_cast<const QMenu*>(object))
                    return true;
        }
    }
    return false;
}

// A command shows an icon: the desktop's, else the bundled one. Check boxes, radio buttons and
// toggles are states, not commands; a dialog's standard buttons get theirs from the style.
bool wantsIcon(const QAbstractButton* button)
{
    if (button->isCheckable() || button->text().remove(u'&').trimmed().isEmpty()
        || qobject_cast<const QCheckBox*>(button) || qobject_cast<const QRadioButton*>(button))
        return false;
    for (const QWidget* w = button->parentWidget(); w && !w->isWindow(); w = w->parentWidget())
        if (qobject_cast<const QDialogButtonBox*>(w))
            return false;
    const auto* wizard = qobject_cast<const QWizard*>(button->window());
    if (wizard)
        for (int which = QWizard::BackButton; which <= QWizard::CustomButton3; ++which)
            if (wizard->button(static_cast<QWizard::WizardButton>(which)) == button)
                return false;
    return true;
}

bool drawsIcon(const QIcon& icon)
{
    return !icon.isNull() && !icon.pixmap(16, 16).isNull();
}

// Keys go where the keyboard is, as a user's do.
void press(QWidget* fallback, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : fallback;
    QTest::keyClick(target, key, modifiers);
}

// What a screen reader says of an accessible object: its name, description and text together.
QString heard(QAccessibleInterface* iface)
{
    if (!iface)
        return {};
    QString text = iface->text(QAccessible::Name) + u' ' + iface->text(QAccessible::Description);
    if (QAccessibleTextInterface* content = iface->textInterface())
        text += u' ' + content->text(0, content->characterCount());
    return text.simplified();
}

// A label's text as a sighted user reads it: markup rendered, a mnemonic's & gone.
QString shownText(const QLabel* label)
{
    QString text = label->text();
    if (label->textFormat() == Qt::RichText
        || (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(text))) {
        QTextDocument document;
        document.setHtml(text);
        text = document.toPlainText();
    } else if (label->buddy()) {
        text.replace(u"&&"_s, QString(QChar(0xfffc))).remove(u'&').replace(QChar(0xfffc), u'&');
    }
    return text.simplified();
}

// A view's rows in the order shown, each at its first column.
QModelIndexList shownRows(const QTreeView* tree)
{
    QModelIndexList rows;
    for (QModelIndex index = tree->model()->index(0, 0, tree->rootIndex()); index.isValid();
         index = tree->indexBelow(index))
        rows << index;
    return rows;
}

int depthOf(QModelIndex index, const QModelIndex& root)
{
    int depth = 0;
    for (index = index.parent(); index.isValid() && index != root; index = index.parent())
        ++depth;
    return depth;
}

QStringList column0(const QAbstractItemModel* model)
{
    QStringList values;
    for (int row = 0; row < model->rowCount(); ++row)
        values << model->index(row, 0).data().toString();
    return values;
}

} // namespace

class TestAccessibility final : public QObject
{
    Q_OBJECT

    // The palette the walk runs in: "light" or "dark".
    static inline QString s_palette = u"light"_s;
    // What the walk found to check, so that each check is known to have had something to check.
    static inline int s_nestedTrees = 0;
    static inline int s_tablesWithHiddenColumns = 0;
    static inline int s_meters = 0;
    static inline int s_menuItemsWithKeys = 0;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
    }

    void everySectionAndDialogIsNamedReachableAndFits_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    // In both palettes: every page and every dialog it opens is saved as a screenshot
    // (page-<section>-<palette>, dialog-<title>-<palette>) and must be drawn in that palette.
    void everySectionAndDialogIsNamedReachableAndFits()
    {
        QFETCH(bool, dark);
        RunningApp running;
        Theme theme(&running.settings);
        theme.apply();
        Application& app = *running.app;
        MainWindow* window = running.window();
        window->findChild<QAction*>(dark ? u"actionSchemeDark"_s : u"actionSchemeLight"_s)->trigger();
        QCOMPARE(theme.isDark(), dark);
        s_palette = dark ? u"dark"_s : u"light"_s;
        window->resize(1180, 760);
        window->show();
        QVERIFY(QTest::qWaitForWindowActive(window));
        app.start();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);

        auto* pages = window->findChild<QStackedWidget*>(u"pages"_s);
        QVERIFY(pages);
        QStringList problems;
        QStringList dialogs;
        for (const QString& id : constValue(window->sectionIds())) {
            QVERIFY(window->setCurrentSection(id));
            const QString where = u"section "_s + id;
            waitForLists(window);
            selectFirstRows(window);
            checkWindow(window, where, problems);
            saveWidgetScreenshot(pages->currentWidget(), u"page-%1-%2"_s.arg(id, s_palette));
            // Every button and action whose text promises a dialog (ends in "…") opens one that
            // passes the same check; each is closed again without doing anything.
            for (const auto& [text, open] : constValue(openers(pages->currentWidget()))) {
                if (!window->setCurrentSection(id))
                    break;
                const QStringList opened = openAndClose(open, where + u" → "_s + text, problems);
                dialogs << opened;
                if (opened.isEmpty())
                    qWarning("%s: \"%s\" opened no window", qPrintable(where), qPrintable(text));
            }
        }
        // The window's own menus.
        for (const char* name : {"actionConnections", "actionPreferences", "actionSpendGuard",
                                 "actionShortcuts", "actionAbout"}) {
            auto* action = window->findChild<QAction*>(QLatin1StringView(name));
            QVERIFY(action);
            const QStringList opened = openAndClose([action] { action->trigger(); },
                                                    u"menu → "_s + action->text().remove(u'&'), problems);
            QVERIFY2(!opened.isEmpty(), name);
            dialogs << opened;
        }
        qInfo("checked %lld windows: %s", static_cast<long long>(dialogs.size()),
              qPrintable(dialogs.join(u", ")));
        // Each on its own line too: a failure's message is cut after a few thousand characters.
        for (const QString& problem : std::as_const(problems))
            qWarning("%s", qPrintable(problem));
        QVERIFY2(problems.isEmpty(), qPrintable(u"\n"_s + problems.join(u'\n')));
        // The walk reached far: the pages' dialogs, not only the menus'.
        QVERIFY2(dialogs.size() >= 12, qPrintable(dialogs.join(u", ")));
        // And each kind of thing a screen reader could be told less of was there to check: the
        // topology's fabric → partition → instance, the lists' hidden ID columns, the cloud-init size
        // meter, menu items with a key.
        QVERIFY(s_nestedTrees > 0);
        QVERIFY(s_tablesWithHiddenColumns > 0);
        QVERIFY(s_meters > 0);
        QVERIFY(s_menuItemsWithKeys > 0);
    }

    // Keyboard only from here on: no mouse event, no widget called directly.
    // Ctrl+1… open every section in the sidebar's order; F6 goes round its panes and back.
    void keyboardOpensEverySection()
    {
        RunningApp running;
        MainWindow* window = running.window();
        QVERIFY(running.showConnected());
        auto* sidebar = window->findChild<QListWidget*>(u"sidebar"_s);
        auto* pages = window->findChild<QStackedWidget*>(u"pages"_s);
        const QStringList ids = window->sectionIds();
        QVERIFY(ids.size() > 10);
        // Ctrl+1 to Ctrl+9, and Ctrl+0 for the tenth; past it, the sidebar's next row.
        for (int n = 1; n <= ids.size(); ++n) {
            const bool digit = n <= 10;
            if (digit) {
                press(window, static_cast<Qt::Key>(Qt::Key_0 + n % 10), Qt::ControlModifier);
            } else {
                for (int i = 0; i < 6 && QApplication::focusWidget() != sidebar; ++i)
                    press(window, Qt::Key_F6);
                QCOMPARE(QApplication::focusWidget(), sidebar);
                press(window, Qt::Key_Down);
            }
            QCOMPARE(window->currentSection(), ids.at(n - 1));
            QWidget* page = pages->currentWidget();
            QVERIFY(page->isVisible());
            // The page as a user finds it once it has loaded (the partitions page shows its list once
            // the account's enrolment is known).
            waitForLists(window);
            if (ids.at(n - 1) != u"start")
                QTRY_VERIFY_WITH_TIMEOUT(
                    [page] {
                        for (auto* area : constValue(page->findChildren<QAbstractScrollArea*>()))
                            if (area->isVisible() && (area->focusPolicy() & Qt::TabFocus))
                                return true;
                        return false;
                    }(),
                    20000);
            // The keyboard is in the page (the start page has nothing to type into).
            QVERIFY2(ids.at(n - 1) == u"start" || !digit || page->isAncestorOf(QApplication::focusWidget()),
                     qPrintable(ids.at(n - 1)));
            // Round the panes from the sidebar: each F6 lands somewhere new and visible, in the page,
            // and the round comes back to the sidebar.
            for (int i = 0; i < 6 && QApplication::focusWidget() != sidebar; ++i)
                press(window, Qt::Key_F6);
            QCOMPARE(QApplication::focusWidget(), sidebar);
            QList<QWidget*> visited{sidebar};
            for (int step = 0; step < 8; ++step) {
                press(window, Qt::Key_F6);
                QWidget* focus = QApplication::focusWidget();
                QVERIFY2(focus && focus->isVisible(), qPrintable(ids.at(n - 1)));
                if (focus == sidebar)
                    break;
                QVERIFY2(!visited.contains(focus) && page->isAncestorOf(focus),
                         qPrintable(ids.at(n - 1) + u": F6 went to "_s + focus->objectName()));
                visited << focus;
            }
            QCOMPARE(QApplication::focusWidget(), sidebar);
            QVERIFY2(visited.size() >= (ids.at(n - 1) == u"start" ? 1 : 2), qPrintable(ids.at(n - 1)));
            // Shift+F6 goes the other way round.
            press(window, Qt::Key_F6, Qt::ShiftModifier);
            QCOMPARE(QApplication::focusWidget(), visited.last());
        }
    }

    void keyboardCreatesAPool()
    {
        RunningApp running;
        MainWindow* window = running.window();
        QVERIFY(running.showConnected());
        press(window, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(window->currentSection(), u"pools"_s);
        auto* pools = window->findChild<ResourceTableView*>(u"poolsView"_s);
        QTRY_VERIFY_WITH_TIMEOUT(pools->loadState() == ResourceTableView::LoadState::Loaded, 20000);
        auto* create = window->findChild<QPushButton*>(u"poolsCreateButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(create->isEnabled(), 20000);

        press(window, Qt::Key_N, Qt::AltModifier);
        QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
        auto* edit = qobject_cast<QLineEdit*>(QApplication::focusWidget());
        QCOMPARE(edit->objectName(), u"nameEdit"_s);
        QCOMPARE(edit->window()->windowTitle(), u"New Pool"_s);
        const QPointer<QWidget> dialog = edit->window();
        QTest::keyClicks(edit, u"keyboard-pool"_s);
        press(window, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(column0(pools->proxy()).contains(u"keyboard-pool"_s), 20000);
        QTRY_VERIFY(!dialog || !dialog->isVisible());
    }

    // Create…, then the wizard's pages by their keys: the pool, SKU and image as offered, one
    // instance named by typing, no partition, Create; the instance shows in the list.
    void keyboardCreatesAnInstanceWithTheWizard()
    {
        RunningApp running;
        MainWindow* window = running.window();
        QVERIFY(running.showConnected());
        press(window, Qt::Key_4, Qt::ControlModifier);
        QCOMPARE(window->currentSection(), u"instances"_s);
        auto* instances = window->findChild<ResourceTableView*>(u"instancesView"_s);
        auto* create = window->findChild<QPushButton*>(u"instancesCreateButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(create->isVisible() && create->isEnabled(), 20000);

        // A first start lists every workspace, and the workspace list waits, disabled: Alt+K clears
        // All workspaces.
        auto* all = window->findChild<QCheckBox*>(u"instancesAllWorkspaces"_s);
        QVERIFY(all->isChecked());
        QVERIFY(!window->findChild<QComboBox*>(u"instancesWorkspaceCombo"_s)->isEnabled());
        press(window, Qt::Key_K, Qt::AltModifier);
        QTRY_VERIFY(!all->isChecked());
        // Into the workspace whose pool owns nodes: Alt+W, then its first letter typed into the list.
        press(window, Qt::Key_W, Qt::AltModifier);
        auto* workspace = qobject_cast<QComboBox*>(QApplication::focusWidget());
        QVERIFY(workspace);
        QTRY_VERIFY_WITH_TIMEOUT(workspace->findText(u"production"_s) >= 0, 20000);
        // One letter: a list's type-ahead forgets what was typed after a short pause, which a busy
        // machine can make between two keys. "p" is only production's.
        QTest::keyClick(workspace, Qt::Key_P);
        QCOMPARE(workspace->currentText(), u"production"_s);

        press(window, Qt::Key_C, Qt::AltModifier);
        QTRY_VERIFY(qobject_cast<QWizard*>(QApplication::activeWindow()));
        const QPointer<QWizard> wizard = qobject_cast<QWizard*>(QApplication::activeWindow());
        // The machine page offers a pool, a SKU and an image once their lists are in: each list
        // arrives on its own, the SKUs last on a busy machine, and Next refuses until all three are.
        auto* sku = wizard->findChild<QComboBox*>(u"skuCombo"_s);
        QTRY_VERIFY_WITH_TIMEOUT(wizard->findChild<QComboBox*>(u"imageCombo"_s)->currentIndex() >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(wizard->findChild<QComboBox*>(u"poolCombo"_s)->currentIndex() >= 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(sku->currentIndex() >= 0, 20000);
        // Alt+S is the SKU field: the arrow keys choose another and back.
        press(wizard, Qt::Key_S, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), sku);
        const QString firstSku = sku->currentText();
        press(wizard, Qt::Key_Down);
        press(wizard, Qt::Key_Up);
        QCOMPARE(sku->currentText(), firstSku);

        press(wizard, Qt::Key_Return);
        QTRY_COMPARE(wizard->currentPage()->objectName(), u"namesPage"_s);
        press(wizard, Qt::Key_M, Qt::AltModifier);
        QTRY_VERIFY(wizard->findChild<QRadioButton*>(u"singleRadio"_s)->isChecked());
        press(wizard, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget()->objectName(), u"nameEdit"_s);
        QTest::keyClicks(QApplication::focusWidget(), u"keyboard-worker"_s);
        press(wizard, Qt::Key_Return);
        // An InfiniBand SKU asks for the partition first: none, with its key.
        if (wizard->currentPage()->objectName() == u"partitionPage"_s) {
            press(wizard, Qt::Key_O, Qt::AltModifier);
            QTRY_VERIFY(wizard->findChild<QRadioButton*>(u"noPartitionRadio"_s)->isChecked());
            press(wizard, Qt::Key_Return);
        }
        QCOMPARE(wizard->currentPage()->objectName(), u"resultPage"_s);
        QTRY_VERIFY_WITH_TIMEOUT(wizard->button(QWizard::FinishButton)->isEnabled(), 20000);
        auto* results = wizard->findChild<QTreeWidget*>(u"resultTree"_s);
        QCOMPARE(results->topLevelItemCount(), 1);
        QCOMPARE(results->topLevelItem(0)->text(0), u"keyboard-worker"_s);
        press(wizard, Qt::Key_Return);
        QTRY_VERIFY(!wizard || !wizard->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(column0(instances->proxy()).contains(u"keyboard-worker"_s), 20000);
    }

    // New Partition…, then Delete…: the question names the partition, and Alt+D in it deletes.
    void keyboardCreatesAndDeletesAPartition()
    {
        RunningApp running;
        MainWindow* window = running.window();
        QVERIFY(running.showConnected());
        press(window, Qt::Key_6, Qt::ControlModifier);
        QCOMPARE(window->currentSection(), u"partitions"_s);
        auto* partitions = window->findChild<ResourceTableView*>(u"partitionsView"_s);
        auto* create = window->findChild<QPushButton*>(u"partitionsCreateButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(create->isVisible() && create->isEnabled(), 20000);

        press(window, Qt::Key_N, Qt::AltModifier);
        QTRY_VERIFY(QApplication::activeWindow() && QApplication::activeWindow() != window);
        const QPointer<QWidget> dialog = QApplication::activeWindow();
        QCOMPARE(dialog->objectName(), u"createPartitionDialog"_s);
        // Tab to the name field, whatever has the focus first.
        for (int i = 0; i < 12 && QApplication::focusWidget()->objectName() != u"nameEdit"; ++i)
            press(dialog, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget()->objectName(), u"nameEdit"_s);
        QTest::keyClicks(QApplication::focusWidget(), u"keyboard-partition"_s);
        auto* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled(), 10000);
        press(dialog, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(column0(partitions->proxy()).contains(u"keyboard-partition"_s), 20000);
        QTRY_VERIFY(!dialog || !dialog->isVisible());
        // A desktop's window manager activates the main window again; the offscreen platform has none.
        if (!QApplication::activeWindow())
            window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window));

        // To the list and onto the row by typing its name, as in any list.
        for (int i = 0; i < 6 && QApplication::focusWidget() != partitions->table(); ++i)
            press(window, Qt::Key_F6);
        QCOMPARE(QApplication::focusWidget(), partitions->table());
        QTest::keyClicks(partitions->table(), u"keyboard-partition"_s);
        QCOMPARE(partitions->table()->currentIndex().siblingAtColumn(0).data().toString(),
                 u"keyboard-partition"_s);
        QTRY_VERIFY(window->findChild<QPushButton*>(u"partitionsDeleteButton"_s)->isEnabled());

        // The question is modal: answered from inside its own loop, by keyboard too.
        QString question;
        QTimer answer;
        answer.setInterval(20);
        int ticks = 0;
        connect(&answer, &QTimer::timeout, &answer, [&question, &answer, &ticks] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box || !box->isVisible())
                return;
            // Never left hanging: a question the keyboard could not answer fails the test.
            if (++ticks > 500) {
                answer.stop();
                question = u"(not answered by keyboard) "_s + box->text();
                box->reject();
                return;
            }
            // A desktop's window manager activates a new dialog; the offscreen platform may not.
            if (QApplication::activeWindow() != box) {
                box->activateWindow();
                return;
            }
            answer.stop();
            question = box->text();
            QTest::keyClick(box, Qt::Key_D, Qt::AltModifier);
        });
        answer.start();
        press(window, Qt::Key_D, Qt::AltModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!question.isEmpty(), 10000);
        QVERIFY2(question.contains(u"\"keyboard-partition\""_s), qPrintable(question));
        QTRY_VERIFY_WITH_TIMEOUT(!column0(partitions->proxy()).contains(u"keyboard-partition"_s), 20000);
        QCOMPARE(window->statusBar()->currentMessage(), u"Deleted partition keyboard-partition."_s);
    }

    // Removing a connection forgets its token too: asked once, naming the connection and its server.
    void removingAConnectionAsksNamingIt()
    {
        RunningApp running;
        MainWindow* window = running.window();
        QVERIFY(running.showConnected());
        running.app->showConnections();
        auto* dialog = window->findChild<ConnectionsDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto* list = dialog->findChild<QListWidget*>(u"connectionsList"_s);
        dialog->findChild<QLineEdit*>(u"customNameField"_s)->setText(u"Staging"_s);
        dialog->findChild<QLineEdit*>(u"customUrlField"_s)->setText(u"https://staging.example"_s);
        dialog->findChild<QPushButton*>(u"addConnectionButton"_s)->click();
        const int count = list->count();
        QVERIFY(list->currentItem() && list->currentItem()->text().contains(u"Staging"_s));
        auto* remove = dialog->findChild<QPushButton*>(u"removeConnectionButton"_s);
        QTRY_VERIFY(remove->isEnabled());

        remove->click();
        const QString question = answerConfirmation(dialog, false);
        QVERIFY2(question.contains(u"\"Staging\""_s) && question.contains(u"staging.example"_s),
                 qPrintable(question));
        QCOMPARE(list->count(), count);
        remove->click();
        QVERIFY(!answerConfirmation(dialog, true).isEmpty());
        QTRY_COMPARE(list->count(), count - 1);
        dialog->close();
    }

private:
    static void waitForLists(QWidget* window)
    {
        QTRY_VERIFY_WITH_TIMEOUT(
            [window] {
                for (auto* view : constValue(window->findChildren<ResourceTableView*>()))
                    if (view->isVisible() && view->loadState() == ResourceTableView::LoadState::Loading)
                        return false;
                return true;
            }(),
            20000);
    }

    // A row chosen in every list, so that what acts on a row is enabled and checked too.
    static void selectFirstRows(QWidget* window)
    {
        for (auto* view : constValue(window->findChildren<QAbstractItemView*>())) {
            if (!view->isVisible() || qobject_cast<QHeaderView*>(view) || !view->model()
                || view->model()->rowCount() == 0 || view->currentIndex().isValid())
                continue;
            view->selectionModel()->setCurrentIndex(
                view->model()->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        }
    }

    static QList<std::pair<QString, std::function<void()>>> openers(QWidget* area)
    {
        QList<std::pair<QString, std::function<void()>>> result;
        QSet<const QAction*> actions;
        for (QAction* action : constValue(area->findChildren<QAction*>())) {
            const QString text = action->text().remove(u'&');
            if (!text.endsWith(u'…') || !action->isEnabled())
                continue;
            actions.insert(action);
            result.append({text, [action = QPointer<QAction>(action)] {
                               if (action && action->isEnabled())
                                   action->trigger();
                           }});
        }
        for (QAbstractButton* button : constValue(area->findChildren<QAbstractButton*>())) {
            const QString text = button->text().remove(u'&');
            if (!text.endsWith(u'…') || !button->isVisible() || !button->isEnabled())
                continue;
            if (auto* tool = qobject_cast<QToolButton*>(button);
                tool && actions.contains(tool->defaultAction()))
                continue;
            result.append({text, [button = QPointer<QAbstractButton>(button)] {
                               if (button && button->isVisible() && button->isEnabled())
                                   button->click();
                           }});
        }
        return result;
    }

    // Runs open(); every window that shows meanwhile, modal or not, is checked and closed.
    static QStringList openAndClose(const std::function<void()>& open, const QString& where,
                                    QStringList& problems)
    {
        QSet<QWidget*> known;
        for (QWidget* widget : constValue(QApplication::topLevelWidgets()))
            if (widget->isVisible())
                known.insert(widget);
        QStringList seen;
        QList<QPointer<QWidget>> opened;
        QTimer poll;
        poll.setInterval(20);
        connect(&poll, &QTimer::timeout, &poll, [&] {
            for (QWidget* widget : constValue(QApplication::topLevelWidgets())) {
                if (!widget->isVisible() || known.contains(widget) || widget->windowType() == Qt::Popup
                    || widget->windowType() == Qt::ToolTip)
                    continue;
                known.insert(widget);
                const QString title = widget->windowTitle().isEmpty()
                                          ? QString::fromLatin1(widget->metaObject()->className())
                                          : widget->windowTitle();
                seen << title;
                // Qt's own file dialog is not the app's to name.
                if (!qobject_cast<QFileDialog*>(widget)) {
                    checkWindow(widget, where + u" → "_s + title, problems);
                    QString file = u"dialog-"_s + title.toLower();
                    file.replace(QRegularExpression(u"[^a-z0-9]+"_s), u"-"_s);
                    saveWidgetScreenshot(widget, file + u'-' + s_palette);
                }
                opened << widget;
                QTimer::singleShot(0, widget, [widget] {
                    if (auto* dialog = qobject_cast<QDialog*>(widget))
                        dialog->reject();
                    else
                        widget->close();
                });
            }
        });
        poll.start();
        open();
        // A dialog opened with open() or show() comes after the call returns.
        [[maybe_unused]] const bool appeared = QTest::qWaitFor([&seen] { return !seen.isEmpty(); }, 3000);
        poll.stop();
        const bool closed = QTest::qWaitFor(
            [&opened] {
                for (const auto& widget : std::as_const(opened))
                    if (widget && widget->isVisible())
                        return false;
                return true;
            },
            5000);
        if (!closed)
            problems << where + u": a window it opened did not close"_s;
        return seen;
    }

    static void checkWindow(QWidget* window, const QString& where, QStringList& problems)
    {
        // The window fits the screen: its smallest size for a main window (which the user sizes),
        // the size it opens with for a dialog.
        const QSize size = qobject_cast<QMainWindow*>(window)
                               ? window->minimumSizeHint().expandedTo(window->minimumSize())
                               : window->size().expandedTo(window->minimumSizeHint());
        if (size.width() > SmallScreen.width() || size.height() > SmallScreen.height())
            problems << u"%1: %2×%3 does not fit a %4×%5 screen"_s.arg(where)
                            .arg(size.width())
                            .arg(size.height())
                            .arg(SmallScreen.width())
                            .arg(SmallScreen.height());
        checkControls(window, window, where, problems);
        checkPalette(window, where, problems);
        checkWrappedTexts(window, where, problems);
        // A wizard's later pages too, without going through them (the last one creates).
        if (auto* wizard = qobject_cast<QWizard*>(window))
            for (int id : constValue(wizard->pageIds()))
                if (id != wizard->currentId())
                    checkControls(wizard->page(id), window, where + u" → page "_s + wizard->page(id)->title(),
                                  problems);
    }

    // Every line of a wrapped text is shown: a label given less height than its text needs at its
    // width clips the lines above and below (a window sized for a shorter text than it shows). A
    // text that has just changed may take a few turns of the event loop to be laid out again.
    static void checkWrappedTexts(QWidget* window, const QString& where, QStringList& problems)
    {
        QStringList clipped;
        const auto allShown = [window, &clipped] {
            clipped = WrappedTexts::clipped(window);
            return clipped.isEmpty();
        };
        if (!QTest::qWaitFor(allShown, 2000))
            for (const QString& line : std::as_const(clipped))
                problems << where + u": the text of "_s + line;
    }

    // The window is drawn in the palette in force: mostly dark in the dark one, mostly light in the
    // light one. A colour written into a widget, a chart or a style sheet shows up here.
    static void checkPalette(QWidget* window, const QString& where, QStringList& problems)
    {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const QImage image = window->grab().toImage().convertToFormat(QImage::Format_RGB32);
        double sum = 0;
        for (int y = 0; y < image.height(); ++y) {
            const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            for (int x = 0; x < image.width(); ++x)
                sum += qGray(line[x]);
        }
        const double mean = sum / (255.0 * image.width() * image.height());
        const bool dark = s_palette == u"dark";
        if (dark ? mean > 0.4 : mean < 0.6)
            problems << u"%1: drawn %2 in the %3 palette (mean lightness %4)"_s.arg(
                where, dark ? u"light"_s : u"dark"_s, s_palette, QString::number(mean, 'f', 2));
    }

    // Alt+letter reaches one control: two visible at once with the same letter make the key cycle
    // between them instead of acting (a wizard's own buttons count: they sit on every page).
    static void checkMnemonics(QWidget* root, QWidget* window, const QString& where, QStringList& problems)
    {
        QMultiHash<QKeySequence, QString> byKey;
        const auto add = [&byKey](const QString& text) {
            if (const QKeySequence key = QKeySequence::mnemonic(text); !key.isEmpty())
                byKey.insert(key, text);
        };
        for (QWidget* widget : constValue(root->findChildren<QWidget*>())) {
            if (!widget->isVisibleTo(root) || !widget->isEnabled() || widget->window() != window)
                continue;
            if (auto* button = qobject_cast<QAbstractButton*>(widget))
                add(button->text());
            else if (auto* label = qobject_cast<QLabel*>(widget); label && label->buddy())
                add(label->text());
        }
        // The menu bar holds a key for each of its menus, shown or not.
        if (auto* main = qobject_cast<QMainWindow*>(window); main && root == window)
            for (const QAction* menu : constValue(main->menuBar()->actions()))
                add(menu->text());
        // A wizard's page shares the keys with the wizard's buttons, whichever are enabled now.
        if (auto* page = qobject_cast<QWizardPage*>(root))
            for (int which = QWizard::BackButton; which <= QWizard::FinishButton; ++which)
                add(page->buttonText(static_cast<QWizard::WizardButton>(which)));
        for (const QKeySequence& key : constValue(byKey.uniqueKeys()))
            if (byKey.count(key) > 1)
                problems << u"%1: %2 is the mnemonic of %3"_s.arg(where, key.toString(),
                                                                  byKey.values(key).join(u" and "_s));
    }

    static void checkControls(QWidget* root, QWidget* window, const QString& where, QStringList& problems)
    {
        for (QWidget* widget : constValue(root->findChildren<QWidget*>())) {
            if (!widget->isVisibleTo(root) || isQtInternal(widget) || widget->window() != window)
                continue;
            if (const auto* button = qobject_cast<const QAbstractButton*>(widget);
                button && wantsIcon(button) && !drawsIcon(button->icon()))
                problems << u"%1: %2 \"%3\" has no icon"_s.arg(where, describe(widget), button->text());
            checkHeard(widget, where, problems);
            if (!widget->isEnabled())
                continue;
            if (widget->focusPolicy() & Qt::TabFocus) {
                QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(widget);
                if (!iface || iface->text(QAccessible::Name).trimmed().isEmpty())
                    problems << u"%1: %2 has no accessible name"_s.arg(where, describe(widget));
            } else if (isInteractive(widget) && !widget->focusProxy() && !reachableWithoutFocus(widget)) {
                problems << u"%1: %2 cannot be reached by keyboard"_s.arg(where, describe(widget));
            }
        }
        checkMnemonics(root, window, where, problems);
        // The commands of the window's menus, the current page's included.
        if (auto* main = qobject_cast<QMainWindow*>(window); main && root == window)
            for (QAction* menuAction : constValue(main->menuBar()->actions()))
                if (menuAction->menu() && menuAction->isVisible()) {
                    for (QAction* action : constValue(menuAction->menu()->actions()))
                        if (!action->isSeparator() && !action->isCheckable() && !action->menu()
                            && action->isVisible() && !drawsIcon(action->icon()))
                            problems << u"%1: menu %2 → %3 has no icon"_s.arg(
                                where, menuAction->text().remove(u'&'), action->text().remove(u'&'));
                    checkMenuKeys(menuAction->menu(), menuAction->text().remove(u'&'), where, problems);
                }
    }

    // A menu item is heard by its name and, apart, its key: a shortcut written into its text after
    // a tab ("Refresh\tF5") makes the key part of the name and leaves it no key.
    static void checkMenuKeys(QMenu* menu, const QString& path, const QString& where, QStringList& problems)
    {
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(menu);
        for (int i = 0; iface && i < iface->childCount(); ++i) {
            QAccessibleInterface* item = iface->child(i);
            if (!item || item->role() == QAccessible::Separator)
                continue;
            const QString name = item->text(QAccessible::Name);
            const QString key = item->text(QAccessible::Accelerator);
            if (name.contains(u'\t'))
                problems << u"%1: menu %2 → \"%3\" has its shortcut in its name, not as its key"_s.arg(
                    where, path, QString(name).replace(u'\t', u"\\t"_s));
            else if (!key.isEmpty())
                ++s_menuItemsWithKeys;
        }
        for (QAction* action : constValue(menu->actions()))
            if (action->menu() && action->isVisible())
                checkMenuKeys(action->menu(), path + u" → "_s + action->text().remove(u'&'), where, problems);
    }

    // What a sighted user reads is what a screen reader is told: a label's text, a meter's text
    // as its value, a tree's nesting as each item's level, and of a table only the columns shown.
    static void checkHeard(QWidget* widget, const QString& where, QStringList& problems)
    {
        if (auto* label = qobject_cast<QLabel*>(widget); label && label->pixmap().isNull()) {
            const QString text = shownText(label);
            const QString told = heard(QAccessible::queryAccessibleInterface(label));
            if (!text.isEmpty() && !told.contains(text))
                problems << u"%1: %2 shows \"%3\" but a screen reader hears \"%4\""_s.arg(
                    where, describe(widget), text.left(80), told.left(80));
        }
        if (auto* meter = qobject_cast<QProgressBar*>(widget);
            meter && meter->isTextVisible() && !meter->text().isEmpty()) {
            ++s_meters;
            QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(meter);
            const QString value = iface ? iface->text(QAccessible::Value) : QString();
            if (!value.contains(meter->text()))
                problems << u"%1: %2 shows \"%3\" but its value is heard as \"%4\""_s.arg(
                    where, describe(widget), meter->text(), value);
        }
        auto* view = qobject_cast<QAbstractItemView*>(widget);
        if (!view || !view->model() || qobject_cast<QHeaderView*>(view))
            return;
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(view);
        QAccessibleTableInterface* table = iface ? iface->tableInterface() : nullptr;
        const QHeaderView* header = nullptr;
        if (auto* tableView = qobject_cast<QTableView*>(view))
            header = tableView->horizontalHeader();
        else if (auto* treeView = qobject_cast<QTreeView*>(view))
            header = treeView->header();
        if (header && table) {
            int shown = 0;
            for (int section = 0; section < header->count(); ++section)
                shown += header->isSectionHidden(section) ? 0 : 1;
            if (shown < header->count())
                ++s_tablesWithHiddenColumns;
            if (table->columnCount() != shown)
                problems << u"%1: %2 shows %3 columns but a screen reader walks %4 (hidden ones too)"_s.arg(
                    where, describe(widget), QString::number(shown), QString::number(table->columnCount()));
        }
        auto* tree = qobject_cast<QTreeView*>(view);
        if (!tree || !table)
            return;
        const QModelIndexList rows = shownRows(tree);
        for (qsizetype row = 0; row < rows.size(); ++row) {
            const int depth = depthOf(rows.at(row), tree->rootIndex());
            if (depth == 0)
                continue;
            // A nested item: its level is what tells it from its parent's siblings.
            ++s_nestedTrees;
            QAccessibleInterface* cell = table->cellAt(int(row), 0);
            QAccessibleAttributesInterface* attributes = cell ? cell->attributesInterface() : nullptr;
            const QVariant level =
                attributes ? attributes->attributeValue(QAccessible::Attribute::Level) : QVariant();
            if (!level.isValid() || level.toInt() != depth + 1)
                problems << u"%1: %2 nests \"%3\" at level %4, but a screen reader hears no level (%5)"_s.arg(
                    where, describe(widget), rows.at(row).data().toString(), QString::number(depth + 1),
                    level.isValid() ? level.toString() : u"none"_s);
            return;
        }
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
