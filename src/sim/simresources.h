// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/schedule.h"
#include "sim/market/marketengine.h"
#include "sim/routes/simrequest.h"
#include "sim/simclock.h"
#include "sim/simhttp.h"
#include "sim/simids.h"
#include "sim/simoptions.h"

#include <QHash>
#include <QJsonObject>
#include <QSqlRecord>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace sfsim {

using sfdesk::FieldError;
using sfdesk::Schedule;

class SimImageFiles;
class SimStore;
class SimRow;

// What an instance is made of, as POST /instances takes it (references as the caller wrote them),
// for the one place that checks and stores a new instance: a user's create, a deployment's
// reconciliation and a replace all go through SimResources::createInstance.
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

// What the route classes share: the rules of access for the request's caller, references to
// stored objects, their JSON writers, list pages, the market and the world's time. SimApi runs a
// request through it; route handlers reach it through their SimRequestContext.
class SimResources final
{
    Q_DISABLE_COPY_MOVE(SimResources)

public:
    SimResources(SimStore& store, const SimOptions& options, SimClock& clock);
    ~SimResources();

    // The request being handled: who calls (nobody for control routes) and its virtual time.
    void beginRequest(const Caller& caller, qint64 now);
    const Caller& caller() const { return m_caller; }
    qint64 now() const { return m_now; }

    SimStore& store() { return m_store; }
    const SimOptions& options() const { return m_options; }
    SimClock& clock() { return m_clock; }
    IdGenerator& ids() { return m_ids; }
    // Where uploaded images' bytes are kept and the address their transfer URLs point at (set by
    // SimServer); without them the routes that move bytes answer 503.
    void setImageTransfers(SimImageFiles* files, const QUrl& transferBase)
    {
        m_imageFiles = files;
        m_transferBase = transferBase;
    }
    SimImageFiles* imageFiles() const { return m_imageFiles; }
    QUrl transferBase() const { return m_transferBase; }

    // Extra reasons a pool cannot be deleted (the market adds active orders); each returns
    // details, empty when it has no objection.
    using PoolDeleteGuard = std::function<QList<FieldError>(SimStore&, const QString& poolId, qint64 now)>;
    void addPoolDeleteGuard(PoolDeleteGuard guard) { m_poolDeleteGuards.append(std::move(guard)); }
    const QList<PoolDeleteGuard>& poolDeleteGuards() const { return m_poolDeleteGuards; }

    // A resource that acts on its own on the simulated clock (procurements, pool transfers). The
    // world runs it at every hour boundary the clock passes and at each request's time, each time
    // after the market has moved there and its fills are settled, so that it acts through the
    // same paths (and sees the same book) a user's request at that time would. `due` says, with
    // one cheap read, whether it has anything to do: without it the world does not stop at every
    // hour of a long jump of the clock.
    struct Automation
    {
        std::function<bool(SimResources&)> due;
        std::function<void(SimResources&, qint64 at)> run;
    };
    void addAutomation(Automation automation) { m_automations.append(std::move(automation)); }

    // --- Time ---
    // The world as it starts at now(): the clock's high-water mark and the market.
    void startWorld();
    // Releases, fills and allocations catch up with now().
    void advanceWorld();
    // Moves the clock on and the world with it (a control route).
    void advanceClockBy(qint64 seconds);
    // Instances follow their pools' allocation: all pools, or one pool's SKU.
    void reconcile(const QString& poolId = {}, const QString& skuId = {});
    // A failed request may have changed what the next reconciliation is due for.
    void forgetNextReconcile() { m_nextReconcileAt = 0; }
    // Deployments keep their target (simresources_deployments.cpp): every live one, or one.
    void reconcileDeployments(const QString& deploymentId = {});
    // Cancels a spot deployment's buys still on the book whose window starts at blockStart or later.
    void cancelDeploymentOrders(const QString& deploymentId, qint64 blockStart);

    // --- Access rules ---
    void requireFlag(const QString& flag);
    bool flagEnrolled(const QString& account, const QString& flag);
    void requireAccountWrite();
    QSqlRecord readableWorkspace(const QString& ref, const QString& field = {});
    void requireWrite(const QString& workspaceId);
    QString readableWorkspacesCondition(const QString& column, QVariantList& binds) const;

