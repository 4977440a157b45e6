// SPDX-License-Identifier: Apache-2.0

#include "core/appinfo.h"

#include <QCoreApplication>

#include <libssh/libssh.h>

namespace sfdesk {

namespace AppInfo {

QString version()
{
    return QStringLiteral(SFDESK_VERSION);
}

void applyIdentity(QCoreApplication& app)
{
    app.setOrganizationName(QLatin1StringView(organizationName));
    app.setOrganizationDomain(QLatin1StringView(organizationDomain));
    app.setApplicationName(QLatin1StringView(applicationName));
    app.setApplicationVersion(version());
}

QString qtVersion()
{
    return QString::fromLatin1(qVersion());
}

QString libsshVersion()
{
    return QString::fromLatin1(ssh_version(0));
}

QString qtKeychainVersion()
{
    return QStringLiteral(SFDESK_QTKEYCHAIN_VERSION);
}

} // namespace AppInfo

} // namespace sfdesk
