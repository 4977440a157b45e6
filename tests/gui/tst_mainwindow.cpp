#include "core/settings/settings.h"
#include "gui/mainwindow/aboutdialog.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/theme/theme.h"
#include "support/testenv.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QListWidget>
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
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
