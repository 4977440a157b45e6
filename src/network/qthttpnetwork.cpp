// SPDX-License-Identifier: Apache-2.0

#include "network/qthttpnetwork.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QNetworkRequestFactory>
#include <QSslCertificate>
#include <QSslError>

namespace sfdesk {

namespace {

// TransportError takes Qt's values, so that a reply's error is ours by a cast.
template <TransportError ours, QNetworkReply::NetworkError theirs> constexpr bool same()
{
    return static_cast<int>(ours) == static_cast<int>(theirs);
}
static_assert(same<TransportError::NoError, QNetworkReply::NoError>());
static_assert(same<TransportError::ConnectionRefused, QNetworkReply::ConnectionRefusedError>());
static_assert(same<TransportError::RemoteHostClosed, QNetworkReply::RemoteHostClosedError>());
static_assert(same<TransportError::HostNotFound, QNetworkReply::HostNotFoundError>());
static_assert(same<TransportError::Timeout, QNetworkReply::TimeoutError>());
static_assert(same<TransportError::OperationCanceled, QNetworkReply::OperationCanceledError>());
static_assert(same<TransportError::SslHandshakeFailed, QNetworkReply::SslHandshakeFailedError>());
static_assert(same<TransportError::TemporaryNetworkFailure, QNetworkReply::TemporaryNetworkFailureError>());
static_assert(same<TransportError::NetworkSessionFailed, QNetworkReply::NetworkSessionFailedError>());
static_assert(
    same<TransportError::BackgroundRequestNotAllowed, QNetworkReply::BackgroundRequestNotAllowedError>());
static_assert(same<TransportError::TooManyRedirects, QNetworkReply::TooManyRedirectsError>());
static_assert(same<TransportError::InsecureRedirect, QNetworkReply::InsecureRedirectError>());
static_assert(same<TransportError::UnknownNetwork, QNetworkReply::UnknownNetworkError>());
static_assert(same<TransportError::ProxyConnectionRefused, QNetworkReply::ProxyConnectionRefusedError>());
static_assert(same<TransportError::ProxyConnectionClosed, QNetworkReply::ProxyConnectionClosedError>());
static_assert(same<TransportError::ProxyNotFound, QNetworkReply::ProxyNotFoundError>());
static_assert(same<TransportError::ProxyTimeout, QNetworkReply::ProxyTimeoutError>());
static_assert(
    same<TransportError::ProxyAuthenticationRequired, QNetworkReply::ProxyAuthenticationRequiredError>());
static_assert(same<TransportError::UnknownProxy, QNetworkReply::UnknownProxyError>());
static_assert(same<TransportError::ContentAccessDenied, QNetworkReply::ContentAccessDenied>());
static_assert(
    same<TransportError::ContentOperationNotPermitted, QNetworkReply::ContentOperationNotPermittedError>());
static_assert(same<TransportError::ContentNotFound, QNetworkReply::ContentNotFoundError>());
static_assert(same<TransportError::AuthenticationRequired, QNetworkReply::AuthenticationRequiredError>());
static_assert(same<TransportError::ContentReSend, QNetworkReply::ContentReSendError>());
static_assert(same<TransportError::ContentConflict, QNetworkReply::ContentConflictError>());
static_assert(same<TransportError::ContentGone, QNetworkReply::ContentGoneError>());
static_assert(same<TransportError::UnknownContent, QNetworkReply::UnknownContentError>());
static_assert(same<TransportError::ProtocolUnknown, QNetworkReply::ProtocolUnknownError>());
static_assert(same<TransportError::ProtocolInvalidOperation, QNetworkReply::ProtocolInvalidOperationError>());
static_assert(same<TransportError::ProtocolFailure, QNetworkReply::ProtocolFailure>());
static_assert(same<TransportError::InternalServerError, QNetworkReply::InternalServerError>());
static_assert(same<TransportError::OperationNotImplemented, QNetworkReply::OperationNotImplementedError>());
static_assert(same<TransportError::ServiceUnavailable, QNetworkReply::ServiceUnavailableError>());
static_assert(same<TransportError::UnknownServer, QNetworkReply::UnknownServerError>());

class QtExchange final : public HttpExchange
{
public:
    explicit QtExchange(QNetworkReply* reply)
        : m_reply(reply)
    {}
    ~QtExchange() override
    {
        // Gone before its end: nobody is told.
        if (QNetworkReply* reply = m_reply; reply && !reply->isFinished()) {
            reply->disconnect();
            reply->abort();
            reply->deleteLater();
        }
    }
    Q_DISABLE_COPY_MOVE(QtExchange)

