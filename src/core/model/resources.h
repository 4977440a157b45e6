// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/schedule.h"
#include "core/model/marketorderstatus.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace sfdesk {

// Value types for what the SF Compute preview API returns. Plain data, compared by value, so that a
// model can tell a changed row from an unchanged one. Statuses are kept raw as well as classified:
// the server may add statuses, and the client shows those as they come.

// A reference to another object: {id, name}.
struct ObjectRef
{
    QString id;
    QString name;
    bool operator==(const ObjectRef&) const = default;
};

// A price in dollars per node-hour. The API sends a decimal string; micros is that value in
// millionths of a dollar, for sorting and arithmetic.
struct Price
{
    QString text;
    qint64 micros = 0;
    bool operator==(const Price&) const = default;
};

// A schedule as the API writes it: its entries (common/schedule.h), node_count nodes over
// [start_at, end_at) each, no end meaning an unbounded tail.
using NodeSchedule = QList<ScheduleEntry>;

// Nodes a schedule holds at a moment (entries without an end last until the next one starts).
int scheduleNodesAt(const NodeSchedule& schedule, qint64 at);

struct Account
{
    QString accountId;
    qint64 createdAt = 0;
    QString entityType;
    QString userId;
    QString userEmail;
    bool operator==(const Account&) const = default;
};

struct Workspace
{
    QString id;
    QString resourcePath;
    QString owner;
    QString name;
    qint64 createdAt = 0;
    bool operator==(const Workspace&) const = default;
};

struct FeatureFlag
{
    QString name;
    QString description;
    bool userEnroll = false;
    bool enrolled = false;
    bool operator==(const FeatureFlag&) const = default;
};

// One property of a SKU: the machine value and the text the server suggests for display.
struct SkuProperty
{
    QString value;
    QString displayValue;
    bool operator==(const SkuProperty&) const = default;
};

struct InstanceSku
{
    QString id;
    QString alias;
    // Keys as the API names them (standardProperties() and any the server adds). Null properties
    // are absent.
    QMap<QString, SkuProperty> properties;
    QString audienceHint;
    // Filled from /instance_skus/availability; empty when nothing is published.
    NodeSchedule availability;

    QString property(const QString& key) const { return properties.value(key).value; }
    QString displayProperty(const QString& key) const { return properties.value(key).displayValue; }
    bool isInfiniband() const { return property(QStringLiteral("rdma_type")) == u"infiniband"; }
    bool operator==(const InstanceSku&) const = default;

    // The properties the API document defines for every SKU, in its order: region,
    // availability_zone, accelerator, form_factor, rdma_type, num_accelerators, num_vcpus, memory,
    // local_storage, supports_public_ipv4, infiniband_fabric.
    static const QStringList& standardProperties();
};

struct SkuAvailability
{
    ObjectRef sku; // name holds the alias
    NodeSchedule schedule;
    bool operator==(const SkuAvailability&) const = default;
};

struct InfinibandFabric
{
    QString id;
    QString name;
    QString region;
    QString availabilityZone;
    QList<ObjectRef> instanceSkus;
    bool operator==(const InfinibandFabric&) const = default;
};

// The fields every workspace-scoped object of the API shares: its id, where it lives, its name.
struct ScopedResource
{
    QString id;
    QString resourcePath;
    QString owner;
    QString workspace;
    QString workspaceId;
    QString name;
    bool operator==(const ScopedResource&) const = default;
};

struct InfinibandPartition : ScopedResource
{
    ObjectRef fabric;
    QString region;
    QString availabilityZone;
    int instanceCount = 0;
    qint64 createdAt = 0;
    QMap<QString, QString> tags;
    bool operator==(const InfinibandPartition&) const = default;
};

struct Instance : ScopedResource
{
    enum class Status
    {
        AwaitingAllocation,
        Running,
        Terminated,
        Failed,
        Unknown
    };

