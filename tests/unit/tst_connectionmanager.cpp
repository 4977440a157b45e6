// SPDX-License-Identifier: Apache-2.0

// The connection profiles and the one current connection, against the real sfsim: the local
// profile's simulator runs in process (as the app's embedded one does), a custom profile's server
// is sfsim in a process of its own. What follows the connection's data only subscribes to the
// manager: it must be handed the session when there is one, and null before another connection
// replaces it.
#include "common/constvalue.h"
#include "core/connection/connectionmanager.h"
#include "core/models/session.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "gui/controlledsimulator.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr int Timeout = 30000;

} // namespace

class TestConnectionManager final : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        explicit Fixture(const QString& dir)
            : settings(dir + u"/settings.ini"_s)
            , manager(ConnectionManager::Services{
                  &settings, &secrets, &network,
                  [dir, this] { return std::make_unique<ControlledSimulator>(dir + u"/local"_s, &api); },
                  QProcessEnvironment()})
        {
            // Every hand-over in order: a session's address, or null.
            QObject::connect(&manager, &ConnectionManager::sessionChanged, &manager,
                             [this](Session* session) { sessions.append(session); });
        }
        Settings settings;
        MemorySecretStore secrets;
        QNetworkAccessManager network;
        SimClient api;
        ConnectionManager manager;
        QList<QPointer<Session>> sessions;
    };

    static bool becomesReady(const ConnectionManager& manager)
    {
        return QTest::qWaitFor(
            [&manager] {
                return manager.connection() && manager.connection()->state() == Connection::State::Ready;
            },
            Timeout);
    }

    // A custom profile for the separate sfsim, its token in the keychain.
    ConnectionProfile staging(Fixture& f) const
    {
        const ConnectionProfile profile = ConnectionProfile::custom(u"Staging"_s, m_sim.baseUrl());
        f.secrets.keepForThisRun(profile.secretKey(), m_sim.token(u"acme-owner"_s));
        f.manager.addProfile(profile);
        return profile;
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
    }

    // A first start lists the built-in profiles and opens the local simulator, saved as current;
    // its session is handed over once it is signed in.
    void firstStartOpensTheLocalSimulator()
    {
        QTemporaryDir dir;
        Fixture f(dir.path());
        QCOMPARE(f.manager.connection(), nullptr);
        QCOMPARE(f.manager.profile().id, ConnectionProfile::localSimulator().id);
        QSignalSpy current(&f.manager, &ConnectionManager::currentChanged);
        f.manager.start();
        QCOMPARE(current.size(), 1);
        QCOMPARE(current.first().first().value<ConnectionProfile>().id,
                 ConnectionProfile::localSimulator().id);
        QStringList ids;
        for (const ConnectionProfile& profile : constValue(f.manager.profiles()))
            ids << profile.id;
        QCOMPARE(ids,
                 (QStringList{ConnectionProfile::localSimulator().id, ConnectionProfile::sfCompute().id}));
        QCOMPARE(f.settings.currentProfileId(), ConnectionProfile::localSimulator().id);
        QCOMPARE(f.manager.session(), nullptr);
        QVERIFY(becomesReady(f.manager));
        QCOMPARE(f.sessions.size(), 1);
        QVERIFY(f.sessions.first());
        QCOMPARE(f.sessions.first().data(), f.manager.connection()->session());
        QCOMPARE(f.manager.session(), f.manager.connection()->session());
        QCOMPARE(f.manager.connection()->tokenSource(), u"simulator"_s);
    }

    // Switching: the old session is taken back (null) before the new connection is current, and
    // gone with it; the new one's session follows once it is signed in, and the choice is kept.
    void switchingHandsOverTheNewSession()
    {
        QTemporaryDir dir;
        Fixture f(dir.path());
        f.manager.start();
        QVERIFY(becomesReady(f.manager));
        const QPointer<Session> local = f.manager.session();
        const ConnectionProfile profile = staging(f);

        QList<QString> order;
        connect(&f.manager, &ConnectionManager::aboutToChange, this,
                [&order] { order << u"aboutToChange"_s; });
        connect(&f.manager, &ConnectionManager::sessionChanged, this,
                [&order](Session* session) { order << (session ? u"session"_s : u"null"_s); });
        connect(&f.manager, &ConnectionManager::currentChanged, this,
                [&order](const ConnectionProfile& p) { order << u"current "_s + p.name; });
        f.manager.connectTo(profile);
        QCOMPARE(order, (QList<QString>{u"aboutToChange"_s, u"null"_s, u"current Staging"_s}));
        QVERIFY(!local);
        QCOMPARE(f.manager.session(), nullptr);
        QCOMPARE(f.manager.profile().id, profile.id);
        QCOMPARE(f.settings.currentProfileId(), profile.id);
        QVERIFY(becomesReady(f.manager));
        QCOMPARE(order.last(), u"session"_s);
        QCOMPARE(f.manager.session(), f.manager.connection()->session());
        QCOMPARE(f.manager.connection()->serverUrl(), m_sim.baseUrl());
        QCOMPARE(f.manager.connection()->tokenSource(), u"memory"_s);

        // The same profile again changes nothing.
        order.clear();
        f.manager.connectTo(profile);
        QVERIFY(order.isEmpty());

        // A sign-out takes the session back; the connection stays current, signed out.
        f.manager.signOut();
        QTRY_COMPARE(f.manager.connection()->state(), Connection::State::SignedOut);
        QCOMPARE(order, (QList<QString>{u"null"_s}));
        QCOMPARE(f.manager.session(), nullptr);
    }

    // A changed profile of the current connection opens it again with its settings; another's is
    // only saved.
    void updatingTheCurrentProfileReopensIt()
    {
        QTemporaryDir dir;
        Fixture f(dir.path());
        f.manager.start();
        QVERIFY(becomesReady(f.manager));
        ConnectionProfile profile = staging(f);
        f.manager.connectTo(profile);
        QVERIFY(becomesReady(f.manager));
        const QPointer<Connection> before = f.manager.connection();

        ConnectionProfile other = ConnectionProfile::sfCompute();
        other.proxy = QUrl(u"http://proxy.example:3128"_s);
        QSignalSpy current(&f.manager, &ConnectionManager::currentChanged);
        f.manager.updateProfile(other);
        QCOMPARE(current.size(), 0);
        QCOMPARE(before.data(), f.manager.connection());

        profile.name = u"Staging (renamed)"_s;
        f.manager.updateProfile(profile);
        QCOMPARE(current.size(), 1);
        QVERIFY(!before);
        QCOMPARE(f.manager.connection()->profile().name, profile.name);
        QCOMPARE(f.settings.currentProfile().name, profile.name);
        QVERIFY(becomesReady(f.manager));
    }

    // --server: its own profile, listed and found again, never saved as current.
    void startWithServerKeepsItsProfile()
    {
        QTemporaryDir dir;
        QString id;
        {
            Fixture f(dir.path());
            f.manager.start();
            QVERIFY(becomesReady(f.manager));
            Fixture second(dir.path());
            second.manager.startWithServer(m_sim.baseUrl());
            id = second.manager.profile().id;
            QVERIFY(second.manager.profile().isForServerOption());
            QCOMPARE(second.settings.currentProfileId(), ConnectionProfile::localSimulator().id);
            QTRY_COMPARE_WITH_TIMEOUT(second.manager.connection()->state(), Connection::State::SignedOut,
                                      Timeout);
            QCOMPARE(second.manager.session(), nullptr);
            QCOMPARE(second.sessions.size(), 0);
        }
        Fixture again(dir.path());
        const QList<ConnectionProfile> profiles = again.manager.profiles();
        QCOMPARE(std::count_if(profiles.cbegin(), profiles.cend(),
                               [&id](const ConnectionProfile& p) { return p.id == id; }),
                 1);
        again.manager.startWithServer(m_sim.baseUrl());
        QCOMPARE(again.manager.profiles().size(), profiles.size());
        QCOMPARE(again.manager.profile().id, id);
    }

    // A custom profile goes with its token, never while it is the current one.
    void forgettingAProfileRemovesItsToken()
    {
        QTemporaryDir dir;
        Fixture f(dir.path());
        f.manager.start();
        const ConnectionProfile profile = staging(f);
        QSignalSpy forgotten(&f.manager, &ConnectionManager::profileForgotten);
        f.manager.forgetProfile(ConnectionProfile::sfCompute());
        f.manager.connectTo(profile);
        // Both refused at once, without asking the keychain.
        f.manager.forgetProfile(profile);
        QCOMPARE(forgotten.size(), 0);
        QVERIFY(f.secrets.contains(profile.secretKey()));

        f.manager.connectTo(ConnectionProfile::localSimulator());
        f.manager.forgetProfile(profile);
        QVERIFY(forgotten.wait(Timeout));
        QVERIFY(forgotten.first().at(1).toString().contains(u"Staging"));
        QVERIFY(!f.secrets.contains(profile.secretKey()));
        for (const ConnectionProfile& kept : constValue(f.manager.profiles()))
            QVERIFY(kept.id != profile.id);
    }

private:
    SimProcess m_sim;
};

QTEST_GUILESS_MAIN(TestConnectionManager)
#include "tst_connectionmanager.moc"