    // The reply's finished handler may destroy this exchange: nothing of it is read after.
    void abort() override
    {
        if (QNetworkReply* reply = m_reply)
            reply->abort();
    }

private:
    QPointer<QNetworkReply> m_reply;
};

QNetworkRequest apiRequest(const HttpRequest& spec, const std::optional<QSslConfiguration>& ssl)
{
    QNetworkRequestFactory factory(spec.apiBase);
    QHttpHeaders headers;
    for (const auto& [name, value] : spec.commonHeaders)
        headers.append(name, value);
    factory.setCommonHeaders(headers);
    if (!spec.bearerToken.isEmpty())
        factory.setBearerToken(spec.bearerToken);
    factory.setTransferTimeout(spec.transferTimeout);
    // Qt copies every header of the request into the redirected one, the bearer token included:
    // only a redirect to the same scheme, host and port may be followed.
    factory.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    if (ssl)
        factory.setSslConfiguration(*ssl);
    return factory.createRequest(spec.path, spec.query);
}

QNetworkReply* start(QNetworkAccessManager& network, const QNetworkRequest& request, const HttpRequest& spec)
{
    const QByteArray& method = spec.method;
    if (spec.upload) {
        if (method == "PUT")
            return network.put(request, spec.upload);
        if (method == "POST")
            return network.post(request, spec.upload);
        return network.sendCustomRequest(request, method, spec.upload);
    }
    if (spec.body) {
        if (method == "POST")
            return network.post(request, *spec.body);
        if (method == "PUT")
            return network.put(request, *spec.body);
        return network.sendCustomRequest(request, method, *spec.body);
    }
    if (method == "GET")
        return network.get(request);
    if (method == "DELETE")
        return network.deleteResource(request);
    return network.sendCustomRequest(request, method, QByteArray());
}

HttpResponse responseOf(QNetworkReply& reply, bool api, const QStringList& tlsErrors)
{
    HttpResponse response;
    response.status = reply.attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // An aborted reply is closed and has nothing to read.
    if (reply.isOpen())
        response.body = reply.readAll();
    response.error = static_cast<TransportError>(reply.error());
    response.errorString = reply.errorString();
    // An API answer is read as QRestReply reads it: once a status came, the reply's error is the
    // status's and none of the transfer's, unless the connection broke while the body came.
    if (api && response.status > 0 && response.error != TransportError::RemoteHostClosed) {
        response.error = TransportError::NoError;
        response.errorString.clear();
    }
    response.tlsErrors = tlsErrors;
    return response;
}

} // namespace

QtHttpTransport::QtHttpTransport(QNetworkAccessManager* network)
    : m_network(network)
{
    Q_ASSERT(network);
}

QtHttpTransport::QtHttpTransport(const std::optional<HttpProxy>& proxy)
    : m_own(std::make_unique<QNetworkAccessManager>())
    , m_network(m_own.get())
{
    if (proxy)
        m_own->setProxy(QNetworkProxy(proxy->type() == HttpProxy::Type::Http ? QNetworkProxy::HttpProxy
                                                                             : QNetworkProxy::Socks5Proxy,
                                      proxy->hostName(), proxy->port()));
}

QtHttpTransport::~QtHttpTransport() = default;

void QtHttpTransport::addCaCertificates(const QByteArray& pem)
{
    QList<QSslCertificate> certificates = QSslCertificate::fromData(pem, QSsl::Pem);
    certificates.removeIf([](const QSslCertificate& c) { return c.isNull(); });
    // The system's certificates stay trusted: the configuration names them along with the extra
    // ones, since a configuration with CA certificates of its own no longer loads the system's.
    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    configuration.setCaCertificates(QSslConfiguration::systemCaCertificates() + certificates);
    m_ssl = configuration;
}

std::unique_ptr<HttpExchange> QtHttpTransport::send(const HttpRequest& spec, HttpHandlers handlers)
{
    QNetworkRequest request;
    if (spec.api) {
        request = apiRequest(spec, m_ssl);
    } else {
        request.setUrl(spec.url);
        // A URL of its own (a presigned one) is followed nowhere else.
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setTransferTimeout(spec.transferTimeout);
    }
    for (const auto& [name, value] : spec.headers)
        request.setRawHeader(name, value);
    if (!spec.contentType.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, spec.contentType);
    if (spec.contentLength)
        request.setHeader(QNetworkRequest::ContentLengthHeader, *spec.contentLength);

    QNetworkReply* reply = start(*m_network, request, spec);
    if (spec.upload)
        spec.upload->setParent(reply);
    auto tlsErrors = std::make_shared<QStringList>();
    QObject::connect(reply, &QNetworkReply::sslErrors, reply, [tlsErrors](const QList<QSslError>& errors) {
        for (const QSslError& error : errors)
            tlsErrors->append(error.errorString());
    });
    if (handlers.uploadProgress)
        QObject::connect(reply, &QNetworkReply::uploadProgress, reply, handlers.uploadProgress);
    if (handlers.downloadProgress)
        QObject::connect(reply, &QNetworkReply::downloadProgress, reply, handlers.downloadProgress);
    QObject::connect(reply, &QNetworkReply::finished, reply,
                     [reply, api = spec.api, tlsErrors, done = std::move(handlers.done)] {
                         // The handler may destroy the exchange and disconnects this: it is called
                         // from a copy, and last.
                         const auto handler = done;
                         const HttpResponse response = responseOf(*reply, api, *tlsErrors);
                         reply->disconnect();
                         reply->deleteLater();
                         if (handler)
                             handler(response);
                     });
    return std::make_unique<QtExchange>(reply);
}

QtHttpNetwork::QtHttpNetwork(QNetworkAccessManager* shared)
    : m_shared(shared)
{}

QtHttpNetwork::~QtHttpNetwork() = default;

std::unique_ptr<HttpTransport> QtHttpNetwork::sharedTransport()
{
    if (!m_shared) {
        m_own = std::make_unique<QNetworkAccessManager>();
        m_shared = m_own.get();
    }
    return std::make_unique<QtHttpTransport>(m_shared);
}

std::unique_ptr<HttpTransport> QtHttpNetwork::ownTransport(const std::optional<HttpProxy>& proxy)
{
    return std::make_unique<QtHttpTransport>(proxy);
}

int QtHttpNetwork::certificateCount(const QByteArray& pem)
{
    QList<QSslCertificate> certificates = QSslCertificate::fromData(pem, QSsl::Pem);
    certificates.removeIf([](const QSslCertificate& c) { return c.isNull(); });
    return static_cast<int>(certificates.size());
}

} // namespace sfdesk
