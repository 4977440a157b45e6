// SPDX-License-Identifier: Apache-2.0

// The local simulator as the app embeds it: it never hands the app a world that cannot be signed
// in to, a second window on the same data folder is told plainly that another one has it, and a
// simulator module that cannot be loaded is said, with its path and the loader's reason.
#include "embeddedsimulator.h"

#include "appservices.h"
#include "core/connection/connection.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "gui/application/application.h"
#include "gui/mainwindow/mainwindow.h"
#include "support/simclient.h"
#include "support/testenv.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLibrary>
#include <QNetworkAccessManager>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// The seeding of the demo world, which a first start does, takes a while under the sanitizers.
constexpr int StartMs = 180000;

struct Started
{
    QUrl url;
    QString token;
};

// Starts `sim` and waits for it: its address and token, or the reason it failed.
std::optional<Started> startAndWait(EmbeddedSimulator& sim, QString* failure)
{
    QSignalSpy started(&sim, &LocalServer::started);
    QSignalSpy failed(&sim, &LocalServer::failed);
    sim.start();
    if (!QTest::qWaitFor([&] { return !started.isEmpty() || !failed.isEmpty(); }, StartMs))
        return std::nullopt;
    if (!failed.isEmpty()) {
        *failure = failed.constFirst().constFirst().toString();
        return std::nullopt;
    }
    return Started{started.constFirst().at(0).toUrl(), started.constFirst().at(1).toString()};
}

// What the app says when the module at `path` does not load: the loader's own reason, as QLibrary
// gives it for that file.
QString notLoaded(const QString& path)
{
    QLibrary library(path);
    if (library.load())
        return {};
    return u"The local simulator cannot start: its module %1 could not be loaded. %2"_s.arg(
        QDir::toNativeSeparators(path), library.errorString());
}

} // namespace

class TestEmbeddedSimulator final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    // The tokens file lost (deleted, or a first start killed before it was written): the next
    // start still signs the app in, rather than leaving it "ready" with every call refused.
    void signsInAfterItsTokensFileIsLost()
    {
        QTemporaryDir dir;
        QString failure;
        {
            EmbeddedSimulator first(dir.path());
            const auto started = startAndWait(first, &failure);
            QVERIFY2(started, qPrintable(failure));
        }
        QVERIFY(QFile::remove(dir.filePath(u"sfsim-tokens.json"_s)));
        EmbeddedSimulator again(dir.path());
        const auto started = startAndWait(again, &failure);
        QVERIFY2(started, qPrintable(failure));
        QVERIFY(!started->token.isEmpty());
        SimClient client(started->url);
        QCOMPARE(client.get(u"/preview/v2/me"_s, started->token).status, 200);
    }

    // Two windows on one data folder: the second does not open the store under the first, and
    // says why in words a user can act on.
    void secondWindowIsToldTheSimulatorIsInUse()
    {
        QTemporaryDir dir;
        QString failure;
        EmbeddedSimulator first(dir.path());
        const auto running = startAndWait(first, &failure);
        QVERIFY2(running, qPrintable(failure));

        EmbeddedSimulator second(dir.path());
        QVERIFY(!startAndWait(second, &failure));
        QVERIFY2(
            failure.startsWith(
                u"Another sfdesk window (process %1) has the local simulator open: use that window, or close it and start sfdesk again."_s
                    .arg(QCoreApplication::applicationPid())),
            qPrintable(failure));
        // The first goes on serving its world.
        SimClient client(running->url);
        QCOMPARE(client.get(u"/preview/v2/me"_s, running->token).status, 200);
    }

    // The app and these tests find the module beside their executable, as in the build tree.
    void findsTheModuleBesideTheExecutable()
    {
        const QString beside =
            QDir(QCoreApplication::applicationDirPath()).filePath(u"sfdesk-simulator.so"_s);
        QCOMPARE(EmbeddedSimulator::defaultModulePath(), beside);
        QVERIFY(QFile::exists(beside));
    }

    // A module that is missing, or a file that is no module (a broken install): the start fails
    // with the path and the loader's reason, and nothing else happens.
    void moduleThatDoesNotLoadIsSaid_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::newRow("missing") << QByteArray();
        QTest::newRow("not a library") << QByteArray("not a shared object\n");
    }
    void moduleThatDoesNotLoadIsSaid()
    {
        QFETCH(QByteArray, contents);
        QTemporaryDir dir;
        const QString module = dir.filePath(u"sfdesk-simulator.so"_s);
        if (!contents.isEmpty()) {
            QFile file(module);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(contents);
        }
        const QString expected = notLoaded(module);
        QVERIFY(!expected.isEmpty());
        QVERIFY2(expected.contains(module), qPrintable(expected));

        EmbeddedSimulator sim(dir.filePath(u"local"_s), module);
        QString failure;
        QVERIFY(!startAndWait(sim, &failure));
        QCOMPARE(failure, expected);
        // A later start says it again rather than crashing on what did not load.
        QVERIFY(!startAndWait(sim, &failure));
        QCOMPARE(failure, expected);
    }

    // The app started on the local profile with its module missing: the connection fails with the
    // reason, which the window shows in its status bar.
    void appSaysWhyTheLocalProfileCannotStart()
    {
        QTemporaryDir dir;
        const QString module = dir.filePath(u"lib/sfdesk/sfdesk-simulator.so"_s);
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        MemorySecretStore secrets;
        Application app(appServices(&settings, &secrets, &network,
                                    EmbeddedSimulator::factory(dir.filePath(u"local"_s), module)));
        app.window()->show();
        app.start();
        QTRY_COMPARE(app.connection()->state(), Connection::State::Failed);
        QCOMPARE(app.connection()->problem(), notLoaded(module));
        QCOMPARE(app.window()->statusBar()->currentMessage(), notLoaded(module));
    }
};

QTEST_MAIN(TestEmbeddedSimulator)
#include "tst_embeddedsimulator.moc"
