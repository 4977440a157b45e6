// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/market/markettypes.h"
#include "sim/resources/simroom.h"

namespace sfsim {

// What an instance is made of, as POST /instances takes it (references as the caller wrote them),
// for the one place that checks and stores a new instance: a user's create, a deployment's
// reconciliation and a replace all go through InstanceRoom::createInstance.
struct InstanceSpec
{
    QString pool;
    QString sku;
    QString image;
    std::optional<QString> name;     // nothing: a name is made up
    std::optional<QString> userData; // base64, as the body carries it
    bool enablePublicIpv4 = false;
    std::optional<QJsonObject> tags;
    QString priority = QStringLiteral("normal");
    bool wantsInfiniband = false;
    std::optional<QString> partition; // a reference; a bare name resolves in the pool's workspace
    QString partitionId;              // already resolved (a replace keeps its instance's)
    QString deploymentId;             // the deployment that manages it, if any
};

// Instances: references, JSON, pages, the one place that checks and stores a new instance, and
// their lifecycle as their pools' allocation changes.
class InstanceRoom final : public SimRoom
{
public:
    using SimRoom::SimRoom;

    // Instances follow their pools' allocation: all pools, or one pool's SKU.
    void reconcile(const QString& poolId = {}, const QString& skuId = {});

    // Instances of the pools and SKUs whose allocation these fills changed follow it now, and the
    // next reconciliation of all is due by the fills' first boundary to come: what a full pass
    // would do after them, at the cost of the pools they touched rather than every instance.
    void reconcileSettled(const QList<MarketSettlement>& settlements);
    // A failed request may have changed what the next reconciliation is due for.
    void forgetNextReconcile() { m_nextReconcileAt = 0; }
    // Whether the pools' allocation may have changed since the last reconciliation of all of them.
    bool reconcileDue() const;

    QSqlRecord findInstance(const QString& ref);

    QJsonObject instanceJson(const QSqlRecord& r, bool includeUserData) const;

    // Checks a new instance as POST /instances does (grants, references, SKU and partition, image
    // available, name free) and stores it awaiting allocation; returns its id. Throws SimApiError.
    QString createInstance(const InstanceSpec& spec);

    // Terminates running or waiting instances now, as POST /instances/{id}/terminate does.
    void terminateInstances(const QStringList& ids);

    // The instance `id` as the API writes it (without user data), read from the store.
    QJsonObject storedInstanceJson(const QString& id);

    // A page of instances as compact JSON, byte for byte what the object model would write.
    QByteArray instancesPage(QueryReader& query, QStringList where, QVariantList binds, bool includeUserData);

private:
    qint64 m_nextReconcileAt = 0;
};

} // namespace sfsim
