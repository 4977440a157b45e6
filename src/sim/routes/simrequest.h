// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QUrlQuery>

namespace sfsim {

class SimResources;
class SimStore;

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

// What a route handler gets: the request and its path parameters, who calls, the request's
// virtual time and the store (inside the request's transaction), and what the route classes
// share (access rules, references, writers, the market).
struct SimRequestContext
{
    const SimApiRequest& request;
    const QStringList& params;
    const Caller& caller;
    qint64 now;
    SimStore& store;
    SimResources& resources;
};

} // namespace sfsim
