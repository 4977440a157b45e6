// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/api/apiclient_p.h"

#include "core/api/resourcejson.h"

#include <QFile>
#include <QUuid>

#include <algorithm>

namespace sfdesk {

using namespace ApiClientParts;

namespace {

const auto apiPrefix = QStringLiteral("/preview/v2");

QUrlQuery withPoolHistory(QUrlQuery query)
{
    query.addQueryItem(QStringLiteral("schedule_history_minutes"),
                       QString::number(Pool::ScheduleHistoryMinutes));
    return query;
}

// 127.0.0.0/8 in QUrl's form of an IPv4 host (four decimal numbers).
bool isLoopbackIpv4(QStringView host)
{
    const QList<QStringView> parts = host.split(u'.');
    if (parts.size() != 4)
        return false;
    for (const QStringView part : parts) {
        bool ok = false;
        if (part.isEmpty() || part.size() > 3 || part.toUInt(&ok) > 255 || !ok)
            return false;
    }
    return parts.first() == u"127";
}

// localhost, or a loopback address as QUrl writes a host: an IPv4 address in 127.0.0.0/8, ::1, or
// an IPv4 loopback address mapped into IPv6 (::ffff:127.0.0.1).
bool isLoopbackHost(const QString& host)
{
    if (host == u"localhost" || host == u"::1" || isLoopbackIpv4(host))
        return true;
    const QLatin1StringView mapped("::ffff:");
    return host.startsWith(mapped, Qt::CaseInsensitive)
           && isLoopbackIpv4(QStringView(host).sliced(mapped.size()));
}

} // namespace

ApiClient::ApiClient(const QUrl& serverUrl, std::shared_ptr<HttpNetwork> network,
                     std::unique_ptr<HttpTransport> transport, QObject* parent)
    : QObject(parent)
    , m_serverUrl(withoutCredentials(serverUrl))
    , m_baseUrl(apiBaseUrl(m_serverUrl))
    , m_network(std::move(network))
    , m_transport(std::move(transport))
{
    Q_ASSERT(m_transport);
    if (!isAllowedServerUrl(m_serverUrl, &m_refusal) && m_refusal.isEmpty())
        m_refusal = m_serverUrl.toDisplayString();
}

ApiClient::~ApiClient()
{
    // Abort calls in flight while the transport that carries them still exists.
    qDeleteAll(findChildren<ApiCall*>(Qt::FindDirectChildrenOnly));
}

QUrl ApiClient::apiBaseUrl(const QUrl& serverUrl)
{
    QUrl url = serverUrl.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment);
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (!path.endsWith(apiPrefix))
        path += apiPrefix;
    url.setPath(path);
    return url;
}

bool ApiClient::isAllowedServerUrl(const QUrl& url, QString* why)
{
    const auto refuse = [why](const QString& reason) {
        if (why)
            *why = reason;
        return false;
    };
    if (!url.isValid() || url.host().isEmpty())
        return refuse(tr("\"%1\" is not a valid server address.").arg(url.toDisplayString()));
    if (url.scheme() == u"https")
        return true;
    if (url.scheme() != u"http")
        return refuse(tr("Only https:// server addresses are supported."));
    if (!isLoopbackHost(url.host()))
        return refuse(
            tr("Plain http is allowed only to this computer (localhost); use https for %1.").arg(url.host()));
    return true;
}

QUrl ApiClient::withoutCredentials(const QUrl& url)
{
    return url.adjusted(QUrl::RemoveUserInfo);
}

