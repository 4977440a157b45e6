// SPDX-License-Identifier: Apache-2.0

#include "core/settings/keychainsecretstore.h"
#include "support/testenv.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace sfdesk;

// Runs against a real Secret Service: ctest starts it with dbus-run-session and gnome-keyring-daemon
// (see tests/CMakeLists.txt). SFDESK_EXPECT_NO_KEYCHAIN=1 runs it on a bus without one.
// SFDESK_KEYCHAIN_MODE names the other set-ups of with-secret-service.sh (no-default-keyring,
// no-secret-service) for the tests that need them; they skip elsewhere.
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
    QString m_mode = qEnvironmentVariable("SFDESK_KEYCHAIN_MODE");

    static QString newKey()
    {
        return QStringLiteral("profile/") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    }

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
        // Without a keychain the removal says that none could be reached.
        QCOMPARE(result.persistent, !m_expectNoKeychain);
        result = wait([&](auto done) { store.read(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::NotFound);
    }

    // A keyring locked after the token was kept (and no prompt that could unlock it): the keychain
    // itself would say the token was removed, and that there is none to read, while it stays. The
    // store says it is kept in a locked keyring instead.
    void lockedKeyringIsSaid()
    {
        if (m_mode != u"locked")
            QSKIP("needs with-secret-service.sh without a display");
        KeychainSecretStore store(QStringLiteral("sfdesk-test"));
        const QString key = newKey();
        SecretResult result =
            wait([&](auto done) { store.write(key, QStringLiteral("sk_live_x"), this, done); });
        QVERIFY2(result.status == SecretResult::Status::Ok && result.persistent, qPrintable(result.error));
        QProcess lock;
        lock.start(QStringLiteral("secret-tool"),
                   {QStringLiteral("lock"), QStringLiteral("--collection=login")});
        QVERIFY(lock.waitForFinished(20000));
        QCOMPARE(lock.exitCode(), 0);

        result = wait([&](auto done) { store.remove(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::Error);
        QVERIFY2(result.error.contains(u"locked keyring"), qPrintable(result.error));
        KeychainSecretStore another(QStringLiteral("sfdesk-test"));
        result = wait([&](auto done) { another.read(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::Error);
        QVERIFY2(result.error.contains(u"locked keyring"), qPrintable(result.error));
        // A key it never held is still simply not there.
        result = wait([&](auto done) { another.read(newKey(), this, done); });
        QCOMPARE(result.status, SecretResult::Status::NotFound);
    }

    // A keychain that is there but does not keep the secret (here: no default keyring, and no
    // display for the prompt that would make one) is an error with a sentence: never a quiet
    // switch to memory, for this secret or the next.
    void keychainErrorIsAnErrorNotMemory()
    {
        if (m_mode != u"no-default-keyring")
            QSKIP("needs with-secret-service.sh --no-default-keyring without a display");
        KeychainSecretStore store(QStringLiteral("sfdesk-test"));
        QSignalSpy persistence(&store, &SecretStore::persistenceChanged);
        const QString key = newKey();
        SecretResult result =
            wait([&](auto done) { store.write(key, QStringLiteral("sk_live_x"), this, done); });
        QCOMPARE(result.status, SecretResult::Status::Error);
        QVERIFY2(result.error.contains(u"no default keyring"), qPrintable(result.error));
        QVERIFY(store.isPersistent());
        QCOMPARE(persistence.size(), 0);
        // Nothing was kept anywhere.
        result = wait([&](auto done) { store.read(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::NotFound);
        QVERIFY(result.persistent);
        // Kept for this run only when the caller says so, and read back from there.
        store.keepForThisRun(key, QStringLiteral("sk_live_x"));
        result = wait([&](auto done) { store.read(key, this, done); });
        QCOMPARE(result.secret, QStringLiteral("sk_live_x"));
        QVERIFY(!result.persistent);
        // The next write still goes to the keychain, and fails the same way.
        result = wait([&](auto done) { store.write(newKey(), QStringLiteral("sk_live_y"), this, done); });
        QCOMPARE(result.status, SecretResult::Status::Error);
        QVERIFY(store.isPersistent());
    }

    // A store that found no keychain keeps secrets in memory; its removal still asks the keychain,
    // which may have come up since (or kept the secret in an earlier run): Sign Out and Remove
    // Connection leave nothing behind there.
    void removalReachesAKeychainThatCameLater()
    {
        if (m_mode != u"no-secret-service")
            QSKIP("needs with-secret-service.sh --no-secret-service");
        KeychainSecretStore early(QStringLiteral("sfdesk-test"));
        const QString key = newKey();
        SecretResult result = wait([&](auto done) { early.read(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::NotFound);
        QVERIFY(!early.isPersistent());
        QVERIFY2(early.unavailableReason().contains(u"No system keychain"),
                 qPrintable(early.unavailableReason()));

        // The keychain comes up (the desktop's daemon started late), and holds the token (from
        // another run).
        QProcess daemon;
        daemon.start(QStringLiteral("gnome-keyring-daemon"),
                     {QStringLiteral("--unlock"), QStringLiteral("--components=secrets")});
        QVERIFY(daemon.waitForStarted());
        daemon.write("x");
        daemon.closeWriteChannel();
        QVERIFY(daemon.waitForFinished(20000));
        // The daemon takes its name on the bus a moment after it reports.
        QTRY_VERIFY_WITH_TIMEOUT(QDBusConnection::sessionBus().interface()->isServiceRegistered(
                                     QStringLiteral("org.freedesktop.secrets")),
                                 20000);
        KeychainSecretStore other(QStringLiteral("sfdesk-test"));
        result =
            wait([&](auto done) { other.write(key, QStringLiteral("sk_live_earlier_run"), this, done); });
        QVERIFY2(result.status == SecretResult::Status::Ok && result.persistent, qPrintable(result.error));

        result = wait([&](auto done) { early.remove(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::Ok);
        KeychainSecretStore later(QStringLiteral("sfdesk-test"));
        result = wait([&](auto done) { later.read(key, this, done); });
        QCOMPARE(result.status, SecretResult::Status::NotFound);
        QVERIFY(later.isPersistent());
    }
};

QTEST_GUILESS_MAIN(TestKeychainSecretStore)
#include "tst_keychainsecretstore.moc"
