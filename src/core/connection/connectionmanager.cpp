// SPDX-License-Identifier: Apache-2.0

#include "core/connection/connectionmanager.h"

#include "core/api/apiclient.h"
#include "core/api/imageupload.h"
#include "core/models/session.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"

#include <QStandardPaths>
#include <QUrl>

#include <algorithm>

namespace sfdesk {

ConnectionManager::ConnectionManager(const Services& services, QObject* parent)
    : QObject(parent)
    , m_services(services)
{
    Q_ASSERT(services.settings && services.secrets && !services.network.isNull());
}

ConnectionManager::~ConnectionManager()
{
    // A connection still opening reports its state as it goes; nobody listens any more.
    if (m_connection)
        m_connection->disconnect(this);
}

ConnectionProfile ConnectionManager::profile() const
{
    return m_connection ? m_connection->profile() : m_services.settings->currentProfile();
}

Session* ConnectionManager::session() const
{
    return m_session;
}

QList<ConnectionProfile> ConnectionManager::profiles() const
{
    return m_services.settings->profiles();
}

QString ConnectionManager::profileFile(const QString& folder, const QString& profileId)
{
    return folder + u'/' + QString::fromLatin1(QUrl::toPercentEncoding(profileId)) + QStringLiteral(".json");
}

void ConnectionManager::ensureProfiles()
{
    // The local simulator and SF Compute are always there to choose.
    Settings* settings = m_services.settings;
    QList<ConnectionProfile> profiles = settings->profiles();
    bool changed = false;
    for (const ConnectionProfile& builtIn :
         {ConnectionProfile::localSimulator(), ConnectionProfile::sfCompute()}) {
        const bool present =
            std::any_of(profiles.cbegin(), profiles.cend(),
                        [&builtIn](const ConnectionProfile& p) { return p.id == builtIn.id; });
        if (!present) {
            profiles.append(builtIn);
            changed = true;
        }
    }
    if (changed)
        settings->setProfiles(profiles);
}

void ConnectionManager::start()
{
    const bool firstStart = m_services.settings->profiles().isEmpty();
    ensureProfiles();
    if (firstStart)
        m_services.settings->setCurrentProfileId(ConnectionProfile::localSimulator().id);
    open(m_services.settings->currentProfile(), false);
}

void ConnectionManager::startWithServer(const QUrl& url)
{
    ensureProfiles();
    // One profile per server address, kept: the next run with the same address finds its token in
    // the keychain and its orders of unknown outcome, and Connections lists it (and removes it).
    ConnectionProfile profile = ConnectionProfile::forServer(url);
    QList<ConnectionProfile> profiles = m_services.settings->profiles();
    const auto known = std::find_if(profiles.cbegin(), profiles.cend(),
                                    [&profile](const ConnectionProfile& p) { return p.id == profile.id; });
    if (known != profiles.cend()) {
        profile = *known;
    } else {
        profiles.append(profile);
        m_services.settings->setProfiles(profiles);
    }
    open(profile, false);
}

void ConnectionManager::addProfile(const ConnectionProfile& profile)
{
    QList<ConnectionProfile> profiles = m_services.settings->profiles();
    profiles.append(profile);
    m_services.settings->setProfiles(profiles);
}

void ConnectionManager::updateProfile(const ConnectionProfile& profile)
{
    QList<ConnectionProfile> profiles = m_services.settings->profiles();
    const auto it = std::find_if(profiles.begin(), profiles.end(),
                                 [&profile](const ConnectionProfile& p) { return p.id == profile.id; });
    if (it == profiles.end())
        return;
    *it = profile;
    m_services.settings->setProfiles(profiles);
    // The current connection takes it at once: its client is made again, with the new settings.
    if (m_connection && m_connection->profile().id == profile.id)
        open(profile, false);
}

void ConnectionManager::connectTo(const ConnectionProfile& profile)
{
    if (profile.id.isEmpty() || (m_connection && m_connection->profile().id == profile.id))
        return;
    open(profile, true);
}

void ConnectionManager::signOut()
{
    if (m_connection)
        m_connection->signOut();
}

void ConnectionManager::close()
{
    if (!m_connection)
        return;
    Q_EMIT aboutToChange();
    // Nothing of the old connection may show, or answer, once the new one is chosen.
    if (m_session) {
        m_session = nullptr;
        Q_EMIT sessionChanged(nullptr);
    }
    m_connection->disconnect(this);
    m_connection.reset();
}

void ConnectionManager::open(const ConnectionProfile& profile, bool remember)
{
    close();
    if (remember)
        m_services.settings->setCurrentProfileId(profile.id);
    m_connection = std::make_unique<Connection>(profile, m_services.secrets, m_services.network,
                                                m_services.localServer, m_services.environment);
    Connection* connection = m_connection.get();
    connect(connection, &Connection::stateChanged, this, [this](Connection::State state) {
        bindSession();
        Q_EMIT stateChanged(state);
    });
    connect(connection, &Connection::accountChanged, this, &ConnectionManager::accountChanged);
    Q_EMIT currentChanged(profile);
    connection->open();
}

void ConnectionManager::bindSession()
{
    Connection* connection = m_connection.get();
    // What shows the connection's data reads its one session once it is ready.
    Session* session =
        connection && connection->state() == Connection::State::Ready ? connection->session() : nullptr;
    if (m_session == session)
        return;
    // Image uploads left unfinished, per profile: a restart offers to go on with them.
    if (session)
        session->imageUploads()->setStateFile(
            profileFile(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                            + QStringLiteral("/image-uploads"),
                        connection->profile().id));
    m_session = session;
    Q_EMIT sessionChanged(session);
}

void ConnectionManager::forgetProfile(const ConnectionProfile& profile)
{
    if (profile.kind != ConnectionProfile::Kind::Custom
        || (m_connection && m_connection->profile().id == profile.id))
        return;
    // The token first: a connection whose token the keychain could not remove stays listed, so that
    // it can be removed again once the keychain lets it, rather than leave a token nobody lists.
    m_services.secrets->remove(profile.secretKey(), this, [this, profile](const SecretResult& result) {
        if (result.status == SecretResult::Status::Error) {
            Q_EMIT profileForgotten(profile,
                                    tr("The connection \"%1\" was not removed: its token could not be "
                                       "removed from the system keychain. %2")
                                        .arg(profile.name, result.error));
            return;
        }
        QList<ConnectionProfile> profiles = m_services.settings->profiles();
        profiles.removeIf([&profile](const ConnectionProfile& p) { return p.id == profile.id; });
        m_services.settings->setProfiles(profiles);
        if (!result.persistent)
            Q_EMIT profileForgotten(profile,
                                    tr("The connection \"%1\" was removed. No system keychain could be "
                                       "reached: if one kept a token for it in an earlier run, it "
                                       "is still there.")
                                        .arg(profile.name));
        else
            Q_EMIT profileForgotten(
                profile, tr("The connection \"%1\" and its token were removed.").arg(profile.name));
    });
}

bool ConnectionManager::isUsableServer(const QUrl& url, QString* why)
{
    return ApiClient::isAllowedServerUrl(url, why);
}

bool ConnectionManager::isUsableCaFile(const QString& file, QString* why) const
{
    // The certificates are read as the connection will read them, by the network module.
    const std::shared_ptr<HttpNetwork> network = m_services.network.network(why);
    return network && ApiClient::readCaCertificates(file, *network, why).has_value();
}

bool ConnectionManager::isUsableProxy(const QUrl& proxy, QString* why)
{
    return ApiClient::proxyFromUrl(proxy, why).has_value();
}

} // namespace sfdesk
