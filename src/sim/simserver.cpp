#include "sim/simserver.h"

#include "sim/simapi.h"
#include "sim/simstore.h"

#include <QFile>
#include <QHttpHeaders>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTcpServer>

using namespace Qt::StringLiterals;

namespace {

QString methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return u"GET"_s;
    case QHttpServerRequest::Method::Post:
        return u"POST"_s;
    case QHttpServerRequest::Method::Put:
        return u"PUT"_s;
    case QHttpServerRequest::Method::Patch:
        return u"PATCH"_s;
    case QHttpServerRequest::Method::Delete:
        return u"DELETE"_s;
    case QHttpServerRequest::Method::Head:
        return u"HEAD"_s;
    case QHttpServerRequest::Method::Options:
        return u"OPTIONS"_s;
    default:
        return u"UNKNOWN"_s;
    }
}

void send(QHttpServerResponder& responder, const ApiResponse& response)
{
    QHttpHeaders headers;
    const auto status = static_cast<QHttpServerResponder::StatusCode>(response.status);
    if (response.empty) {
        responder.write(headers, status);
        return;
    }
    headers.append(QHttpHeaders::WellKnownHeader::ContentType, "application/json");
    responder.write(QJsonDocument(response.body).toJson(QJsonDocument::Compact), headers, status);
}

} // namespace

SimServer::SimServer(const SimOptions& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_store(std::make_unique<SimStore>())
    , m_http(std::make_unique<QHttpServer>())
{
    m_http->setMissingHandler(this,
                              [this](const QHttpServerRequest& request, QHttpServerResponder& responder) {
                                  dispatch(request, responder);
                              });
}

SimServer::~SimServer()
{
    m_http.reset();
    m_api.reset();
    m_store->close();
}

bool SimServer::start(QString* error)
{
    if (!m_store->open(m_options.dbFile, error))
        return false;
    m_api = std::make_unique<SimApi>(*m_store, m_options);
    if (!m_api->initialize(error, &m_seededOnStart))
        return false;
    if (!m_options.tokensFile.isEmpty()) {
        QSaveFile file(m_options.tokensFile);
        if (!file.open(QIODevice::WriteOnly)) {
            *error = u"cannot write the tokens file %1: %2"_s.arg(m_options.tokensFile, file.errorString());
            return false;
        }
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        file.write(QJsonDocument(m_api->tokens()).toJson(QJsonDocument::Indented));
        if (!file.commit()) {
            *error = u"cannot write the tokens file %1: %2"_s.arg(m_options.tokensFile, file.errorString());
            return false;
        }
    }
    m_tcp = new QTcpServer(this);
    if (!m_tcp->listen(m_options.host, m_options.port)) {
        *error = u"cannot listen on %1:%2: %3"_s.arg(m_options.host.toString())
                     .arg(m_options.port)
                     .arg(m_tcp->errorString());
        return false;
    }
    if (!m_http->bind(m_tcp)) {
        *error = u"cannot attach the HTTP server to its socket"_s;
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
    url.setScheme(u"http"_s);
    url.setHost(m_options.host.toString());
    url.setPort(port());
    return url;
}

QJsonObject SimServer::tokens() const
{
    return m_api ? m_api->tokens() : QJsonObject();
}

void SimServer::dispatch(const QHttpServerRequest& request, QHttpServerResponder& responder)
{
    if (request.body().size() > maxBodyBytes) {
        send(responder,
             {413,
              SimApiError::tooLarge(u"Request body is %1 bytes; the limit is 1 MiB (1048576 bytes)."_s.arg(
                                        request.body().size()))
                  .toJson(),
              false});
        return;
    }
    if (!m_api) {
        send(responder,
             {503, SimApiError(503, u"service_unavailable"_s, u"The simulator is not started."_s).toJson(),
              false});
        return;
    }
    SimApiRequest r;
    r.method = methodName(request.method());
    r.path = request.url().path(QUrl::FullyEncoded);
    r.query = request.query();
    r.body = request.body();
    r.authorization = request.headers().value(QHttpHeaders::WellKnownHeader::Authorization).toByteArray();
    r.idempotencyKey = request.headers().value("Idempotency-Key").toByteArray();
    r.fromLoopback = request.remoteAddress().isLoopback();
    send(responder, m_api->handle(r));
}