std::optional<QByteArray> ApiClient::readCaCertificates(const QString& file, HttpNetwork& network,
                                                        QString* why)
{
    const auto refuse = [why](const QString& reason) -> std::optional<QByteArray> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    // A bundle of every public CA is about 250 KiB.
    constexpr qint64 maxBytes = qint64(4) << 20;
    QFile pem(file);
    if (!pem.open(QIODevice::ReadOnly))
        return refuse(tr("The CA certificates file %1 cannot be read: %2").arg(file, pem.errorString()));
    if (pem.size() > maxBytes)
        return refuse(tr("The CA certificates file %1 is larger than 4 MiB.").arg(file));
    QByteArray data = pem.read(maxBytes + 1);
    if (pem.error() != QFileDevice::NoError)
        return refuse(tr("The CA certificates file %1 cannot be read: %2").arg(file, pem.errorString()));
    if (network.certificateCount(data) == 0)
        return refuse(tr("The file %1 holds no PEM certificate (-----BEGIN CERTIFICATE-----).").arg(file));
    return data;
}

std::optional<HttpProxy> ApiClient::proxyFromUrl(const QUrl& url, QString* why)
{
    const auto refuse = [why](const QString& reason) -> std::optional<HttpProxy> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty())
        return refuse(tr("\"%1\" is not a proxy address such as http://proxy.example:3128.")
                          .arg(url.toDisplayString(QUrl::RemoveUserInfo)));
    if (!url.userName().isEmpty() || !url.password().isEmpty())
        return refuse(tr("Proxies that ask for a user name and password are not supported."));
    if (scheme == u"http")
        return HttpProxy(HttpProxy::Type::Http, url.host(), quint16(url.port(8080)));
    if (scheme == u"socks5")
        return HttpProxy(HttpProxy::Type::Socks5, url.host(), quint16(url.port(1080)));
    return refuse(tr("Only http:// and socks5:// proxies are supported (an http proxy carries https "
                     "connections through CONNECT)."));
}

void ApiClient::setExtraCaCertificates(const QByteArray& pem)
{
    m_transport->addCaCertificates(pem);
}

QByteArray ApiClient::userAgent()
{
    return "sfdesk/" SFDESK_VERSION " Qt/" + QByteArray(qVersion());
}

QUrl ApiClient::baseUrl() const
{
    return m_baseUrl;
}

void ApiClient::setToken(const QString& token)
{
    ++m_tokenGeneration;
    m_token = token.toUtf8();
}

bool ApiClient::hasToken() const
{
    return !m_token.isEmpty();
}

void ApiClient::setOptions(const ClientOptions& options)
{
    m_options = options;
}

ApiCall* ApiClient::send(ApiRequest request)
{
    auto* call = new ApiCall(this, std::move(request));
    Q_EMIT callStarted(call);
    if (!m_refusal.isEmpty() || !hasToken()) {
        const ApiError error = !m_refusal.isEmpty()
                                   ? (m_serverUrl.scheme() == u"http" ? ApiError::insecureUrl(m_serverUrl)
                                                                      : ApiError::configuration(m_refusal))
                                   : ApiError::notSignedIn();
        // Report later, so that the caller can connect first.
        QMetaObject::invokeMethod(call, [call, error] { call->fail(error); }, Qt::QueuedConnection);
        return call;
    }
    call->start();
    return call;
}

