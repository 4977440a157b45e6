// SPDX-License-Identifier: Apache-2.0

#include "support/tlsrelay.h"

#include "support/testenv.h"

#include <QFile>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>

#include <memory>

using namespace Qt::StringLiterals;

namespace sfdesk {

namespace {

// Copies bytes both ways between a connected socket and one still connecting, until either
// closes; the second is owned by the first. What the first receives meanwhile waits in it.
void pump(QTcpSocket* a, QTcpSocket* b)
{
    b->setParent(a);
    const auto forward = [a, b] {
        if (b->state() == QAbstractSocket::ConnectedState && a->bytesAvailable() > 0)
            b->write(a->readAll());
    };
    QObject::connect(a, &QTcpSocket::readyRead, b, forward);
    QObject::connect(b, &QTcpSocket::connected, b, forward);
    QObject::connect(b, &QTcpSocket::readyRead, a, [a, b] { a->write(b->readAll()); });
    QObject::connect(a, &QTcpSocket::disconnected, b, &QTcpSocket::disconnectFromHost);
    QObject::connect(b, &QTcpSocket::disconnected, a, &QTcpSocket::disconnectFromHost);
    QObject::connect(b, &QTcpSocket::errorOccurred, a, &QTcpSocket::disconnectFromHost);
}

} // namespace

TlsFront::TlsFront(quint16 targetPort, QObject* parent)
    : QObject(parent)
    , m_targetPort(targetPort)
{
    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    configuration.setLocalCertificate(
        QSslCertificate(TestEnv::readDataFile(u"tls/private-ca-server.crt"_s), QSsl::Pem));
    configuration.setPrivateKey(
        QSslKey(TestEnv::readDataFile(u"tls/private-ca-server.key"_s), QSsl::Rsa, QSsl::Pem));
    m_server.setSslConfiguration(configuration);
    connect(&m_server, &QSslServer::startedEncryptionHandshake, this, [this] { ++m_handshakes; });
    // A connection is pending once its handshake is done.
    connect(&m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket* client = m_server.nextPendingConnection()) {
            ++m_relayed;
            connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
            auto* target = new QTcpSocket;
            pump(client, target);
            target->connectToHost(QHostAddress::LocalHost, m_targetPort);
        }
    });
}

TlsFront::~TlsFront() = default;

bool TlsFront::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl TlsFront::url() const
{
    return QUrl(u"https://127.0.0.1:%1"_s.arg(m_server.serverPort()));
}

QString TlsFront::caFile()
{
    return TestEnv::dataFile(u"tls/private-ca.crt"_s);
}

ConnectProxy::ConnectProxy(QObject* parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket* client = m_server.nextPendingConnection())
            accept(client);
    });
}

ConnectProxy::~ConnectProxy() = default;

bool ConnectProxy::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl ConnectProxy::url() const
{
    return QUrl(u"http://127.0.0.1:%1"_s.arg(m_server.serverPort()));
}

void ConnectProxy::accept(QTcpSocket* client)
{
    connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
    auto head = std::make_shared<QByteArray>();
    auto reading = std::make_shared<QMetaObject::Connection>();
    *reading = connect(client, &QTcpSocket::readyRead, client, [this, client, head, reading] {
        *head += client->readAll();
        const qsizetype end = head->indexOf("\r\n\r\n");
        if (end < 0)
            return;
        disconnect(*reading);
        const QByteArray line = head->left(head->indexOf("\r\n"));
        m_requests.append(QString::fromLatin1(line));
        const QList<QByteArray> words = line.split(' ');
        const QByteArray target = words.size() == 3 ? words.at(1) : QByteArray();
        const qsizetype colon = target.lastIndexOf(':');
        if (words.size() != 3 || words.at(0) != "CONNECT" || colon < 0) {
            client->write(
                "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            client->disconnectFromHost();
            return;
        }
        const QByteArray early = head->mid(end + 4);
        auto* upstream = new QTcpSocket;
        pump(client, upstream);
        connect(upstream, &QTcpSocket::connected, client, [client, upstream, early] {
            client->write("HTTP/1.1 200 Connection established\r\n\r\n");
            if (!early.isEmpty())
                upstream->write(early);
        });
        upstream->connectToHost(QString::fromLatin1(target.left(colon)),
                                quint16(target.mid(colon + 1).toUInt()));
    });
}

} // namespace sfdesk
