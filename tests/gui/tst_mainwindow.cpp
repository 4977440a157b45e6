// SPDX-License-Identifier: Apache-2.0

#include "core/settings/settings.h"

#include "common/constvalue.h"
#include "gui/common/resourcetableview.h"
#include "gui/mainwindow/aboutdialog.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/mainwindow/sectionicons.h"
#include "gui/theme/theme.h"
#include "support/testenv.h"

#include <QAccessible>
#include <QAccessibleActionInterface>
#include <QAction>
#include <QApplication>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void sidebarSwitchesPagesAndRemembersTheSection()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        {
            Settings settings(file);
            MainWindow window(&settings);
            auto* page = new QLabel(QStringLiteral("partitions page"));
            window.addSection(QStringLiteral("partitions"), {}, QStringLiteral("InfiniBand Partitions"),
                              page);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));

            auto* sidebar = window.findChild<QListWidget*>(QStringLiteral("sidebar"));
            auto* pages = window.findChild<QStackedWidget*>(QStringLiteral("pages"));
            QVERIFY(sidebar && pages);
            QCOMPARE(sidebar->count(), 2);
            QCOMPARE(window.currentSection(), QStringLiteral("start"));
            sidebar->setCurrentRow(1);
            QCOMPARE(pages->currentWidget(), page);
            QCOMPARE(window.currentSection(), QStringLiteral("partitions"));
            QVERIFY(!window.setCurrentSection(QStringLiteral("nope")));
            window.close();
        }
        Settings settings(file);
        QCOMPARE(settings.currentSection(), QStringLiteral("partitions"));
        MainWindow window(&settings);
        window.addSection(QStringLiteral("partitions"), {}, QStringLiteral("InfiniBand Partitions"),
                          new QLabel(QStringLiteral("again")));
        QCOMPARE(window.currentSection(), QStringLiteral("partitions"));
    }

    // Pages added with a factory are built when their section opens, when asked for, or one per
    // turn of the event loop once the window is shown; their menus join the menu bar then.
    void pagesAreBuiltWhenNeeded()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        MainWindow window(&settings);
        QStringList built;
        const auto factory = [&built](const QString& id) {
            return [&built, id]() -> QWidget* {
                built << id;
                auto* page = new QLabel(id);
                page->setObjectName(id + QStringLiteral("Page"));
                auto* menu = new QMenu(id + QStringLiteral(" menu"), page);
                menu->setProperty("sectionMenu", true);
                menu->addAction(QStringLiteral("Do %1").arg(id));
                return page;
            };
        };
        window.addSection(QStringLiteral("pools"), {}, QStringLiteral("Pools"),
                          factory(QStringLiteral("pools")));
        window.addSection(QStringLiteral("orders"), {}, QStringLiteral("Orders"),
                          factory(QStringLiteral("orders")));
        window.addSection(QStringLiteral("images"), {}, QStringLiteral("Images"),
                          factory(QStringLiteral("images")));
        QVERIFY(built.isEmpty());
        QVERIFY(window.hasPendingPages());

        // Opening a section builds its page, and shows its menu.
        QVERIFY(window.setCurrentSection(QStringLiteral("orders")));
        QCOMPARE(built, QStringList{QStringLiteral("orders")});
        auto* pages = window.findChild<QStackedWidget*>(QStringLiteral("pages"));
        QCOMPARE(pages->currentWidget()->objectName(), QStringLiteral("ordersPage"));
        const auto menuTitles = [&window] {
            QStringList titles;
            for (QAction* action : constValue(window.menuBar()->actions())) {
                if (action->isVisible())
                    titles << action->text();
            }
            return titles;
        };
        QVERIFY(menuTitles().contains(QStringLiteral("orders menu")));

        // Asked for by id.
        QCOMPARE(window.sectionPage(QStringLiteral("images"))->objectName(), QStringLiteral("imagesPage"));
        QCOMPARE(built.size(), 2);
        QCOMPARE(window.sectionPage(QStringLiteral("nope")), nullptr);

        // The rest after the window's first frame, without being opened; the sidebar's order is
        // kept. The frame does not wait for them.
        QSignalSpy framed(&window, &MainWindow::firstFramePainted);
        qsizetype builtAtFirstFrame = -1;
        connect(&window, &MainWindow::firstFramePainted, this, [&] { builtAtFirstFrame = built.size(); });
        QSignalSpy allBuilt(&window, &MainWindow::pagesBuilt);
        qsizetype builtWhenAllBuilt = -1;
        connect(&window, &MainWindow::pagesBuilt, this, [&] { builtWhenAllBuilt = built.size(); });
        window.show();
        QVERIFY(window.hasPendingPages());
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_COMPARE(framed.count(), 1);
        QCOMPARE(builtAtFirstFrame, 2);
        QTRY_VERIFY(!window.hasPendingPages());
        // Once, after the last of them (what the app's connection waits for).
        QTRY_COMPARE(allBuilt.count(), 1);
        QCOMPARE(builtWhenAllBuilt, 3);
        QCOMPARE(built,
                 (QStringList{QStringLiteral("orders"), QStringLiteral("images"), QStringLiteral("pools")}));
        QCOMPARE(pages->count(), 4);
        QCOMPARE(pages->widget(1)->objectName(), QStringLiteral("poolsPage"));
        QCOMPARE(window.currentSection(), QStringLiteral("orders"));
        QVERIFY(!menuTitles().contains(QStringLiteral("pools menu")));
        QVERIFY(window.setCurrentSection(QStringLiteral("pools")));
        QVERIFY(menuTitles().contains(QStringLiteral("pools menu")));
        QVERIFY(!menuTitles().contains(QStringLiteral("orders menu")));
    }

    void geometryIsRemembered()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        {
            Settings settings(file);
            MainWindow window(&settings);
            window.resize(700, 520);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.close();
        }
        Settings settings(file);
        QVERIFY(!settings.mainWindowGeometry().isEmpty());
        MainWindow window(&settings);
        QCOMPARE(window.size(), QSize(700, 520));
    }

    void connectionTextIsShown()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        MainWindow window(&settings);
        window.setConnectionText(QStringLiteral("Local simulator"));
        auto* label = window.findChild<QLabel*>(QStringLiteral("connectionLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("Local simulator"));
    }

    void aboutDialogListsLibraryVersions()
    {
        AboutDialog dialog;
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("versionsTable"));
        QVERIFY(table);
        QStringList names;
        for (int row = 0; row < table->rowCount(); ++row) {
            names << table->item(row, 0)->text();
            QVERIFY2(!table->item(row, 1)->text().isEmpty(), qPrintable(names.last()));
            QVERIFY2(table->item(row, 1)->text().front().isDigit(), qPrintable(table->item(row, 1)->text()));
        }
        QCOMPARE(names, (QStringList{QStringLiteral("Qt"), QStringLiteral("KF6 SyntaxHighlighting"),
                                     QStringLiteral("libssh"), QStringLiteral("QtKeychain")}));
        QCOMPARE(table->item(0, 1)->text(), QString::fromLatin1(qVersion()));
    }

    void colorSchemeMenuChangesThePalette()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        Theme theme(&settings);
        theme.apply();
        MainWindow window(&settings);
        auto* dark = window.findChild<QAction*>(QStringLiteral("actionSchemeDark"));
        auto* light = window.findChild<QAction*>(QStringLiteral("actionSchemeLight"));
        QVERIFY(dark && light);
        dark->trigger();
        QVERIFY(theme.isDark());
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 128);
        QVERIFY(dark->isChecked());
        light->trigger();
        QVERIFY(!theme.isDark());
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() > 128);
        QCOMPARE(settings.colorScheme(), Settings::ColorScheme::Light);
    }

    // Without any icon theme (the build root, many desktops) every section still has an icon, and
    // it stands out against the window in light and dark.
    void everySectionHasAnIconWithoutATheme()
    {
        const QStringList searchPaths = QIcon::themeSearchPaths();
        const QString themeName = QIcon::themeName();
        QIcon::setThemeSearchPaths({});
        QIcon::setThemeName(QStringLiteral("no-such-theme"));
        const QStringList ids = SectionIcons::sectionIds();
        QCOMPARE(ids.size(), 10);
        for (const QString& id : ids) {
            const QIcon icon = SectionIcons::icon(id);
            QVERIFY2(!icon.isNull(), qPrintable(id));
            const QImage image = icon.pixmap(QSize(20, 20)).toImage().convertToFormat(QImage::Format_ARGB32);
            QVERIFY2(!image.isNull(), qPrintable(id));
            long long red = 0, green = 0, blue = 0, opaque = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor c = image.pixelColor(x, y);
                    if (c.alpha() > 200) {
                        red += c.red();
                        green += c.green();
                        blue += c.blue();
                        ++opaque;
                    }
                }
            QVERIFY2(opaque > 20, qPrintable(id));
            // Selected, on the highlight colour: the same shape, in white.
            const QImage selected =
                icon.pixmap(QSize(20, 20), QIcon::Selected).toImage().convertToFormat(QImage::Format_ARGB32);
            long long selectedOpaque = 0;
            for (int y = 0; y < selected.height(); ++y)
                for (int x = 0; x < selected.width(); ++x) {
                    const QColor c = selected.pixelColor(x, y);
                    if (c.alpha() > 200) {
                        QVERIFY2(c.red() > 240 && c.green() > 240 && c.blue() > 240, qPrintable(id));
                        ++selectedOpaque;
                    }
                }
            QCOMPARE(selectedOpaque, opaque);
            const QColor ink(int(red / opaque), int(green / opaque), int(blue / opaque));
            for (const QPalette& palette : {Theme::lightPalette(), Theme::darkPalette()}) {
                const QColor window = palette.color(QPalette::Window);
                const int distance = qAbs(ink.red() - window.red()) + qAbs(ink.green() - window.green())
                                     + qAbs(ink.blue() - window.blue());
                QVERIFY2(distance > 150, qPrintable(id + QStringLiteral(" blends into the window")));
            }
        }
        QVERIFY(SectionIcons::icon(QStringLiteral("nope")).isNull());
        QIcon::setThemeSearchPaths(searchPaths);
        QIcon::setThemeName(themeName);
    }

    // Ctrl+1… open the sections in the sidebar's order and put the keyboard in the page's list;
    // F6 and Shift+F6 go round the sidebar, the toolbar, the list and the details.
    void keyboardOpensSectionsAndMovesBetweenPanes()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        MainWindow window(&settings);
        QStandardItemModel model(2, 2);
        QList<QPushButton*> toolbars;
        QList<QTableView*> tables;
        QList<QLineEdit*> details;
        for (const QString& id : {u"pools"_s, u"instances"_s}) {
            auto* page = new QWidget;
            auto* toolbar = new QPushButton(u"New "_s + id, page);
            auto* table = new ResourceTableView(id, &settings, page);
            table->setSourceModel(&model);
            auto* detail = new QLineEdit(page);
            auto* layout = new QVBoxLayout(page);
            layout->addWidget(toolbar);
            auto* row = new QHBoxLayout;
            row->addWidget(table, 1);
            row->addWidget(detail);
            layout->addLayout(row);
            window.addSection(id, {}, id, page);
            toolbars << toolbar;
            tables << table->table();
            details << detail;
        }
        window.resize(900, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));

        QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(window.currentSection(), u"instances"_s);
        QTRY_VERIFY(tables.at(1)->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(window.currentSection(), u"pools"_s);
        QTRY_VERIFY(tables.at(0)->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(window.currentSection(), u"start"_s);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_2, Qt::ControlModifier);

        auto* sidebar = window.findChild<QListWidget*>(u"sidebar"_s);
        // F6 lands on the first control of each pane: the toolbar's button, not the filter under it.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
        QTRY_VERIFY(details.at(0)->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
        QTRY_VERIFY(sidebar->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
        QTRY_VERIFY(toolbars.at(0)->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
        QTRY_VERIFY(tables.at(0)->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6, Qt::ShiftModifier);
        QTRY_VERIFY(toolbars.at(0)->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6, Qt::ShiftModifier);
        QTRY_VERIFY(sidebar->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6, Qt::ShiftModifier);
        QTRY_VERIFY(details.at(0)->hasFocus());
        // Hiding the sidebar takes it out of the round.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_B, Qt::ControlModifier);
        QTRY_VERIFY(!sidebar->isVisible());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
        QTRY_VERIFY(toolbars.at(0)->hasFocus());
    }

    // What a screen reader's "activate" does to a sidebar item opens its section, as a click does.
    void sidebarItemsOpenThroughTheirAccessibleAction()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        MainWindow window(&settings);
        auto* page = new QLabel(u"images page"_s);
        window.addSection(u"images"_s, {}, u"Images"_s, page);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* sidebar = window.findChild<QListWidget*>(u"sidebar"_s);
        QAccessibleInterface* list = QAccessible::queryAccessibleInterface(sidebar);
        QVERIFY(list);
        QCOMPARE(list->text(QAccessible::Name), u"Sections"_s);
        QAccessibleInterface* item = nullptr;
        for (int i = 0; i < list->childCount(); ++i)
            if (list->child(i)->text(QAccessible::Name) == u"Images")
                item = list->child(i);
        QVERIFY(item);
        QAccessibleActionInterface* actions = item->actionInterface();
        QVERIFY(actions);
        QVERIFY2(!actions->actionNames().isEmpty(), "the item offers no action");
        actions->doAction(actions->actionNames().constFirst());
        QCOMPARE(window.currentSection(), u"images"_s);
        QVERIFY(page->isVisible());
        QCOMPARE(sidebar->selectedItems(), QList<QListWidgetItem*>{sidebar->currentItem()});
        // Activating the open section again keeps it open and selected.
        actions->doAction(actions->actionNames().constFirst());
        QCOMPARE(window.currentSection(), u"images"_s);
        QVERIFY(sidebar->currentItem()->isSelected());
        // Through the list's selection, as AT-SPI's Selection interface does.
        QAccessibleSelectionInterface* selection = list->selectionInterface();
        QVERIFY(selection);
        for (int i = 0; i < list->childCount(); ++i)
            if (list->child(i)->text(QAccessible::Name) == u"Start")
                QVERIFY(selection->select(list->child(i)));
        QCOMPARE(window.currentSection(), u"start"_s);
    }

    void shortcutListShowsNavigation()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        MainWindow window(&settings);
        auto* page = new QWidget;
        new QPushButton(u"&Delete…"_s, page);
        window.addSection(u"pools"_s, {}, u"Pools"_s, page);
        QStringList rows;
        for (const auto& [text, keys] : constValue(window.shortcutList()))
            rows << text + u" = "_s + keys;
        const QString all = rows.join(u'\n');
        for (const QString& expected :
             {u"Start = Ctrl+1"_s, u"Pools = Ctrl+2"_s, u"Next Pane = F6"_s, u"Previous Pane = Shift+F6"_s,
              u"Next control; leave a table or list = Tab"_s, u"Keyboard Shortcuts = F1"_s})
            QVERIFY2(rows.contains(expected), qPrintable(all));
        // A button's underlined letter is no shortcut of the window.
        QVERIFY2(!all.contains(u"Alt+"_s), qPrintable(all));
    }

    // A passing message goes by itself, and with the section it was about.
    void statusMessagesDoNotLinger()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        MainWindow window(&settings);
        window.addSection(u"pools"_s, {}, u"Pools"_s, new QLabel(u"pools"_s));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.showStatusMessage(u"Deleted pool training."_s);
        QCOMPARE(window.statusBar()->currentMessage(), u"Deleted pool training."_s);
        window.setCurrentSection(u"pools"_s);
        QVERIFY(window.statusBar()->currentMessage().isEmpty());
        window.showStatusMessage(u"Deleted pool training."_s);
        QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().isEmpty(), 20000);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
