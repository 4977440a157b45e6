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

    // Each connection's spend guard is its own, survives a restart exactly, and goes with its
    // connection; none is set until the user sets one.
    void spendLimitsPerConnection()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        const ConnectionProfile local = ConnectionProfile::localSimulator();
        // An id with the characters of an address.
        const ConnectionProfile server =
            ConnectionProfile::forServer(QUrl(QStringLiteral("https://example.test:8443/preview/v2")));
        {
            Settings s(file);
            QCOMPARE(s.spendLimits(local.id), SpendGuard::Limits{});
            s.setProfiles({local, server});
            QSignalSpy changed(&s, &Settings::spendLimitsChanged);
            s.setSpendLimits(server.id, {qint64(12'345'670'001), std::nullopt});
            s.setSpendLimits(server.id, {qint64(12'345'670'001), std::nullopt});
            s.setSpendLimits(local.id, {std::nullopt, qint64(0)});
            QCOMPARE(changed.count(), 2);
            QCOMPARE(changed.at(0).at(0).toString(), server.id);
            s.sync();
        }
        Settings s(file);
        QCOMPARE(s.spendLimits(server.id), (SpendGuard::Limits{qint64(12'345'670'001), std::nullopt}));
        QCOMPARE(s.spendLimits(local.id), (SpendGuard::Limits{std::nullopt, qint64(0)}));
        // Removing the server's connection removes its limits; the other keeps its own.
        s.setProfiles({local});
        QCOMPARE(s.spendLimits(server.id), SpendGuard::Limits{});
        QCOMPARE(s.spendLimits(local.id), (SpendGuard::Limits{std::nullopt, qint64(0)}));
        // Edited by hand into nonsense: no limit rather than a wrong one.
        {
            QSettings raw(file, QSettings::IniFormat);
            raw.setValue(QStringLiteral("SpendGuard/local/DailyBuyCapMicros"), QStringLiteral("-5"));
        }
        QCOMPARE(Settings(file).spendLimits(QStringLiteral("local")), SpendGuard::Limits{});
    }
};

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
