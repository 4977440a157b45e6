#include "sim/simserver.h"

#include <QHttpHeaders>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>

namespace {

QByteArray methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Patch:
        return "PATCH";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    case QHttpServerRequest::Method::Head:
        return "HEAD";
    case QHttpServerRequest::Method::Options:
        return "OPTIONS";
    default:
        return "UNKNOWN";
    }
}

void sendJson(QHttpServerResponder& responder, QHttpServerResponder::StatusCode status,
              const QJsonObject& body)
{
    QHttpHeaders headers;
    headers.append(QHttpHeaders::WellKnownHeader::ContentType, "application/json");
    responder.write(QJsonDocument(body).toJson(QJsonDocument::Compact), headers, status);
}

} // namespace

SimServer::SimServer(const SimOptions& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_http(std::make_unique<QHttpServer>())
{
    m_http->setMissingHandler(this,
                              [this](const QHttpServerRequest& request, QHttpServerResponder& responder) {
                                  dispatch(request, responder);
                              });
}

SimServer::~SimServer() = default;

bool SimServer::start(QString* error)
{
    m_tcp = new QTcpServer(this);
    if (!m_tcp->listen(m_options.host, m_options.port)) {
        *error = QStringLiteral("cannot listen on %1:%2: %3")
                     .arg(m_options.host.toString())
                     .arg(m_options.port)
                     .arg(m_tcp->errorString());
        return false;
    }
    if (!m_http->bind(m_tcp)) {
        *error = QStringLiteral("cannot attach the HTTP server to its socket");
        return false;
    }
    return true;
}

quint16 SimServer::port() const
{
    return m_tcp ? m_tcp->serverPort() : 0;
}

QUrl SimServer::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_options.host.toString());
    url.setPort(port());
    return url;
}

void SimServer::dispatch(const QHttpServerRequest& request, QHttpServerResponder& responder)
{
    const QString path = request.url().path();
    if (path == u"/v1/_healthz" && request.method() == QHttpServerRequest::Method::Get) {
        sendJson(responder, QHttpServerResponder::StatusCode::Ok,
                 {{QStringLiteral("status"), QStringLiteral("ok")}});
        return;
    }
    const QJsonObject error{
        {QStringLiteral("type"), QStringLiteral("not_found")},
        {QStringLiteral("message"),
         QStringLiteral("No route for %1 %2.").arg(QString::fromLatin1(methodName(request.method())), path)},
    };
    sendJson(responder, QHttpServerResponder::StatusCode::NotFound, {{QStringLiteral("error"), error}});
}
