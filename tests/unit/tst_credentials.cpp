// SPDX-License-Identifier: Apache-2.0

#include "core/settings/credentials.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "support/testenv.h"

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
