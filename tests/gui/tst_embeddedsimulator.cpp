// SPDX-License-Identifier: Apache-2.0

// The local simulator as the app embeds it: it never hands the app a world that cannot be signed
// in to, and a second window on the same data folder is told plainly that another one has it.
#include "embeddedsimulator.h"

#include "support/simclient.h"
#include "support/testenv.h"

#include <QCoreApplication>
#include <QFile>
#include <QSignalSpy>
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
};

QTEST_MAIN(TestEmbeddedSimulator)
#include "tst_embeddedsimulator.moc"
