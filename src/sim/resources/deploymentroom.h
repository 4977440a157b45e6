// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simroom.h"

namespace sfsim {

// Instance templates and deployments: references, JSON, and the reconciliation that keeps each
// deployment at its target (replacing, buying spot capacity, scaling).
class DeploymentRoom final : public SimRoom
{
public:
    explicit DeploymentRoom(SimResources& resources);

    // Deployments keep their target: every live one, or one.
    void reconcileDeployments(const QString& deploymentId = {});

    // Cancels a spot deployment's buys still on the book whose window starts at blockStart or later.
    void cancelDeploymentOrders(const QString& deploymentId, qint64 blockStart);

    // A bare name resolves in `workspaceId` when given, else in the account's default workspace.
    QSqlRecord findTemplate(const QString& ref, const QString& field = {}, const QString& workspaceId = {});

    QSqlRecord findDeployment(const QString& ref);

    QJsonObject templateJson(const QSqlRecord& r, bool includeUserData) const;

    QJsonObject deploymentJson(const QSqlRecord& r) const;

    QJsonObject storedTemplateJson(const QString& id, bool includeUserData);

    QJsonObject storedDeploymentJson(const QString& id);

    static const QString& templateSelectSql();

    static const QString& deploymentSelectSql();

private:
    // What reconciling a deployment reads of its row.
    struct ReconcileTerms
    {
        explicit ReconcileTerms(const QSqlRecord& row);
        QString id;
        QString poolId;
        QString poolName;
        QString skuId;
        QString skuAlias;
        QString account;
        bool spot = false;
        qint64 target = 0;
        qint64 limit = 0; // a spot deployment's price cap, micros per node-hour
    };

    void reconcileDeployment(const QSqlRecord& deployment);

    // A spot deployment's buys for the hour under way and the next; returns what its status should
    // say about them ("error:" first for a failure), empty when nothing is outstanding.
    QString buySpotCapacity(const ReconcileTerms& deployment);

    void setDeploymentStatus(const QString& id, const QString& state, const QString& message);
};

} // namespace sfsim
