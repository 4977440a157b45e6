// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/connection/connection.h"
#include "core/settings/connectionprofile.h"

#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

#include <memory>

namespace sfdesk {

class SecretStore;
class Session;
class Settings;

// The connection profiles the user keeps, and the one Connection the app is on: it opens the
// saved current profile (the local simulator on a first start), switches to another, opens the
// current one again when its settings change, and removes custom profiles with their tokens.
// What shows or acts on a connection's data subscribes to it rather than being rebound by hand:
// sessionChanged() hands over the session while the connection is signed in, null otherwise.
class ConnectionManager final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionManager)

public:
    struct Services
    {
        Settings* settings = nullptr;
        SecretStore* secrets = nullptr;
        // Where the connections' HTTP transports come from (the network module in the app).
        NetworkAccess network;
        // Starts the local profile's simulator; without one the local profile cannot start.
        LocalServerFactory localServer;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    };

    explicit ConnectionManager(const Services& services, QObject* parent = nullptr);
    ~ConnectionManager() override;

    Settings* settings() const { return m_services.settings; }
    // Null before start().
    Connection* connection() const { return m_connection.get(); }
    // The connection's session while it is signed in; null otherwise.
    Session* session() const;
    // The current connection's profile; before start(), the one saved as current.
    ConnectionProfile profile() const;
    QList<ConnectionProfile> profiles() const;

    // Connects to the profile saved as current (the local simulator on a first start).
    void start();
    // --server: this server's own profile (made on the first run with its address, listed from
    // then on), without making it the one saved as current.
    void startWithServer(const QUrl& url);
    // Lists a new profile without switching to it.
    void addProfile(const ConnectionProfile& profile);
    // Saves a changed profile (its CA certificates, its proxy); the current connection is opened
    // again with it.
    void updateProfile(const ConnectionProfile& profile);
    // Replaces the connection with one to this profile, saved as current.
    void connectTo(const ConnectionProfile& profile);
    // Removes a custom profile's token and then the profile (kept when the keychain could not
    // remove the token); profileForgotten() says what happened. Never the current one.
    void forgetProfile(const ConnectionProfile& profile);
    void signOut();

    // A file of a profile's own in `folder`, named by its id (which may hold '/' and ':').
    static QString profileFile(const QString& folder, const QString& profileId);

    // What a profile's fields must be before it is saved, with the client's own rules; each says
    // why not in *why. A server: https anywhere, http only to loopback.
    static bool isUsableServer(const QUrl& url, QString* why);
    // A PEM file of CA certificates that can be read and holds at least one.
    bool isUsableCaFile(const QString& file, QString* why) const;
    // http://host:port or socks5://host:port, without credentials.
    static bool isUsableProxy(const QUrl& proxy, QString* why);

Q_SIGNALS:
    // The current connection is about to be replaced; sessionChanged(nullptr) comes first if it
    // had a session.
    void aboutToChange();
    // Another connection is current (not opened yet): another profile, or the same one again.
    void currentChanged(const sfdesk::ConnectionProfile& profile);
    // The current connection's session once it is signed in, null when there is none any more.
    // Nothing of an earlier connection may show or answer after a null.
    void sessionChanged(sfdesk::Session* session);
    // The current connection's state or account changed.
    void stateChanged(sfdesk::Connection::State state);
    void accountChanged();
    // What forgetProfile() did, in a sentence: the token removed, or why it may still be kept.
    void profileForgotten(const sfdesk::ConnectionProfile& profile, const QString& outcome);

private:
    void ensureProfiles();
    void open(const ConnectionProfile& profile, bool remember);
    void close();
    void bindSession();

    Services m_services;
    std::unique_ptr<Connection> m_connection;
    QPointer<Session> m_session;
};

} // namespace sfdesk
