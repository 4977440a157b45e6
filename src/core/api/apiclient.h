// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apicall.h"
#include "core/api/infinibandadapter.h"
#include "core/model/resources.h"

#include <QNetworkRequestFactory>
#include <QObject>
#include <QUrl>

#include <chrono>
#include <memory>

class QNetworkAccessManager;
class QRestAccessManager;

struct ClientOptions
{
    std::chrono::milliseconds transferTimeout{30000};
    // Attempts in all, for idempotent requests that fail transiently.
    int maxAttempts = 4;
    std::chrono::milliseconds retryBaseDelay{500};
    int pageSize = 200;
    // A list whose pages never end (or whose cursors cycle) stops with an error past these.
    int maxPages = 1000;
    // No single answer, nor all pages of a list together, may be larger than this.
    qint64 maxResponseBytes = qint64(64) << 20;
};

struct NewInstance
{
    QString pool;
    QString image;
    QString sku;
    QString name;
    QByteArray cloudInitUserData; // raw bytes; sent base64-encoded
    bool enablePublicIpv4 = false;
    QString priority; // yield, normal, preferred, critical; empty: server default
    QString infinibandPartition;
    QMap<QString, QString> tags;
};

struct OrderPreviewRequest
{
    QString side = QStringLiteral("buy");
    QMap<QString, QStringList> requirements;
    qint64 startAt = 0;
    qint64 durationSeconds = 0;
    int nodeCount = 0;
    QString pool;
};

// The SF Compute preview API for one connection. Every call returns an ApiCall handle that reports
// once; results are the value types of core/model/resources.h, wrapped in the QVariant of
// ApiCall::succeeded (the comment on each call names the type).
//
// Requests go through the given QNetworkAccessManager (tests inject a fake), wrapped in a
// QRestAccessManager, built by one QNetworkRequestFactory: base URL with /preview/v2, bearer
// token, Accept: application/json, a User-Agent with the version, a transfer timeout. TLS errors
// are never ignored, plain http is refused except to loopback, redirects are followed only within
// the server's origin (so the token never reaches another host), and nothing is sent before the
// token is set.
class ApiClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiClient)

