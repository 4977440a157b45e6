// SPDX-License-Identifier: Apache-2.0

#include "core/settings/connectionprofile.h"

#include <QCoreApplication>
#include <QUuid>

namespace sfdesk {

ConnectionProfile ConnectionProfile::localSimulator()
{
    return {QStringLiteral("local-simulator"),
            QCoreApplication::translate("ConnectionProfile", "Local simulator"),
            Kind::LocalSimulator,
            {}};
}

ConnectionProfile ConnectionProfile::sfCompute()
{
    return {QStringLiteral("sfcompute"), QCoreApplication::translate("ConnectionProfile", "SF Compute"),
            Kind::SfCompute, QUrl(QStringLiteral("https://api.sfcompute.com"))};
}

ConnectionProfile ConnectionProfile::custom(const QString& name, const QUrl& url)
{
    // A user name and password in the address are never sent, shown or stored.
    return {QUuid::createUuid().toString(QUuid::WithoutBraces), name, Kind::Custom,
            url.adjusted(QUrl::RemoveUserInfo)};
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
