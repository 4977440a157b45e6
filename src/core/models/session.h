#pragma once

#include "core/model/resources.h"

#include <QHash>
#include <QMap>
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

// The live data of one connection: a model per resource, each kept fresh by its own single-flight
// poller, all reporting to one ConnectionStatus. The account check (GET /me) polls while the
// session runs; every list polls only while something that shows it watches it (watch/unwatch),
// so a hidden view costs no requests.
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
    // Polls one list now, if it is watched (single-flight).
    void refresh(Resource resource);

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
    void accountChanged();

private:
    Poller* addPoller(Resource resource, std::function<class ApiCall*()> fetch,
                      std::function<void(const QVariant&)> apply);
    bool shouldPoll(Resource resource) const;
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
    Poller* m_accountPoller = nullptr;
    QMap<Resource, Poller*> m_pollers;
    QMap<Resource, int> m_watchers;
    Account m_account;
    QString m_workspace;
    QHash<QString, bool> m_enrolled;
    bool m_running = false;
};