std::unique_ptr<HttpExchange> ApiClient::dispatch(ApiCall* call, HttpHandlers handlers)
{
    const ApiRequest& spec = call->request();
    QUrlQuery query = spec.query;
    if (spec.allPages && !query.hasQueryItem(QStringLiteral("limit")))
        query.addQueryItem(QStringLiteral("limit"), QString::number(m_options.pageSize));
    HttpRequest request;
    request.method = spec.method;
    request.api = true;
    request.apiBase = m_baseUrl;
    request.path = spec.path;
    request.query = query;
    request.commonHeaders = {{QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")},
                             {QByteArrayLiteral("User-Agent"), userAgent()}};
    request.bearerToken = m_token;
    request.transferTimeout = m_options.transferTimeout;
    call->m_sentWithToken = m_tokenGeneration;
    request.headers = spec.headers;
    if (spec.body) {
        request.contentType = QByteArrayLiteral("application/json");
        request.body = spec.body->toJson(QJsonDocument::Compact);
    }
    return m_transport->send(request, std::move(handlers));
}

ApiReply<Account> ApiClient::me()
{
    return send(ApiRequest::make("GET", QStringLiteral("/me")), objectParser<Account>(parseAccount));
}

ApiReply<QList<Workspace>> ApiClient::workspaces()
{
    // Not paginated in the API document: no limit or cursor may be sent.
    return send(ApiRequest::make("GET", QStringLiteral("/workspaces")),
                listParser<Workspace>(parseWorkspace));
}

ApiReply<QList<FeatureFlag>> ApiClient::featureFlags()
{
    // Not paginated in the API document: no limit or cursor may be sent.
    return send(ApiRequest::make("GET", QStringLiteral("/feature_flags")),
                listParser<FeatureFlag>(parseFeatureFlag));
}

ApiReply<FeatureFlag> ApiClient::setFeatureFlagEnrolled(const QString& flag, bool enrolled)
{
    // Setting the same value twice is harmless.
    return send(ApiRequest::make("POST", QStringLiteral("/feature_flags/") + encoded(flag))
                    .withBody(QJsonDocument(QJsonObject{{QStringLiteral("enrolled"), enrolled}}))
                    .withIdempotent(true),
                objectParser<FeatureFlag>(parseFeatureFlag));
}

ApiReply<QList<InstanceSku>> ApiClient::instanceSkus()
{
    return send(ApiRequest::make("GET", QStringLiteral("/instance_skus")).withAllPages(),
                listParser<InstanceSku>(parseInstanceSku));
}

ApiReply<QList<SkuAvailability>> ApiClient::skuAvailability(const QUrlQuery& filters)
{
    return send(ApiRequest::make("GET", QStringLiteral("/instance_skus/availability"))
                    .withQuery(filters)
                    .withAllPages(),
                listParser<SkuAvailability>(parseSkuAvailability));
}

ApiReply<QList<Instance>> ApiClient::instances(const QString& workspace, const QUrlQuery& filters)
{
    return send(ApiRequest::make("GET", QStringLiteral("/instances"))
                    .withQuery(workspaceQuery(workspace, filters))
                    .withAllPages(),
                listParser<Instance>(parseInstance));
}

ApiReply<Page<Instance>> ApiClient::instancesPage(const QString& workspace, const QString& startingAfter)
{
    QUrlQuery query = workspaceQuery(workspace);
    query.addQueryItem(QStringLiteral("limit"), QString::number(m_options.pageSize));
    if (!startingAfter.isEmpty())
        query.addQueryItem(QStringLiteral("starting_after"), startingAfter);
    return send(ApiRequest::make("GET", QStringLiteral("/instances")).withQuery(query),
                pageParser<Instance>(parseInstance));
}

ApiReply<Instance> ApiClient::instance(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/instances/") + encoded(id)),
                objectParser<Instance>(parseInstance));
}

ApiReply<Instance> ApiClient::createInstance(const NewInstance& instance)
{
    QJsonObject body{{QStringLiteral("pool"), instance.pool},
                     {QStringLiteral("image"), instance.image},
                     {QStringLiteral("instance_sku"), instance.sku}};
    if (!instance.name.isEmpty())
        body.insert(QStringLiteral("name"), instance.name);
    if (!instance.cloudInitUserData.isEmpty())
        body.insert(QStringLiteral("cloud_init_user_data"),
                    QString::fromLatin1(instance.cloudInitUserData.toBase64()));
    if (instance.enablePublicIpv4)
        body.insert(QStringLiteral("enable_public_ipv4"), true);
    if (!instance.priority.isEmpty())
        body.insert(QStringLiteral("priority_level"), instance.priority);
    if (!instance.infinibandPartition.isEmpty()) {
        body.insert(QLatin1StringView(InfinibandAdapter::instancePartitionField),
                    instance.infinibandPartition);
        body.insert(QStringLiteral("_preview_enable_infiniband"), true);
    }
    if (!instance.tags.isEmpty()) {
        QJsonObject tags;
        for (auto it = instance.tags.cbegin(); it != instance.tags.cend(); ++it)
            tags.insert(it.key(), it.value());
        body.insert(QStringLiteral("tags"), tags);
    }
    return send(ApiRequest::make("POST", QStringLiteral("/instances"))
                    .withBody(QJsonDocument(body))
                    .withIdempotent(false),
                objectParser<Instance>(parseInstance));
}

