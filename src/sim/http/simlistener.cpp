// SPDX-License-Identifier: Apache-2.0

#include "sim/http/simlistener.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "sim/api/simhttp.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSocketNotifier>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::lcSim;

namespace {

// A refused request's body is read and thrown away until it ends (so the client, still sending,
// reads the answer instead of a reset), but no more than this, and no longer than drainMs.
constexpr qint64 maxDrainBytes = 64ll * 1024 * 1024;
constexpr int drainMs = 2000;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 413:
        return "Payload Too Large";
    case 431:
        return "Request Header Fields Too Large";
    case 411:
        return "Length Required";
    case 408:
        return "Request Timeout";
    default:
        return "Service Unavailable";
    }
}

QByteArray errorType(int status)
{
    return status == 503 ? "service_unavailable" : "invalid_request_error";
}

// The value of a header in a raw request head, or nullopt.
std::optional<QByteArray> headerValue(const QByteArray& head, const QByteArray& lowerName)
{
    for (const QByteArray& line : constValue(head.split('\n'))) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == lowerName)
            return line.mid(colon + 1).trimmed();
    }
    return std::nullopt;
}

// Watches one connection from before QHttpServer sees it. Connected to readyRead first, so it
// runs before QHttpServer's reader on every arrival. QHttpServer reads a request inside a
// transaction of the socket that it commits when the request is complete, and answers only then:
// with no transaction open, QHttpServer holds no part of a request, and the next bytes to arrive
// start one, whose head can be peeked. (After an answer QHttpServer may emit readyRead itself,
// with nothing to read, and open an empty transaction; so a request is known to be under way from
// its first bytes until no transaction is open any more.)
class ConnectionGuard final : public QObject
{
public:
    ConnectionGuard(QTcpSocket* socket, const SimListener::Limits& limits)
        : QObject(socket)
        , m_socket(socket)
        , m_limits(limits)
    {
        m_idle.setSingleShot(true);
        connect(&m_idle, &QTimer::timeout, this, [this] {
            if (m_refused)
                m_socket->abort();
            else
                m_socket->disconnectFromHost();
        });
        m_deadline.setSingleShot(true);
        connect(&m_deadline, &QTimer::timeout, this, [this] { onDeadline(); });
        connect(socket, &QTcpSocket::readyRead, this, [this] { onReadyRead(); });
        connect(socket, &QTcpSocket::bytesWritten, this, [this] {
            // An answer to a request read whole (not a "100 Continue" in the middle of one).
            if (!m_socket->isTransactionStarted())
                m_requestOpen = false;
            touch();
        });
        touch();
        // The first request is due from the start: a connection that sends nothing holds a slot
        // no longer than one that sends its headers slowly.
        startRequest();
    }

    void refuse(int status, const QString& message)
    {
        if (m_refused)
            return;
        m_refused = true;
        // QHttpServer keeps what it read of this request in its transaction; the connection ends
        // with this answer, so nothing of it is needed.
        if (m_socket->isTransactionStarted())
            m_socket->commitTransaction();
        const QByteArray body =
            QJsonDocument(SimApiError(status, QString::fromLatin1(errorType(status)), message).toJson())
                .toJson(QJsonDocument::Compact);
        m_socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status)
                        + "\r\nContent-Type: application/json\r\nContent-Length: "
                        + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
        m_idle.start(drainMs);
        m_deadline.stop();
        drain();
    }

