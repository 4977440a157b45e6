// SPDX-License-Identifier: Apache-2.0

// A connection's own extra CA certificates and proxy, against the real sfsim: behind a TLS front
// whose certificate a private CA signed (tests/data/tls/make-private-ca.sh), and behind a small
// HTTP proxy that tunnels with CONNECT. Nothing of it is faked: the bytes reach sfsim, and its
// answer comes back through both.
#include "core/api/apiclient.h"
#include "core/connection/connection.h"
#include "core/settings/secretstore.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "support/tlsrelay.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestConnectionTransport final : public QObject
{
    Q_OBJECT

private:
    // A profile for the TLS front whose token is already kept (as after a sign-in).
    ConnectionProfile profileFor(const QUrl& url)
    {
        ConnectionProfile profile = ConnectionProfile::custom(u"Staging behind a private CA"_s, url);
        m_secrets.keepForThisRun(profile.secretKey(), m_sim.token(u"acme-owner"_s));
        return profile;
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        if (!QSslSocket::supportsSsl())
            QSKIP("this Qt has no TLS backend");
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
    }

    // Without the bundle the private CA is not trusted: the handshake fails, the call fails with
    // a TLS error, and nothing reaches the server behind.
    void privateCaRefusedWithoutTheBundle()
    {
        TlsFront front(quint16(m_sim.baseUrl().port()));
        QVERIFY(front.listen());
        QNetworkAccessManager network;
        Connection connection(profileFor(front.url()), &m_secrets, &network, {}, QProcessEnvironment());
        connection.open();
        QVERIFY(connection.client());
        QTRY_VERIFY(connection.client()->hasToken());
        QSignalSpy failed(connection.client()->me(), &ApiCall::failed);
        QVERIFY(failed.wait(20000));
        const ApiError error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::Tls);
        QVERIFY(front.handshakes() >= 1);
        QCOMPARE(front.relayed(), 0);
        QVERIFY(connection.account().accountId.isEmpty());
    }

    // With the private CA as the connection's extra CA certificates: signed in, through TLS, with
    // sfsim's own account.
    void privateCaAcceptedWithTheBundle()
    {
        TlsFront front(quint16(m_sim.baseUrl().port()));
        QVERIFY(front.listen());
        QNetworkAccessManager network;
        ConnectionProfile profile = profileFor(front.url());
        profile.caCertificates = TlsFront::caFile();
        Connection connection(profile, &m_secrets, &network, {}, QProcessEnvironment());
        connection.open();
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), Connection::State::Ready, 20000);
        QVERIFY(!connection.account().accountId.isEmpty());
        QVERIFY(front.relayed() >= 1);
        // The system's CAs are still trusted next to the private one.
        const QList<QSslCertificate> trusted = connection.client()->sslConfiguration().caCertificates();
        const QList<QSslCertificate> system = QSslConfiguration::systemCaCertificates();
        QCOMPARE(trusted.size(), system.size() + 1);
        QVERIFY(trusted.contains(QSslCertificate(TestEnv::readDataFile(u"tls/private-ca.crt"_s), QSsl::Pem)));
        for (const QSslCertificate& certificate : system)
            QVERIFY(trusted.contains(certificate));
        // Another connection to the same server without the bundle still refuses it: the trust
        // is this connection's, not the application's.
        Connection other(profileFor(front.url()), &m_secrets, &network, {}, QProcessEnvironment());
        other.open();
        QTRY_VERIFY(other.client()->hasToken());
        QSignalSpy failed(other.client()->me(), &ApiCall::failed);
        QVERIFY(failed.wait(20000));
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::Tls);
    }

    // A bundle that cannot be used stops the connection with a sentence naming the file; nothing
    // is sent, not even with the system's CAs alone.
    void unusableBundleStopsTheConnection_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("said");
        QTest::newRow("missing") << TestEnv::dataFile(u"tls/no-such-file.pem"_s) << u"cannot be read"_s;
        QTest::newRow("not pem") << TestEnv::dataFile(u"tls/not-a-certificate.pem"_s)
                                 << u"holds no PEM certificate"_s;
    }

    void unusableBundleStopsTheConnection()
    {
        QFETCH(QString, file);
        QFETCH(QString, said);
        TlsFront front(quint16(m_sim.baseUrl().port()));
        QVERIFY(front.listen());
        QNetworkAccessManager network;
        ConnectionProfile profile = profileFor(front.url());
        profile.caCertificates = file;
        Connection connection(profile, &m_secrets, &network, {}, QProcessEnvironment());
        QSignalSpy states(&connection, &Connection::stateChanged);
        connection.open();
        QCOMPARE(connection.state(), Connection::State::Failed);
        QVERIFY2(connection.problem().contains(file) && connection.problem().contains(said),
                 qPrintable(connection.problem()));
        QVERIFY(connection.client() == nullptr);
        // Signing in says why too, rather than waiting for nothing.
        QSignalSpy signInFailed(&connection, &Connection::signInFailed);
        connection.signIn(u"sk_live_anything"_s);
        QCOMPARE(signInFailed.size(), 1);
        QVERIFY(signInFailed.first().first().toString().contains(file));
    }

    // The connection's proxy carries its https calls: the proxy is asked to CONNECT to the
    // server, and the answer is sfsim's. Without the proxy setting the proxy sees nothing.
    void proxyCarriesTheConnection()
    {
        TlsFront front(quint16(m_sim.baseUrl().port()));
        QVERIFY(front.listen());
        ConnectProxy proxy;
        QVERIFY(proxy.listen());
        QNetworkAccessManager network;
        ConnectionProfile profile = profileFor(front.url());
        profile.caCertificates = TlsFront::caFile();
        {
            Connection direct(profile, &m_secrets, &network, {}, QProcessEnvironment());
            direct.open();
            QTRY_COMPARE_WITH_TIMEOUT(direct.state(), Connection::State::Ready, 20000);
        }
        QVERIFY(proxy.requests().isEmpty());

        profile.proxy = proxy.url();
        Connection connection(profile, &m_secrets, &network, {}, QProcessEnvironment());
        connection.open();
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), Connection::State::Ready, 20000);
        QVERIFY(!connection.account().accountId.isEmpty());
        QVERIFY(!proxy.requests().isEmpty());
        QCOMPARE(proxy.requests().first(), u"CONNECT 127.0.0.1:%1 HTTP/1.1"_s.arg(front.port()));
    }

    // A proxy that is not there: the calls fail (the app says the server cannot be reached);
    // they never go around it.
    void proxyIsNeverBypassed()
    {
        TlsFront front(quint16(m_sim.baseUrl().port()));
        QVERIFY(front.listen());
        quint16 closedPort = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            closedPort = probe.serverPort();
        }
        QNetworkAccessManager network;
        ConnectionProfile profile = profileFor(front.url());
        profile.caCertificates = TlsFront::caFile();
        profile.proxy = QUrl(u"http://127.0.0.1:%1"_s.arg(closedPort));
        Connection connection(profile, &m_secrets, &network, {}, QProcessEnvironment());
        connection.open();
        QVERIFY(connection.client());
        ClientOptions options = connection.client()->options();
        options.maxAttempts = 1;
        connection.client()->setOptions(options);
        QTRY_VERIFY(connection.client()->hasToken());
        QSignalSpy failed(connection.client()->me(), &ApiCall::failed);
        QVERIFY(failed.wait(20000));
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::Transport);
        QCOMPARE(front.handshakes(), 0);
    }

    void proxyAddresses_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("port");
        QTest::newRow("http") << u"http://proxy.example:3128"_s << true << int(QNetworkProxy::HttpProxy)
                              << 3128;
        QTest::newRow("http default port")
            << u"http://proxy.example"_s << true << int(QNetworkProxy::HttpProxy) << 8080;
        QTest::newRow("socks5") << u"socks5://127.0.0.1:1080"_s << true << int(QNetworkProxy::Socks5Proxy)
                                << 1080;
        QTest::newRow("https proxy") << u"https://proxy.example:443"_s << false << 0 << 0;
        QTest::newRow("credentials") << u"http://user:secret@proxy.example:3128"_s << false << 0 << 0;
        QTest::newRow("user only") << u"http://user@proxy.example:3128"_s << false << 0 << 0;
        QTest::newRow("no host") << u"http://"_s << false << 0 << 0;
        QTest::newRow("other scheme") << u"ftp://proxy.example"_s << false << 0 << 0;
    }

    void proxyAddresses()
    {
        QFETCH(QString, address);
        QFETCH(bool, accepted);
        QFETCH(int, type);
        QFETCH(int, port);
        QString why;
        const auto proxy = ApiClient::proxyFromUrl(QUrl(address), &why);
        QCOMPARE(proxy.has_value(), accepted);
        QCOMPARE(why.isEmpty(), accepted);
        // A refusal never repeats a password.
        QVERIFY(!why.contains(u"secret"));
        if (accepted) {
            QCOMPARE(int(proxy->type()), type);
            QCOMPARE(int(proxy->port()), port);
            QVERIFY(proxy->user().isEmpty() && proxy->password().isEmpty());
        }
    }

private:
    SimProcess m_sim;
    MemorySecretStore m_secrets;
};

QTEST_GUILESS_MAIN(TestConnectionTransport)
#include "tst_connectiontransport.moc"