public:
    // serverUrl is the server root (https://api.sfcompute.com) or already ends in /preview/v2.
    ApiClient(const QUrl& serverUrl, QNetworkAccessManager* network, QObject* parent = nullptr);
    ~ApiClient() override;

    static QUrl apiBaseUrl(const QUrl& serverUrl);
    // https anywhere; http only to loopback. *why gets a translated reason when refused.
    static bool isAllowedServerUrl(const QUrl& url, QString* why = nullptr);
    static QByteArray userAgent();
    // The address without user name and password, which are never sent, shown or stored.
    static QUrl withoutCredentials(const QUrl& url);

    QUrl serverUrl() const { return m_serverUrl; }
    QUrl baseUrl() const;
    void setToken(const QString& token);
    bool hasToken() const;
    void setOptions(const ClientOptions& options);
    const ClientOptions& options() const { return m_options; }

    // --- Account ----------------------------------------------------------------------------
    ApiCall* me();                                                       // Account
    ApiCall* workspaces();                                               // QList<Workspace>
    ApiCall* featureFlags();                                             // QList<FeatureFlag>
    ApiCall* setFeatureFlagEnrolled(const QString& flag, bool enrolled); // FeatureFlag

    // --- Market data ------------------------------------------------------------------------
    ApiCall* instanceSkus();                                 // QList<InstanceSku>
    ApiCall* skuAvailability(const QUrlQuery& filters = {}); // QList<SkuAvailability>
    ApiCall* orderbookQuote(const QString& requirements, qint64 startAt, qint64 endAt); // OrderbookQuote
    ApiCall* orderbookWindows(const QString& requirements, qint64 rangeStartAt,
                              qint64 rangeEndAt); // QList<OrderbookWindow>
    ApiCall* orderbookDepth(const QString& requirements, qint64 startAt, qint64 endAt,
                            int levels); // OrderbookDepth
    // One page of at most `limit` fills made since `sinceAt`, of delivery windows overlapping
    // [startAt, endAt), newest first; the next (older) page starts after the page's cursor.
    ApiCall* orderbookFills(const QString& requirements, qint64 startAt, qint64 endAt, qint64 sinceAt,
                            int limit, const QString& startingAfter = {}); // Page<OrderbookFill>
    ApiCall* orderPreview(const OrderPreviewRequest& request);             // OrderPreview

    // --- Workspace resources; an empty workspace means every readable workspace ---------------
    ApiCall* instances(const QString& workspace = {}, const QUrlQuery& filters = {}); // QList<Instance>
    ApiCall* instancesPage(const QString& workspace, const QString& startingAfter);   // Page<Instance>
    ApiCall* instance(const QString& id);                                             // Instance
    ApiCall* createInstance(const NewInstance& instance);                             // Instance
    ApiCall* terminateInstance(const QString& id);                                    // Instance
    ApiCall* deleteInstance(const QString& id);                                       // nothing

    ApiCall* pools(const QString& workspace = {});                      // QList<Pool>
    ApiCall* pool(const QString& id);                                   // Pool
    ApiCall* createPool(const QString& workspace, const QString& name); // Pool
    ApiCall* renamePool(const QString& id, const QString& name);        // Pool
    ApiCall* deletePool(const QString& id);                             // nothing

    ApiCall* orders(const QString& workspace = {}, const QUrlQuery& filters = {}); // QList<Order>
    ApiCall* order(const QString& id);                                             // Order
    // Sends an Idempotency-Key, the same on every retry: a dropped response never doubles an order.
    // A new key for each call; the server answers a repeated key with the order it already placed.
    ApiCall* createOrder(const OrderRequest& request); // Order
    // With the caller's key, so that the user's next attempt at an order whose outcome is unknown
    // finds the first one instead of placing another (see OrderAttempts).
    ApiCall* createOrder(const OrderRequest& request, const QByteArray& idempotencyKey); // Order
    static QByteArray newIdempotencyKey();
    ApiCall* cancelOrder(const QString& id); // nothing

    ApiCall* images(const QString& workspace = {}); // QList<Image>

    // --- InfiniBand (through InfinibandAdapter) -----------------------------------------------
    ApiCall* infinibandFabrics(); // QList<InfinibandFabric>
    ApiCall*
    infinibandPartitions(const InfinibandAdapter::PartitionFilter& filter = {}); // QList<InfinibandPartition>
    ApiCall*
    createInfinibandPartition(const InfinibandAdapter::NewPartition& partition); // InfinibandPartition
    ApiCall* deleteInfinibandPartition(const QString& reference);                // nothing
    ApiCall* infinibandPartitionInstances(const QString& reference);             // QList<Instance>

    // Any request; for what has no typed call yet.
    ApiCall* send(ApiRequest request);

Q_SIGNALS:
    // Every call's start and end, for an activity panel.
    void callStarted(ApiCall* call);
    // 401 for a call sent with the current token: the token is wrong or expired. A 401 for one
    // sent with a token replaced since (a simulator reset, a new sign-in) says nothing of the new one.
    void unauthorized();
    // A call that changes what the server holds is done (or its answer was lost): lists that
    // show it are read again at once. path is the call's, e.g. "/pools/pool_…".
    void wrote(const QString& path);

private:
    friend class ApiCall;
    QNetworkReply* dispatch(ApiCall* call);

    QUrl m_serverUrl;
    QString m_refusal; // why the URL is refused, empty when allowed
    QNetworkRequestFactory m_factory;
    std::unique_ptr<QRestAccessManager> m_rest;
    ClientOptions m_options;
    // Counts setToken() calls: a call remembers the one its request carried.
    quint64 m_tokenGeneration = 0;
};

Q_DECLARE_METATYPE(Page<Instance>)
