// SPDX-License-Identifier: Apache-2.0

#include "sim/http/simtransfers.h"

#include "common/logging.h"
#include "sim/api/simfaults.h"
#include "sim/api/simhttp.h"
#include "sim/routes/imageroutes.h"
#include "sim/routes/simapi.h"
#include "sim/store/simimagefiles.h"

#include <QFile>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTemporaryFile>
#include <QTimer>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::lcSim;

namespace {

constexpr qint64 blockBytes = 1 << 20;
// What the socket holds unread or unsent: beyond it TCP's own window holds the other side back.
constexpr qint64 socketBufferBytes = 4 << 20;
// A refused body is read and thrown away (so the client reads the answer rather than a reset),
// but no more than this and no longer than drainMs; then the connection closes.
constexpr qint64 maxDrainBytes = 64ll << 20;
constexpr int drainMs = 2000;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    default:
        return "Service Unavailable";
    }
}

QByteArray errorBody(const SimApiError& error)
{
    return QJsonDocument(error.toJson()).toJson(QJsonDocument::Compact);
}

SimApiError transferError(int status, const QString& message)
{
    return {status,
            status == 403   ? u"forbidden"_s
            : status == 404 ? u"not_found"_s
            : status == 500 ? u"api_error"_s
            : status == 503 ? u"service_unavailable"_s
                            : u"invalid_request_error"_s,
            message};
}

} // namespace

// One client connection: reads request heads line by line (the body stays in the socket until
// its turn), streams an upload's body to its part file and a download's parts to the socket.
class TransferConnection final : public QObject
{
public:
    TransferConnection(QTcpSocket* socket, SimTransfers* owner)
        : QObject(socket)
        , m_socket(socket)
        , m_owner(owner)
        , m_block(blockBytes, Qt::Uninitialized)
    {
        socket->setReadBufferSize(socketBufferBytes);
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, [this] { onTimeout(); });
        connect(socket, &QTcpSocket::readyRead, this, [this] { onReadyRead(); });
        connect(socket, &QTcpSocket::bytesWritten, this, [this] { onBytesWritten(); });
        connect(socket, &QTcpSocket::disconnected, this, [this] { m_socket->deleteLater(); });
        expectHead();
    }

