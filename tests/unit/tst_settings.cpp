// SPDX-License-Identifier: Apache-2.0

#include "core/settings/settings.h"
#include "support/testenv.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sfdesk;

class TestSettings final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void valuesSurviveANewInstance()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        {
            Settings s(file);
            s.setMainWindowGeometry("geometry-bytes");
            s.setCurrentSection(QStringLiteral("partitions"));
            s.setHeaderState(QStringLiteral("instances"), "header");
            s.setColorScheme(Settings::ColorScheme::Dark);
            s.setLanguage(QStringLiteral("de"));
            s.sync();
        }
        Settings again(file);
        QCOMPARE(again.mainWindowGeometry(), QByteArray("geometry-bytes"));
        QCOMPARE(again.currentSection(), QStringLiteral("partitions"));
        QCOMPARE(again.headerState(QStringLiteral("instances")), QByteArray("header"));
        QCOMPARE(again.headerState(QStringLiteral("pools")), QByteArray());
        QCOMPARE(again.colorScheme(), Settings::ColorScheme::Dark);
        QCOMPARE(again.language(), QStringLiteral("de"));
    }

    void defaults()
    {
        QTemporaryDir dir;
        Settings s(dir.filePath(QStringLiteral("empty.ini")));
        QCOMPARE(s.colorScheme(), Settings::ColorScheme::System);
        QVERIFY(s.language().isEmpty());
        QVERIFY(s.mainWindowGeometry().isEmpty());
    }

    void signalsOnlyOnChange()
    {
        QTemporaryDir dir;
        Settings s(dir.filePath(QStringLiteral("s.ini")));
        QSignalSpy schemeSpy(&s, &Settings::colorSchemeChanged);
        QSignalSpy languageSpy(&s, &Settings::languageChanged);
        s.setColorScheme(Settings::ColorScheme::Light);
        s.setColorScheme(Settings::ColorScheme::Light);
        s.setColorScheme(Settings::ColorScheme::Dark);
        QCOMPARE(schemeSpy.count(), 2);
        QCOMPARE(schemeSpy.at(1).at(0).value<Settings::ColorScheme>(), Settings::ColorScheme::Dark);
        s.setLanguage(QStringLiteral("de"));
        s.setLanguage(QStringLiteral("de"));
        QCOMPARE(languageSpy.count(), 1);
    }

    void unknownSchemeFallsBackToSystem()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        {
            QSettings raw(file, QSettings::IniFormat);
            raw.setValue(QStringLiteral("Appearance/ColorScheme"), QStringLiteral("Purple"));
        }
        Settings s(file);
        QCOMPARE(s.colorScheme(), Settings::ColorScheme::System);
    }
};

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
