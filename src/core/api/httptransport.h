// SPDX-License-Identifier: Apache-2.0

#pragma once

// The seam between the API client and the code that speaks HTTP. Core sends requests through these
// classes and never names a type of Qt Network: the implementation (QtHttpNetwork, src/network)
// is a static library that tests link, and the module sfdesk-network.so that the app loads once a
// connection starts, so that the executable does not load Qt Network and the libraries it brings
// before its window shows. Everything here is a value of Qt Core or the standard library, or an
// abstract class without a meta-object: nothing of one copy of core needs the other's.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>
#include <QtGlobal>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QIODevice;
class QNetworkAccessManager;

namespace sfdesk {

// Why a request got no (complete) answer. The values are those of QNetworkReply::NetworkError, so
// that a technical detail reads as before; the implementation checks that they agree.
enum class TransportError
{
    NoError = 0,
    ConnectionRefused = 1,
    RemoteHostClosed = 2,
    HostNotFound = 3,
    Timeout = 4,
    OperationCanceled = 5,
    SslHandshakeFailed = 6,
    TemporaryNetworkFailure = 7,
    NetworkSessionFailed = 8,
    BackgroundRequestNotAllowed = 9,
    TooManyRedirects = 10,
    InsecureRedirect = 11,
    UnknownNetwork = 99,
    ProxyConnectionRefused = 101,
    ProxyConnectionClosed = 102,
    ProxyNotFound = 103,
    ProxyTimeout = 104,
    ProxyAuthenticationRequired = 105,
    UnknownProxy = 199,
    ContentAccessDenied = 201,
    ContentOperationNotPermitted = 202,
    ContentNotFound = 203,
    AuthenticationRequired = 204,
    ContentReSend = 205,
    ContentConflict = 206,
    ContentGone = 207,
    UnknownContent = 299,
    ProtocolUnknown = 301,
    ProtocolInvalidOperation = 302,
    ProtocolFailure = 399,
    InternalServerError = 401,
    OperationNotImplemented = 402,
    ServiceUnavailable = 403,
    UnknownServer = 499,
};

struct HttpRequest
{
    QByteArray method = "GET";
    // An API request: path and query joined to apiBase as QNetworkRequestFactory joins them, the
    // common headers and the bearer token on it, redirects followed only within apiBase's origin
    // (the token goes nowhere else). Otherwise `url` as it is, and no redirect is followed.
    bool api = false;
    QUrl apiBase;
    QString path;
    QUrlQuery query;
    QList<std::pair<QByteArray, QByteArray>> commonHeaders;
    QByteArray bearerToken;
    QUrl url;
    // Set after the common ones, in this order.
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray contentType;
    std::optional<qint64> contentLength;
    // The body: bytes, or a device the transport reads while the exchange lasts (an upload).
    std::optional<QByteArray> body;
    QIODevice* upload = nullptr;
    // No data for this long ends the exchange with TransportError::OperationCanceled; 0: none.
    std::chrono::milliseconds transferTimeout{0};
};

struct HttpResponse
{
    // 0 when no status line came.
    int status = 0;
    QByteArray body;
    TransportError error = TransportError::NoError;
    QString errorString;
    // The certificate errors of the TLS handshake, in words.
    QStringList tlsErrors;

    bool hasError() const { return error != TransportError::NoError; }
    bool isSuccess() const { return !hasError() && status >= 200 && status < 300; }
};

struct HttpHandlers
{
    std::function<void(qint64 sent, qint64 total)> uploadProgress;
    std::function<void(qint64 received, qint64 total)> downloadProgress;
    // Called once, unless the exchange is destroyed first; may be called from within abort().
    std::function<void(const HttpResponse& response)> done;
};

// One request on its way. Destroying it aborts the request without calling done.
class HttpExchange
{
public:
    HttpExchange() = default;
    virtual ~HttpExchange() = default;
    Q_DISABLE_COPY_MOVE(HttpExchange)

    // Ends the request; done is called with TransportError::OperationCanceled (at once, as a rule).
    virtual void abort() = 0;
};

// A proxy as a profile names it (http://host:port or socks5://host:port). The type's values are
// QNetworkProxy::ProxyType's.
class HttpProxy
{
public:
    enum class Type
    {
        Socks5 = 1,
        Http = 3,
    };
    HttpProxy(Type type, const QString& host, quint16 port)
        : m_type(type)
        , m_host(host)
        , m_port(port)
    {}
    Type type() const { return m_type; }
    QString hostName() const { return m_host; }
    quint16 port() const { return m_port; }
    // Proxies with credentials are refused: there is never a user or password.
    QString user() const { return {}; }
    QString password() const { return {}; }

private:
    Type m_type;
    QString m_host;
    quint16 m_port;
};

// Sends requests on the thread it was made on; handlers are called there.
class HttpTransport
{
public:
    HttpTransport() = default;
    virtual ~HttpTransport() = default;
    Q_DISABLE_COPY_MOVE(HttpTransport)

    virtual std::unique_ptr<HttpExchange> send(const HttpRequest& request, HttpHandlers handlers) = 0;
    // Trusted for this transport's requests besides the system's CA certificates (PEM); errors are
    // still never ignored.
    virtual void addCaCertificates(const QByteArray& pem) = 0;
};

// Makes transports: what the implementation offers core.
class HttpNetwork
{
public:
    HttpNetwork() = default;
    virtual ~HttpNetwork() = default;
    Q_DISABLE_COPY_MOVE(HttpNetwork)

    // A transport over the network access this network shares between its users.
    virtual std::unique_ptr<HttpTransport> sharedTransport() = 0;
    // A transport with a network access of its own, made on (and for) the calling thread: a
    // connection with its own trust or proxy never shares open connections with another.
    virtual std::unique_ptr<HttpTransport> ownTransport(const std::optional<HttpProxy>& proxy) = 0;
    // How many certificates a PEM file's bytes hold.
    virtual int certificateCount(const QByteArray& pem) = 0;
};

// Where a connection's network comes from: the module loaded when first asked for (the app), or a
// network made over a test's QNetworkAccessManager (defined in the static library sfdesk_network,
// which the tests link: the executable never needs it).
class NetworkAccess
{
public:
    using Source = std::function<std::shared_ptr<HttpNetwork>(QString* why)>;

    NetworkAccess() = default;
    explicit NetworkAccess(Source source)
        : m_source(std::move(source))
    {}
    // NOLINTNEXTLINE(google-explicit-constructor): tests hand their manager where a network goes.
    NetworkAccess(QNetworkAccessManager* network);

    bool isNull() const { return !m_source; }
    // The network, or null with *why in a sentence.
    std::shared_ptr<HttpNetwork> network(QString* why) const { return m_source ? m_source(why) : nullptr; }

private:
    Source m_source;
};

} // namespace sfdesk
