// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QDirIterator>
#include <QFile>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// Every message Qt and the app print while installed, whatever its category or level.
class MessageCapture final
{
public:
    MessageCapture()
    {
        s_messages.clear();
        QLoggingCategory::setFilterRules(u"*.debug=true"_s);
        m_previous = qInstallMessageHandler(&MessageCapture::handle);
    }
    ~MessageCapture()
    {
        qInstallMessageHandler(m_previous);
        QLoggingCategory::setFilterRules(QString());
    }
    Q_DISABLE_COPY_MOVE(MessageCapture)

    static QString text() { return s_messages.join(u'\n'); }

private:
    static void handle(QtMsgType, const QMessageLogContext& context, const QString& message)
    {
        s_messages.append(QString::fromLatin1(context.category ? context.category : "") + u": "_s + message);
    }

    static inline QStringList s_messages;
    QtMessageHandler m_previous = nullptr;
};

// Every file under dir whose bytes contain needle.
QStringList filesContaining(const QString& dir, const QByteArray& needle)
{
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (file.open(QIODevice::ReadOnly) && file.readAll().contains(needle))
            found.append(file.fileName());
    }
    return found;
}

} // namespace

// The bearer token stays out of logs, settings and crash output; TLS problems are never ignored.
class TestSecurity final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
        m_token = m_sim.token(u"acme-owner"_s);
        QVERIFY(m_token.size() >= 16);
    }

    // A failing call (a token the server does not know) and a successful one, with every logging
    // category at debug level: neither token shows up in a message or in the error the UI shows.
    void tokenNeverInClientLogs()
    {
        const QString wrongToken = u"sk_test_wrong_0123456789abcdef"_s;
        MessageCapture capture;
        qDebug("capture is on"); // proves the handler sees debug output
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        ClientOptions options = client.options();
        options.maxAttempts = 1;
        client.setOptions(options);

        client.setToken(wrongToken);
        QSignalSpy failed(client.me(), &ApiCall::failed);
        QVERIFY(failed.wait(20000));
        const ApiError error = failed.first().first().value<ApiError>();
        QCOMPARE(error.httpStatus(), 401);
        qWarning("%s", qPrintable(error.message()));
        qWarning("%s", qPrintable(error.technicalDetails()));

        client.setToken(m_token);
        bool succeeded = false;
        client.me().onSuccess(this, [&succeeded](const Account&) { succeeded = true; });
        QTRY_VERIFY_WITH_TIMEOUT(succeeded, 20000);

        const QString logs = MessageCapture::text();
        QVERIFY(logs.contains(u"capture is on"_s));
        QVERIFY(!logs.contains(wrongToken));
        QVERIFY(!logs.contains(m_token));
    }

    // The real app with an SF Compute key in its environment and a custom server (which never gets
    // that key: it asks for a token of its own), with debug logging everywhere: what it prints on a
    // normal run and when it crashes, and every file it writes into its config, data and cache
    // folders, hold no trace of the key.
    void tokenNeverInAppOutputSettingsOrCrashOutput()
    {
        QTemporaryDir home;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"HOME"_s, home.path());
        environment.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u"config"_s));
        environment.insert(u"XDG_DATA_HOME"_s, home.filePath(u"data"_s));
        environment.insert(u"XDG_CACHE_HOME"_s, home.filePath(u"cache"_s));
        environment.insert(u"XDG_STATE_HOME"_s, home.filePath(u"state"_s));
        environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        environment.insert(u"QT_LOGGING_RULES"_s, u"*.debug=true"_s);
        environment.insert(u"SF_API_KEY"_s, m_token);
        // Sanitizer builds print their own report on the crash below; it must hold no token either.
        environment.insert(u"ASAN_OPTIONS"_s, u"detect_leaks=0"_s);
        const QStringList arguments{u"--server"_s, m_sim.baseUrl().toString()};

        QProcess normal;
        normal.setProcessEnvironment(environment);
        normal.setProcessChannelMode(QProcess::MergedChannels);
        normal.start(QStringLiteral(SFDESK_EXECUTABLE), arguments + QStringList{u"--self-test"_s});
        QVERIFY(normal.waitForFinished(60000));
        const QByteArray normalOutput = normal.readAll();
        QVERIFY2(normal.exitCode() == 0, normalOutput.constData());
        QVERIFY(normalOutput.contains("main window shown"));
        QVERIFY(!normalOutput.contains(m_token.toUtf8()));

        QProcess crashing;
        crashing.setProcessEnvironment(environment);
        crashing.setProcessChannelMode(QProcess::MergedChannels);
        crashing.start(QStringLiteral(SFDESK_EXECUTABLE), arguments);
        QVERIFY(crashing.waitForStarted(20000));
        // Killed once it has loaded the profile and looked up a token for this server: finding
        // none (the key in the environment is not for it), it waits for the user to sign in.
        QByteArray crashOutput;
        QTRY_VERIFY_WITH_TIMEOUT((crashOutput += crashing.readAll()).contains("is now SignedOut"), 30000);
        QCOMPARE(crashing.state(), QProcess::Running);
        ::kill(pid_t(crashing.processId()), SIGSEGV);
        QVERIFY(crashing.waitForFinished(60000));
        QVERIFY(crashing.exitStatus() == QProcess::CrashExit || crashing.exitCode() != 0);
        crashOutput += crashing.readAll();
        QVERIFY(!crashOutput.contains(m_token.toUtf8()));

        const QStringList leaked = filesContaining(home.path(), m_token.toUtf8());
        QVERIFY2(leaked.isEmpty(), qPrintable(leaked.join(u", "_s)));
        // The settings file exists, so the check above looked at something real.
        QVERIFY(!QDir(home.filePath(u"config"_s)).isEmpty());
    }

    // What --help and the man page say of --server and the environment's token is what the app
    // does: the token is for SF Compute itself, and a --server address keeps a token of its own.
    void helpAndManPageSayWhereTheEnvironmentTokenGoes()
    {
        QProcess help;
        help.start(QStringLiteral(SFDESK_EXECUTABLE), {u"--help"_s});
        QVERIFY(help.waitForFinished(30000));
        const QString text = QString::fromUtf8(help.readAllStandardOutput()).simplified();
        QVERIFY2(text.contains(u"--server"), qPrintable(text));
        QVERIFY2(text.contains(u"SF_API_KEY and SF_BEARER_TOKEN are used only for https://api.sfcompute.com"),
                 qPrintable(text));
        QVERIFY(!text.contains(u"token comes from SF_API_KEY"));

        QFile page(TestEnv::dataFile(u"../../installer/man/sfdesk.1"_s));
        QVERIFY(page.open(QIODevice::ReadOnly));
        const QString man = QString::fromUtf8(page.readAll());
        const qsizetype server = man.indexOf(u".BR \\-\\-server"_s);
        QVERIFY(server > 0);
        const QString paragraph = man.mid(server, man.indexOf(u".TP"_s, server) - server).simplified();
        QVERIFY2(paragraph.contains(u"are not sent to it unless the address is"), qPrintable(paragraph));
        QVERIFY(!paragraph.contains(u"token comes from"));
        const qsizetype environment = man.indexOf(u".SH ENVIRONMENT"_s);
        QVERIFY(environment > 0);
        QVERIFY(man.mid(environment, 600).contains(u"never sent to any other server"));
    }

    // A server whose certificate the system does not trust: the call fails with a TLS error and the
    // request, with its Authorization header, is never sent.
    void untrustedCertificateFailsTheRequest()
    {
        if (!QSslSocket::supportsSsl())
            QSKIP("this Qt has no TLS backend");
        QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
        configuration.setLocalCertificate(
            QSslCertificate(TestEnv::readDataFile(u"tls/selfsigned.crt"_s), QSsl::Pem));
        configuration.setPrivateKey(
            QSslKey(TestEnv::readDataFile(u"tls/selfsigned.key"_s), QSsl::Rsa, QSsl::Pem));
        QVERIFY(!configuration.localCertificate().isNull());
        QVERIFY(!configuration.privateKey().isNull());
        QSslServer server;
        server.setSslConfiguration(configuration);
        QByteArray received;
        int handshakes = 0;
        // The server's sockets are its children, gone with it: no handler outlives what it writes.
        connect(&server, &QSslServer::startedEncryptionHandshake, &server,
                [&received, &handshakes](QSslSocket* s) {
                    ++handshakes;
                    connect(s, &QSslSocket::readyRead, s, [saw = &received, s] { *saw += s->readAll(); });
                });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));

        QNetworkAccessManager network;
        ApiClient client(QUrl(u"https://127.0.0.1:%1"_s.arg(server.serverPort())), &network);
        ClientOptions options = client.options();
        options.maxAttempts = 1;
        client.setOptions(options);
        client.setToken(m_token);
        ApiCall* call = client.me();
        QSignalSpy failed(call, &ApiCall::failed);
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QVERIFY(failed.wait(20000));
        QCOMPARE(succeeded.size(), 0);
        const ApiError error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::Tls);
        QVERIFY(!error.tlsErrors().isEmpty());
        QVERIFY(!error.message().isEmpty());
        QVERIFY(handshakes >= 1);
        QVERIFY(received.isEmpty());
    }

private:
    SimProcess m_sim;
    QString m_token;
};

QTEST_GUILESS_MAIN(TestSecurity)
#include "tst_security.moc"