private:
    // A request begins (its first bytes arrived, or the connection opened): its headers and then
    // the whole of it are due within their limits from now.
    void startRequest()
    {
        m_requestClock.start();
        if (m_limits.headTimeoutMs > 0)
            m_deadline.start(m_limits.headTimeoutMs);
        else if (m_limits.requestTimeoutMs > 0)
            m_deadline.start(m_limits.requestTimeoutMs);
    }

    // Any byte resets the idle timer, so a client trickling a request would keep its connection
    // for good: what counts here is whether the request is complete by its deadline. Between
    // requests (QHttpServer holds no part of one) only the idle timer applies.
    void onDeadline()
    {
        if (m_refused)
            return;
        if (!m_requestOpen) {
            // Nothing arrived since the connection opened; after an answer, nothing is due.
            if (m_awaitingFirstByte)
                m_socket->disconnectFromHost();
            return;
        }
        // Read whole, its answer not written yet (held back by a latency fault): not late.
        if (!m_socket->isTransactionStarted())
            return;
        const qint64 elapsed = m_requestClock.elapsed();
        if (m_headOpen && m_limits.headTimeoutMs > 0 && elapsed >= m_limits.headTimeoutMs) {
            refuse(408, u"The request's headers did not arrive within %1 s."_s.arg(m_limits.headTimeoutMs
                                                                                   / 1000.0));
            return;
        }
        if (m_limits.requestTimeoutMs <= 0)
            return;
        if (elapsed < m_limits.requestTimeoutMs) {
            m_deadline.start(int(m_limits.requestTimeoutMs - elapsed));
            return;
        }
        refuse(408, u"The request did not arrive within %1 s."_s.arg(m_limits.requestTimeoutMs / 1000.0));
    }

    void touch()
    {
        if (m_refused)
            return;
        if (m_limits.idleTimeoutMs > 0)
            m_idle.start(m_limits.idleTimeoutMs);
    }

    void onReadyRead()
    {
        if (m_refused) {
            drain();
            return;
        }
        if (!m_socket->isTransactionStarted())
            m_requestOpen = false;
        const qint64 available = m_socket->bytesAvailable();
        if (available == 0)
            return; // QHttpServer's own readyRead after an answer
        touch();
        const QByteArray unread = m_socket->peek(std::min(available, m_limits.maxHeaderBytes + 4));
        if (!std::exchange(m_requestOpen, true)) {
            // A request's first bytes: its head so far can be read whole. (The first request's
            // deadlines run from the connection's start.)
            if (!std::exchange(m_awaitingFirstByte, false))
                startRequest();
            m_requestBytes = available;
            m_headBytes = available;
            m_drainTarget = -1;
            const qsizetype end = unread.indexOf("\r\n\r\n");
            m_headOpen = end < 0;
            if (m_headOpen) {
                if (m_headBytes > m_limits.maxHeaderBytes)
                    refuse(431, u"The request's headers are over %1 bytes."_s.arg(m_limits.maxHeaderBytes));
                return;
            }
            const QByteArray fields = unread.left(end);
            if (headerValue(fields, "transfer-encoding")) {
                refuse(411, u"Send the body with a Content-Length; chunked requests are not accepted."_s);
                return;
            }
            if (const auto length = headerValue(fields, "content-length")) {
                bool ok = false;
                const qint64 bytes = length->toLongLong(&ok);
                if (ok && bytes >= 0)
                    m_drainTarget = end + 4 + bytes;
                if (!ok || bytes < 0 || bytes > m_limits.maxBodyBytes) {
                    refuse(413, u"Request body is %1 bytes; the limit is 1 MiB (%2 bytes)."_s
                                    .arg(QString::fromLatin1(*length))
                                    .arg(m_limits.maxBodyBytes));
                    return;
                }
            }
        } else {
            // QHttpServer has read part of this request; what is unread now is new, or a header
            // line it has not finished (counted again, which only errs towards the limit).
            m_requestBytes += available;
            if (m_headOpen) {
                // QHttpServer reads the head line by line, so its end shows in what is unread,
                // or what is unread starts with the empty line that ends it.
                if (unread.contains("\r\n\r\n") || unread.startsWith("\r\n")) {
                    m_headOpen = false;
                } else {
                    m_headBytes += available;
                    if (m_headBytes > m_limits.maxHeaderBytes) {
                        refuse(431,
                               u"The request's headers are over %1 bytes."_s.arg(m_limits.maxHeaderBytes));
                        return;
                    }
                }
            }
        }
        if (m_requestBytes > m_limits.maxHeaderBytes + m_limits.maxBodyBytes)
            refuse(413, u"The request is over the limit of 1 MiB (%1 bytes) for a body."_s.arg(
                            m_limits.maxBodyBytes));
    }

    void drain()
    {
        char buffer[16384];
        while (m_socket->bytesAvailable() > 0) {
            const qint64 n = m_socket->read(buffer, sizeof buffer);
            if (n <= 0)
                break;
            m_drained += n;
        }
        if (m_drained > maxDrainBytes)
            m_socket->abort();
        else if (m_drainTarget >= 0 && m_drained >= m_drainTarget)
            m_socket->disconnectFromHost();
    }

    QTcpSocket* m_socket;
    SimListener::Limits m_limits;
    QTimer m_idle;
    // When the request under way is due (its headers, then the whole of it).
    QTimer m_deadline;
    QElapsedTimer m_requestClock;
    // The connection opened and its first request has not sent a byte yet.
    bool m_awaitingFirstByte = true;
    // A request's first bytes arrived and it has not been answered.
    bool m_requestOpen = false;
    qint64 m_requestBytes = 0;
    qint64 m_headBytes = 0;
    bool m_headOpen = false;
    qint64 m_drainTarget = -1; // bytes of the refused request from its first byte, when known
    qint64 m_drained = 0;
    bool m_refused = false;
};

} // namespace

