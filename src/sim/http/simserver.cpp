// SPDX-License-Identifier: Apache-2.0

#include "sim/http/simserver.h"

#include "common/logging.h"
#include "sim/http/simlistener.h"
#include "sim/http/simtransfers.h"
#include "sim/routes/simapi.h"
#include "sim/store/simimagefiles.h"
#include "sim/store/simstore.h"

#include <QFile>
#include <QHttpHeaders>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QLockFile>
#include <QSaveFile>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <fcntl.h>
#include <memory>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::lcSim;

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
    responder.write(response.bytes(), headers, status);
}

// A 503 in the API's error shape: the simulator is stopped, or a fault was injected.
ApiResponse serviceUnavailable(const QString& message)
{
    return {503, SimApiError(503, u"service_unavailable"_s, message).toJson(), false};
}

} // namespace

SimServer::SimServer(const SimOptions& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_store(std::make_unique<SimStore>())
    , m_http(std::make_unique<QHttpServer>())
    , m_faults(options.seed)
{
    QString error;
    if (const auto spec = FaultSpec::parse(options.faults, &error))
        m_faults.setSpec(*spec);
    else
        qCWarning(lcSim, "sfsim: --faults ignored: %s", qPrintable(error));
    m_http->setMissingHandler(this,
                              [this](const QHttpServerRequest& request, QHttpServerResponder& responder) {
                                  dispatch(request, responder);
                              });
}

SimServer::~SimServer()
{
    m_transfers.reset();
    m_http.reset();
    m_api.reset();
    m_store->close();
}

bool SimServer::writeTokensFile(const QJsonObject& tokens, QString* error) const
{
    if (m_options.tokensFile.isEmpty())
        return true;
    QSaveFile file(m_options.tokensFile);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = u"cannot write the tokens file %1: %2"_s.arg(m_options.tokensFile, file.errorString());
        return false;
    }
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(QJsonDocument(tokens).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        *error = u"cannot write the tokens file %1: %2"_s.arg(m_options.tokensFile, file.errorString());
        return false;
    }
    return true;
}

bool SimServer::removeStoreFiles(QString* error)
{
    if (m_transfers)
        m_transfers->setApi(nullptr);
    m_api.reset();
    m_store->close();
    if (m_imageFiles)
        m_imageFiles->clear();
    if (!m_options.dbFile.isEmpty()) {
        for (const QString& suffix : {QString(), u"-wal"_s, u"-shm"_s}) {
            QFile file(m_options.dbFile + suffix);
            if (file.exists() && !file.remove()) {
                *error = u"cannot remove %1: %2"_s.arg(file.fileName(), file.errorString());
                return false;
            }
        }
    }
    m_store = std::make_unique<SimStore>();
    return true;
}

bool SimServer::makeApi(const std::function<bool(const QJsonObject&, QString*)>& keep, QString* error)
{
    m_api = std::make_unique<SimApi>(*m_store, m_options);
    if (m_transfers) {
        m_api->setImageTransfers(m_imageFiles.get(), m_transfers->baseUrl());
        m_transfers->setApi(m_api.get());
    }
    if (!m_api->initialize(error, &m_seededOnStart, keep)) {
        if (m_transfers)
            m_transfers->setApi(nullptr);
        m_api.reset();
        return false;
    }
    return true;
}

bool SimServer::openWorld(QString* error)
{
    const SimApi::TokensKeeper keep = [this](const QJsonObject& tokens, QString* why) {
        return writeTokensFile(tokens, why);
    };
    if (!m_store->open(m_options.dbFile, error))
        return false;
    if (!makeApi(keep, error))
        return false;
    if (m_api->demoSeedingInterrupted()) {
        // The start that began seeding the demo was killed or failed: nobody has used this world,
        // and a half-made one is not what was asked for. It is made again, once.
        qCWarning(lcSim,
                  "sfsim: the demo world in %s was left half made by an earlier start; making it again",
                  qPrintable(m_options.dbFile));
        if (!removeStoreFiles(error) || !m_store->open(m_options.dbFile, error))
            return false;
        if (!makeApi(keep, error))
            return false;
    }
    // The store keeps token digests only: a later start learns the tokens back from the file it
    // wrote (and trusts only those whose digest matches). Tokens the file lost (removed, or never
    // written by a start that was killed) are replaced, so that the world stays usable.
    if (m_api->tokens().isEmpty() && !m_options.tokensFile.isEmpty()) {
        QJsonObject candidates;
        QFile file(m_options.tokensFile);
        if (file.open(QIODevice::ReadOnly))
            candidates = QJsonDocument::fromJson(file.read(1024 * 1024)).object();
        QStringList reminted;
        if (!m_api->recoverTokens(candidates, keep, &reminted, error)) {
            m_api.reset();
            return false;
        }
        if (!reminted.isEmpty())
            qCWarning(lcSim,
                      "sfsim: the tokens file %s lacked the tokens of %s; they were replaced by new ones",
                      qPrintable(m_options.tokensFile), qPrintable(reminted.join(u", "_s)));
    }
    return true;
}