    Status status = Status::Unknown;
    QString statusText; // as the server sent it
    ObjectRef sku;      // name holds the alias
    ObjectRef pool;
    ObjectRef image;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    bool cloudInitUsed = false;
    bool publicIpv4 = false;
    QString publicIp;
    QString priority;
    std::optional<qint64> expectedShutdownAt;
    QMap<QString, QString> tags;
    std::optional<ObjectRef> infinibandPartition;
    std::optional<qint64> infinibandReleasedAt;
    // The deployment (or spot deployment) that keeps this instance, if any.
    std::optional<ObjectRef> managedBy;
    // Decoded, when the answer carried it (GET with include=cloud_init_user_data).
    std::optional<QByteArray> cloudInitUserData;
    bool operator==(const Instance&) const = default;
};

struct Pool : ScopedResource
{
    QString kind;
    NodeSchedule total;
    QMap<QString, NodeSchedule> bySku;
    QList<ObjectRef> procurements;
    QList<ObjectRef> deployments;
    qint64 createdAt = 0;
    QMap<QString, QString> tags;

    // How much of its past a pool's schedules are asked with. The server writes a schedule from its
    // present minute by default: a client clock a second behind it would read no nodes "now", and the
    // clipped first entry would look like capacity that starts. A day also covers the planner's past.
    static constexpr int ScheduleHistoryMinutes = 24 * 60;

    // Nodes allocated at a moment, over all SKUs.
    int nodesAt(qint64 at) const;
    // SKUs the pool owns nodes of at `at` or later (its schedules also hold a day of the past).
    int skusFrom(qint64 at) const;
    bool operator==(const Pool&) const = default;
};

struct OrderFill
{
    QString contract;
    qint64 filledAt = 0;
    NodeSchedule delta;
    Price price;
    bool operator==(const OrderFill&) const = default;
};

struct Order
{
    using Status = MarketOrderStatus;

    QString id;
    ObjectRef pool;
    QString side; // "buy" or "sell"
    bool allowStanding = false;
    bool allowPartial = false;
    ObjectRef sku;
    NodeSchedule delta;
    NodeSchedule filledDelta;
    Price limitPrice;
    Status status = Status::Unknown;
    QString statusText;
    qint64 createdAt = 0;
    QString createdBy;
    std::optional<qint64> filledAt;
    std::optional<Price> filledAveragePrice;
    QList<OrderFill> fills;
    std::optional<qint64> cancelledAt;
    // The procurement that placed it (the list it was read from says so); empty for the user's.
    QString procurement;

    // Window and size of the order's single rectangle (the API accepts exactly one).
    qint64 startAt() const { return delta.isEmpty() ? 0 : delta.first().startAt; }
    qint64 endAt() const { return delta.isEmpty() ? 0 : delta.first().endAt.value_or(0); }
    int nodeCount() const { return delta.isEmpty() ? 0 : delta.first().nodeCount; }
    bool operator==(const Order&) const = default;
};

struct Image : ScopedResource
{
    enum class UploadStatus
    {
        Started,
        Uploading,
        Completed,
        Failed,
        Revoked,
        Unknown
    };

    bool isPublic = false;
    UploadStatus status = UploadStatus::Unknown;
    QString statusText;
    qint64 createdAt = 0;
    QString provider;
    QString sha256;
    bool operator==(const Image&) const = default;
};

// An image and cloud-init user data to start instances with.
struct InstanceTemplate : ScopedResource
{
    ObjectRef image;
    bool cloudInitUsed = false;
    // Decoded, when the answer carried it (a single template, or a list asked to include it).
    std::optional<QByteArray> cloudInitUserData;
    QMap<QString, QString> tags;
    qint64 createdAt = 0;
    bool operator==(const InstanceTemplate&) const = default;
};

// A deployment keeps a target number of instances of a template running in a pool; a spot
// deployment also buys the nodes for them, at most at its price.
struct Deployment : ScopedResource
{
    enum class Kind
    {
        Generic,
        Spot
    };
    // How the server judges its reconciliation (status.state).
    enum class State
    {
        Info,
        Warning,
        Error,
        Unknown
    };

