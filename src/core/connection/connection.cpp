// SPDX-License-Identifier: Apache-2.0

#include "core/connection/connection.h"

#include "common/logging.h"
#include "core/api/apiclient.h"
#include "core/models/session.h"
#include "core/settings/credentials.h"
#include "core/settings/secretstore.h"

#include <QMetaEnum>

namespace sfdesk {

using namespace Qt::StringLiterals;

Connection::Connection(const ConnectionProfile& profile, SecretStore* secrets, QNetworkAccessManager* network,
                       LocalServerFactory localServer, const QProcessEnvironment& environment,
                       QObject* parent)
    : QObject(parent)
    , m_profile(profile)
    , m_secrets(secrets)
    , m_network(network)
    , m_localServerFactory(std::move(localServer))
    , m_environment(environment)
{}

Connection::~Connection()
{
    // The session's calls go through the client, whose server may be the local one.
    m_session.reset();
    m_client.reset();
    m_localServer.reset();
}

Account Connection::account() const
{
    // Signed out, the connection speaks for nobody.
    if (m_state != State::Ready)
        return {};
    if (m_session && !m_session->account().accountId.isEmpty())
        return m_session->account();
    return m_checkedAccount;
}

QUrl Connection::serverUrl() const
{
    return m_client ? m_client->serverUrl() : m_profile.url;
}

void Connection::setState(State state, const QString& problem)
{
    const bool changed = state != m_state || problem != m_problem;
    m_state = state;
    m_problem = problem;
    if (changed) {
        // The state only: a problem may quote the server, which is not for the log.
        qCDebug(lcApi).noquote() << "connection" << m_profile.name << "is now"
                                 << QMetaEnum::fromType<State>().valueToKey(int(state));
        Q_EMIT stateChanged(state);
    }
}

void Connection::createClient(const QUrl& serverUrl)
{
    m_client = std::make_unique<ApiClient>(serverUrl, m_network);
    m_session = std::make_unique<Session>(m_client.get());
    connect(m_client.get(), &ApiClient::unauthorized, this, &Connection::onUnauthorized);
    connect(m_session.get(), &Session::accountChanged, this, &Connection::accountChanged);
}

void Connection::open()
{
    setState(State::Starting);
    if (m_profile.kind == ConnectionProfile::Kind::LocalSimulator) {
        if (!m_localServerFactory) {
            setState(State::Failed, tr("This build has no local simulator."));
            return;
        }
        m_localServer = m_localServerFactory();
        connect(m_localServer.get(), &LocalServer::started, this,
                [this](const QUrl& serverUrl, const QString& token) {
                    createClient(serverUrl);
                    useToken(token, u"simulator"_s);
                });
        connect(m_localServer.get(), &LocalServer::failed, this,
                [this](const QString& reason) { setState(State::Failed, reason); });
        connect(m_localServer.get(), &LocalServer::worldReset, this, [this](const QString& token) {
            // The old world's token is gone with it: the session goes on with the new one.
            if (m_client)
                m_client->setToken(token);
            if (m_session && m_state == State::Ready) {
                m_session->start();
                m_session->refreshAll();
            }
            Q_EMIT worldReset();
        });
        connect(m_localServer.get(), &LocalServer::resetFailed, this, [this](const QString& reason) {
            if (m_session && m_state == State::Ready)
                m_session->start();
            Q_EMIT worldResetFailed(reason);
        });
        m_localServer->start();
        return;
    }
    createClient(m_profile.url);
    Credentials::tokenFor(m_profile, m_secrets, m_environment, this, [this](const Credentials::Token& token) {
        if (!token.value.isEmpty()) {
            useToken(token.value, token.source);
            return;
        }
        setState(State::SignedOut, token.error);
        // Nothing to sign in with: ask, once.
        if (!m_signInAsked) {
            m_signInAsked = true;
            Q_EMIT signInRequired();
        }
    });
}

void Connection::resetWorld(bool demo)
{
    if (!canResetWorld())
        return;
    // Nothing is asked of the world while it is replaced (its token would be refused mid-way).
    if (m_session)
        m_session->stop();
    m_localServer->resetWorld(demo);
}

void Connection::useToken(const QString& token, const QString& source)
{
    m_tokenSource = source;
    m_client->setToken(token);
    setState(State::Checking);
    const quint64 check = ++m_checks;
    m_client->me()
        .onSuccess(this,
                   [this, check](const Account& account) {
                       if (check != m_checks)
                           return;
                       m_checkedAccount = account;
                       becomeReady();
                   })
        .onFailure(this, [this, check](const ApiError& error) {
            if (check != m_checks)
                return;
            if (error.reason() == ApiError::Reason::TokenRejected) {
                m_client->setToken({});
                m_tokenSource.clear();
                setState(State::SignedOut, error.message());
                return;
            }
            // The server is away, not the token wrong: work with it; the session keeps checking.
            becomeReady();
        });
}

void Connection::becomeReady()
{
    m_signInAsked = false;
    QString note;
    if (m_tokenSource == u"memory" || (!m_secrets->isPersistent() && acceptsTokens()))
        note = m_secrets->unavailableReason();
    setState(State::Ready, note);
    Q_EMIT accountChanged();
    m_session->start();
}

void Connection::signIn(const QString& token)
{
    const QString trimmed = token.trimmed();
    if (!m_client || !acceptsTokens())
        return;
    if (trimmed.isEmpty()) {
        Q_EMIT signInFailed(tr("Enter an API token."));
        return;
    }
    m_session->stop();
    m_client->setToken(trimmed);
    setState(State::Checking);
    const quint64 check = ++m_checks;
    m_client->me()
        .onSuccess(this,
                   [this, check, trimmed](const Account& account) {
                       if (check != m_checks)
                           return;
                       m_checkedAccount = account;
                       m_secrets->write(m_profile.secretKey(), trimmed, this,
                                        [this, check](const SecretResult& result) {
                                            if (check != m_checks)
                                                return;
                                            m_tokenSource = result.persistent ? u"keychain"_s : u"memory"_s;
                                            becomeReady();
                                            if (result.status == SecretResult::Status::Error)
                                                setState(State::Ready, result.error);
                                            Q_EMIT signedIn();
                                        });
                   })
        .onFailure(this, [this, check](const ApiError& error) {
            if (check != m_checks)
                return;
            m_client->setToken({});
            m_tokenSource.clear();
            const QString reason = error.reason() == ApiError::Reason::TokenRejected
                                       ? tr("The server did not accept this token. Nothing was stored.")
                                       : tr("The token could not be checked: %1").arg(error.message());
            setState(State::SignedOut, reason);
            Q_EMIT signInFailed(reason);
        });
}

void Connection::signOut()
{
    if (!acceptsTokens())
        return;
    ++m_checks;
    if (m_session)
        m_session->stop();
    if (m_client)
        m_client->setToken({});
    m_tokenSource.clear();
    m_checkedAccount = {};
    setState(State::SignedOut);
    Q_EMIT accountChanged();
    m_secrets->remove(m_profile.secretKey(), this, [this](const SecretResult& result) {
        if (result.status == SecretResult::Status::Error)
            setState(State::SignedOut, result.error);
    });
}

void Connection::onUnauthorized()
{
    if (m_state != State::Ready)
        return;
    if (m_session)
        m_session->stop();
    if (m_client)
        m_client->setToken({});
    setState(State::SignedOut, tr("The server no longer accepts the token of this connection."));
    if (!m_signInAsked && acceptsTokens()) {
        m_signInAsked = true;
        Q_EMIT signInRequired();
    }
}

} // namespace sfdesk