bool SimServer::resetWorld(bool demo, QString* error)
{
    // One request at a time runs on this thread, so none is inside the store now; answers held
    // back by latency faults find the new world.
    if (!removeStoreFiles(error))
        return false;
    m_options.demo = demo;
    return openWorld(error);
}

bool SimServer::lockStore(QString* error)
{
    if (m_options.dbFile.isEmpty())
        return true;
    // Two servers on one store would hand out the same ids, match orders against books the other
    // changed, and a reset in one would delete the files under the other.
    if (!SimStore::createFolderOf(m_options.dbFile, error))
        return false;
    m_lock = std::make_unique<QLockFile>(m_options.dbFile + u".lock"_s);
    // Held for as long as the server runs; stale only when its process is gone.
    m_lock->setStaleLockTime(0);
    if (m_lock->tryLock(0))
        return true;
    qint64 pid = 0;
    QString host;
    QString application;
    if (m_lock->error() == QLockFile::LockFailedError && m_lock->getLockInfo(&pid, &host, &application)) {
        m_storeHolder = pid;
        m_storeHolderName = application;
        *error = u"the store %1 is in use by %2 (process %3): one simulator at a time can use it"_s
                     .arg(m_options.dbFile, application.isEmpty() ? u"another program"_s : application)
                     .arg(pid);
    } else {
        *error = u"cannot lock the store %1 (%2)"_s.arg(m_options.dbFile, m_lock->fileName());
    }
    m_lock.reset();
    return false;
}

