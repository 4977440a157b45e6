#include "core/settings/settings.h"
#include "gui/mainwindow/aboutdialog.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/mainwindow/sectionicons.h"
#include "gui/theme/theme.h"
#include "support/testenv.h"

#include <QAction>
#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

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
            for (QAction* action : window.menuBar()->actions()) {
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

        // The rest after the window is shown, without being opened; the sidebar's order is kept.
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(!window.hasPendingPages());
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
        QCOMPARE(ids.size(), 8);
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
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
