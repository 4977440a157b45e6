#pragma once

#include "sim/simclock.h"
#include "sim/simhttp.h"
#include "sim/simids.h"
#include "sim/simoptions.h"

#include <QHash>
#include <QSqlRecord>

#include <functional>

class SimStore;

struct ApiRequest
{
    QString method;
    QString path;
    QUrlQuery query;
    QByteArray body;
    QByteArray authorization;
    bool fromLoopback = false;
};

// Who is calling: the token's account and grants (1 read, 2 write), account-wide or per workspace.
struct Caller
{
    QString token;
    QString account;
    QString userId;
    int accountLevel = 0;
    QHash<QString, int> workspaceLevels;

    int level(const QString& workspaceId) const
    {
        return qMax(accountLevel, workspaceLevels.value(workspaceId));
    }
};

// A workspace-scoped row the caller may see, with its scope fields.
struct Scope
{
    QString workspaceId;
    QString workspace;
    QString account;
};

// The routes of sfsim. handle() runs one request in one transaction of the store.
class SimApi final
{
    Q_DISABLE_COPY_MOVE(SimApi)

public:
    SimApi(SimStore& store, const SimOptions& options);

    // Seeds the world on first start; returns false with a message on failure.
    bool initialize(QString* error, bool* seededNow);
    QJsonObject tokens();
    ApiResponse handle(const ApiRequest& request);
    SimClock& clock() { return m_clock; }

    // Extra reasons a pool cannot be deleted (the market adds active orders); each returns
    // details, empty when it has no objection.
    using PoolDeleteGuard = std::function<QList<ErrorDetail>(SimStore&, const QString& poolId, qint64 now)>;
    void addPoolDeleteGuard(PoolDeleteGuard guard) { m_poolDeleteGuards.append(std::move(guard)); }

private:
    using Params = QStringList;
    using Handler = ApiResponse (SimApi::*)(const ApiRequest&, const Params&);
    struct Route
    {
        QString method;
        QStringList pattern;
        Handler handler;
    };

    ApiResponse route(const ApiRequest& request);
    ApiResponse control(const ApiRequest& request);
    Caller authenticate(const ApiRequest& request);
    void advanceWorld();
    void reconcile(const QString& poolId = {}, const QString& skuId = {});

    // Access rules.
    void requireFlag(const QString& flag);
    bool flagEnrolled(const QString& account, const QString& flag);
    void requireAccountWrite();
    QSqlRecord readableWorkspace(const QString& ref, const QString& field = {});
    void requireWrite(const QString& workspaceId);

    // References.
    QSqlRecord findPool(const QString& ref, const QString& field = {});
    QSqlRecord findInstance(const QString& ref);
    QSqlRecord findPartition(const QString& ref, const QString& workspaceRef);
    QSqlRecord findFabric(const QString& ref, const QString& field = {});
    QSqlRecord findSku(const QString& ref, const QString& field = {});
    QSqlRecord findImage(const QString& ref, const QString& field = {});
    // sfc:<type>:<account>:<workspace>:<name> or <account>/<workspace>/<name>.
    std::optional<std::tuple<QString, QString, QString>> splitPath(const QString& type, const QString& ref,
                                                                   bool allowSlash) const;

    // JSON.
    QJsonObject workspaceJson(const QSqlRecord& r) const;
    QJsonObject poolJson(const QSqlRecord& r, qint64 historyMinutes);
    QJsonObject instanceJson(const QSqlRecord& r, bool includeUserData) const;
    QJsonObject partitionJson(const QSqlRecord& r);
    QJsonObject fabricJson(const QSqlRecord& r);
    QJsonObject skuJson(const QSqlRecord& r) const;
    QJsonObject imageJson(const QSqlRecord& r) const;
    QJsonObject userJson(const QSqlRecord& r) const;

    // Lists ordered by seq with cursors; `where` conditions are ANDed.
    QJsonObject page(const QString& select, QStringList where, QVariantList binds, const QString& seqColumn,
                     bool newestFirst, QueryReader& query, const QString& cursorPrefix, int defaultLimit,
                     int maxLimit, const std::function<QJsonObject(const QSqlRecord&)>& toJson);
    QString readableWorkspacesCondition(const QString& column, QVariantList& binds) const;

    // Routes.
    ApiResponse getMe(const ApiRequest&, const Params&);
    ApiResponse listUsers(const ApiRequest&, const Params&);
    ApiResponse getUser(const ApiRequest&, const Params&);
    ApiResponse listWorkspaces(const ApiRequest&, const Params&);
    ApiResponse createWorkspace(const ApiRequest&, const Params&);
    ApiResponse getWorkspace(const ApiRequest&, const Params&);
    ApiResponse patchWorkspace(const ApiRequest&, const Params&);
    ApiResponse deleteWorkspace(const ApiRequest&, const Params&);
    ApiResponse listFeatureFlags(const ApiRequest&, const Params&);
    ApiResponse setFeatureFlag(const ApiRequest&, const Params&);
    ApiResponse listSkus(const ApiRequest&, const Params&);
    ApiResponse getSku(const ApiRequest&, const Params&);
    ApiResponse listAvailability(const ApiRequest&, const Params&);
    ApiResponse getAvailability(const ApiRequest&, const Params&);
    ApiResponse propertyCatalog(const ApiRequest&, const Params&);
    ApiResponse listImages(const ApiRequest&, const Params&);
    ApiResponse getImage(const ApiRequest&, const Params&);
    ApiResponse createPool(const ApiRequest&, const Params&);
    ApiResponse listPools(const ApiRequest&, const Params&);
    ApiResponse getPool(const ApiRequest&, const Params&);
    ApiResponse patchPool(const ApiRequest&, const Params&);
    ApiResponse deletePool(const ApiRequest&, const Params&);
    ApiResponse createInstance(const ApiRequest&, const Params&);
    ApiResponse listInstances(const ApiRequest&, const Params&);
    ApiResponse getInstance(const ApiRequest&, const Params&);
    ApiResponse patchInstance(const ApiRequest&, const Params&);
    ApiResponse terminateInstance(const ApiRequest&, const Params&);
    ApiResponse deleteInstance(const ApiRequest&, const Params&);
    ApiResponse instanceLogs(const ApiRequest&, const Params&);
    ApiResponse instanceSsh(const ApiRequest&, const Params&);
    ApiResponse listFabrics(const ApiRequest&, const Params&);
    ApiResponse getFabric(const ApiRequest&, const Params&);
    ApiResponse createPartition(const ApiRequest&, const Params&);
    ApiResponse listPartitions(const ApiRequest&, const Params&);
    ApiResponse getPartition(const ApiRequest&, const Params&);
    ApiResponse patchPartition(const ApiRequest&, const Params&);
    ApiResponse partitionInstances(const ApiRequest&, const Params&);
    ApiResponse deletePartition(const ApiRequest&, const Params&);

    QJsonObject instancesPage(QueryReader& query, QStringList where, QVariantList binds,
                              bool includeUserData);

    SimStore& m_store;
    SimOptions m_options;
    SimClock m_clock;
    IdGenerator m_ids;
    QList<Route> m_routes;
    QList<PoolDeleteGuard> m_poolDeleteGuards;
    Caller m_caller;  // of the request being handled
    qint64 m_now = 0; // virtual time of the request being handled
    qint64 m_nextReconcileAt = 0;
    qint64 m_clockHighWater = 0;
};
