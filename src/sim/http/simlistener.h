// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QTcpServer>
#include <QTimer>

class QSocketNotifier;
class QTcpSocket;

namespace sfsim {

// The listening socket of SimServer, handed to QHttpServer::bind. Qt 6.8's QHttpServer has no
// limits of its own, so they are kept here, before it reads a byte: a request whose headers
// announce a body above the limit is answered 413 without reading the body into memory (a body
// that grows beyond it without such headers is cut off the same way), headers longer than
// their limit get 431, a request whose headers or whole arrive too slowly gets 408 (a trickle of
// bytes would otherwise hold a connection forever), a connection idle for too long is closed,
// connections beyond the cap get 503, and running out of file descriptors pauses accepting only
// for a moment.
class SimListener final : public QTcpServer
{
public:
    struct Limits
    {
        qint64 maxBodyBytes = 1024 * 1024;
        qint64 maxHeaderBytes = 32 * 1024;
        int idleTimeoutMs = 60'000; // 0: none
        // From a request's first byte (from the connection's start for its first request) to the
        // end of its headers, and to the end of its body; 0: none.
        int headTimeoutMs = 10'000;
        int requestTimeoutMs = 30'000;
        int maxConnections = 256;
    };

    explicit SimListener(const Limits& limits, QObject* parent = nullptr);
    ~SimListener() override;

    // listen(), and watching for the moment the process runs out of file descriptors.
    bool listenOn(const QHostAddress& address, quint16 port);
    int openConnections() const { return m_open; }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    void pauseWhileOutOfDescriptors();

    Limits m_limits;
    int m_open = 0;
    int m_watched = -1; // a duplicate of the listening socket, for m_pending
    QSocketNotifier* m_pending = nullptr;
    QTimer m_resume;
    bool m_outOfDescriptors = false; // told once per shortage
};

} // namespace sfsim