    Kind kind = Kind::Generic;
    ObjectRef pool;
    ObjectRef sku; // name holds the alias
    ObjectRef instanceTemplate;
    bool enabled = true;
    int targetInstanceCount = 0;
    QString instanceNameTemplate;
    std::optional<Price> maxBuyPrice; // spot only
    State state = State::Unknown;
    QString stateText; // as the server sent it
    QString statusMessage;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    std::optional<ObjectRef> infinibandPartition;
    bool operator==(const Deployment&) const = default;
};

struct PriceLevel
{
    QString sku;
    Price price;
    NodeSchedule delta;
    bool operator==(const PriceLevel&) const = default;
};

struct OrderbookQuote
{
    qint64 startAt = 0;
    qint64 endAt = 0;
    qint64 requestedAt = 0;
    std::optional<PriceLevel> bestBid;
    std::optional<PriceLevel> bestAsk;
    bool operator==(const OrderbookQuote&) const = default;
};

struct OrderbookWindow
{
    QString sku;
    qint64 startAt = 0;
    qint64 endAt = 0;
    qint64 durationHours = 0;
    qint64 bidOrderCount = 0;
    qint64 askOrderCount = 0;
    std::optional<PriceLevel> bestBid;
    std::optional<PriceLevel> bestAsk;
    bool operator==(const OrderbookWindow&) const = default;
};

// What POST /orders would take, and what POST /order_preview proposes.
struct OrderRequest
{
    QString pool;
    QString side = QStringLiteral("buy");
    QString sku;
    qint64 startAt = 0;
    qint64 endAt = 0;
    int nodeCount = 0;
    QString limitPrice; // decimal string, dollars per node-hour
    bool allowStanding = false;
    bool allowPartial = false;
    bool operator==(const OrderRequest&) const = default;
};

struct MaintenanceNotice
{
    qint64 startAt = 0;
    qint64 endAt = 0;
    QString maintenanceType;
    QString title;
    QString description;
    QString actionMessage;
    bool operator==(const MaintenanceNotice&) const = default;
};

struct OrderPreview
{
    bool quoted = false;
    OrderRequest postOrderBody; // when quoted
    QString unavailableReason;  // when not quoted
    std::optional<Price> feeFlatPerNodeHour;
    int feePercentageBps = 0;
    QList<MaintenanceNotice> notices;
    bool operator==(const OrderPreview&) const = default;
};

// Where to PUT one part of an image upload (POST /images/{id}/parts): a presigned URL that takes
// no token, until it expires.
struct ImagePartUrl
{
    QUrl url;
    qint64 expiresAt = 0;
    bool operator==(const ImagePartUrl&) const = default;
};

// Where to download a completed image (GET /images/{id}/download), until the link expires.
struct ImageDownload
{
    QUrl url;
    qint64 expiresAt = 0;
    QString sha256;
    qint64 size = 0;
    bool operator==(const ImageDownload&) const = default;
};

// A procurement: the server keeps a pool's allocation of one SKU at a target node count over a
// rolling window, buying at up to a price cap and selling at a floor or more.
struct Procurement : ScopedResource
{
    // The server's word on how it is doing (ReconciliationStatus): info, warning or error.
    enum class State
    {
        Info,
        Warning,
        Error,
        Unknown
    };

    ObjectRef pool;
    ObjectRef sku; // name holds the alias
    qint64 target = 0;
    Price maxBuyPrice;
    Price minSellPrice;
    qint64 windowMinutes = 0;
    bool enabled = true;
    State state = State::Unknown;
    QString stateText;     // as the server sent it
    QString statusMessage; // the server's sentence
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    bool operator==(const Procurement&) const = default;
};

// What POST /procurements takes.
struct ProcurementRequest
{
    QString name; // empty: the server names it
    QString pool;
    QString sku;
    qint64 target = 0;
    QString maxBuyPrice;  // decimal string, dollars per node-hour
    QString minSellPrice; // decimal string, dollars per node-hour
    qint64 windowMinutes = 0;
    bool enabled = true;
    bool operator==(const ProcurementRequest&) const = default;
};

