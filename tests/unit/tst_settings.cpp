// SPDX-License-Identifier: Apache-2.0

#include "core/market/pricewatch.h"
#include "core/market/spendguard.h"
#include "core/notify/notice.h"
#include "core/settings/settings.h"
#include "support/testenv.h"

#include <QElapsedTimer>
#include <QFile>
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

    // Not on the next turn of the event loop, as QSettings would: a first start's defaults would be
    // written to disk between the window's show and its first frame.
    void changesAreWrittenASecondLater()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        const auto written = [&file] {
            QFile ini(file);
            return ini.open(QIODevice::ReadOnly) && ini.readAll().contains("CurrentSection=pools");
        };
        {
            Settings s(file);
            QElapsedTimer clock;
            clock.start();
            s.setCurrentSection(QStringLiteral("pools"));
            QCoreApplication::processEvents();
            QTest::qWait(100);
            QVERIFY(!written());
            QTRY_VERIFY_WITH_TIMEOUT(written(), 5000);
            QCOMPARE_GE(clock.elapsed(), 900);
            // What is left unwritten when the settings go is written then.
            s.setCurrentSection(QStringLiteral("orders"));
        }
        QFile ini(file);
        QVERIFY(ini.open(QIODevice::ReadOnly));
        QVERIFY(ini.readAll().contains("CurrentSection=orders"));
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
            QCOMPARE(SpendGuard::savedLimits(s, local.id), SpendGuard::Limits{});
            s.setProfiles({local, server});
            QSignalSpy changed(&s, &Settings::spendLimitsChanged);
            SpendGuard::saveLimits(s, server.id, {qint64(12'345'670'001), std::nullopt});
            SpendGuard::saveLimits(s, server.id, {qint64(12'345'670'001), std::nullopt});
            SpendGuard::saveLimits(s, local.id, {std::nullopt, qint64(0)});
            QCOMPARE(changed.count(), 2);
            QCOMPARE(changed.at(0).at(0).toString(), server.id);
            // On disk at once, as if the app crashed now.
            QFile ini(file);
            QVERIFY(ini.open(QIODevice::ReadOnly));
            QVERIFY(ini.readAll().contains("12345670001"));
        }
        Settings s(file);
        QCOMPARE(SpendGuard::savedLimits(s, server.id),
                 (SpendGuard::Limits{qint64(12'345'670'001), std::nullopt}));
        QCOMPARE(SpendGuard::savedLimits(s, local.id), (SpendGuard::Limits{std::nullopt, qint64(0)}));
        // Removing the server's connection removes its limits; the other keeps its own.
        s.setProfiles({local});
        QCOMPARE(SpendGuard::savedLimits(s, server.id), SpendGuard::Limits{});
        QCOMPARE(SpendGuard::savedLimits(s, local.id), (SpendGuard::Limits{std::nullopt, qint64(0)}));
        // Edited by hand into nonsense: no limit rather than a wrong one.
        {
            QSettings raw(file, QSettings::IniFormat);
            raw.setValue(QStringLiteral("SpendGuard/local/DailyBuyCapMicros"), QStringLiteral("-5"));
        }
        QCOMPARE(SpendGuard::savedLimits(Settings(file), QStringLiteral("local")), SpendGuard::Limits{});
    }

    // Settings keep notices' switches, spend limits and price watches by key and as JSON, the layers
    // above mapping them: what an earlier version stored under these keys reads back the same, and
    // is written back under the same keys.
    void earlierStoredValuesReadBack()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        const QString server = QStringLiteral("https://a.example:8443/");
        const QByteArray watchJson =
            R"([{"id":"w1","sku":"h100","nodes":"2","duration":"7200","earliestStart":"1000",)"
            R"("latestStart":"5000","maxRateMicros":"2000000","expiresAt":"9000"}])";
        {
            QSettings raw(file, QSettings::IniFormat);
            raw.setValue(QStringLiteral("Notifications/orderExpired"), false);
            raw.setValue(QStringLiteral("Notifications/poolIdle"), true);
            raw.setValue(QStringLiteral("SpendGuard/https%3A%2F%2Fa.example%3A8443%2F/ConfirmAboveMicros"),
                         QStringLiteral("300000000"));
            raw.setValue(QStringLiteral("SpendGuard/local/DailyBuyCapMicros"), QStringLiteral("0"));
            raw.setValue(QStringLiteral("PriceWatches/https%3A%2F%2Fa.example%3A8443%2F"),
                         QString::fromUtf8(watchJson));
        }
        Settings s(file);
        QVERIFY(!Notice::isEnabled(s, Notice::Kind::OrderExpired));
        QVERIFY(Notice::isEnabled(s, Notice::Kind::PoolIdle));
        QVERIFY(Notice::isEnabled(s, Notice::Kind::OrderFilled));
        QCOMPARE(SpendGuard::savedLimits(s, server), (SpendGuard::Limits{qint64(300'000'000), std::nullopt}));
        QCOMPARE(SpendGuard::savedLimits(s, QStringLiteral("local")),
                 (SpendGuard::Limits{std::nullopt, qint64(0)}));
        const QList<PriceWatch> watches = PriceWatches::saved(s, server);
        QCOMPARE(watches.size(), 1);
        QCOMPARE(watches.first().id, QStringLiteral("w1"));
        QCOMPARE(watches.first().maxRateMicros, qint64(2'000'000));

        QSignalSpy notifies(&s, &Settings::notifiesChanged);
        Notice::setEnabled(s, Notice::Kind::OrderFilled, false);
        QCOMPARE(notifies.count(), 1);
        QCOMPARE(Notice::kindFromName(notifies.first().at(0).toString()), Notice::Kind::OrderFilled);
        SpendGuard::saveLimits(s, server, {std::nullopt, qint64(5)});
        s.sync();
        QSettings raw(file, QSettings::IniFormat);
        QCOMPARE(raw.value(QStringLiteral("Notifications/orderFilled")).toBool(), false);
        QVERIFY(
            !raw.contains(QStringLiteral("SpendGuard/https%3A%2F%2Fa.example%3A8443%2F/ConfirmAboveMicros")));
        QCOMPARE(raw.value(QStringLiteral("SpendGuard/https%3A%2F%2Fa.example%3A8443%2F/DailyBuyCapMicros"))
                     .toString(),
                 QStringLiteral("5"));
    }
};

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
