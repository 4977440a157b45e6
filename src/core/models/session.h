// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/api/apireply.h"
#include "core/api/infinibandadapter.h"
#include "core/api/requests.h"
#include "core/model/orderbook.h"
#include "core/model/resources.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <chrono>
#include <functional>
#include <optional>

namespace sfdesk {

class ApiClient;
class ConnectionStatus;
class DeploymentModel;
class InstanceTemplateModel;
class FabricModel;
class ImageModel;
class ImageUploads;
class InstanceModel;
class OrderModel;
class PartitionModel;
class Poller;
class PoolModel;
class PoolTransferModel;
class ProcurementModel;
class SkuModel;
class WorkspaceModel;

// The live data of one connection, and its single source of truth: a model per resource, each kept
// fresh by its own single-flight poller, all reporting to one ConnectionStatus. The account check
// (GET /me) polls while the session runs; every list polls only while something that shows it
// watches it (watch/unwatch), so a hidden view costs no requests, or, more slowly, while
// something in the background reads it (watchInBackground). A write the app makes through
// the client (ApiClient::wrote) reads every watched list again at once, cancelling polls that
// were on their way, so nothing shows state older than the app's own last action.
class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    enum class Resource
    {
        Workspaces,
        Skus,
        Availability,
        Instances,
        Pools,
        Orders,
        Images,
        FeatureFlags,
        Fabrics,
        Partitions,
        InstanceTemplates,
        Deployments,
        Procurements,
        PoolTransfers,
    };
    Q_ENUM(Resource)
    static QList<Resource> allResources();

    explicit Session(ApiClient* client, QObject* parent = nullptr);
    ~Session() override;

    // The account behind the token, from the last GET /me; empty until known.
    Account account() const { return m_account; }

    // Counted: a list polls while at least one watcher wants it (and the session runs).
    void watch(Resource resource);
    void unwatch(Resource resource);
    bool isWatched(Resource resource) const { return m_watchers.value(resource) > 0; }
    // Counted: a list that something working in the background reads (notifications) while no view
    // shows it; it polls every BackgroundEvery intervals instead of every interval.
    static constexpr int BackgroundEvery = 6;
    void watchInBackground(Resource resource);
    void unwatchInBackground(Resource resource);
    bool isWatchedInBackground(Resource resource) const { return m_backgroundWatchers.value(resource) > 0; }
    // Reads one list again now if it is watched, cancelling a poll on its way.
    void refresh(Resource resource);
    // Whether a list has been read since the session started or its scope changed.
    bool isLoaded(Resource resource) const { return m_loaded.value(resource, false); }

    ApiClient* client() const { return m_client; }
    // Whether requests can be sent: the empty session of no connection has no client.
    bool canSend() const { return m_client != nullptr; }

    // --- Actions: what views ask of the server goes through here, never to the client ---------
    // Each write refreshes every watched list at once (the client's `wrote`, see above); each
    // needs canSend(). Detail reads fetch what no list holds (user data, console, SSH details).
    static QByteArray newIdempotencyKey();
    ApiReply<FeatureFlag> setFeatureFlagEnrolled(const QString& flag, bool enrolled);
    ApiReply<QList<OrderbookWindow>> orderbookWindows(const QString& requirements, qint64 rangeStartAt,
                                                      qint64 rangeEndAt);

    ApiReply<Instance> instance(const QString& id);
    ApiReply<Instance> instanceWithUserData(const QString& id);
    ApiReply<Instance> createInstance(const NewInstance& instance);
    ApiReply<Instance> renameInstance(const QString& id, const QString& name);
    ApiReply<Instance> terminateInstance(const QString& id);
    ApiReply<void> deleteInstance(const QString& id);
    ApiReply<QList<Instance>> setInstancePriorities(const QList<std::pair<QString, QString>>& priorities);
    ApiReply<Instance> replaceInstance(const QString& id, const InstanceReplacement& replacement,
                                       const QByteArray& idempotencyKey);
    ApiReply<QList<ConsoleLine>> consoleLogs(const QString& instanceId, int limit = 2500);
    ApiReply<SshDetails> sshDetails(const QString& instanceId);

    // Every readable workspace's pools, whichever scope the pool list has.
    ApiReply<QList<Pool>> allPools();
    ApiReply<Pool> createPool(const QString& workspace, const QString& name);
    ApiReply<Pool> renamePool(const QString& id, const QString& name);
    ApiReply<void> deletePool(const QString& id);
    ApiReply<PoolTransfer> createPoolTransfer(const PoolTransferRequest& request);

    ApiReply<ImageDownload> imageDownload(const QString& id);
    ApiReply<Image> revokeImage(const QString& id);
    ApiReply<Image> reinstateImage(const QString& id);
    ApiReply<void> deleteImage(const QString& id);

    ApiReply<InstanceTemplate> instanceTemplate(const QString& id);
    ApiReply<InstanceTemplate> createInstanceTemplate(const NewInstanceTemplate& tmpl);
    ApiReply<void> deleteInstanceTemplate(const QString& id);
    ApiReply<Deployment> deployment(const QString& id);
    ApiReply<Deployment> createDeployment(const NewDeployment& deployment);
    ApiReply<Deployment> changeDeployment(const QString& id, const DeploymentChange& change);
    ApiReply<void> deleteDeployment(const QString& id);

