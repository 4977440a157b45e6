// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apicall.h"
#include "core/api/apireply.h"
#include "core/api/httptransport.h"
#include "core/api/infinibandadapter.h"
#include "core/api/requests.h"
#include "core/model/orderbook.h"
#include "core/model/resources.h"

#include <QObject>
#include <QUrl>

#include <chrono>
#include <memory>
#include <optional>
#include <utility>

class QNetworkAccessManager;
class QSslConfiguration;

namespace sfdesk {

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

// The SF Compute preview API for one connection: every endpoint the app uses is a call here. Each
// returns an ApiReply<T>, the typed handle of an ApiCall that reports once; T is one of the value
// types of core/model/resources.h (or void), and a handler for another type does not compile.
//
// Requests go through the given HttpTransport (httptransport.h; over a QNetworkAccessManager, which
// tests may fake), each built as by one QNetworkRequestFactory: base URL with /preview/v2, bearer
// token, Accept: application/json, a User-Agent with the version, a transfer timeout, and the
// connection's extra CA certificates, if any. TLS errors are never ignored, plain http is refused except to
// loopback, redirects are followed only within the server's origin (so the token never reaches another host),
// and nothing is sent before the token is set.
class ApiClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiClient)

public:
    // serverUrl is the server root (https://api.sfcompute.com) or already ends in /preview/v2.
    // network makes the transports of transfers that need their own (PartTransfer); it may be null.
    ApiClient(const QUrl& serverUrl, std::shared_ptr<HttpNetwork> network,
              std::unique_ptr<HttpTransport> transport, QObject* parent = nullptr);
    // Over a QNetworkAccessManager (tests): defined in the static library sfdesk_network.
    ApiClient(const QUrl& serverUrl, QNetworkAccessManager* network, QObject* parent = nullptr);
    ~ApiClient() override;

    static QUrl apiBaseUrl(const QUrl& serverUrl);
    // https anywhere; http only to loopback. *why gets a translated reason when refused.
    static bool isAllowedServerUrl(const QUrl& url, QString* why = nullptr);
    static QByteArray userAgent();
    // The address without user name and password, which are never sent, shown or stored.
    static QUrl withoutCredentials(const QUrl& url);
    // The CA certificates of a PEM file (a private CA's), or nullopt with *why in a sentence: the
    // file cannot be read, is too large or holds no certificate (as `network` reads them).
    static std::optional<QByteArray> readCaCertificates(const QString& file, HttpNetwork& network,
                                                        QString* why);
    // A proxy from http://host:port or socks5://host:port, or nullopt with *why: another scheme
    // (https proxies are not supported), no host, or a user name or password in the address
    // (not supported: they would have to be kept somewhere).
    static std::optional<HttpProxy> proxyFromUrl(const QUrl& url, QString* why);

    QUrl serverUrl() const { return m_serverUrl; }
    QUrl baseUrl() const;
    void setToken(const QString& token);
    bool hasToken() const;
    void setOptions(const ClientOptions& options);
    const ClientOptions& options() const { return m_options; }
    // Trusted for this server besides the system's CA certificates (PEM). Certificate errors are
    // still never ignored.
    void setExtraCaCertificates(const QByteArray& pem);
    // The TLS settings every request is made with, when the transport is Qt Network's (tests):
    // defined in the static library sfdesk_network.
    QSslConfiguration sslConfiguration() const;
    HttpTransport* transport() const { return m_transport.get(); }
    // Null when the client was made without one.
    std::shared_ptr<HttpNetwork> network() const { return m_network; }

    // --- Account ----------------------------------------------------------------------------
    ApiReply<Account> me();
    ApiReply<QList<Workspace>> workspaces();
    ApiReply<QList<FeatureFlag>> featureFlags();
    ApiReply<FeatureFlag> setFeatureFlagEnrolled(const QString& flag, bool enrolled);

    // --- Market data ------------------------------------------------------------------------
    ApiReply<QList<InstanceSku>> instanceSkus();
    ApiReply<QList<SkuAvailability>> skuAvailability(const QUrlQuery& filters = {});
    ApiReply<OrderbookQuote> orderbookQuote(const QString& requirements, qint64 startAt, qint64 endAt);
    ApiReply<QList<OrderbookWindow>> orderbookWindows(const QString& requirements, qint64 rangeStartAt,
                                                      qint64 rangeEndAt);
    ApiReply<OrderbookDepth> orderbookDepth(const QString& requirements, qint64 startAt, qint64 endAt,
                                            int levels);
    // One page of at most `limit` fills made since `sinceAt`, of delivery windows overlapping
    // [startAt, endAt), newest first; the next (older) page starts after the page's cursor.
    ApiReply<Page<OrderbookFill>> orderbookFills(const QString& requirements, qint64 startAt, qint64 endAt,
                                                 qint64 sinceAt, int limit,
                                                 const QString& startingAfter = {});
    ApiReply<OrderPreview> orderPreview(const OrderPreviewRequest& request);

    // --- Workspace resources; an empty workspace means every readable workspace ---------------
    ApiReply<QList<Instance>> instances(const QString& workspace = {}, const QUrlQuery& filters = {});
    ApiReply<Page<Instance>> instancesPage(const QString& workspace, const QString& startingAfter);
    ApiReply<Instance> instance(const QString& id);
    ApiReply<Instance> createInstance(const NewInstance& instance);
    ApiReply<Instance> terminateInstance(const QString& id);
    // With its cloud-init user data.
    ApiReply<Instance> instanceWithUserData(const QString& id);
    ApiReply<Instance> renameInstance(const QString& id, const QString& name);
    // PATCH /instances: the priorities of instances of one workspace, in one atomic request.
    ApiReply<QList<Instance>> setInstancePriorities(const QList<std::pair<QString, QString>>& priorities);
    // Terminates the instance and starts its replacement on the same pool and SKU. The key makes a
    // retry return the replacement the first attempt made.
    ApiReply<Instance> replaceInstance(const QString& id, const InstanceReplacement& replacement,
                                       const QByteArray& idempotencyKey);
    ApiReply<void> deleteInstance(const QString& id);
    ApiReply<QList<ConsoleLine>> consoleLogs(const QString& instanceId, int limit = 2500);
    ApiReply<SshDetails> sshDetails(const QString& instanceId);

    ApiReply<QList<Pool>> pools(const QString& workspace = {});
    ApiReply<Pool> pool(const QString& id);
    ApiReply<Pool> createPool(const QString& workspace, const QString& name);
    ApiReply<Pool> renamePool(const QString& id, const QString& name);
    ApiReply<void> deletePool(const QString& id);

    ApiReply<QList<Order>> orders(const QString& workspace = {}, const QUrlQuery& filters = {});
    ApiReply<Order> order(const QString& id);
    // Sends an Idempotency-Key, the same on every retry: a dropped response never doubles an order.
    // A new key for each call; the server answers a repeated key with the order it already placed.
    ApiReply<Order> createOrder(const OrderRequest& request);
    // With the caller's key, so that the user's next attempt at an order whose outcome is unknown
    // finds the first one instead of placing another (see OrderAttempts).
    ApiReply<Order> createOrder(const OrderRequest& request, const QByteArray& idempotencyKey);
    static QByteArray newIdempotencyKey();
    ApiReply<void> cancelOrder(const QString& id);

    // The account's own images (of one workspace, or of every readable one); the public images are
    // listed only under their own workspace, publicImagesWorkspace.
    ApiReply<QList<Image>> images(const QString& workspace = {});
    static constexpr const char* publicImagesWorkspace = "sfc:workspace:sfcompute:public";
    ApiReply<Image> image(const QString& id);
    // Starts an upload: the image, status "started". Not repeated on its own (a lost answer may have
    // created it: its name is then taken).
    ApiReply<Image> createImage(const QString& workspace, const QString& name);
    // A presigned URL for one part (1-based). Changes nothing a list shows.
    ApiReply<ImagePartUrl> imagePartUrl(const QString& id, int part);
    // Ends an upload: the server checks the bytes against `sha256` (64 lowercase hex digits). A
    // repeat with the same digest answers the same, so it is retried like a read.
    ApiReply<Image> completeImage(const QString& id, const QString& sha256);
    ApiReply<ImageDownload> imageDownload(const QString& id);
    ApiReply<Image> revokeImage(const QString& id);
    ApiReply<Image> reinstateImage(const QString& id);
    ApiReply<void> deleteImage(const QString& id);

    // --- Procurements and pool transfers ------------------------------------------------------
    ApiReply<QList<Procurement>> procurements(const QString& workspace = {});
    ApiReply<Procurement> procurement(const QString& id);
    ApiReply<Procurement> createProcurement(const ProcurementRequest& request);
    // Sends only what `change` sets.
    ApiReply<Procurement> updateProcurement(const QString& id, const ProcurementChange& change);
    ApiReply<void> deleteProcurement(const QString& id);
    // The orders a procurement placed (GET /orders leaves them out unless asked for by
    // procurement), each marked with it (Order::procurement).
    ApiReply<QList<Order>> procurementOrders(const QString& procurementId);
    // Transfers into or out of any of `pools`; every transfer the token reads when empty.
    ApiReply<QList<PoolTransfer>> poolTransfers(const QStringList& pools = {});
    ApiReply<PoolTransfer> poolTransfer(const QString& id);
    // With an Idempotency-Key, the same on every retry: a lost answer never moves nodes twice.
    ApiReply<PoolTransfer> createPoolTransfer(const PoolTransferRequest& request);

    // --- Instance templates and deployments ----------------------------------------------------
    ApiReply<QList<InstanceTemplate>> instanceTemplates(const QString& workspace = {});
    // One template, with its cloud-init user data.
    ApiReply<InstanceTemplate> instanceTemplate(const QString& id);
    ApiReply<InstanceTemplate> createInstanceTemplate(const NewInstanceTemplate& tmpl);
    ApiReply<void> deleteInstanceTemplate(const QString& id);
    // The API lists deployments of one workspace at a time.
    ApiReply<QList<Deployment>> deployments(const QString& workspace);
    ApiReply<Deployment> deployment(const QString& id);
    ApiReply<Deployment> createDeployment(const NewDeployment& deployment);
    ApiReply<Deployment> changeDeployment(const QString& id, const DeploymentChange& change);
    ApiReply<void> deleteDeployment(const QString& id);

    // --- InfiniBand (through InfinibandAdapter) -----------------------------------------------
    ApiReply<QList<InfinibandFabric>> infinibandFabrics();
    ApiReply<QList<InfinibandPartition>>
    infinibandPartitions(const InfinibandAdapter::PartitionFilter& filter = {});
    ApiReply<InfinibandPartition> createInfinibandPartition(const InfinibandAdapter::NewPartition& partition);
    ApiReply<void> deleteInfinibandPartition(const QString& reference);
    ApiReply<QList<Instance>> infinibandPartitionInstances(const QString& reference);
    ApiReply<InfinibandPartition> renameInfinibandPartition(const QString& reference, const QString& name);

    // Any request, its result untyped: for what has no call above (tests, probes).
    ApiCall* send(ApiRequest request);

