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

Connection::Connection(const ConnectionProfile& profile, SecretStore* secrets, NetworkAccess network,
                       LocalServerFactory localServer, const QProcessEnvironment& environment,
                       QObject* parent)
    : QObject(parent)
    , m_profile(profile)
    , m_secrets(secrets)
    , m_network(std::move(network))
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

bool Connection::createClient(const QUrl& serverUrl, QString* why)
{
    const std::shared_ptr<HttpNetwork> network = m_network.network(why);
    if (!network)
        return false;
    // The profile's own trust and proxy, or none of it: a file that cannot be read is an error,
    // never a quiet fall back to the system's settings.
    QByteArray authorities;
    if (!m_profile.caCertificates.isEmpty()) {
        const auto read = ApiClient::readCaCertificates(m_profile.caCertificates, *network, why);
        if (!read)
            return false;
        authorities = *read;
    }
    std::optional<HttpProxy> proxy;
    if (!m_profile.proxy.isEmpty()) {
        proxy = ApiClient::proxyFromUrl(m_profile.proxy, why);
        if (!proxy)
            return false;
    }
    // A network access of its own: Qt reuses an open connection to the same host and port whatever
    // the request's TLS settings, so a connection trusted through this profile's CA must never
    // serve another, nor one of another's serve this.
    std::unique_ptr<HttpTransport> transport =
        proxy || !authorities.isEmpty() ? network->ownTransport(proxy) : network->sharedTransport();
    m_client = std::make_unique<ApiClient>(serverUrl, network, std::move(transport));
    if (!authorities.isEmpty())
        m_client->setExtraCaCertificates(authorities);
    m_session = std::make_unique<Session>(m_client.get());
    connect(m_client.get(), &ApiClient::unauthorized, this, &Connection::onUnauthorized);
    connect(m_session.get(), &Session::accountChanged, this, &Connection::accountChanged);
    return true;
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
                    QString why;
                    if (!createClient(serverUrl, &why)) {
                        setState(State::Failed, why);
                        return;
                    }
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
    if (QString why; !createClient(m_profile.url, &why)) {
        setState(State::Failed, tr("Nothing is sent to this server: %1").arg(why));
        return;
    }
    Credentials::tokenFor(m_profile, m_secrets, m_environment, this, [this](const Credentials::Token& token) {
        if (!token.value.isEmpty()) {
            useToken(token.value, token.source);
            return;
        }
        setState(State::SignedOut,
                 token.error.isEmpty()
                     ? QString()
                     : tr("The token of this connection could not be read from the system keychain. %1")
                           .arg(token.error));
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

void Connection::becomeReady(const QString& note)
{
    m_signInAsked = false;
    QString said = note;
    if (said.isEmpty() && (m_tokenSource == u"memory" || (!m_secrets->isPersistent() && acceptsTokens())))
        said = m_secrets->isPersistent() ? tr("The token is kept for this run only.")
                                         : m_secrets->unavailableReason();
    setState(State::Ready, said);
    Q_EMIT accountChanged();
    m_session->start();
}

bool Connection::keepsTokensAcrossRuns() const
{
    return m_secrets->isPersistent();
}

void Connection::signIn(const QString& token)
{
    const QString trimmed = token.trimmed();
    if (!acceptsTokens())
        return;
    if (!m_client) {
        Q_EMIT signInFailed(m_problem.isEmpty() ? tr("This connection is not open.") : m_problem);
        return;
    }
    if (trimmed.isEmpty()) {
        Q_EMIT signInFailed(tr("Enter an API token."));
        return;
    }
    m_session->stop();
    m_client->setToken(trimmed);
    m_checkedToken.clear();
    m_signingIn = true;
    setState(State::Checking);
    const quint64 check = ++m_checks;
    m_client->me()
        .onSuccess(this,
                   [this, check, trimmed](const Account& account) {
                       if (check != m_checks)
                           return;
                       m_checkedAccount = account;
                       m_checkedToken = trimmed;
                       Q_EMIT keepingToken();
                       keepToken(check);
                   })
        .onFailure(this, [this, check](const ApiError& error) {
            if (check != m_checks)
                return;
            m_signingIn = false;
            m_client->setToken({});
            m_tokenSource.clear();
            QString reason = error.reason() == ApiError::Reason::TokenRejected
                                 ? tr("The server did not accept this token. Nothing was stored.")
                                 : tr("The token could not be checked: %1").arg(error.message());
            if (error.kind() == ApiError::Kind::Tls && m_profile.caCertificates.isEmpty())
                reason += u' '
                          + tr("If the server's certificate comes from your organisation's own CA, choose "
                               "that CA's PEM file under Network in File > Connections.");
            setState(State::SignedOut, reason);
            Q_EMIT signInFailed(reason);
        });
}

void Connection::keepToken(quint64 check)
{
    const quint64 write = ++m_writes;
    m_writing = true;
    m_secrets->write(
        m_profile.secretKey(), m_checkedToken, this, [this, check, write](const SecretResult& result) {
            if (write == m_writes)
                m_writing = false;
            const bool kept = result.status == SecretResult::Status::Ok && result.persistent;
            if (check != m_checks) {
                // Cancelled while the keychain was asked, and nothing asked of it since: what it kept
                // after all goes again.
                if (kept && write == m_abandonedWrite && write == m_writes)
                    m_secrets->remove(m_profile.secretKey(), this, [](const SecretResult&) {});
                return;
            }
            if (!m_signingIn) {
                // Signed in for this run while the keychain was asked: it has the token now, or not.
                if (kept) {
                    m_tokenSource = u"keychain"_s;
                    setState(State::Ready);
                } else if (result.status == SecretResult::Status::Error) {
                    setState(State::Ready, tr("The token is kept for this run only. %1").arg(result.error));
                }
                return;
            }
            if (result.status == SecretResult::Status::Error) {
                Q_EMIT tokenNotKept(
                    tr("The server accepted the token, but the system keychain did not keep it. %1")
                        .arg(result.error));
                return;
            }
            m_signingIn = false;
            m_checkedToken.clear();
            m_tokenSource = kept ? u"keychain"_s : u"memory"_s;
            becomeReady();
            Q_EMIT signedIn();
        });
}

void Connection::keepTokenForThisRun()
{
    if (!m_signingIn || m_checkedToken.isEmpty() || m_state != State::Checking)
        return;
    m_secrets->keepForThisRun(m_profile.secretKey(), m_checkedToken);
    m_signingIn = false;
    m_checkedToken.clear();
    m_tokenSource = u"memory"_s;
    becomeReady(m_writing ? tr("The token is kept for this run only, until the system keychain keeps it.")
                          : tr("The token is kept for this run only: sfdesk asks for it again next time."));
    Q_EMIT signedIn();
}

void Connection::retryKeepingToken()
{
    if (!m_signingIn || m_checkedToken.isEmpty() || m_state != State::Checking || m_writing)
        return;
    Q_EMIT keepingToken();
    keepToken(m_checks);
}

void Connection::cancelSignIn()
{
    if (!m_signingIn || m_state != State::Checking)
        return;
    ++m_checks;
    if (m_writing)
        m_abandonedWrite = m_writes;
    m_signingIn = false;
    m_checkedToken.clear();
    m_client->setToken({});
    m_tokenSource.clear();
    m_checkedAccount = {};
    setState(State::SignedOut, tr("Not signed in: the sign-in was cancelled and the token not kept."));
    Q_EMIT accountChanged();
}

void Connection::signOut()
{
    if (!acceptsTokens())
        return;
    const quint64 check = ++m_checks;
    m_signingIn = false;
    m_checkedToken.clear();
    if (m_session)
        m_session->stop();
    if (m_client)
        m_client->setToken({});
    m_tokenSource.clear();
    m_checkedAccount = {};
    setState(State::SignedOut);
    Q_EMIT accountChanged();
    m_secrets->remove(m_profile.secretKey(), this, [this, check](const SecretResult& result) {
        if (check != m_checks)
            return;
        if (result.status == SecretResult::Status::Error)
            setState(State::SignedOut,
                     tr("Signed out, but the token may still be in the system keychain: sfdesk could not "
                        "remove it. %1")
                         .arg(result.error));
        else if (!result.persistent)
            setState(State::SignedOut, tr("Signed out. No system keychain could be reached: if one kept a "
                                          "token for this connection in an earlier run, it is still there."));
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