private:
    enum class State
    {
        Head,     // reading a request's head
        Body,     // an upload's body into its file
        Waiting,  // the answer is held back (latency fault)
        Sending,  // a download's bytes
        Draining, // a refused body, then closing
        Closing,
    };

    void expectHead()
    {
        m_state = State::Head;
        m_head.clear();
        m_headBytes = 0;
        m_timer.start(m_owner->m_limits.idleTimeoutMs);
        if (m_socket->bytesAvailable() > 0)
            QMetaObject::invokeMethod(this, [this] { onReadyRead(); }, Qt::QueuedConnection);
    }

    void onTimeout()
    {
        if (m_state == State::Head && m_headBytes > 0) {
            respond(transferError(408, u"The request's head did not arrive in time."_s), true);
            return;
        }
        m_socket->abort();
    }

    void onReadyRead()
    {
        switch (m_state) {
        case State::Head:
            readHead();
            break;
        case State::Body:
            readBody();
            break;
        case State::Draining:
            drain();
            break;
        default:
            break; // the next request waits in the socket
        }
    }

    void readHead()
    {
        const qint64 limit = m_owner->m_limits.maxHeaderBytes;
        while (m_state == State::Head) {
            if (!m_socket->canReadLine()) {
                if (m_headBytes + m_socket->bytesAvailable() > limit)
                    respond(transferError(431, u"The request's head is over %1 bytes."_s.arg(limit)), true);
                return;
            }
            const QByteArray line = m_socket->readLine(limit + 2);
            if (m_headBytes == 0)
                m_timer.start(m_owner->m_limits.headDeadlineMs);
            m_headBytes += line.size();
            if (m_headBytes > limit) {
                respond(transferError(431, u"The request's head is over %1 bytes."_s.arg(limit)), true);
                return;
            }
            const QByteArray trimmed = line.trimmed();
            if (!trimmed.isEmpty()) {
                m_head.append(trimmed);
                continue;
            }
            if (m_head.isEmpty())
                continue; // blank lines before a request are allowed
            dispatch();
        }
    }

    std::optional<QByteArray> header(const QByteArray& lowerName) const
    {
        for (qsizetype i = 1; i < m_head.size(); ++i) {
            const qsizetype colon = m_head.at(i).indexOf(':');
            if (colon > 0 && m_head.at(i).left(colon).trimmed().toLower() == lowerName)
                return m_head.at(i).mid(colon + 1).trimmed();
        }
        return std::nullopt;
    }

    void dispatch()
    {
        const QList<QByteArray> request = m_head.first().split(' ');
        if (request.size() != 3 || !request.at(2).startsWith("HTTP/1.")) {
            respond(transferError(400, u"Malformed request line."_s), true);
            return;
        }
        const QByteArray& method = request.at(0);
        const QByteArray& version = request.at(2);
        const QByteArray connection = header("connection").value_or(QByteArray()).toLower();
        m_keepAlive = version == "HTTP/1.1" ? connection != "close" : connection == "keep-alive";
        const QString path = QUrl::fromEncoded(request.at(1)).path();
        m_bodyBytes = 0;
        if (header("transfer-encoding")) {
            respond(transferError(411,
                                  u"Send the body with a Content-Length; chunked bodies are not accepted."_s),
                    true);
            return;
        }
        if (const auto length = header("content-length")) {
            bool ok = false;
            m_bodyBytes = length->toLongLong(&ok);
            if (!ok || m_bodyBytes < 0) {
                respond(transferError(400, u"The Content-Length is not a number."_s), true);
                return;
            }
        }
        const bool upload = path.startsWith(u"/upload/"_s);
        const bool download = path.startsWith(u"/download/"_s);
        // For --log sim: the way, never the token (it is the permission).
        m_what = method + (upload ? " /upload/..." : download ? " /download/..." : " (no transfer)");
        const QByteArray token = path.section(u'/', 2).toLatin1();
        if ((!upload && !download) || token.isEmpty() || token.contains('/')) {
            refuse(transferError(404, u"No transfer at %1."_s.arg(path)));
            return;
        }
        if (upload && method != "PUT") {
            refuse(transferError(405, u"Use PUT to upload a part."_s));
            return;
        }
        if (download && method != "GET" && method != "HEAD") {
            refuse(transferError(405, u"Use GET to download an image."_s));
            return;
        }
        if (!m_owner->m_api) {
            refuse(transferError(503, u"The simulator is not started."_s));
            return;
        }
        if (upload)
            startUpload(token);
        else
            startDownload(token, method == "HEAD");
    }

    void startUpload(const QByteArray& token)
    {
        if (!header("content-length")) {
            refuse(transferError(411, u"Send the part with a Content-Length."_s));
            return;
        }
        if (m_bodyBytes > SimImageFiles::MaxPartBytes) {
            refuse(transferError(413,
                                 u"The part is %1 bytes; a part has at most %2 (512 MiB)."_s.arg(m_bodyBytes)
                                     .arg(SimImageFiles::MaxPartBytes)));
            return;
        }
        SimImageRoutes::Transfer transfer;
        const auto error = m_owner->m_api->inTransaction([&](SimResources& resources, qint64 now) {
            transfer = SimImageRoutes::openTransfer(resources, token, true, now);
        });
        if (error) {
            refuse(*error);
            return;
        }
        QString problem;
        m_file = m_owner->m_files.newPartFile(transfer.imageId, &problem);
        if (!m_file) {
            qCWarning(lcSim, "sfsim: cannot store a part of %s: %s", qPrintable(transfer.imageId),
                      qPrintable(problem));
            refuse(transferError(500, u"The simulator cannot store the part: %1."_s.arg(problem)));
            return;
        }
        m_imageId = transfer.imageId;
        m_part = transfer.part;
        m_left = m_bodyBytes;
        m_what += " (" + m_imageId.toLatin1() + " part " + QByteArray::number(m_part) + ')';
        m_state = State::Body;
        m_timer.start(m_owner->m_limits.idleTimeoutMs);
        if (header("expect").value_or(QByteArray()).toLower() == "100-continue")
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        readBody();
    }

    void readBody()
    {
        while (m_left > 0 && m_socket->bytesAvailable() > 0) {
            const qint64 read = m_socket->read(m_block.data(), std::min<qint64>(m_left, m_block.size()));
            if (read <= 0)
                break;
            if (m_file->write(m_block.constData(), read) != read) {
                const QString problem = m_file->errorString();
                m_file.reset();
                qCWarning(lcSim, "sfsim: cannot write a part of %s: %s", qPrintable(m_imageId),
                          qPrintable(problem));
                m_drainTarget = m_left - read;
                respond(transferError(500, u"The simulator cannot store the part: %1."_s.arg(problem)), true);
                return;
            }
            m_left -= read;
            m_timer.start(m_owner->m_limits.idleTimeoutMs);
        }
        if (m_left == 0)
            finishUpload();
    }

    void finishUpload()
    {
        FaultDecision faults;
        if (!m_owner->m_faults.spec().isEmpty()) {
            faults = m_owner->m_faults.next();
            const FaultSpec& spec = m_owner->m_faults.spec();
            int& failed = m_owner->m_failedParts[m_imageId + u'/' + QString::number(m_part)];
            if (spec.failPart == m_part && failed < spec.failPartTimes) {
                ++failed;
                faults.error = true;
            }
        }
        if (faults.error) {
            m_file.reset();
            answerLater(faults.delayMs, [this] {
                respond(transferError(503, u"The part was not stored (injected fault). Try again later."_s));
            });
            return;
        }
        const qint64 size = m_bodyBytes;
        const QString imageId = m_imageId;
        const int part = m_part;
        // The store first: a part of an image completed or deleted meanwhile is refused before its
        // file could replace the bytes the image was completed with.
        auto error = m_owner->m_api ? m_owner->m_api->inTransaction([&](SimResources& resources, qint64 now) {
            SimImageRoutes::recordPart(resources, imageId, part, size, now);
        })
                                    : std::optional(transferError(503, u"The simulator is not started."_s));
        QString problem;
        if (!error && !m_owner->m_files.placePart(*m_file, imageId, part, &problem))
            error = transferError(500, u"The simulator cannot store the part: %1."_s.arg(problem));
        m_file.reset();
        if (error) {
            respond(*error);
            return;
        }
        m_owner->m_files.partStored(imageId, part, size);
        if (faults.drop || faults.truncate) {
            m_socket->abort();
            return;
        }
        answerLater(faults.delayMs, [this, part, size] {
            respond(200, {},
                    "ETag: \"" + QByteArray::number(part) + '-' + QByteArray::number(size) + "\"\r\n");
        });
    }

    void startDownload(const QByteArray& token, bool headOnly)
    {
        SimImageRoutes::Transfer transfer;
        const auto error = m_owner->m_api->inTransaction([&](SimResources& resources, qint64 now) {
            transfer = SimImageRoutes::openTransfer(resources, token, false, now);
        });
        if (error) {
            refuse(*error);
            return;
        }
        FaultDecision faults;
        if (!m_owner->m_faults.spec().isEmpty())
            faults = m_owner->m_faults.next();
        m_drainTarget = m_bodyBytes; // a GET's body, if any, is read and ignored
        if (m_drainTarget > 0) {
            m_state = State::Closing;
            respond(transferError(400, u"A download takes no body."_s), true);
            return;
        }
        if (faults.error) {
            answerLater(faults.delayMs, [this] {
                respond(
                    transferError(503, u"The service is unavailable (injected fault). Try again later."_s));
            });
            return;
        }
        m_imageId = transfer.imageId;
        m_sendParts = transfer.parts;
        m_left = transfer.size;
        m_truncateAt = faults.truncate || faults.drop ? transfer.size / 2 : -1;
        answerLater(faults.delayMs, [this, headOnly] {
            qCDebug(lcSim, "sfsim transfer %s (%s): 200, %lld bytes", m_what.constData(),
                    qPrintable(m_imageId), static_cast<long long>(m_left));
            m_socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: "
                            + QByteArray::number(m_left) + "\r\n"
                            + (m_keepAlive ? QByteArray() : QByteArrayLiteral("Connection: close\r\n"))
                            + "\r\n");
            if (headOnly) {
                m_left = 0;
                finishResponse();
                return;
            }
            m_state = State::Sending;
            m_timer.start(m_owner->m_limits.idleTimeoutMs);
            sendMore();
        });
    }

    void sendMore()
    {
        while (m_state == State::Sending && m_socket->bytesToWrite() < socketBufferBytes) {
            if (m_left == 0) {
                finishResponse();
                return;
            }
            if (m_truncateAt >= 0 && m_sent >= m_truncateAt) {
                m_socket->flush();
                m_socket->abort();
                return;
            }
            if (!m_reading || m_reading->atEnd()) {
                if (m_sendParts.isEmpty()) {
                    m_socket->abort(); // the parts are shorter than the image: nothing else to send
                    return;
                }
                m_reading = std::make_unique<QFile>(
                    m_owner->m_files.partPath(m_imageId, m_sendParts.takeFirst().first));
                if (!m_reading->open(QIODevice::ReadOnly)) {
                    qCWarning(lcSim, "sfsim: cannot read %s: %s", qPrintable(m_reading->fileName()),
                              qPrintable(m_reading->errorString()));
                    m_socket->abort();
                    return;
                }
                continue;
            }
            const qint64 read = m_reading->read(m_block.data(), std::min<qint64>(m_left, m_block.size() / 4));
            if (read <= 0) {
                m_socket->abort();
                return;
            }
            m_socket->write(m_block.constData(), read);
            m_left -= read;
            m_sent += read;
        }
    }

    void onBytesWritten()
    {
        if (m_state == State::Sending) {
            m_timer.start(m_owner->m_limits.idleTimeoutMs);
            sendMore();
        } else if (m_state == State::Closing && m_socket->bytesToWrite() == 0) {
            m_socket->disconnectFromHost();
        }
    }

    void finishResponse()
    {
        m_reading.reset();
        m_sendParts.clear();
        m_sent = 0;
        m_truncateAt = -1;
        if (!m_keepAlive) {
            m_state = State::Closing;
            if (m_socket->bytesToWrite() == 0)
                m_socket->disconnectFromHost();
            return;
        }
        expectHead();
    }

    // An answer before the body was read: a short body is read and ignored and the connection
    // goes on; a long one is drained for a while, then the connection closes.
    void refuse(const SimApiError& error)
    {
        m_drainTarget = m_bodyBytes;
        respond(error, m_bodyBytes > blockBytes);
    }

    void respond(const SimApiError& error, bool close = false)
    {
        if (close)
            m_keepAlive = false;
        respond(error.status(), errorBody(error), {});
    }

    void respond(int status, const QByteArray& body, const QByteArray& extraHeaders)
    {
        qCDebug(lcSim, "sfsim transfer %s: %d", m_what.isEmpty() ? "(no request)" : m_what.constData(),
                status);
        QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
        if (!body.isEmpty())
            out += "Content-Type: application/json\r\n";
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n" + extraHeaders;
        if (!m_keepAlive)
            out += "Connection: close\r\n";
        m_socket->write(out + "\r\n" + body);
        if (m_drainTarget > 0) {
            m_state = State::Draining;
            m_drained = 0;
            m_timer.start(drainMs);
            drain();
            return;
        }
        finishResponse();
    }

    void drain()
    {
        while (m_socket->bytesAvailable() > 0 && m_drained < m_drainTarget) {
            const qint64 read =
                m_socket->read(m_block.data(), std::min<qint64>(m_block.size(), m_drainTarget - m_drained));
            if (read <= 0)
                break;
            m_drained += read;
        }
        if (m_drained >= m_drainTarget) {
            m_drainTarget = 0;
            finishResponse();
        } else if (m_drained > maxDrainBytes) {
            m_socket->abort();
        }
    }

    template <typename Fn> void answerLater(int delayMs, Fn answer)
    {
        if (delayMs <= 0) {
            answer();
            return;
        }
        m_state = State::Waiting;
        QTimer::singleShot(delayMs, this, std::move(answer));
    }

    QTcpSocket* m_socket;
    SimTransfers* m_owner;
    QByteArray m_block;
    QTimer m_timer;
    State m_state = State::Head;
    QList<QByteArray> m_head;
    QByteArray m_what; // the request, for the log
    qint64 m_headBytes = 0;
    bool m_keepAlive = true;
    qint64 m_bodyBytes = 0;
    qint64 m_drainTarget = 0;
    qint64 m_drained = 0;
    // An upload.
    std::unique_ptr<QTemporaryFile> m_file;
    QString m_imageId;
    int m_part = 0;
    qint64 m_left = 0;
    // A download.
    QList<std::pair<int, qint64>> m_sendParts;
    std::unique_ptr<QFile> m_reading;
    qint64 m_sent = 0;
    qint64 m_truncateAt = -1;
};

