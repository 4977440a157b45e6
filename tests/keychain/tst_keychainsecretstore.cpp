// SPDX-License-Identifier: Apache-2.0

#include "core/settings/keychainsecretstore.h"
#include "support/testenv.h"

#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace sfdesk;

// Runs against a real Secret Service: ctest starts it with dbus-run-session and gnome-keyring-daemon
// (see tests/CMakeLists.txt). SFDESK_EXPECT_NO_KEYCHAIN=1 runs it on a bus without one.
class TestKeychainSecretStore final : public QObject
{
    Q_OBJECT

private:
    SecretResult wait(const std::function<void(SecretStore::Callback)>& start)
    {
        SecretResult result;
        bool done = false;
        start([&](const SecretResult& r) {
            result = r;
            done = true;
        });
        // The jobs are asynchronous: the store must not answer before the event loop runs.
        if (done)
            qWarning("answered synchronously");
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 20000); }();
        return result;
    }

    bool m_expectNoKeychain = qEnvironmentVariableIntValue("SFDESK_EXPECT_NO_KEYCHAIN") == 1;

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void roundTrip()
    {
        KeychainSecretStore store(QStringLiteral("sfdesk-test"));
        const QString key = QStringLiteral("profile/") + QUuid::createUuid().toString(QUuid::WithoutBraces);
        QSignalSpy persistence(&store, &SecretStore::persistenceChanged);

        SecretResult result = wait([&](auto done) { store.read(key, this, done); });
        QVERIFY2(result.status == SecretResult::Status::NotFound, qPrintable(result.error));

        result = wait([&](auto done) { store.write(key, QStringLiteral("sk_live_round_trip"), this, done); });
        QVERIFY2(result.status == SecretResult::Status::Ok, qPrintable(result.error));
        QCOMPARE(result.persistent, !m_expectNoKeychain);
        QCOMPARE(store.isPersistent(), !m_expectNoKeychain);
        QCOMPARE(persistence.size(), m_expectNoKeychain ? 1 : 0);
        if (m_expectNoKeychain)
            QVERIFY(store.unavailableReason().contains(u"memory for this run only"));

        result = wait([&](auto done) { store.read(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::Ok);
        QCOMPARE(result.secret, QStringLiteral("sk_live_round_trip"));

        if (!m_expectNoKeychain) {
            // A second store (another run of the app) sees it: it really is in the keychain.
            KeychainSecretStore other(QStringLiteral("sfdesk-test"));
            result = wait([&](auto done) { other.read(key, this, done); });
            QCOMPARE(result.secret, QStringLiteral("sk_live_round_trip"));
        }

        result = wait([&](auto done) { store.remove(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::Ok);
        result = wait([&](auto done) { store.read(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::NotFound);
    }
};

QTEST_GUILESS_MAIN(TestKeychainSecretStore)
#include "tst_keychainsecretstore.moc"
