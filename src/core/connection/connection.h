// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/httptransport.h"
#include "core/model/resources.h"
#include "core/settings/connectionprofile.h"

#include <QObject>
#include <QProcessEnvironment>
#include <QUrl>

#include <functional>
#include <memory>

namespace sfdesk {

class ApiClient;
class SecretStore;
class Session;

// A server the app runs itself for the local profile (the embedded simulator). It starts off the
// UI thread and reports its address and the token to use, or why it could not start.
class LocalServer : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalServer)

public:
    using QObject::QObject;
    ~LocalServer() override = default;
    virtual void start() = 0;
    // Whether its world can be reset (the local simulator's can), and the reset: the demo world or
    // an empty account, answered by worldReset() with the new token, or resetFailed().
    virtual bool canResetWorld() const { return false; }
    virtual void resetWorld(bool demo) { Q_UNUSED(demo); }

Q_SIGNALS:
    void started(const QUrl& serverUrl, const QString& token);
    void failed(const QString& reason);
    void worldReset(const QString& token);
    void resetFailed(const QString& reason);
};
using LocalServerFactory = std::function<std::unique_ptr<LocalServer>()>;

// One connection to an SF Compute API server: its profile, its client, its token and its live
// data (Session). The token is looked up (the environment for SF Compute's own address, then the
// keychain) and checked with GET /me before anything else is asked; without one the connection
// waits signed out and sends nothing. A 401 at any time signs it out and asks once for a token. A
// profile's CA certificates and proxy apply to this connection only; a file or proxy it cannot use
// fails the connection rather than being left out.
class Connection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Connection)

public:
    enum class State
    {
        Starting,  // the local server starts, or the token is being looked up
        SignedOut, // no token, or the server refused it: nothing is sent
        Checking,  // a token is being checked with GET /me
        Ready,     // signed in; the session runs
        Failed,    // the local server could not start
    };
    Q_ENUM(State)

    // network: where the client's transport comes from, asked when the client is made (after the
    // local server has started, for the local profile); a network that cannot be had fails the
    // connection with its reason.
    Connection(const ConnectionProfile& profile, SecretStore* secrets, NetworkAccess network,
               LocalServerFactory localServer = {},
               const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
               QObject* parent = nullptr);
    ~Connection() override;

    const ConnectionProfile& profile() const { return m_profile; }
    State state() const { return m_state; }
    // Null until the server's address is known (the local server has started).
    ApiClient* client() const { return m_client.get(); }
    Session* session() const { return m_session.get(); }
    Account account() const;
    QUrl serverUrl() const;
    // Where the token came from: "keychain", "memory", "SF_API_KEY", "simulator"; empty without one.
    QString tokenSource() const { return m_tokenSource; }
    // Why it failed or is signed out, or a note on how the token is kept; empty otherwise.
    QString problem() const { return m_problem; }
    // Whether the token can be changed here (the local simulator signs in by itself).
    bool acceptsTokens() const { return m_profile.kind != ConnectionProfile::Kind::LocalSimulator; }

    // Starts the local server or looks up the token; reports through stateChanged.
    void open();
    // Checks the token with GET /me; kept in the keychain only when the server accepts it. Then
    // signedIn(), or tokenNotKept() when the keychain did not keep it (the user decides: keep it
    // for this run only, try again, or cancel), or signInFailed().
    void signIn(const QString& token);
    // After tokenNotKept(), or while the keychain is still being waited for: signs in with the
    // checked token, kept in memory for this run only.
    void keepTokenForThisRun();
    // After tokenNotKept(): asks the keychain again.
    void retryKeepingToken();
    // Gives up a sign-in in progress: signed out, and the token is not kept (if the keychain
    // stores it after all, it is removed again).
    void cancelSignIn();
    bool signingIn() const { return m_state == State::Checking && m_signingIn; }
    // Whether tokens signed in now are kept across runs (false: there is no system keychain).
    bool keepsTokensAcrossRuns() const;
    // Forgets the token and removes it from the keychain, also when tokens are kept in memory
    // only; problem() says when it may still be there.
    void signOut();
    // The local simulator only: a new world (the demo or an empty account), then every list is
    // read again. Reports through worldReset() or worldResetFailed().
    bool canResetWorld() const { return m_localServer && m_localServer->canResetWorld(); }
    void resetWorld(bool demo);

Q_SIGNALS:
    void stateChanged(sfdesk::Connection::State state);
    void accountChanged();
    void signedIn();
    void signInFailed(const QString& reason);
    // The server accepted the token; the keychain is asked to keep it (its prompt may be up).
    void keepingToken();
    // The server accepted the token but the keychain did not keep it; the sign-in waits for
    // keepTokenForThisRun(), retryKeepingToken() or cancelSignIn().
    void tokenNotKept(const QString& reason);
    // The server refused the token (401) during the session: once, until signed in again.
    void signInRequired();
    void worldReset();
    void worldResetFailed(const QString& reason);

private:
    void setState(State state, const QString& problem = {});
    bool createClient(const QUrl& serverUrl, QString* why);
    void useToken(const QString& token, const QString& source);
    void becomeReady(const QString& note = {});
    void keepToken(quint64 check);
    void onUnauthorized();

    ConnectionProfile m_profile;
    SecretStore* m_secrets;
    NetworkAccess m_network;
    LocalServerFactory m_localServerFactory;
    QProcessEnvironment m_environment;
    std::unique_ptr<LocalServer> m_localServer;
    std::unique_ptr<ApiClient> m_client;
    std::unique_ptr<Session> m_session;
    State m_state = State::Starting;
    QString m_problem;
    QString m_tokenSource;
    Account m_checkedAccount;
    bool m_signInAsked = false;
    quint64 m_checks = 0;
    // A sign-in whose token the server accepted, while the keychain is asked to keep it.
    bool m_signingIn = false;
    QString m_checkedToken;
    // Writes into the keychain: the last one asked for, whether it is on its way, and one whose
    // sign-in was cancelled while it waited (removed again if it lands).
    quint64 m_writes = 0;
    bool m_writing = false;
    quint64 m_abandonedWrite = 0;
};

} // namespace sfdesk
