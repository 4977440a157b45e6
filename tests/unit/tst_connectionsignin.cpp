// SPDX-License-Identifier: Apache-2.0

// Connection's sign-in and sign-out when the keychain is slow or fails, against the real sfsim:
// the keychain is a store the test answers for (the real one, with gnome-keyring, is in
// tests/keychain). Nothing may be said kept that was not, and nothing kept that the user gave up.
#include "core/api/apiclient.h"
#include "core/connection/connection.h"
#include "core/settings/secretstore.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// A keychain whose answers wait until the test gives them, as a keyring prompt makes them wait.
class HeldSecretStore final : public SecretStore
{
    Q_OBJECT

public:
    struct Pending
    {
        QString operation;
        QString key;
        QString secret;
        QPointer<QObject> context;
        Callback done;
    };

    void read(const QString& key, QObject* context, Callback done) override
    {
        SecretResult result;
        if (m_memory.contains(key)) {
            result.secret = m_memory.value(key);
            result.persistent = false;
        } else if (keychain.contains(key)) {
            result.secret = keychain.value(key);
        } else {
            result.status = SecretResult::Status::NotFound;
        }
        QMetaObject::invokeMethod(context, [done, result] { done(result); }, Qt::QueuedConnection);
    }
    void write(const QString& key, const QString& secret, QObject* context, Callback done) override
    {
        pending.append({u"write"_s, key, secret, context, std::move(done)});
    }
    void remove(const QString& key, QObject* context, Callback done) override
    {
        m_memory.remove(key);
        pending.append({u"remove"_s, key, {}, context, std::move(done)});
    }
    void keepForThisRun(const QString& key, const QString& secret) override { m_memory.insert(key, secret); }
    bool isPersistent() const override { return true; }
    QString unavailableReason() const override { return {}; }

    // Answers the oldest question, as the keychain does (one job at a time, in order).
    void answer(SecretResult result)
    {
        const Pending next = pending.takeFirst();
        if (result.status == SecretResult::Status::Ok && next.operation == u"write") {
            keychain.insert(next.key, next.secret);
            m_memory.remove(next.key);
        } else if (result.status == SecretResult::Status::Ok && next.operation == u"remove") {
            keychain.remove(next.key);
        }
        if (next.context)
            next.done(result);
    }
    bool inMemory(const QString& key) const { return m_memory.contains(key); }

    QList<Pending> pending;
    QHash<QString, QString> keychain;

private:
    QHash<QString, QString> m_memory;
};

SecretResult failure(const QString& why)
{
    SecretResult result;
    result.status = SecretResult::Status::Error;
    result.error = why;
    return result;
}

} // namespace

