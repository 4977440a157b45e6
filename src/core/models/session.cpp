// SPDX-License-Identifier: Apache-2.0

#include "core/models/session.h"

#include "common/constvalue.h"
#include "core/api/apicall.h"
#include "core/api/apiclient.h"
#include "core/api/imageupload.h"
#include "core/models/connectionstatus.h"
#include "core/models/deploymentmodel.h"
#include "core/models/fabricmodel.h"
#include "core/models/imagemodel.h"
#include "core/models/instancemodel.h"
#include "core/models/instancetemplatemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poller.h"
#include "core/models/poolmodel.h"
#include "core/models/pooltransfermodel.h"
#include "core/models/procurementmodel.h"
#include "core/models/skumodel.h"
#include "core/models/workspacemodel.h"

#include <QSet>

#include <algorithm>
#include <memory>

namespace sfdesk {

Session::Session(ApiClient* client, QObject* parent)
    : QObject(parent)
    , m_client(client)
    , m_status(new ConnectionStatus(this))
    , m_workspaces(new WorkspaceModel(this))
    , m_skus(new SkuModel(this))
    , m_fabrics(new FabricModel(this))
    , m_partitions(new PartitionModel(this))
    , m_instances(new InstanceModel(this))
    , m_pools(new PoolModel(this))
    , m_orders(new OrderModel(this))
    , m_images(new ImageModel(this))
    , m_templates(new InstanceTemplateModel(this))
    , m_deployments(new DeploymentModel(this))
    , m_imageUploads(new ImageUploads(client, this))
    , m_procurements(new ProcurementModel(this))
    , m_poolTransfers(new PoolTransferModel(this))
{
    // A deployment's running instances are counted from the instances the session holds.
    m_deployments->setInstances(m_instances);
    m_poolTransfers->setPools(m_pools);
    // Idle capacity is what the pools own that the instances do not use; the window moves with the
    // hour, counted again at the account check's cadence.
    m_pools->setInstances(m_instances);
    connect(this, &Session::accountChecked, m_pools, &PoolModel::recountIdle);
    m_accountPoller = Poller::of([this] { return m_client->me(); },
                                 [this](const Account& account) {
                                     if (account != m_account) {
                                         m_account = account;
                                         Q_EMIT accountChanged();
                                     }
                                 },
                                 this);
    m_accountPoller->setStatus(m_status);
    connect(m_accountPoller, &Poller::polled, this, &Session::accountChecked);
    const auto single = [this](auto fetch, auto apply) {
        return Poller::of(std::move(fetch), std::move(apply), this);
    };
    addPoller(Resource::Workspaces, single([this] { return m_client->workspaces(); },
                                           [this](const QList<Workspace>& v) { m_workspaces->refresh(v); }));
    addPoller(Resource::Skus, single([this] { return m_client->instanceSkus(); },
                                     [this](const QList<InstanceSku>& v) { m_skus->refreshSkus(v); }));
    addPoller(Resource::Availability,
              single([this] { return m_client->skuAvailability(); },
                     [this](const QList<SkuAvailability>& v) { m_skus->setAvailability(v); }));
    // Accounts run thousands of instances, orders, pools or images: a long list is diffed off the UI
    // thread.
    addPoller(Resource::Instances,
              Poller::applyingLater(
                  [this] { return m_client->instances(m_workspace); },
                  [this](const QList<Instance>& v, std::function<bool()> wanted, std::function<void()> done) {
                      m_instances->refreshInBackground(v, std::move(wanted), std::move(done));
                  },
                  this));
    addPoller(Resource::Pools,
              Poller::applyingLater(
                  [this] { return m_client->pools(m_workspace); },
                  [this](const QList<Pool>& v, std::function<bool()> wanted, std::function<void()> done) {
                      const bool first = !isLoaded(Resource::Pools);
                      // Whether the model applied the list (it asks wanted() right before).
                      auto applied = std::make_shared<bool>(false);
                      m_pools->refreshInBackground(
                          v,
                          [applied, wanted = std::move(wanted)] {
                              *applied = wanted();
                              return *applied;
                          },
                          [this, first, applied, done = std::move(done)] {
                              // A transfer changes the pools it moves nodes between: one made
                              // elsewhere shows in the pools' answer first.
                              if (*applied && !first && isLoaded(Resource::PoolTransfers))
                                  refresh(Resource::PoolTransfers);
                              done();
                          });
                  },
                  this));
    addPoller(Resource::Orders,
              new Poller(Poller::FetchMany([this] { return fetchOrders(); }),
                         Poller::ApplyLater([this](const QVariant& v, std::function<bool()> wanted,
                                                   std::function<void()> done) {
                             applyOrders(v, std::move(wanted), std::move(done));
                         }),
                         this));
    // The account's own images, of every readable workspace, and SF Compute's public ones, which boot
    // in every workspace and are listed only under their own.
    addPoller(Resource::Images,
              new Poller(Poller::FetchMany([this] {
                             return QList<ApiCall*>{
                                 m_client->images(),
                                 m_client->images(QString::fromLatin1(ApiClient::publicImagesWorkspace))};
                         }),
                         Poller::ApplyLater([this](const QVariant& results, std::function<bool()> wanted,
                                                   std::function<void()> done) {
                             QList<Image> images;
                             QSet<QString> ids;
                             for (const QVariant& result : constValue(results.toList())) {
                                 for (const Image& image : constValue(result.value<QList<Image>>())) {
                                     if (!ids.contains(image.id)) {
                                         ids.insert(image.id);
                                         images.append(image);
                                     }
                                 }
                             }
                             m_images->refreshInBackground(images, std::move(wanted), std::move(done));
                         }),
                         this));
    addPoller(Resource::FeatureFlags, single([this] { return m_client->featureFlags(); },
                                             [this](const QList<FeatureFlag>& flags) {
                                                 const bool first = !m_flagsKnown;
                                                 m_flagsKnown = true;
                                                 if (flags != m_flags || first) {
                                                     m_flags = flags;
                                                     updatePolling();
                                                     Q_EMIT featureFlagsChanged();
                                                 }
                                             }));
    addPoller(Resource::Fabrics, single([this] { return m_client->infinibandFabrics(); },
                                        [this](const QList<InfinibandFabric>& v) { m_fabrics->refresh(v); }));
    addPoller(Resource::Partitions,
              single(
                  [this] {
                      InfinibandAdapter::PartitionFilter filter;
                      filter.workspace = m_workspace;
                      return m_client->infinibandPartitions(filter);
                  },
                  [this](const QList<InfinibandPartition>& v) { m_partitions->refresh(v); }));
    addPoller(Resource::InstanceTemplates,
              single([this] { return m_client->instanceTemplates(m_workspace); },
                     [this](const QList<InstanceTemplate>& v) { m_templates->refresh(v); }));
    addPoller(Resource::Deployments,
              new Poller(
                  Poller::FetchMany([this] { return fetchDeployments(); }),
                  [this](const QVariant& results) { applyDeployments(results); }, this));
    addPoller(Resource::Procurements, single([this] { return m_client->procurements(m_workspace); },
                                             [this](const QList<Procurement>& v) {
                                                 QStringList before;
                                                 for (const Procurement& procurement : m_procurements->rows())
                                                     before.append(procurement.id);
                                                 m_procurements->refresh(v);
                                                 QStringList after;
                                                 for (const Procurement& procurement : v)
                                                     after.append(procurement.id);
                                                 // The orders list holds each procurement's orders: read it
                                                 // for a new one.
                                                 if (after != before && isLoaded(Resource::Orders))
                                                     refresh(Resource::Orders);
                                             }));
    // Every transfer the token reads; the views show those of the pools in scope.
    addPoller(Resource::PoolTransfers,
              single([this] { return m_client->poolTransfers(); },
                     [this](const QList<PoolTransfer>& v) {
                         m_poolTransfers->refresh(v);
                         // Polled while a transfer is on its way; settled ones do not change.
                         m_pollers.value(Resource::PoolTransfers)
                             ->setPollAfterSuccess(std::any_of(
                                 v.cbegin(), v.cend(), [](const PoolTransfer& t) { return !t.isSettled(); }));
                     }));
    connect(m_pollers.value(Resource::Orders), &Poller::failed, this, [this](const ApiError& error) {
        if (error.reason() == ApiError::Reason::Forbidden && m_workspace.isEmpty() && !m_ordersPerWorkspace) {
            m_ordersPerWorkspace = true;
            updatePolling();
            refresh(Resource::Orders);
        }
    });
    for (const Resource named : {Resource::Workspaces, Resource::Pools}) {
        connect(m_pollers.value(named), &Poller::polled, this, [this] {
            if (m_ordersPerWorkspace && m_workspace.isEmpty() && !isLoaded(Resource::Orders))
                refresh(Resource::Orders);
        });
    }
    // Deployments of every workspace wait for the workspaces to be known.
    connect(m_pollers.value(Resource::Workspaces), &Poller::polled, this, [this] {
        if (listsPerWorkspace(Resource::Deployments) && !isLoaded(Resource::Deployments))
            refresh(Resource::Deployments);
    });
    // The account's workspaces, its preview enrolment, the fabrics, the instance SKUs (a catalog;
    // their availability is a list of its own) and the images hardly change (and images only by
    // the user's hand): read once per watch, and again after the app's own writes and on the
    // user's refresh.
    for (const Resource settled :
         {Resource::Workspaces, Resource::FeatureFlags, Resource::Fabrics, Resource::Skus, Resource::Images})
        m_pollers.value(settled)->setPollAfterSuccess(false);
    setInterval(m_interval);
    // What the app changed is read again at once, whichever view changed it.
    if (m_client) {
        connect(m_client, &ApiClient::wrote, this, [this](const QString& path) {
            if (m_running)
                refreshAll();
            Q_EMIT wrote(path);
        });
    }
}

Session::~Session() = default;

QList<Session::Resource> Session::allResources()
{
    return {Resource::Workspaces,
            Resource::Skus,
            Resource::Availability,
            Resource::Instances,
            Resource::Pools,
            Resource::Orders,
            Resource::Images,
            Resource::FeatureFlags,
            Resource::Fabrics,
            Resource::Partitions,
            Resource::InstanceTemplates,
            Resource::Deployments,
            Resource::Procurements,
            Resource::PoolTransfers};
}

Poller* Session::addPoller(Resource resource, Poller* poller)
{
    poller->setStatus(m_status);
    m_pollers.insert(resource, poller);
    connect(poller, &Poller::started, this, [this, resource] { Q_EMIT listRequested(resource); });
    connect(poller, &Poller::polled, this, [this, resource] {
        m_loaded.insert(resource, true);
        Q_EMIT listLoaded(resource);
    });
    connect(poller, &Poller::failed, this, [this, resource](const ApiError& error) {
        const bool ordersFallBack = resource == Resource::Orders
                                    && error.reason() == ApiError::Reason::Forbidden && m_workspace.isEmpty()
                                    && !m_ordersPerWorkspace;
        if (error.kind() != ApiError::Kind::Cancelled && !ordersFallBack)
            Q_EMIT listFailed(resource, error);
    });
    return poller;
}

QStringList Session::readableWorkspaces() const
{
    QStringList workspaces;
    for (const Workspace& workspace : m_workspaces->rows())
        workspaces.append(workspace.id.isEmpty() ? workspace.resourcePath : workspace.id);
    return workspaces;
}

bool Session::listsPerWorkspace(Resource resource) const
{
    if (!m_workspace.isEmpty())
        return false;
    return resource == Resource::Deployments || (resource == Resource::Orders && m_ordersPerWorkspace);
}

QList<ApiCall*> Session::fetchDeployments()
{
    if (!m_workspace.isEmpty())
        return {m_client->deployments(m_workspace)};
    // The API lists one workspace's deployments at a time: every readable workspace's, once known.
    QList<ApiCall*> calls;
    for (const QString& workspace : constValue(readableWorkspaces()))
        calls.append(m_client->deployments(workspace));
    return calls;
}

QList<ApiCall*> Session::fetchOrders()
{
    // The API lists a procurement's orders only when asked for by it: one call each.
    QList<ApiCall*> calls;
    for (const Procurement& procurement : m_procurements->rows())
        calls.append(m_client->procurementOrders(procurement.id));
    if (!m_ordersPerWorkspace || !m_workspace.isEmpty())
        return QList<ApiCall*>{m_client->orders(m_workspace)} + calls;
    // Per workspace the token reads pools in (where it may list orders), else per workspace listed.
    QStringList workspaces;
    for (const Pool& pool : m_pools->rows()) {
        const QString workspace = pool.workspaceId.isEmpty() ? pool.workspace : pool.workspaceId;
        if (!workspace.isEmpty() && !workspaces.contains(workspace))
            workspaces.append(workspace);
    }
    if (workspaces.isEmpty())
        workspaces = readableWorkspaces();
    for (const QString& workspace : std::as_const(workspaces))
        calls.append(m_client->orders(workspace));
    return calls;
}

void Session::applyDeployments(const QVariant& results)
{
    // A deployment belongs to one workspace; one listed twice is kept once.
    QList<Deployment> deployments;
    QSet<QString> seen;
    for (const QVariant& result : constValue(results.toList()))
        for (const Deployment& d : constValue(result.value<QList<Deployment>>()))
            if (!seen.contains(d.id)) {
                seen.insert(d.id);
                deployments.append(d);
            }
    m_deployments->refresh(deployments);
}

void Session::applyOrders(const QVariant& results, std::function<bool()> wanted, std::function<void()> done)
{
    QList<Order> orders;
    for (const QVariant& result : constValue(results.toList()))
        orders += result.value<QList<Order>>();
    m_orders->refreshInBackground(orders, std::move(wanted), std::move(done));
}

std::optional<FeatureFlag> Session::featureFlag(const QString& name) const
{
    for (const FeatureFlag& flag : m_flags) {
        if (flag.name == name)
            return flag;
    }
    return std::nullopt;
}

bool Session::isEnrolled(const QString& flag) const
{
    const auto found = featureFlag(flag);
    return found && found->enrolled;
}

bool Session::isWorkspaceList(Resource resource)
{
    switch (resource) {
    case Resource::Instances:
    case Resource::Pools:
    case Resource::Orders:
    case Resource::Partitions:
    case Resource::InstanceTemplates:
    case Resource::Deployments:
    case Resource::Procurements:
        return true;
    default:
        return false;
    }
}

bool Session::infinibandEnabled() const
{
    return isEnrolled(QLatin1StringView(InfinibandAdapter::featureFlag));
}

bool Session::shouldPoll(Resource resource) const
{
    if (!m_running || (!isWatched(resource) && m_backgroundWatchers.value(resource) == 0))
        return false;
    if (isWorkspaceList(resource) && !m_scopeKnown)
        return false;
    // Fabrics and partitions answer 403 until the account is enrolled: they poll only then, and
    // the flags are read for them.
    if (resource == Resource::Fabrics || resource == Resource::Partitions)
        return infinibandEnabled();
    return true;
}

void Session::updatePolling()
{
    for (auto it = m_pollers.cbegin(); it != m_pollers.cend(); ++it) {
        const bool wanted =
            shouldPoll(it.key())
            || (it.key() == Resource::FeatureFlags && m_running
                && (isWatched(Resource::Fabrics) || isWatched(Resource::Partitions)))
            // Lists read per workspace need to know the workspaces.
            || (it.key() == Resource::Workspaces
                && ((listsPerWorkspace(Resource::Orders) && shouldPoll(Resource::Orders))
                    || (listsPerWorkspace(Resource::Deployments) && shouldPoll(Resource::Deployments))))
            // The orders list holds the procurements' orders, read per procurement.
            || (it.key() == Resource::Procurements && shouldPoll(Resource::Orders));
        const bool foreground = pollsInForeground(it.key());
        const bool wasForeground = m_foreground.contains(it.key());
        if (foreground != wasForeground) {
            if (foreground)
                m_foreground.insert(it.key());
            else
                m_foreground.remove(it.key());
            it.value()->setInterval(foreground ? m_interval : m_interval * BackgroundEvery);
        }
        if (wanted && !it.value()->isActive())
            it.value()->start();
        else if (!wanted && it.value()->isActive())
            it.value()->stop();
        else if (wanted && foreground && !wasForeground)
            it.value()->pollNow(); // read in the background a while ago: a view shows it now
    }
    if (!infinibandEnabled()) {
        if (m_fabrics->rowCount() > 0) {
            m_fabrics->clear();
            m_pollers.value(Resource::Fabrics)->forgetAnswer();
        }
        if (m_partitions->rowCount() > 0) {
            m_partitions->clear();
            m_pollers.value(Resource::Partitions)->forgetAnswer();
        }
    }
}

bool Session::pollsInForeground(Resource resource) const
{
    // The procurements are read for the orders list (their orders are in it).
    return isWatched(resource) || (resource == Resource::Procurements && isWatched(Resource::Orders))
           || (resource == Resource::Workspaces || resource == Resource::FeatureFlags);
}

void Session::watchInBackground(Resource resource)
{
    ++m_backgroundWatchers[resource];
    updatePolling();
}

void Session::unwatchInBackground(Resource resource)
{
    if (m_backgroundWatchers.value(resource) > 0)
        --m_backgroundWatchers[resource];
    updatePolling();
}

void Session::watch(Resource resource)
{
    ++m_watchers[resource];
    updatePolling();
}

void Session::unwatch(Resource resource)
{
    if (m_watchers.value(resource) > 0)
        --m_watchers[resource];
    updatePolling();
}

void Session::refresh(Resource resource)
{
    Poller* poller = m_pollers.value(resource);
    if (poller && poller->isActive())
        poller->restart();
}

void Session::setScope(const QString& workspace, bool known)
{
    if (workspace == m_workspace && known == m_scopeKnown)
        return;
    const bool changed = workspace != m_workspace;
    m_workspace = workspace;
    m_scopeKnown = known;
    if (changed) {
        for (const Resource resource : constValue(allResources())) {
            if (isWorkspaceList(resource))
                m_loaded.remove(resource);
        }
        Q_EMIT workspaceChanged(workspace);
    }
    updatePolling();
    if (!m_running || !changed)
        return;
    // The lists of the old scope are on their way: they are cancelled, the new ones asked for.
    for (auto it = m_pollers.cbegin(); it != m_pollers.cend(); ++it) {
        if (isWorkspaceList(it.key()) && it.value()->isActive())
            it.value()->restart();
    }
}

void Session::setInterval(std::chrono::milliseconds interval)
{
    m_interval = interval;
    m_accountPoller->setInterval(interval);
    for (auto it = m_pollers.cbegin(); it != m_pollers.cend(); ++it) {
        const bool foreground = pollsInForeground(it.key());
        if (foreground)
            m_foreground.insert(it.key());
        else
            m_foreground.remove(it.key());
        it.value()->setInterval(foreground ? interval : interval * BackgroundEvery);
    }
}

void Session::start()
{
    if (!m_client)
        return; // the empty session of "not connected"
    m_running = true;
    m_accountPoller->start();
    updatePolling();
}

void Session::stop()
{
    m_running = false;
    m_accountPoller->stop();
    for (Poller* poller : std::as_const(m_pollers))
        poller->stop();
}

void Session::refreshAll()
{
    m_accountPoller->pollNow();
    for (Poller* poller : std::as_const(m_pollers)) {
        if (poller->isActive())
            poller->restart();
    }
}

QByteArray Session::newIdempotencyKey()
{
    return ApiClient::newIdempotencyKey();
}

ApiReply<FeatureFlag> Session::setFeatureFlagEnrolled(const QString& flag, bool enrolled)
{
    return m_client->setFeatureFlagEnrolled(flag, enrolled);
}

ApiReply<QList<OrderbookWindow>> Session::orderbookWindows(const QString& requirements, qint64 rangeStartAt,
                                                           qint64 rangeEndAt)
{
    return m_client->orderbookWindows(requirements, rangeStartAt, rangeEndAt);
}

ApiReply<Instance> Session::instance(const QString& id)
{
    return m_client->instance(id);
}

ApiReply<Instance> Session::instanceWithUserData(const QString& id)
{
    return m_client->instanceWithUserData(id);
}

ApiReply<Instance> Session::createInstance(const NewInstance& instance)
{
    return m_client->createInstance(instance);
}

ApiReply<Instance> Session::renameInstance(const QString& id, const QString& name)
{
    return m_client->renameInstance(id, name);
}

ApiReply<Instance> Session::terminateInstance(const QString& id)
{
    return m_client->terminateInstance(id);
}

ApiReply<void> Session::deleteInstance(const QString& id)
{
    return m_client->deleteInstance(id);
}

ApiReply<QList<Instance>> Session::setInstancePriorities(const QList<std::pair<QString, QString>>& priorities)
{
    return m_client->setInstancePriorities(priorities);
}

ApiReply<Instance> Session::replaceInstance(const QString& id, const InstanceReplacement& replacement,
                                            const QByteArray& idempotencyKey)
{
    return m_client->replaceInstance(id, replacement, idempotencyKey);
}

ApiReply<QList<ConsoleLine>> Session::consoleLogs(const QString& instanceId, int limit)
{
    return m_client->consoleLogs(instanceId, limit);
}

ApiReply<SshDetails> Session::sshDetails(const QString& instanceId)
{
    return m_client->sshDetails(instanceId);
}

ApiReply<QList<Pool>> Session::allPools()
{
    return m_client->pools();
}

ApiReply<Pool> Session::createPool(const QString& workspace, const QString& name)
{
    return m_client->createPool(workspace, name);
}

ApiReply<Pool> Session::renamePool(const QString& id, const QString& name)
{
    return m_client->renamePool(id, name);
}

ApiReply<void> Session::deletePool(const QString& id)
{
    return m_client->deletePool(id);
}

ApiReply<PoolTransfer> Session::createPoolTransfer(const PoolTransferRequest& request)
{
    return m_client->createPoolTransfer(request);
}

ApiReply<ImageDownload> Session::imageDownload(const QString& id)
{
    return m_client->imageDownload(id);
}

ApiReply<Image> Session::revokeImage(const QString& id)
{
    return m_client->revokeImage(id);
}

ApiReply<Image> Session::reinstateImage(const QString& id)
{
    return m_client->reinstateImage(id);
}

ApiReply<void> Session::deleteImage(const QString& id)
{
    return m_client->deleteImage(id);
}

ApiReply<InstanceTemplate> Session::instanceTemplate(const QString& id)
{
    return m_client->instanceTemplate(id);
}

ApiReply<InstanceTemplate> Session::createInstanceTemplate(const NewInstanceTemplate& tmpl)
{
    return m_client->createInstanceTemplate(tmpl);
}

ApiReply<void> Session::deleteInstanceTemplate(const QString& id)
{
    return m_client->deleteInstanceTemplate(id);
}

ApiReply<Deployment> Session::deployment(const QString& id)
{
    return m_client->deployment(id);
}

ApiReply<Deployment> Session::createDeployment(const NewDeployment& deployment)
{
    return m_client->createDeployment(deployment);
}

ApiReply<Deployment> Session::changeDeployment(const QString& id, const DeploymentChange& change)
{
    return m_client->changeDeployment(id, change);
}

ApiReply<void> Session::deleteDeployment(const QString& id)
{
    return m_client->deleteDeployment(id);
}

ApiReply<InfinibandPartition>
Session::createInfinibandPartition(const InfinibandAdapter::NewPartition& partition)
{
    return m_client->createInfinibandPartition(partition);
}

ApiReply<InfinibandPartition> Session::renameInfinibandPartition(const QString& reference,
                                                                 const QString& name)
{
    return m_client->renameInfinibandPartition(reference, name);
}

ApiReply<void> Session::deleteInfinibandPartition(const QString& reference)
{
    return m_client->deleteInfinibandPartition(reference);
}

ApiReply<QList<Instance>> Session::infinibandPartitionInstances(const QString& reference)
{
    return m_client->infinibandPartitionInstances(reference);
}

} // namespace sfdesk
