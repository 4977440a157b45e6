// SPDX-License-Identifier: Apache-2.0

#include "core/settings/connectionprofile.h"

#include "core/api/apiclient.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QUuid>

namespace sfdesk {

ConnectionProfile ConnectionProfile::localSimulator()
{
    return {QStringLiteral("local-simulator"),
            QCoreApplication::translate("ConnectionProfile", "Local simulator"),
            Kind::LocalSimulator,
            {},
            {},
            {}};
}

ConnectionProfile ConnectionProfile::sfCompute()
{
    return {QStringLiteral("sfcompute"),
            QCoreApplication::translate("ConnectionProfile", "SF Compute"),
            Kind::SfCompute,
            QUrl(QStringLiteral("https://api.sfcompute.com")),
            {},
            {}};
}

ConnectionProfile ConnectionProfile::custom(const QString& name, const QUrl& url)
{
    // A user name and password in the address are never sent, shown or stored.
    return {QUuid::createUuid().toString(QUuid::WithoutBraces),
            name,
            Kind::Custom,
            ApiClient::withoutCredentials(url),
            {},
            {}};
}

ConnectionProfile ConnectionProfile::forServer(const QUrl& url)
{
    const QUrl server = ApiClient::withoutCredentials(url);
    const QByteArray digest =
        QCryptographicHash::hash(serverAddress(server).toUtf8(), QCryptographicHash::Sha256).toHex();
    return {serverIdPrefix() + QString::fromLatin1(digest),
            server.toDisplayString(),
            Kind::Custom,
            server,
            {},
            {}};
}

QString ConnectionProfile::serverAddress(const QUrl& url)
{
    const QString scheme = url.scheme().toLower();
    int defaultPort = -1;
    if (scheme == u"https")
        defaultPort = 443;
    else if (scheme == u"http")
        defaultPort = 80;
    if (defaultPort < 0 || url.host().isEmpty())
        return {};
    const QUrl base = ApiClient::apiBaseUrl(ApiClient::withoutCredentials(url));
    return QStringLiteral("%1://%2:%3%4")
        .arg(scheme, url.host().toLower(), QString::number(url.port(defaultPort)),
             base.path(QUrl::FullyEncoded));
}

bool ConnectionProfile::isSfComputeServer(const QUrl& url)
{
    const QString address = serverAddress(url);
    return !address.isEmpty() && address == serverAddress(sfCompute().url);
}

QString ConnectionProfile::kindName(Kind kind)
{
    switch (kind) {
    case Kind::LocalSimulator:
        return QStringLiteral("local-simulator");
    case Kind::SfCompute:
        return QStringLiteral("sfcompute");
    case Kind::Custom:
        break;
    }
    return QStringLiteral("custom");
}

std::optional<ConnectionProfile::Kind> ConnectionProfile::kindFromName(const QString& name)
{
    if (name == u"local-simulator")
        return Kind::LocalSimulator;
    if (name == u"sfcompute")
        return Kind::SfCompute;
    if (name == u"custom")
        return Kind::Custom;
    return std::nullopt;
}

} // namespace sfdesk
