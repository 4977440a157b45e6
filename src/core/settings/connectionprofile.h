// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QUrl>

#include <optional>

namespace sfdesk {

// Where the app connects. The token is not part of a profile: it lives in the SecretStore under
// secretKey(), or comes from SF_BEARER_TOKEN / SF_API_KEY.
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

    QString secretKey() const { return QStringLiteral("profile/") + id; }
    bool operator==(const ConnectionProfile&) const = default;

    static ConnectionProfile localSimulator();
    static ConnectionProfile sfCompute();
    static ConnectionProfile custom(const QString& name, const QUrl& url);
    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(const QString& name);
};

} // namespace sfdesk