    // --- References ---
    QSqlRecord findPool(const QString& ref, const QString& field = {});
    QSqlRecord findInstance(const QString& ref);
    QSqlRecord findPartition(const QString& ref, const QString& workspaceRef);
    QSqlRecord findFabric(const QString& ref, const QString& field = {});
    QSqlRecord findSku(const QString& ref, const QString& field = {});
    QSqlRecord findImage(const QString& ref, const QString& field = {});
    // A bare name resolves in `workspaceId` when given, else in the account's default workspace.
    QSqlRecord findTemplate(const QString& ref, const QString& field = {}, const QString& workspaceId = {});
    QSqlRecord findDeployment(const QString& ref);
    // An image that may start an instance: completed, not revoked (422 otherwise, under `field`).
    QSqlRecord findLaunchableImage(const QString& ref, const QString& field);
    // sfc:<type>:<account>:<workspace>:<name> or <account>/<workspace>/<name>.
    std::optional<std::tuple<QString, QString, QString>> splitPath(const QString& type, const QString& ref,
                                                                   bool allowSlash) const;

    // --- JSON ---
    QJsonObject workspaceJson(const QSqlRecord& r) const;
    QJsonObject poolJson(const QSqlRecord& r, qint64 historyMinutes);
    QJsonObject poolJson(const QSqlRecord& r, const QJsonObject& allocationSchedule) const;
    qint64 scheduleFrom(qint64 historyMinutes) const;
    QJsonObject instanceJson(const QSqlRecord& r, bool includeUserData) const;
    QJsonObject partitionJson(const QSqlRecord& r);
    QJsonObject partitionJson(const QSqlRecord& r, qint64 instanceCount) const;
    // Attached, unreleased instances the caller can read, per partition, in one query.
    QHash<QString, qint64> attachedInstanceCounts(const QStringList& partitionIds);
    QJsonObject fabricJson(const QSqlRecord& r);
    QJsonObject skuJson(const QSqlRecord& r) const;
    QJsonObject imageJson(const QSqlRecord& r) const;
    QJsonObject userJson(const QSqlRecord& r) const;
    QJsonObject templateJson(const QSqlRecord& r, bool includeUserData) const;
    QJsonObject deploymentJson(const QSqlRecord& r) const;
    QJsonObject storedTemplateJson(const QString& id, bool includeUserData);
    QJsonObject storedDeploymentJson(const QString& id);
    static const QString& templateSelectSql();
    static const QString& deploymentSelectSql();

    // --- Instances (simresources_instances.cpp) ---
    // Checks a new instance as POST /instances does (grants, references, SKU and partition, image
    // available, name free) and stores it awaiting allocation; returns its id. Throws SimApiError.
    QString createInstance(const InstanceSpec& spec);
    // Terminates running or waiting instances now, as POST /instances/{id}/terminate does.
    void terminateInstances(const QStringList& ids);

    // --- Lists ---
    // Ordered by seq with cursors; `where` conditions are ANDed. `prefetch` sees the page's rows
    // before toJson does, so related rows of the whole page come in one query.
    using PagePrefetch = std::function<void(const QList<QSqlRecord>&)>;
    QJsonObject page(const QString& select, QStringList where, QVariantList binds, const QString& seqColumn,
                     bool newestFirst, QueryReader& query, const QString& cursorPrefix, int defaultLimit,
                     int maxLimit, const std::function<QJsonObject(const QSqlRecord&)>& toJson,
                     const PagePrefetch& prefetch = {});
    // The same page written as its rows are read (SimStore::forEachRow): `write` appends one item's
    // JSON for a row; `seqIndex` is the select's column of `seqColumn`. Returns the list's JSON.
    // A value that needs the whole page (a pool's schedule, a partition's instance count) is
    // written late: `write` puts jsonout::lateValue where it goes, and `lateValues` gets the rows'
    // column `idIndex` and returns their values, in order, as JSON.
    using LateValues = std::function<QList<QByteArray>(const QStringList& ids)>;
    QByteArray writtenPage(const QString& select, QStringList where, QVariantList binds,
                           const QString& seqColumn, int seqIndex, bool newestFirst, QueryReader& query,
                           const QString& cursorPrefix, int defaultLimit, int maxLimit,
                           const std::function<void(QByteArray&, const SimRow&)>& write, int idIndex = -1,
                           const LateValues& lateValues = {});