class TestConnectionSignIn final : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        explicit Fixture(const QUrl& url)
            : profile(ConnectionProfile::custom(u"Staging"_s, url))
            , connection(profile, &store, &network, {}, QProcessEnvironment())
        {}
        HeldSecretStore store;
        QNetworkAccessManager network;
        ConnectionProfile profile;
        Connection connection;
    };

    // Opens the connection and signs in with a good token, up to where the keychain is asked.
    void signInUpToTheKeychain(Fixture& f)
    {
        f.connection.open();
        QTRY_COMPARE(f.connection.state(), Connection::State::SignedOut);
        QSignalSpy keeping(&f.connection, &Connection::keepingToken);
        f.connection.signIn(m_token);
        QVERIFY(f.connection.signingIn());
        QVERIFY(keeping.wait(20000));
        QCOMPARE(f.store.pending.size(), 1);
        QCOMPARE(f.store.pending.first().operation, u"write"_s);
        // Waiting on the keychain is not signed in yet.
        QCOMPARE(f.connection.state(), Connection::State::Checking);
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
        m_token = m_sim.token(u"acme-owner"_s);
    }

    // The keychain keeps it: signed in, from the keychain.
    void keptInTheKeychain()
    {
        Fixture f(m_sim.baseUrl());
        signInUpToTheKeychain(f);
        QSignalSpy signedIn(&f.connection, &Connection::signedIn);
        f.store.answer({});
        QCOMPARE(signedIn.size(), 1);
        QCOMPARE(f.connection.state(), Connection::State::Ready);
        QCOMPARE(f.connection.tokenSource(), u"keychain"_s);
        QVERIFY(f.connection.problem().isEmpty());
        QCOMPARE(f.store.keychain.value(f.profile.secretKey()), m_token);
    }

    // The keychain fails: not signed in, said why, and the user decides. Kept for this run only
    // when they choose it, and said so.
    void keychainErrorAsksAndKeepsForThisRunOnly()
    {
        Fixture f(m_sim.baseUrl());
        signInUpToTheKeychain(f);
        QSignalSpy signedIn(&f.connection, &Connection::signedIn);
        QSignalSpy notKept(&f.connection, &Connection::tokenNotKept);
        f.store.answer(failure(u"The system keychain is locked."_s));
        QCOMPARE(notKept.size(), 1);
        const QString why = notKept.first().first().toString();
        QVERIFY2(why.contains(u"did not keep it") && why.contains(u"locked"), qPrintable(why));
        QCOMPARE(signedIn.size(), 0);
        QCOMPARE(f.connection.state(), Connection::State::Checking);
        QVERIFY(f.connection.account().accountId.isEmpty());

        f.connection.keepTokenForThisRun();
        QCOMPARE(signedIn.size(), 1);
        QCOMPARE(f.connection.state(), Connection::State::Ready);
        QCOMPARE(f.connection.tokenSource(), u"memory"_s);
        QVERIFY2(f.connection.problem().contains(u"for this run only"), qPrintable(f.connection.problem()));
        QVERIFY(f.store.inMemory(f.profile.secretKey()));
        QVERIFY(!f.store.keychain.contains(f.profile.secretKey()));
    }

    // Try Again after an error: the keychain keeps it the second time.
    void keychainErrorThenTryAgain()
    {
        Fixture f(m_sim.baseUrl());
        signInUpToTheKeychain(f);
        QSignalSpy signedIn(&f.connection, &Connection::signedIn);
        QSignalSpy keeping(&f.connection, &Connection::keepingToken);
        f.store.answer(failure(u"The keychain's password prompt was closed without an answer."_s));
        QCOMPARE(signedIn.size(), 0);
        f.connection.retryKeepingToken();
        QCOMPARE(keeping.size(), 1);
        QCOMPARE(f.store.pending.size(), 1);
        f.store.answer({});
        QCOMPARE(signedIn.size(), 1);
        QCOMPARE(f.connection.tokenSource(), u"keychain"_s);
    }

    // While the keychain's prompt waits, the user may go on for this run only; when the keychain
    // keeps it after all, the connection says so.
    void thisRunOnlyWhileWaitingThenKept()
    {
        Fixture f(m_sim.baseUrl());
        signInUpToTheKeychain(f);
        f.connection.keepTokenForThisRun();
        QCOMPARE(f.connection.state(), Connection::State::Ready);
        QCOMPARE(f.connection.tokenSource(), u"memory"_s);
        QVERIFY(f.connection.problem().contains(u"until the system keychain keeps it"));
        f.store.answer({});
        QCOMPARE(f.connection.tokenSource(), u"keychain"_s);
        QVERIFY(f.connection.problem().isEmpty());
    }

    // Cancelled while the keychain's prompt waits: signed out; when the keychain stores the token
    // after all, it is removed again, so that no later run signs in with a token the user gave up.
    void cancelWhileWaitingLeavesNothingKept()
    {
        Fixture f(m_sim.baseUrl());
        signInUpToTheKeychain(f);
        f.connection.cancelSignIn();
        QCOMPARE(f.connection.state(), Connection::State::SignedOut);
        QVERIFY(!f.connection.client()->hasToken());
        f.store.answer({}); // the prompt was answered after all
        QCOMPARE(f.store.keychain.value(f.profile.secretKey()), m_token);
        QCOMPARE(f.store.pending.size(), 1);
        QCOMPARE(f.store.pending.first().operation, u"remove"_s);
        f.store.answer({});
        QVERIFY(!f.store.keychain.contains(f.profile.secretKey()));
    }

    // Sign Out when the keychain cannot remove the token: said, in the connection's problem.
    void signOutErrorIsSaid()
    {
        Fixture f(m_sim.baseUrl());
        signInUpToTheKeychain(f);
        f.store.answer({});
        QCOMPARE(f.connection.state(), Connection::State::Ready);
        f.connection.signOut();
        QCOMPARE(f.connection.state(), Connection::State::SignedOut);
        QCOMPARE(f.store.pending.size(), 1);
        f.store.answer(failure(u"The system keychain is locked."_s));
        QVERIFY2(f.connection.problem().contains(u"may still be in the system keychain")
                     && f.connection.problem().contains(u"locked"),
                 qPrintable(f.connection.problem()));
    }

private:
    SimProcess m_sim;
    QString m_token;
};

QTEST_GUILESS_MAIN(TestConnectionSignIn)
#include "tst_connectionsignin.moc"