SimTransfers::SimTransfers(SimImageFiles& files, FaultInjector& faults, const Limits& limits, QObject* parent)
    : QObject(parent)
    , m_files(files)
    , m_faults(faults)
    , m_limits(limits)
{
    connect(&m_server, &QTcpServer::pendingConnectionAvailable, this, &SimTransfers::accept);
}

SimTransfers::~SimTransfers() = default;

bool SimTransfers::listen(const QHostAddress& address, QString* error)
{
    if (m_server.listen(address, 0))
        return true;
    *error = u"cannot listen for image transfers on %1: %2"_s.arg(address.toString(), m_server.errorString());
    return false;
}

QUrl SimTransfers::baseUrl() const
{
    QUrl url;
    url.setScheme(u"http"_s);
    const QHostAddress address = m_server.serverAddress();
    // A wildcard address is no address to send a client to.
    url.setHost(address == QHostAddress::Any || address == QHostAddress::AnyIPv4
                    ? u"127.0.0.1"_s
                    : (address == QHostAddress::AnyIPv6 ? u"::1"_s : address.toString()));
    url.setPort(m_server.serverPort());
    return url;
}

void SimTransfers::accept()
{
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        if (m_open >= m_limits.maxConnections) {
            const QByteArray body = errorBody(transferError(
                503,
                u"Too many open transfer connections (%1); try again later."_s.arg(m_limits.maxConnections)));
            socket->write(
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: "
                + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
            socket->disconnectFromHost();
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            continue;
        }
        ++m_open;
        connect(socket, &QObject::destroyed, this, [this] { --m_open; });
        socket->setParent(this);
        new TransferConnection(socket, this);
    }
}

} // namespace sfsim
