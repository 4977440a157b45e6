// SPDX-License-Identifier: Apache-2.0

#include "core/settings/credentials.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "support/testenv.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sfdesk;

class TestCredentials final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void memoryStoreIsAsynchronous()
    {
        MemorySecretStore store;
        QVERIFY(!store.isPersistent());
        bool written = false;
        store.write(QStringLiteral("k"), QStringLiteral("secret"), this, [&written](const SecretResult& r) {
            QCOMPARE(r.status, SecretResult::Status::Ok);
            written = true;
        });
        QVERIFY(!written);
        QTRY_VERIFY(written);
        SecretResult read;
        bool done = false;
        store.read(QStringLiteral("k"), this, [&](const SecretResult& r) {
            read = r;
            done = true;
        });
        QTRY_VERIFY(done);
        QCOMPARE(read.secret, QStringLiteral("secret"));
        QVERIFY(!read.persistent);
        done = false;
        store.remove(QStringLiteral("k"), this, [&](const SecretResult& r) {
            read = r;
            done = true;
        });
        QTRY_VERIFY(done);
        done = false;
        store.read(QStringLiteral("k"), this, [&](const SecretResult& r) {
            read = r;
            done = true;
        });
        QTRY_VERIFY(done);
        QCOMPARE(read.status, SecretResult::Status::NotFound);
    }

    void noCallbackAfterTheContextIsGone()
    {
        MemorySecretStore store;
        bool called = false;
        {
            QObject context;
            store.read(QStringLiteral("k"), &context, [&called](const SecretResult&) { called = true; });
        }
        // Answers come in the order they were asked for: once a later one is in, the first would
        // have been.
        bool laterAnswered = false;
        store.read(QStringLiteral("k"), this,
                   [&laterAnswered](const SecretResult&) { laterAnswered = true; });
        QTRY_VERIFY(laterAnswered);
        QVERIFY(!called);
    }

    void environment_data()
    {
        QTest::addColumn<QStringList>("variables");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("source");
        QTest::newRow("none") << QStringList() << QString() << QString();
        QTest::newRow("api key") << QStringList{QStringLiteral("SF_API_KEY=sk_live_a")} << "sk_live_a"
                                 << "SF_API_KEY";
        QTest::newRow("bearer wins") << QStringList{QStringLiteral("SF_API_KEY=sk_live_a"),
                                                    QStringLiteral("SF_BEARER_TOKEN=jwt")}
                                     << "jwt"
                                     << "SF_BEARER_TOKEN";
        QTest::newRow("blank ignored")
            << QStringList{QStringLiteral("SF_BEARER_TOKEN=  "), QStringLiteral("SF_API_KEY=k")} << "k"
            << "SF_API_KEY";
    }

    void environment()
    {
        QFETCH(QStringList, variables);
        QFETCH(QString, token);
        QFETCH(QString, source);
        QProcessEnvironment env;
        for (const QString& variable : variables)
            env.insert(variable.section(u'=', 0, 0), variable.section(u'=', 1));
        QString variable;
        QCOMPARE(Credentials::environmentToken(env, &variable), token);
        QCOMPARE(variable, source);
    }

    void tokenForPrefersTheEnvironmentExceptForTheSimulator()
    {
        MemorySecretStore store;
        const ConnectionProfile remote = ConnectionProfile::sfCompute();
        const ConnectionProfile local = ConnectionProfile::localSimulator();
        bool done = false;
        store.write(remote.secretKey(), QStringLiteral("from-store"), this,
                    [&done](const SecretResult&) { done = true; });
        QTRY_VERIFY(done);
        store.write(local.secretKey(), QStringLiteral("sim-owner"), this, [](const SecretResult&) {});
        QProcessEnvironment env;
        env.insert(QStringLiteral("SF_API_KEY"), QStringLiteral("from-env"));

        Credentials::Token token;
        done = false;
        Credentials::tokenFor(remote, &store, env, this, [&](const Credentials::Token& t) {
            token = t;
            done = true;
        });
        QTRY_VERIFY(done);
        QCOMPARE(token.value, QStringLiteral("from-env"));
        QCOMPARE(token.source, QStringLiteral("SF_API_KEY"));

        done = false;
        Credentials::tokenFor(local, &store, env, this, [&](const Credentials::Token& t) {
            token = t;
            done = true;
        });
        QTRY_VERIFY(done);
        QCOMPARE(token.value, QStringLiteral("sim-owner"));
        QCOMPARE(token.source, QStringLiteral("memory"));

        done = false;
        Credentials::tokenFor(remote, &store, QProcessEnvironment(), this, [&](const Credentials::Token& t) {
            token = t;
            done = true;
        });
        QTRY_VERIFY(done);
        QCOMPARE(token.value, QStringLiteral("from-store"));
    }

    // The environment's token goes by the address it would be sent to: SF Compute's own API,
    // whatever a profile calls itself. A settings entry claiming kind=sfcompute for another
    // address (planted or edited) gets the keychain's token only.
    void environmentTokenOnlyForSfComputeItself_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("fromEnvironment");
        QTest::newRow("sf compute") << "sfcompute" << "https://api.sfcompute.com" << true;
        QTest::newRow("sf compute, other spelling")
            << "sfcompute" << "https://API.sfcompute.com:443/preview/v2/" << true;
        QTest::newRow("custom at sf compute") << "custom" << "https://api.sfcompute.com/" << true;
        QTest::newRow("kind sfcompute, other host") << "sfcompute" << "https://api.example.com" << false;
        QTest::newRow("kind sfcompute, look-alike host")
            << "sfcompute" << "https://api.sfcompute.com.example.com" << false;
        QTest::newRow("kind sfcompute, plain http") << "sfcompute" << "http://api.sfcompute.com" << false;
        QTest::newRow("kind sfcompute, other port")
            << "sfcompute" << "https://api.sfcompute.com:8443" << false;
        QTest::newRow("kind sfcompute, other path")
            << "sfcompute" << "https://api.sfcompute.com/other" << false;
        QTest::newRow("kind sfcompute, loopback") << "sfcompute" << "http://127.0.0.1:8080" << false;
        QTest::newRow("local simulator") << "local-simulator" << "https://api.sfcompute.com" << false;
    }

    void environmentTokenOnlyForSfComputeItself()
    {
        QFETCH(QString, kind);
        QFETCH(QString, url);
        QFETCH(bool, fromEnvironment);
        // As written into the settings file by hand.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        {
            QSettings raw(file, QSettings::IniFormat);
            raw.beginWriteArray(QStringLiteral("Connections/Profiles"), 1);
            raw.setArrayIndex(0);
            raw.setValue(QStringLiteral("id"), QStringLiteral("sfcompute"));
            raw.setValue(QStringLiteral("name"), QStringLiteral("SF Compute"));
            raw.setValue(QStringLiteral("kind"), kind);
            raw.setValue(QStringLiteral("url"), url);
            raw.endArray();
        }
        const Settings settings(file);
        QCOMPARE(settings.profiles().size(), 1);
        const ConnectionProfile profile = settings.profiles().constFirst();
        MemorySecretStore store;
        store.keepForThisRun(profile.secretKey(), QStringLiteral("from-keychain"));
        QProcessEnvironment env;
        env.insert(QStringLiteral("SF_API_KEY"), QStringLiteral("from-env"));
        Credentials::Token token;
        bool done = false;
        Credentials::tokenFor(profile, &store, env, this, [&](const Credentials::Token& t) {
            token = t;
            done = true;
        });
        QTRY_VERIFY(done);
        QCOMPARE(token.value, fromEnvironment ? QStringLiteral("from-env") : QStringLiteral("from-keychain"));
        QCOMPARE(token.source, fromEnvironment ? QStringLiteral("SF_API_KEY") : QStringLiteral("memory"));
    }

    // --server's profile: one per server address, however it is written.
    void serverProfilesAreStable()
    {
        const auto id = [](const char* url) {
            return ConnectionProfile::forServer(QUrl(QString::fromLatin1(url))).id;
        };
        const QString base = id("https://staging.example.com");
        QVERIFY2(base.startsWith(u"server:") && base.size() == 7 + 64, qPrintable(base));
        QVERIFY(ConnectionProfile::forServer(QUrl(QStringLiteral("https://staging.example.com")))
                    .isForServerOption());
        for (const char* same :
             {"https://staging.example.com/", "https://STAGING.example.com",
              "https://staging.example.com:443", "https://staging.example.com/preview/v2",
              "https://staging.example.com/preview/v2/", "https://user:pw@staging.example.com"})
            QVERIFY2(id(same) == base, same);
        for (const char* other : {"http://staging.example.com", "https://staging.example.com:8443",
                                  "https://other.example.com", "https://staging.example.com/tenant"})
            QVERIFY2(id(other) != base, other);
        QCOMPARE(ConnectionProfile::serverAddress(QUrl(QStringLiteral("https://Staging.example.com/"))),
                 QStringLiteral("https://staging.example.com:443/preview/v2"));
        QCOMPARE(ConnectionProfile::serverAddress(QUrl(QStringLiteral("http://127.0.0.1:8080/x/"))),
                 QStringLiteral("http://127.0.0.1:8080/x/preview/v2"));
        const ConnectionProfile profile =
            ConnectionProfile::forServer(QUrl(QStringLiteral("https://user:pw@staging.example.com")));
        QCOMPARE(profile.kind, ConnectionProfile::Kind::Custom);
        QCOMPARE(profile.url, QUrl(QStringLiteral("https://staging.example.com")));
        QVERIFY(!profile.name.contains(u"pw"));
        QVERIFY(!ConnectionProfile::custom(QStringLiteral("x"), QUrl(QStringLiteral("https://a.example")))
                     .isForServerOption());
    }

    // A connection's CA certificates file and proxy are kept with it; a proxy's password never.
    void networkSettingsInSettings()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        ConnectionProfile custom = ConnectionProfile::custom(QStringLiteral("Staging"),
                                                             QUrl(QStringLiteral("https://staging.example")));
        custom.caCertificates = QStringLiteral("/etc/ssl/company-ca.pem");
        custom.proxy = QUrl(QStringLiteral("http://proxy.example:3128"));
        {
            Settings settings(file);
            settings.saveProfile(custom);
            ConnectionProfile leaky = ConnectionProfile::sfCompute();
            leaky.proxy = QUrl(QStringLiteral("http://user:hunter2@proxy.example:3128"));
            settings.saveProfile(leaky);
            settings.sync();
        }
        Settings again(file);
        const auto profiles = again.profiles();
        QCOMPARE(profiles.size(), 2);
        QCOMPARE(profiles.at(0), custom);
        QCOMPARE(profiles.at(1).proxy, QUrl(QStringLiteral("http://proxy.example:3128")));
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        QVERIFY(!raw.readAll().contains("hunter2"));
    }

    void profilesInSettings()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.ini"));
        ConnectionProfile custom = ConnectionProfile::custom(QStringLiteral("Staging"),
                                                             QUrl(QStringLiteral("https://staging.example")));
        {
            Settings settings(file);
            QVERIFY(settings.profiles().isEmpty());
            QCOMPARE(settings.currentProfile().kind, ConnectionProfile::Kind::LocalSimulator);
            QSignalSpy changed(&settings, &Settings::profilesChanged);
            ConnectionProfile local = ConnectionProfile::localSimulator();
            local.url = QUrl(QStringLiteral("http://127.0.0.1:5555")); // run-time only
            settings.saveProfile(local);
            settings.saveProfile(ConnectionProfile::sfCompute());
            settings.saveProfile(custom);
            QVERIFY(changed.size() >= 3);
            settings.sync();
        }
        Settings again(file);
        const auto profiles = again.profiles();
        QCOMPARE(profiles.size(), 3);
        QCOMPARE(profiles.at(0).kind, ConnectionProfile::Kind::LocalSimulator);
        QVERIFY(profiles.at(0).url.isEmpty());
        QCOMPARE(profiles.at(1).url, QUrl(QStringLiteral("https://api.sfcompute.com")));
        QCOMPARE(again.currentProfile(), custom);
        again.setCurrentProfileId(QStringLiteral("gone"));
        QCOMPARE(again.currentProfile().kind, ConnectionProfile::Kind::LocalSimulator);
        // Tokens never go to the settings file.
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        QVERIFY(!raw.readAll().contains("token"));
    }
};

QTEST_GUILESS_MAIN(TestCredentials)
#include "tst_credentials.moc"
