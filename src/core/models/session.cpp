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
    addPoller([this] { return m_client->workspaces(); },
              [this](const QVariant& v) { m_workspaces->refresh(v.value<QList<Workspace>>()); });
    addPoller([this] { return m_client->instanceSkus(); },
              [this](const QVariant& v) { m_skus->refreshSkus(v.value<QList<InstanceSku>>()); });
    addPoller([this] { return m_client->skuAvailability(); },
              [this](const QVariant& v) { m_skus->setAvailability(v.value<QList<SkuAvailability>>()); });
    addPoller([this] { return m_client->instances(m_workspace); },
              [this](const QVariant& v) { m_instances->refresh(v.value<QList<Instance>>()); });
    addPoller([this] { return m_client->pools(m_workspace); },
              [this](const QVariant& v) { m_pools->refresh(v.value<QList<Pool>>()); });
    addPoller([this] { return m_client->orders(m_workspace); },
              [this](const QVariant& v) { m_orders->refresh(v.value<QList<Order>>()); });
    addPoller([this] { return m_client->images(m_workspace); },
              [this](const QVariant& v) { m_images->refresh(v.value<QList<Image>>()); });
    m_flagPoller = addPoller([this] { return m_client->featureFlags(); },
                             [this](const QVariant& v) {
                                 QHash<QString, bool> enrolled;
                                 for (const FeatureFlag& flag : v.value<QList<FeatureFlag>>())
                                     enrolled.insert(flag.name, flag.enrolled);
                                 if (enrolled != m_enrolled) {
                                     m_enrolled = enrolled;
                                     updateInfinibandPolling();
                                     Q_EMIT featureFlagsChanged();
                                 }
                             });
    // Fabrics and partitions answer 403 until the account is enrolled: they poll only then.
    m_fabricPoller =
        addPoller([this] { return m_client->infinibandFabrics(); },
                  [this](const QVariant& v) { m_fabrics->refresh(v.value<QList<InfinibandFabric>>()); });
    m_partitionPoller = addPoller(
        [this] {
            InfinibandAdapter::PartitionFilter filter;
            filter.workspace = m_workspace;
            return m_client->infinibandPartitions(filter);
        },
        [this](const QVariant& v) { m_partitions->refresh(v.value<QList<InfinibandPartition>>()); });
}

Session::~Session() = default;

Poller* Session::addPoller(std::function<ApiCall*()> fetch, std::function<void(const QVariant&)> apply)
{
    auto* poller = new Poller(std::move(fetch), std::move(apply), this);
    poller->setStatus(m_status);
    m_pollers.append(poller);
    return poller;
}

bool Session::infinibandEnabled() const
{
    return isEnrolled(QLatin1StringView(InfinibandAdapter::featureFlag));
}

void Session::updateInfinibandPolling()
{
    for (Poller* poller : {m_fabricPoller, m_partitionPoller}) {
        if (m_running && infinibandEnabled() && !poller->isActive())
            poller->start();
        else if ((!m_running || !infinibandEnabled()) && poller->isActive())
            poller->stop();
    }
    if (!infinibandEnabled()) {
        if (m_fabrics->rowCount() > 0)
            m_fabrics->clear();
        if (m_partitions->rowCount() > 0)
            m_partitions->clear();
    }
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
    for (Poller* poller : std::as_const(m_pollers))
        poller->setInterval(interval);
}

void Session::start()
{
    m_running = true;
    for (Poller* poller : std::as_const(m_pollers)) {
        if (poller != m_fabricPoller && poller != m_partitionPoller)
            poller->start();
    }
    updateInfinibandPolling();
}

void Session::stop()
{
    m_running = false;
    for (Poller* poller : std::as_const(m_pollers))
        poller->stop();
}

void Session::refreshAll()
{
    for (Poller* poller : std::as_const(m_pollers)) {
        if (poller->isActive())
            poller->pollNow();
    }
}
