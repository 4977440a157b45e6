// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QUrl>

#include <optional>

namespace sfdesk {

// Where the app connects. The token is not part of a profile: it lives in the SecretStore under
// secretKey(), or, for SF Compute's own server only, comes from SF_BEARER_TOKEN / SF_API_KEY.
struct ConnectionProfile
{
    enum class Kind
    {
        LocalSimulator, // sfsim in-process on a free loopback port; url is set at run time
        SfCompute,      // https://api.sfcompute.com
        Custom,
    };

    QString id;
    QString name;
    Kind kind = Kind::Custom;
    QUrl url;
    // A PEM file of CA certificates trusted for this server besides the system's (a private CA),
    // or empty.
    QString caCertificates;
    // http://host:port or socks5://host:port for this connection only, never with a user name or
    // password; empty: the system's proxy settings.
    QUrl proxy;

    QString secretKey() const { return QStringLiteral("profile/") + id; }
    // Made by `sfdesk --server` for one server address (see forServer).
    bool isForServerOption() const { return id.startsWith(serverIdPrefix()); }
    bool operator==(const ConnectionProfile&) const = default;

    static ConnectionProfile localSimulator();
    static ConnectionProfile sfCompute();
    static ConnectionProfile custom(const QString& name, const QUrl& url);
    // The one profile of a server address given with --server: its id is derived from the
    // normalised address, so that every run finds the same token and the same order attempts.
    static ConnectionProfile forServer(const QUrl& url);
    // The API an address leads to, written one way: scheme://host:port/path, the scheme and host
    // in lower case, the port explicit, the path the API's base (…/preview/v2). Empty for an
    // address that is not http or https.
    static QString serverAddress(const QUrl& url);
    // Whether the address is SF Compute's own API, the only one the environment's token is for.
    static bool isSfComputeServer(const QUrl& url);
    static QString serverIdPrefix() { return QStringLiteral("server:"); }
    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(const QString& name);
};

} // namespace sfdesk
