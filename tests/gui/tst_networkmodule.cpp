// SPDX-License-Identifier: Apache-2.0

// The network module (sfdesk-network.so), which the app loads when a connection starts rather than
// link Qt Network: found beside the executable, requests sent through it, and a module that cannot
// be loaded said in the connection bar, with its path and the loader's reason.

#include "appservices.h"
#include "core/api/apiclient.h"
#include "core/api/networkmodule.h"
#include "core/connection/connection.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "gui/application/application.h"
#include "gui/mainwindow/mainwindow.h"
#include "support/testenv.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLibrary>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// What the app says when the module at `path` does not load: the loader's own reason, as QLibrary
// gives it for that file.
QString notLoaded(const QString& path)
{
    QLibrary library(path);
    if (library.load())
        return {};
    return u"The connection cannot start: its network module %1 could not be loaded. %2"_s.arg(
        QDir::toNativeSeparators(path), library.errorString());
}

// A local server that is there at once: the connection goes on to make its client.
class ReadyServer final : public LocalServer
{
public:
    void start() override
    {
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT started(QUrl(u"http://127.0.0.1:9"_s), u"token"_s); },
            Qt::QueuedConnection);
    }
};

} // namespace

class TestNetworkModule final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    // The app and these tests find the module beside their executable, as in the build tree.
    void findsTheModuleBesideTheExecutable()
    {
        const QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(u"sfdesk-network.so"_s);
        QVERIFY2(QFile::exists(beside), qPrintable(beside));
        QCOMPARE(NetworkModule::defaultPath(), beside);
    }

    // A request through the module's transport, answered by the loopback refusing it: the error is
    // the client's usual one, and the module reads PEM certificates for the client's checks.
    void requestsGoThroughTheModule()
    {
        QString why;
        const std::shared_ptr<HttpNetwork> network = NetworkModule::access().network(&why);
        QVERIFY2(network, qPrintable(why));
        QCOMPARE(network->certificateCount(TestEnv::readDataFile(u"tls/private-ca.crt"_s)), 1);
        QCOMPARE(network->certificateCount("not a certificate"), 0);

        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        ApiClient client(QUrl(u"http://127.0.0.1:%1"_s.arg(port)), network, network->sharedTransport());
        ClientOptions options;
        options.maxAttempts = 1;
        client.setOptions(options);
        client.setToken(u"token"_s);
        QSignalSpy failed(client.me(), &ApiCall::failed);
        QVERIFY(failed.wait(20000));
        const ApiError error = failed.first().first().value<ApiError>();
        QCOMPARE(error.networkError(), TransportError::ConnectionRefused);
        QCOMPARE(error.message(), u"The server refused the connection. Is it running?"_s);
    }

    // A module that is missing, or a file that is no module (a broken install): no network, and
    // the loader's reason with the file's path.
    void moduleThatDoesNotLoadIsSaid_data()
    {
        QTest::addColumn<bool>("present");
        QTest::newRow("missing") << false;
        QTest::newRow("not a module") << true;
    }
    void moduleThatDoesNotLoadIsSaid()
    {
        QFETCH(bool, present);
        QTemporaryDir dir;
        const QString module = dir.filePath(u"sfdesk-network.so"_s);
        if (present) {
            QFile file(module);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a shared object");
        }
        const QString expected = notLoaded(module);
        QVERIFY2(expected.contains(QDir::toNativeSeparators(module)), qPrintable(expected));
        QString why;
        QVERIFY(!NetworkModule::access(module).network(&why));
        QCOMPARE(why, expected);
    }

    // The app's connection with its network module missing: it fails with the reason, which the
    // window shows in its status bar.
    void appSaysWhyTheConnectionCannotStart()
    {
        QTemporaryDir dir;
        const QString module = dir.filePath(u"lib/sfdesk/sfdesk-network.so"_s);
        Settings settings(dir.filePath(u"s.ini"_s));
        MemorySecretStore secrets;
        Application::Services services =
            appServices(&settings, &secrets, nullptr, [] { return std::make_unique<ReadyServer>(); });
        services.network = NetworkModule::access(module);
        Application app(services);
        app.window()->show();
        app.start();
        QTRY_COMPARE(app.connection()->state(), Connection::State::Failed);
        QCOMPARE(app.connection()->problem(), notLoaded(module));
        QCOMPARE(app.window()->statusBar()->currentMessage(), notLoaded(module));
    }
};

QTEST_MAIN(TestNetworkModule)
#include "tst_networkmodule.moc"
