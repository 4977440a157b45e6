// SPDX-License-Identifier: Apache-2.0

// The README names menu commands by their path and key ("Reservations > Find Window… (Ctrl+F)",
// "the Activity panel (Ctrl+Shift+A)"): each is a real item of the window's menus, under that menu,
// with that text and that shortcut.
#include "gui/mainwindow/mainwindow.h"
#include "runningapp.h"
#include "support/testenv.h"
#include "warmup.h"

#include <QAbstractItemView>
#include <QAction>
#include <QFile>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

struct MenuPath
{
    QString menu;
    QString item;
    QString keys; // empty: the README names none
};

// "File > Connections… (Ctrl+Shift+O)", "(Cloud-init > Jinja Instance Data…, Ctrl+Shift+J)",
// "View > Color Scheme", "Reservations > Keep Nodes from Here On…": a menu, an item (capitalised
// words, maybe joined by a short lowercase word, maybe an ellipsis), maybe its keys.
QList<MenuPath> menuPathsIn(const QString& text)
{
    static const QRegularExpression path(
        uR"(([A-Z][A-Za-z-]*) > ([A-Z][A-Za-z-]*(?: (?:(?:as|from|in|of|on|to) )?[A-Z][A-Za-z-]*)*…?)(?: \(((?:Ctrl|Shift|Alt|F\d)[^)]*)\)|, ((?:Ctrl|Shift|Alt)\+[^)]*)\))?)"_s);
    QList<MenuPath> paths;
    // A path or its keys may run over a line break and the next line's indent.
    const QString flat = text.simplified();
    for (auto it = path.globalMatch(flat); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        paths.append({match.captured(1), match.captured(2),
                      match.captured(3).isEmpty() ? match.captured(4) : match.captured(3)});
    }
    return paths;
}

// "the Activity panel (Ctrl+Shift+A)": a panel shown from the View menu with that key.
QList<MenuPath> panelsIn(const QString& text)
{
    static const QRegularExpression panel(
        uR"(the ([A-Z][A-Za-z-]*) panel \(((?:Ctrl|Shift|Alt|F\d)[^)]*)\))"_s);
    QList<MenuPath> paths;
    QString flat = text;
    flat.replace(u'\n', u' ');
    for (auto it = panel.globalMatch(flat); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        paths.append({u"View"_s, match.captured(1), match.captured(2)});
    }
    return paths;
}

QString plain(QString text)
{
    // An item's text without its mnemonic and without a key written after a tab.
    text = text.section(u'\t', 0, 0);
    return text.replace(u"&&"_s, u"\x01"_s).remove(u'&').replace(u'\x01', u'&');
}

// A path may leave out the ellipsis of a command that opens a dialog ("File > Preferences").
QAction* findItem(const QMenu* menu, const QString& item)
{
    for (QAction* action : menu->actions()) {
        const QString text = plain(action->text());
        if (!action->isSeparator() && (text == item || (!item.endsWith(u'…') && text == item + u'…')))
            return action;
    }
    return nullptr;
}

} // namespace

class TestReadmeMenus final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
    }

    // The README's paths are read as the user reads them; the parser finds all of them.
    void theReadmeNamesMenuPaths()
    {
        const QList<MenuPath> paths = menuPathsIn(readme());
        QStringList found;
        for (const MenuPath& path : paths)
            found << path.menu + u" > "_s + path.item
                         + (path.keys.isEmpty() ? QString() : u" ("_s + path.keys + u')');
        for (const QString& expected :
             {u"Reservations > Find Window… (Ctrl+F)"_s, u"File > Connections… (Ctrl+Shift+O)"_s,
              u"Cloud-init > Jinja Instance Data… (Ctrl+Shift+J)"_s, u"View > Color Scheme"_s,
              u"Reservations > Keep Nodes from Here On… (Ctrl+K)"_s})
            QVERIFY2(found.contains(expected), qPrintable(found.join(u", ")));
        QVERIFY(!panelsIn(readme()).isEmpty());
    }

    // Each path is an item of the real menus, with the README's keys as its shortcut. A page's menu
    // is in the menu bar while the page is open: every section is opened in turn to find it.
    void everyMenuPathOfTheReadmeIsInTheMenus()
    {
        RunningApp running;
        QVERIFY(running.showConnected());
        MainWindow* window = running.window();
        const QList<MenuPath> paths = menuPathsIn(readme()) + panelsIn(readme());
        QVERIFY(paths.size() >= 6);
        QStringList missing;
        QStringList checked;
        for (const MenuPath& path : paths) {
            QAction* found = nullptr;
            QString menuShown;
            for (const QString& section : window->sectionIds()) {
                QVERIFY(window->setCurrentSection(section));
                for (QAction* menuAction : window->menuBar()->actions()) {
                    if (!menuAction->menu() || !menuAction->isVisible()
                        || plain(menuAction->text()) != path.menu)
                        continue;
                    menuShown = path.menu;
                    found = findItem(menuAction->menu(), path.item);
                    if (found)
                        break;
                }
                if (found)
                    break;
            }
            const QString name = path.menu + u" > "_s + path.item;
            if (!found) {
                missing << (menuShown.isEmpty() ? name + u": no menu "_s + path.menu
                                                : name + u": no such item in "_s + path.menu);
                continue;
            }
            if (!path.keys.isEmpty() && found->shortcut().toString(QKeySequence::PortableText) != path.keys)
                missing << name + u": its key is \""_s
                               + found->shortcut().toString(QKeySequence::PortableText) + u"\", not "_s
                               + path.keys;
            // The item does what it says: a command, or a submenu (View > Color Scheme), once the
            // page has what it works on (Keep Nodes: the pool the page shows, read from the server).
            else if (!found->menu() && !enabledOnItsPage(window, found))
                missing << name + u": disabled"_s;
            else
                checked << name;
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
        qInfo("checked: %s", qPrintable(checked.join(u", ")));
    }

private:
    // An item is enabled once its page has what it works on: the page's data from the server
    // (Keep Nodes: the pool shown) or, for an item that acts on a selection (Move Nodes), a row
    // chosen as a user would.
    static bool enabledOnItsPage(MainWindow* window, QAction* item)
    {
        const auto enabled = [item] { return item->isEnabled(); };
        if (QTest::qWaitFor(enabled, 5000))
            return true;
        auto* pages = window->findChild<QStackedWidget*>(u"pages"_s);
        // An item that works on a row: the rows are tried in turn, as a user looks for the one it
        // applies to (Sell Idle…: a pool with idle nodes).
        for (QAbstractItemView* view : pages->currentWidget()->findChildren<QAbstractItemView*>()) {
            if (!view->isVisible() || !view->model()
                || !QTest::qWaitFor([view] { return view->model()->rowCount() > 0; }, 20000))
                continue;
            for (int row = 0; row < view->model()->rowCount(); ++row) {
                view->setCurrentIndex(view->model()->index(row, 0));
                if (QTest::qWaitFor(enabled, 2000))
                    return true;
            }
            break;
        }
        return QTest::qWaitFor(enabled, 5000);
    }

    static QString readme()
    {
        QFile file(TestEnv::checkoutFile(u"README.md"_s));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file.fileName()));
        return QString::fromUtf8(file.readAll());
    }
};

QTEST_MAIN(TestReadmeMenus)
#include "tst_readmemenus.moc"