ApiReply<Instance> ApiClient::terminateInstance(const QString& id)
{
    return send(ApiRequest::make("POST", QStringLiteral("/instances/%1/terminate").arg(encoded(id)))
                    .withBody(QJsonDocument(QJsonObject{}))
                    .withIdempotent(false),
                objectParser<Instance>(parseInstance));
}

ApiReply<Instance> ApiClient::instanceWithUserData(const QString& id)
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("include"), QStringLiteral("cloud_init_user_data"));
    return send(ApiRequest::make("GET", QStringLiteral("/instances/") + encoded(id)).withQuery(query),
                objectParser<Instance>(parseInstance));
}

ApiReply<Instance> ApiClient::renameInstance(const QString& id, const QString& name)
{
    return send(ApiRequest::make("PATCH", QStringLiteral("/instances/") + encoded(id))
                    .withBody(QJsonDocument(QJsonObject{{QStringLiteral("name"), name}}))
                    .withIdempotent(true),
                objectParser<Instance>(parseInstance));
}

ApiReply<QList<Instance>>
ApiClient::setInstancePriorities(const QList<std::pair<QString, QString>>& priorities)
{
    QJsonArray data;
    for (const auto& [id, priority] : priorities)
        data.append(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("priority_level"), priority}});
    // Setting the same priorities again changes nothing: it may be retried.
    return send(ApiRequest::make("PATCH", QStringLiteral("/instances"))
                    .withBody(QJsonDocument(QJsonObject{{QStringLiteral("data"), data}}))
                    .withIdempotent(true),
                listParser<Instance>(parseInstance));
}

ApiReply<Instance> ApiClient::replaceInstance(const QString& id, const InstanceReplacement& replacement,
                                              const QByteArray& idempotencyKey)
{
    QJsonObject body{{QStringLiteral("image"), replacement.image}};
    if (!replacement.cloudInitUserData.isEmpty())
        body.insert(QStringLiteral("cloud_init_user_data"),
                    QString::fromLatin1(replacement.cloudInitUserData.toBase64()));
    if (!replacement.name.isEmpty())
        body.insert(QStringLiteral("name"), replacement.name);
    const QByteArray key = idempotencyKey.trimmed().isEmpty() ? newIdempotencyKey() : idempotencyKey;
    // The key makes a retry return the first replacement instead of making another.
    return send(ApiRequest::make("POST", QStringLiteral("/instances/%1/replace").arg(encoded(id)))
                    .withBody(QJsonDocument(body))
                    .withHeader(QByteArrayLiteral("Idempotency-Key"), key)
                    .withIdempotent(true),
                objectParser<Instance>(parseInstance));
}

ApiReply<QList<ConsoleLine>> ApiClient::consoleLogs(const QString& instanceId, int limit)
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("limit"), QString::number(qBound(1, limit, 2500)));
    query.addQueryItem(QStringLiteral("sort_by"), QStringLiteral("seqnum"));
    return send(ApiRequest::make("GET", QStringLiteral("/instances/%1/logs").arg(encoded(instanceId)))
                    .withQuery(query),
                ResultParser<QList<ConsoleLine>>{parseConsoleLogs});
}

ApiReply<SshDetails> ApiClient::sshDetails(const QString& instanceId)
{
    return send(ApiRequest::make("GET", QStringLiteral("/instances/%1/ssh").arg(encoded(instanceId))),
                ResultParser<SshDetails>{parseSshDetails});
}