// What PATCH /procurements/{id} changes: only what is set. The API document's PATCH has no
// target: a new target is a new procurement.
struct ProcurementChange
{
    std::optional<QString> name;
    std::optional<QString> sku;
    std::optional<QString> maxBuyPrice;
    std::optional<QString> minSellPrice;
    std::optional<qint64> windowMinutes;
    std::optional<bool> enabled;
    bool isEmpty() const
    {
        return !name && !sku && !maxBuyPrice && !minSellPrice && !windowMinutes && !enabled;
    }
    bool operator==(const ProcurementChange&) const = default;
};

// Owned allocation of one SKU moved from one pool to another (perhaps in another workspace).
struct PoolTransfer
{
    enum class Status
    {
        Pending,
        Executed,
        Rejected,
        Unknown
    };

    QString id;
    Status status = Status::Unknown;
    QString statusText; // as the server sent it
    qint64 createdAt = 0;
    QString fromPool; // pool ids
    QString toPool;
    ObjectRef sku; // name holds the alias
    QString rejectedReason;
    NodeSchedule delta;
    // Executed or rejected: it changes no more.
    bool isSettled() const { return status == Status::Executed || status == Status::Rejected; }
    bool operator==(const PoolTransfer&) const = default;
};

// What POST /pool_transfers takes.
struct PoolTransferRequest
{
    QString fromPool;
    QString toPool;
    QString sku;
    NodeSchedule delta;
    bool operator==(const PoolTransferRequest&) const = default;
};

// One page of a cursor list.
template <typename T> struct Page
{
    QList<T> items;
    bool hasMore = false;
    QString cursor;
};

// One line of an instance's console, decoded from the API's base64 bytes.
struct ConsoleLine
{
    qint64 seqnum = 0;
    qint64 timestamp = 0; // Unix seconds
    QString text;
    bool operator==(const ConsoleLine&) const = default;
};

struct SshHostKey
{
    QString keyType;
    QString key;
    bool operator==(const SshHostKey&) const = default;
};

struct SshDetails
{
    QString hostname;
    int port = 22;
    QList<SshHostKey> hostKeys;
    bool operator==(const SshDetails&) const = default;
};

} // namespace sfdesk

Q_DECLARE_METATYPE(sfdesk::ConsoleLine)
Q_DECLARE_METATYPE(sfdesk::SshDetails)
Q_DECLARE_METATYPE(sfdesk::Account)
Q_DECLARE_METATYPE(sfdesk::Workspace)
Q_DECLARE_METATYPE(sfdesk::FeatureFlag)
Q_DECLARE_METATYPE(sfdesk::InstanceSku)
Q_DECLARE_METATYPE(sfdesk::SkuAvailability)
Q_DECLARE_METATYPE(sfdesk::InfinibandFabric)
Q_DECLARE_METATYPE(sfdesk::InfinibandPartition)
Q_DECLARE_METATYPE(sfdesk::Instance)
Q_DECLARE_METATYPE(sfdesk::Pool)
Q_DECLARE_METATYPE(sfdesk::Order)
Q_DECLARE_METATYPE(sfdesk::Image)
Q_DECLARE_METATYPE(sfdesk::InstanceTemplate)
Q_DECLARE_METATYPE(sfdesk::Deployment)
Q_DECLARE_METATYPE(sfdesk::ImagePartUrl)
Q_DECLARE_METATYPE(sfdesk::ImageDownload)
Q_DECLARE_METATYPE(sfdesk::OrderbookQuote)
Q_DECLARE_METATYPE(sfdesk::OrderbookWindow)
Q_DECLARE_METATYPE(sfdesk::OrderPreview)
Q_DECLARE_METATYPE(sfdesk::Procurement)
Q_DECLARE_METATYPE(sfdesk::PoolTransfer)
