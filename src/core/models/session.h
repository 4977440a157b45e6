#pragma once

#include <QHash>
#include <QObject>
#include <QPointer>

#include <chrono>

class ApiClient;
class ConnectionStatus;
class FabricModel;
class ImageModel;
class InstanceModel;
class OrderModel;
class PartitionModel;
class Poller;
class PoolModel;
class SkuModel;
class WorkspaceModel;

// The live data of one connection: a model per resource, each kept fresh by its own poller, all
// reporting to one ConnectionStatus. Views take the models from here (through a
// ResourceFilterProxy) and never talk to the client for lists.
class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    explicit Session(ApiClient* client, QObject* parent = nullptr);
    ~Session() override;

    ApiClient* client() const { return m_client; }
    ConnectionStatus* status() const { return m_status; }

    WorkspaceModel* workspaces() const { return m_workspaces; }
    SkuModel* skus() const { return m_skus; }
    FabricModel* fabrics() const { return m_fabrics; }
    PartitionModel* partitions() const { return m_partitions; }
    InstanceModel* instances() const { return m_instances; }
    PoolModel* pools() const { return m_pools; }
    OrderModel* orders() const { return m_orders; }
    ImageModel* images() const { return m_images; }

    // Scope of the workspace lists: a workspace id or resource path, or empty for every readable one.
    QString workspace() const { return m_workspace; }
    void setWorkspace(const QString& workspace);

    // Feature flags as last read (flag name -> enrolled).
    bool isEnrolled(const QString& flag) const { return m_enrolled.value(flag, false); }
    bool infinibandEnabled() const;

    void setInterval(std::chrono::milliseconds interval);
    void start();
    void stop();
    // Polls every list now (single-flight per list).
    void refreshAll();

Q_SIGNALS:
    void workspaceChanged(const QString& workspace);
    void featureFlagsChanged();

private:
    Poller* addPoller(std::function<class ApiCall*()> fetch, std::function<void(const QVariant&)> apply);
    void updateInfinibandPolling();

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
    QList<Poller*> m_pollers;
    Poller* m_flagPoller = nullptr;
    Poller* m_fabricPoller = nullptr;
    Poller* m_partitionPoller = nullptr;
    QString m_workspace;
    QHash<QString, bool> m_enrolled;
    bool m_running = false;
};