bool SimServer::start(QString* error)
{
    if (!lockStore(error))
        return false;
    // The images' bytes next to the store (a world in memory keeps them in a temporary folder),
    // and their listener first, so that the world knows its address.
    m_imageFiles = std::make_unique<SimImageFiles>(
        m_options.dbFile.isEmpty() ? QString() : m_options.dbFile + u"-images"_s);
    if (!m_imageFiles->isUsable(error))
        return false;
    SimTransfers::Limits transferLimits;
    if (m_options.idleTimeoutSeconds > 0)
        transferLimits.idleTimeoutMs = m_options.idleTimeoutSeconds * 1000;
    m_transfers = std::make_unique<SimTransfers>(*m_imageFiles, m_faults, transferLimits);
    if (!m_transfers->listen(m_options.host, error))
        return false;
    if (!openWorld(error))
        return false;
    SimListener::Limits limits;
    limits.maxBodyBytes = maxBodyBytes;
    limits.idleTimeoutMs = m_options.idleTimeoutSeconds * 1000;
    limits.headTimeoutMs = m_options.headTimeoutSeconds * 1000;
    limits.requestTimeoutMs = m_options.requestTimeoutSeconds * 1000;
    limits.maxConnections = m_options.maxConnections;
    auto* listener = new SimListener(limits, this);
    m_tcp = listener;
    if (!listener->listenOn(m_options.host, m_options.port)) {
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

QUrl SimServer::transferUrl() const
{
    return m_transfers ? m_transfers->baseUrl() : QUrl();
}

QJsonObject SimServer::tokens() const
{
    return m_api ? m_api->tokens() : QJsonObject();
}

void SimServer::logRequest(const QHttpServerRequest& request, const SimApiRequest& r)
{
    // The bodies may hold what users keep private (cloud-init user data with password hashes):
    // the file is created readable by its owner alone.
    const int fd = ::open(QFile::encodeName(m_options.requestLog).constData(),
                          O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    QFile log;
    if (!log.open(fd, QIODevice::Append | QIODevice::WriteOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return;
    }
    const QByteArray authorization = r.authorization.trimmed();
    const QJsonObject line{
        {u"method"_s, r.method},
        {u"path"_s, r.path},
        {u"query"_s, request.url().query(QUrl::FullyEncoded)},
        {u"authorization"_s, authorization.isEmpty()               ? u"none"_s
                             : authorization.startsWith("Bearer ") ? u"bearer"_s
                                                                   : u"other"_s},
        {u"content_type"_s,
         QString::fromLatin1(
             request.headers().value(QHttpHeaders::WellKnownHeader::ContentType).toByteArray())},
        {u"idempotency_key"_s, !r.idempotencyKey.isEmpty()},
        {u"body"_s, QString::fromUtf8(r.body)},
    };
    log.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
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
        send(responder, serviceUnavailable(u"The simulator is not started."_s));
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
    const bool control = r.path.startsWith(u"/_sim/"_s);
    if (!control && !m_options.requestLog.isEmpty())
        logRequest(request, r);
    if (control && r.path == u"/_sim/faults"_s && m_options.control && r.fromLoopback) {
        faultsControl(r, responder);
        return;
    }
    if (control || m_faults.spec().isEmpty()) {
        send(responder, m_api->handle(r));
        return;
    }
    const FaultDecision faults = m_faults.next();
    const quint16 port = request.remotePort();
    if (faults.delayMs > 0) {
        // The event loop goes on serving others meanwhile; the answer leaves after the delay.
        auto later = std::make_shared<QHttpServerResponder>(std::move(responder));
        QTimer::singleShot(faults.delayMs, this,
                           [this, r, faults, later, port] { respond(r, faults, *later, port); });
        return;
    }
    respond(r, faults, responder, port);
}

void SimServer::respond(const SimApiRequest& request, const FaultDecision& faults,
                        QHttpServerResponder& responder, quint16 remotePort)
{
    if (faults.error) {
        send(responder,
             serviceUnavailable(u"The service is unavailable (injected fault). Try again later."_s));
        return;
    }
    if (!m_api) {
        send(responder, serviceUnavailable(u"The simulator is not started."_s));
        return;
    }
    const ApiResponse response = m_api->handle(request);
    if (faults.drop) {
        abortConnection(remotePort);
        return;
    }
    if (faults.truncate && !response.empty) {
        const QByteArray body = response.bytes();
        QHttpHeaders headers;
        headers.append(QHttpHeaders::WellKnownHeader::ContentType, "application/json");
        responder.writeBeginChunked(headers, static_cast<QHttpServerResponder::StatusCode>(response.status));
        responder.writeChunk(body.left(body.size() / 2));
        abortConnection(remotePort);
        return;
    }
    send(responder, response);
}

void SimServer::abortConnection(quint16 remotePort)
{
    QList<QTcpSocket*> sockets = m_tcp->findChildren<QTcpSocket*>();
    sockets += m_http->findChildren<QTcpSocket*>();
    for (QTcpSocket* socket : std::as_const(sockets)) {
        if (socket->peerPort() == remotePort && socket->peerAddress().isLoopback()) {
            socket->flush();
            socket->abort();
            return;
        }
    }
}

void SimServer::faultsControl(const SimApiRequest& request, QHttpServerResponder& responder)
{
    if (request.method == u"POST"_s) {
        QJsonParseError parseError;
        const QJsonObject body = QJsonDocument::fromJson(request.body, &parseError).object();
        QString error;
        const auto spec = body.value(u"spec"_s).isString()
                              ? FaultSpec::parse(body.value(u"spec"_s).toString(), &error)
                              : std::nullopt;
        if (!spec) {
            const QString message =
                error.isEmpty() ? u"Send {\"spec\": \"latency=300ms,error=0.2\"}."_s : error;
            send(responder,
                 {422,
                  SimApiError::unprocessable(message, {{u"spec"_s, u"invalid_value"_s, message}}).toJson(),
                  false});
            return;
        }
        m_faults.setSpec(*spec);
    } else if (request.method != u"GET"_s) {
        send(responder,
             {405,
              SimApiError(405, u"invalid_request_error"_s, u"Use GET or POST on /_sim/faults."_s).toJson(),
              false});
        return;
    }
    const FaultSpec& s = m_faults.spec();
    send(responder, ApiResponse::ok({{u"object"_s, u"faults"_s},
                                     {u"spec"_s, s.toString()},
                                     {u"latency_ms"_s, s.latencyMs},
                                     {u"jitter_ms"_s, s.jitterMs},
                                     {u"error"_s, s.error},
                                     {u"drop"_s, s.drop},
                                     {u"truncate"_s, s.truncate}}));
}

} // namespace sfsim
