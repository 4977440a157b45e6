#include "core/models/session.h"

#include "core/api/apiclient.h"
#include "core/models/connectionstatus.h"
#include "core/models/fabricmodel.h"
#include "core/models/imagemodel.h"
#include "core/models/instancemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poller.h"
#include "core/models/poolmodel.h"
#include "core/models/skumodel.h"
#include "core/models/workspacemodel.h"

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
{
    m_accountPoller = new Poller([this] { return m_client->me(); },
                                 [this](const QVariant& v) {
                                     const auto account = v.value<Account>();
                                     if (account != m_account) {
                                         m_account = account;
                                         Q_EMIT accountChanged();
                                     }
                                 },
                                 this);
    m_accountPoller->setStatus(m_status);
    addPoller(
        Resource::Workspaces, [this] { return m_client->workspaces(); },
        [this](const QVariant& v) { m_workspaces->refresh(v.value<QList<Workspace>>()); });
    addPoller(
        Resource::Skus, [this] { return m_client->instanceSkus(); },
        [this](const QVariant& v) { m_skus->refreshSkus(v.value<QList<InstanceSku>>()); });
    addPoller(
        Resource::Availability, [this] { return m_client->skuAvailability(); },
        [this](const QVariant& v) { m_skus->setAvailability(v.value<QList<SkuAvailability>>()); });
    addPoller(
        Resource::Instances, [this] { return m_client->instances(m_workspace); },
        [this](const QVariant& v) { m_instances->refresh(v.value<QList<Instance>>()); });
    addPoller(
        Resource::Pools, [this] { return m_client->pools(m_workspace); },
        [this](const QVariant& v) { m_pools->refresh(v.value<QList<Pool>>()); });
    addPoller(
        Resource::Orders, [this] { return m_client->orders(m_workspace); },
        [this](const QVariant& v) { m_orders->refresh(v.value<QList<Order>>()); });
    addPoller(
        Resource::Images, [this] { return m_client->images(m_workspace); },
        [this](const QVariant& v) { m_images->refresh(v.value<QList<Image>>()); });
    addPoller(
        Resource::FeatureFlags, [this] { return m_client->featureFlags(); },
        [this](const QVariant& v) {
            QHash<QString, bool> enrolled;
            for (const FeatureFlag& flag : v.value<QList<FeatureFlag>>())
                enrolled.insert(flag.name, flag.enrolled);
            if (enrolled != m_enrolled) {
                m_enrolled = enrolled;
                updatePolling();
                Q_EMIT featureFlagsChanged();
            }
        });
    addPoller(
        Resource::Fabrics, [this] { return m_client->infinibandFabrics(); },
        [this](const QVariant& v) { m_fabrics->refresh(v.value<QList<InfinibandFabric>>()); });
    addPoller(
        Resource::Partitions,
        [this] {
            InfinibandAdapter::PartitionFilter filter;
            filter.workspace = m_workspace;
            return m_client->infinibandPartitions(filter);
        },
        [this](const QVariant& v) { m_partitions->refresh(v.value<QList<InfinibandPartition>>()); });
}

Session::~Session() = default;

QList<Session::Resource> Session::allResources()
{
    return {Resource::Workspaces, Resource::Skus,      Resource::Availability, Resource::Instances,
            Resource::Pools,      Resource::Orders,    Resource::Images,       Resource::FeatureFlags,
            Resource::Fabrics,    Resource::Partitions};
}

Poller* Session::addPoller(Resource resource, std::function<ApiCall*()> fetch,
                           std::function<void(const QVariant&)> apply)
{
    auto* poller = new Poller(std::move(fetch), std::move(apply), this);
    poller->setStatus(m_status);
    m_pollers.insert(resource, poller);
    return poller;
}

bool Session::infinibandEnabled() const
{
    return isEnrolled(QLatin1StringView(InfinibandAdapter::featureFlag));
}

bool Session::shouldPoll(Resource resource) const
{
    if (!m_running || !isWatched(resource))
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
        const bool wanted = shouldPoll(it.key())
                            || (it.key() == Resource::FeatureFlags && m_running
                                && (isWatched(Resource::Fabrics) || isWatched(Resource::Partitions)));
        if (wanted && !it.value()->isActive())
            it.value()->start();
        else if (!wanted && it.value()->isActive())
            it.value()->stop();
    }
    if (!infinibandEnabled()) {
        if (m_fabrics->rowCount() > 0)
            m_fabrics->clear();
        if (m_partitions->rowCount() > 0)
            m_partitions->clear();
    }
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
        poller->pollNow();
}

void Session::setWorkspace(const QString& workspace)
{
    if (workspace == m_workspace)
        return;
    m_workspace = workspace;
    Q_EMIT workspaceChanged(workspace);
    if (m_running)
        refreshAll();
}

void Session::setInterval(std::chrono::milliseconds interval)
{
    m_accountPoller->setInterval(interval);
    for (Poller* poller : std::as_const(m_pollers))
        poller->setInterval(interval);
}

void Session::start()
{
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
            poller->pollNow();
    }
}
