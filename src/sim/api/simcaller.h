// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QUrlQuery>

namespace sfsim {

// One request of the API as the dispatcher gets it, without sockets.
struct SimApiRequest
{
    QString method;
    QString path;
    QUrlQuery query;
    QByteArray body;
    QByteArray authorization;
    QByteArray idempotencyKey; // empty: none
    bool fromLoopback = false;
};

// Who is calling: the token's account and grants (1 read, 2 write), account-wide or per workspace.
struct Caller
{
    QString token; // its digest, as the store keeps it
    QString account;
    QString userId;
    int accountLevel = 0;
    QHash<QString, int> workspaceLevels;

    int level(const QString& workspaceId) const
    {
        return qMax(accountLevel, workspaceLevels.value(workspaceId));
    }
};

} // namespace sfsim