Q_SIGNALS:
    // Every call's start and end, for an activity panel.
    void callStarted(sfdesk::ApiCall* call);
    // 401 for a call sent with the current token: the token is wrong or expired. A 401 for one
    // sent with a token replaced since (a simulator reset, a new sign-in) says nothing of the new one.
    void unauthorized();
    // A call that changes what the server holds is done (or its answer was lost): lists that
    // show it are read again at once. path is the call's, e.g. "/pools/pool_…".
    void wrote(const QString& path);

private:
    friend class ApiCall;
    std::unique_ptr<HttpExchange> dispatch(ApiCall* call, HttpHandlers handlers);
    // The result type is the parser's: what a call declares is what its handlers get.
    template <typename T> ApiReply<T> send(ApiRequest request, ResultParser<T> parser)
    {
        request.parse = [parse = std::move(parser.parse)](const JsonNode& document,
                                                          QString* error) -> std::optional<QVariant> {
            std::optional<T> result = parse(document, error);
            if (!result)
                return std::nullopt;
            return QVariant::fromValue(std::move(*result));
        };
        return ApiReply<T>(send(std::move(request)));
    }

    QUrl m_serverUrl;
    QString m_refusal; // why the URL is refused, empty when allowed
    QUrl m_baseUrl;
    QByteArray m_token;
    std::shared_ptr<HttpNetwork> m_network;
    std::unique_ptr<HttpTransport> m_transport;
    ClientOptions m_options;
    // Counts setToken() calls: a call remembers the one its request carried.
    quint64 m_tokenGeneration = 0;
};

} // namespace sfdesk

Q_DECLARE_METATYPE(sfdesk::Page<sfdesk::Instance>)