    ApiReply<InfinibandPartition> createInfinibandPartition(const InfinibandAdapter::NewPartition& partition);
    ApiReply<InfinibandPartition> renameInfinibandPartition(const QString& reference, const QString& name);
    ApiReply<void> deleteInfinibandPartition(const QString& reference);
    ApiReply<QList<Instance>> infinibandPartitionInstances(const QString& reference);
    ConnectionStatus* status() const { return m_status; }

    WorkspaceModel* workspaces() const { return m_workspaces; }
    SkuModel* skus() const { return m_skus; }
    FabricModel* fabrics() const { return m_fabrics; }
    PartitionModel* partitions() const { return m_partitions; }
    InstanceModel* instances() const { return m_instances; }
    PoolModel* pools() const { return m_pools; }
    OrderModel* orders() const { return m_orders; }
    ImageModel* images() const { return m_images; }
    InstanceTemplateModel* instanceTemplates() const { return m_templates; }
    DeploymentModel* deployments() const { return m_deployments; }
    // The image uploads of this connection, running or left unfinished.
    ImageUploads* imageUploads() const { return m_imageUploads; }
    ProcurementModel* procurements() const { return m_procurements; }
    PoolTransferModel* poolTransfers() const { return m_poolTransfers; }

    // Scope of the workspace lists: a workspace id or resource path, or empty for every readable one.
    QString workspace() const { return m_workspace; }
    void setWorkspace(const QString& workspace) { setScope(workspace, true); }
    // known=false: the scope is not known yet (a workspace whose ID is still to come); the
    // workspace lists wait for it rather than send a name the API does not accept.
    void setScope(const QString& workspace, bool known);
    bool scopeKnown() const { return m_scopeKnown; }
    static bool isWorkspaceList(Resource resource);

    // Feature flags as last read.
    QList<FeatureFlag> featureFlags() const { return m_flags; }
    std::optional<FeatureFlag> featureFlag(const QString& name) const;
    bool featureFlagsKnown() const { return m_flagsKnown; }
    bool isEnrolled(const QString& flag) const;
    bool infinibandEnabled() const;

    void setInterval(std::chrono::milliseconds interval);
    void start();
    void stop();
    // Polls every list now (single-flight per list).
    void refreshAll();

Q_SIGNALS:
    // A list's poll went out, came back (the model holds the answer), or failed.
    void listRequested(sfdesk::Session::Resource resource);
    void listLoaded(sfdesk::Session::Resource resource);
    void listFailed(sfdesk::Session::Resource resource, const sfdesk::ApiError& error);
    void workspaceChanged(const QString& workspace);
    void featureFlagsChanged();
    void accountChanged();
    // The account check came back: the session's cadence, for what checks something at it.
    void accountChecked();
    // A write the app made is done (or its answer was lost); the watched lists are being read
    // again. path is the call's, e.g. "/pools/pool_…".
    void wrote(const QString& path);

private:
    Poller* addPoller(Resource resource, Poller* poller);
    QList<class ApiCall*> fetchOrders();
    void applyOrders(const QVariant& results, std::function<bool()> wanted, std::function<void()> done);
    // The workspaces a list that the API answers per workspace is read in, for "all workspaces".
    QStringList readableWorkspaces() const;
    QList<class ApiCall*> fetchDeployments();
    void applyDeployments(const QVariant& results);
    // Whether a list is read per workspace now (and so needs the account's workspaces first).
    bool listsPerWorkspace(Resource resource) const;
    bool shouldPoll(Resource resource) const;
    // Whether a list is polled at the interval rather than the background's slower cadence.
    bool pollsInForeground(Resource resource) const;
    void updatePolling();

    ApiClient* m_client;
    ConnectionStatus* m_status;
    WorkspaceModel* m_workspaces;
    SkuModel* m_skus;
    FabricModel* m_fabrics;
    PartitionModel* m_partitions;
    InstanceModel* m_instances;
    PoolModel* m_pools;
    OrderModel* m_orders;
    ImageModel* m_images;
    InstanceTemplateModel* m_templates;
    DeploymentModel* m_deployments;
    ImageUploads* m_imageUploads;
    ProcurementModel* m_procurements;
    PoolTransferModel* m_poolTransfers;
    Poller* m_accountPoller = nullptr;
    QMap<Resource, Poller*> m_pollers;
    QMap<Resource, int> m_watchers;
    QMap<Resource, int> m_backgroundWatchers;
    // The lists that poll at the interval (the others at BackgroundEvery times it).
    QSet<Resource> m_foreground;
    std::chrono::milliseconds m_interval{10000};
    Account m_account;
    QString m_workspace;
    QList<FeatureFlag> m_flags;
    bool m_flagsKnown = false;
    QMap<Resource, bool> m_loaded;
    bool m_scopeKnown = true;
    // The token may list orders only per workspace (a grant per workspace): once the list of every
    // workspace is refused, orders are asked for per readable workspace.
    bool m_ordersPerWorkspace = false;
    bool m_running = false;
};

} // namespace sfdesk
