// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QObject>
#include <QSslServer>
#include <QStringList>
#include <QTcpServer>
#include <QUrl>

namespace sfdesk {

// Terminates TLS with a certificate that the test's private CA signed (tests/data/tls/
// private-ca-server.crt, made by make-private-ca.sh for 127.0.0.1 and localhost) and passes the
// plain bytes on to a server on loopback (sfsim): a staging server behind a company's own CA.
class TlsFront final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TlsFront)

public:
    explicit TlsFront(quint16 targetPort, QObject* parent = nullptr);
    ~TlsFront() override;

    bool listen();
    QUrl url() const;
    quint16 port() const { return m_server.serverPort(); }
    // TLS handshakes begun, and connections that completed one and went on to the target.
    int handshakes() const { return m_handshakes; }
    int relayed() const { return m_relayed; }

    // The private CA's certificate, for a connection's extra CA certificates.
    static QString caFile();

private:
    QSslServer m_server;
    quint16 m_targetPort;
    int m_handshakes = 0;
    int m_relayed = 0;
};

// An HTTP proxy that only tunnels (CONNECT host:port), as company proxies do for https. Any other
// request gets 405.
class ConnectProxy final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectProxy)

public:
    explicit ConnectProxy(QObject* parent = nullptr);
    ~ConnectProxy() override;

    bool listen();
    QUrl url() const;
    // The request lines it was sent, such as "CONNECT 127.0.0.1:4433 HTTP/1.1".
    QStringList requests() const { return m_requests; }

private:
    void accept(QTcpSocket* client);

    QTcpServer m_server;
    QStringList m_requests;
};

} // namespace sfdesk