ApiReply<void> ApiClient::deleteInstance(const QString& id)
{
    return ApiReply<void>(send(ApiRequest::make("DELETE", QStringLiteral("/instances/") + encoded(id))));
}

ApiReply<QList<Pool>> ApiClient::pools(const QString& workspace)
{
    return send(ApiRequest::make("GET", QStringLiteral("/pools"))
                    .withQuery(withPoolHistory(workspaceQuery(workspace)))
                    .withAllPages(),
                listParser<Pool>(parsePool));
}

ApiReply<Pool> ApiClient::pool(const QString& id)
{
    return send(
        ApiRequest::make("GET", QStringLiteral("/pools/") + encoded(id)).withQuery(withPoolHistory({})),
        objectParser<Pool>(parsePool));
}

ApiReply<Pool> ApiClient::createPool(const QString& workspace, const QString& name)
{
    QJsonObject body{{QStringLiteral("workspace"), workspace}};
    if (!name.isEmpty())
        body.insert(QStringLiteral("name"), name);
    return send(ApiRequest::make("POST", QStringLiteral("/pools"))
                    .withBody(QJsonDocument(body))
                    .withIdempotent(false),
                objectParser<Pool>(parsePool));
}

ApiReply<Pool> ApiClient::renamePool(const QString& id, const QString& name)
{
    return send(ApiRequest::make("PATCH", QStringLiteral("/pools/") + encoded(id))
                    .withBody(QJsonDocument(QJsonObject{{QStringLiteral("name"), name}}))
                    .withIdempotent(true),
                objectParser<Pool>(parsePool));
}

ApiReply<void> ApiClient::deletePool(const QString& id)
{
    return ApiReply<void>(send(ApiRequest::make("DELETE", QStringLiteral("/pools/") + encoded(id))));
}

ApiReply<QList<InfinibandFabric>> ApiClient::infinibandFabrics()
{
    return send(ApiRequest::make("GET", InfinibandAdapter::fabricsPath()).withAllPages(),
                listParser<InfinibandFabric>(InfinibandAdapter::parseFabric));
}

ApiReply<QList<InfinibandPartition>>
ApiClient::infinibandPartitions(const InfinibandAdapter::PartitionFilter& filter)
{
    return send(ApiRequest::make("GET", InfinibandAdapter::partitionsPath())
                    .withQuery(InfinibandAdapter::partitionQuery(filter))
                    .withAllPages(),
                listParser<InfinibandPartition>(InfinibandAdapter::parsePartition));
}

ApiReply<InfinibandPartition>
ApiClient::createInfinibandPartition(const InfinibandAdapter::NewPartition& partition)
{
    return send(ApiRequest::make("POST", InfinibandAdapter::partitionsPath())
                    .withBody(QJsonDocument(InfinibandAdapter::createPartitionBody(partition)))
                    .withIdempotent(false),
                objectParser<InfinibandPartition>(InfinibandAdapter::parsePartition));
}

ApiReply<void> ApiClient::deleteInfinibandPartition(const QString& reference)
{
    return ApiReply<void>(send(ApiRequest::make("DELETE", InfinibandAdapter::partitionPath(reference))));
}

ApiReply<InfinibandPartition> ApiClient::renameInfinibandPartition(const QString& reference,
                                                                   const QString& name)
{
    return send(ApiRequest::make("PATCH", InfinibandAdapter::partitionPath(reference))
                    .withBody(QJsonDocument(QJsonObject{{QStringLiteral("name"), name}}))
                    .withIdempotent(true),
                objectParser<InfinibandPartition>(InfinibandAdapter::parsePartition));
}

ApiReply<QList<Instance>> ApiClient::infinibandPartitionInstances(const QString& reference)
{
    return send(ApiRequest::make("GET", InfinibandAdapter::partitionInstancesPath(reference)).withAllPages(),
                listParser<Instance>(parseInstance));
}

} // namespace sfdesk