    // The SKU row (with its fabric's name) and the image row (with its workspace) as selected.
    static const QString& skuSelectSql();
    static const QString& imageSelectSql();
    // The pool `id` as the API writes it, read from the store.
    QJsonObject storedPoolJson(const QString& id);
    // A page of pools as compact JSON, each with its allocation schedule from `historyMinutes` ago.
    QByteArray poolsPage(QueryReader& query, const QStringList& where, const QVariantList& binds,
                         qint64 historyMinutes);
    // The instance `id` as the API writes it (without user data), read from the store.
    QJsonObject storedInstanceJson(const QString& id);
    // The partition `id` as the API writes it, read from the store.
    QJsonObject storedPartitionJson(const QString& id);
    // A page of partitions as compact JSON, each with the attached instances the caller can read.
    QByteArray partitionsPage(QueryReader& query, const QStringList& where, const QVariantList& binds);
    // A page of instances as compact JSON, byte for byte what the object model would write.
    QByteArray instancesPage(QueryReader& query, QStringList where, QVariantList binds, bool includeUserData);

    // --- Market (simresources_market.cpp) ---
    MarketEngine& market();
    // Forgets the market (its tables stay): a start that failed.
    void stopMarket() { m_market.reset(); }
    // Applies fills: allocation rectangles of the pools and the accounts' balances.
    void settle(const QList<MarketSettlement>& settlements);
    // The pool's allocation of one SKU as the market sees it (what the pool owns over time).
    Schedule ownedAllocation(const QString& poolId, const QString& skuId);
    OwnedAllocation ownedAllocationFunction();
    // SKU ids matching a requirements object {key: [values]}; problems go to `errors`.
    QStringList skusMatching(const QJsonObject& requirements, const QString& field,
                             QList<FieldError>* errors);
    // The orderbook's query form "key:value[,value][;key:value]" as a requirements object.
    QJsonObject parseRequirements(const QString& text, QueryReader& query);
    // What every orderbook route reads: the requirements, the SKUs they match and a window whose
    // bounds are the query keys startKey and endKey. Problems go to `query`.
    struct BookWindow
    {
        QJsonObject requirements;
        QStringList skus;
        qint64 start = 0;
        qint64 end = 0;
    };
    // boundedWindow: the route prices every hour, so the window is at most an order's length.
    BookWindow readBookWindow(QueryReader& query, const QString& startKey, const QString& endKey,
                              bool boundedWindow = false);
    // What the account's active buys may still cost.
    qint64 committedFunds(const QString& account);
    QJsonObject orderPrincipal() const;

private:
    struct PageQuery
    {
        QString sql;
        QVariantList binds;
        int limit = 0;
        bool backwards = false;
    };
    PageQuery pageQuery(const QString& select, QStringList where, QVariantList binds,
                        const QString& seqColumn, bool newestFirst, QueryReader& query,
                        const QString& cursorPrefix, int defaultLimit, int maxLimit);
    struct PageRows
    {
        QList<QSqlRecord> rows; // in the order of the answer
        bool hasMore = false;
        QJsonValue cursor;
    };
    PageRows pageRows(const QString& select, QStringList where, QVariantList binds, const QString& seqColumn,
                      bool newestFirst, QueryReader& query, const QString& cursorPrefix, int defaultLimit,
                      int maxLimit);
    void reconcileDeployment(const QSqlRecord& deployment);
    // A spot deployment's buys for the hour under way and the next; returns what its status should
    // say about them ("error:" first for a failure), empty when nothing is outstanding.
    QString buySpotCapacity(const QSqlRecord& deployment);
    void setDeploymentStatus(const QString& id, const QString& state, const QString& message);
    // Creates the market's tables and registers every SKU of the world with it.
    void initializeMarket();
    // Lets the market catch up with the clock and books the fills, and runs the automations.
    void advanceMarket();
    // The market moved to `t` and its fills booked.
    void marketTo(qint64 t);

    SimStore& m_store;
    const SimOptions& m_options;
    SimClock& m_clock;
    IdGenerator m_ids;
    QList<PoolDeleteGuard> m_poolDeleteGuards;
    QList<Automation> m_automations;
    std::unique_ptr<MarketEngine> m_market;
    Caller m_caller;  // of the request being handled
    qint64 m_now = 0; // virtual time of the request being handled
    qint64 m_nextReconcileAt = 0;
    qint64 m_clockHighWater = 0;
    SimImageFiles* m_imageFiles = nullptr;
    QUrl m_transferBase;
};

} // namespace sfsim