SimListener::SimListener(const Limits& limits, QObject* parent)
    : QTcpServer(parent)
    , m_limits(limits)
{
    m_resume.setSingleShot(true);
    m_resume.setInterval(100);
    connect(&m_resume, &QTimer::timeout, this, [this] {
        if (m_pending)
            m_pending->setEnabled(true);
        resumeAccepting();
    });
    // Qt pauses accepting on an accept() error it does not take for temporary, and never resumes
    // by itself.
    connect(this, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError) {
        if (!m_resume.isActive())
            m_resume.start();
    });
}

bool SimListener::listenOn(const QHostAddress& address, quint16 port)
{
    if (!listen(address, port))
        return false;
    // Qt takes accept()'s EMFILE for a temporary error: the connection stays queued, the socket
    // stays readable and Qt tries again at once, a core busy for as long as no descriptor frees.
    // A second reader of the same readiness notices the shortage and pauses accepting a moment.
    // It watches a duplicate of the socket: an event dispatcher may hold one notifier per
    // descriptor and type.
    m_watched = ::fcntl(int(socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    if (m_watched < 0)
        return true; // accepting works; only the pause on running out is missing
    m_pending = new QSocketNotifier(m_watched, QSocketNotifier::Read, this);
    connect(m_pending, &QSocketNotifier::activated, this, &SimListener::pauseWhileOutOfDescriptors);
    return true;
}

SimListener::~SimListener()
{
    delete m_pending;
    if (m_watched >= 0)
        ::close(m_watched);
}

void SimListener::pauseWhileOutOfDescriptors()
{
    const int probe = ::fcntl(int(socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    if (probe >= 0) {
        ::close(probe);
        return;
    }
    if (errno != EMFILE && errno != ENFILE)
        return;
    if (!std::exchange(m_outOfDescriptors, true))
        qCWarning(lcSim, "sfsim: out of file descriptors: accepting paused until one is free");
    pauseAccepting();
    m_pending->setEnabled(false);
    m_resume.start();
}

void SimListener::incomingConnection(qintptr descriptor)
{
    if (std::exchange(m_outOfDescriptors, false))
        qCInfo(lcSim, "sfsim: accepting connections again");
    auto* socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    // An answer leaves as headers then body: with Nagle's algorithm a body's last short segment
    // waited for the client's delayed acknowledgement of the headers, 40 ms on Linux.
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    auto* guard = new ConnectionGuard(socket, m_limits);
    if (m_open >= m_limits.maxConnections) {
        // Never handed to QHttpServer, which otherwise owns and deletes its sockets.
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        guard->refuse(503,
                      u"Too many open connections (%1); try again later."_s.arg(m_limits.maxConnections));
        return;
    }
    ++m_open;
    connect(socket, &QObject::destroyed, this, [this] { --m_open; });
    addPendingConnection(socket);
}

} // namespace sfsim
