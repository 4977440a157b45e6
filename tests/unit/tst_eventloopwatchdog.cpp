// SPDX-License-Identifier: Apache-2.0

#include "support/eventloopwatchdog.h"

#include <QTest>
#include <QTimer>

#include <chrono>
#include <thread>

using namespace sfdesk;

class TstEventLoopWatchdog final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // What the machine did is told apart from what the thread did.
    void classifiesStalls()
    {
        EventLoopWatchdog::Stall ownWait;
        ownWait.appMs = 120;
        ownWait.wallMs = 120;
        QVERIFY(!ownWait.causedByMachine());

        EventLoopWatchdog::Stall held = ownWait;
        held.processHeldMs = 110;
        QVERIFY(held.processHeld());
        QVERIFY(held.causedByMachine());

        // Held briefly while it ran or blocked for longer: its own.
        EventLoopWatchdog::Stall partly = ownWait;
        partly.processHeldMs = 40;
        QVERIFY(!partly.causedByMachine());
        EventLoopWatchdog::Stall running = held;
        running.cpuMs = 100;
        QVERIFY(!running.causedByMachine());
    }

    // A wait of the GUI thread's own is held against it: the process's helpers kept running
    // meanwhile. The wait outlasts the limit, whatever the environment sets it to.
    void aBlockedThreadIsItsOwnStall()
    {
        EventLoopWatchdog watchdog;
        const std::chrono::milliseconds block(watchdog.limitMs() + 200);
        watchdog.start();
        QTest::qWait(50);
        watchdog.takeFunctionStall();
        QTimer::singleShot(0, this, [block] { std::this_thread::sleep_for(block); });
        QTest::qWait(100);
        EventLoopWatchdog::Stall held;
        const EventLoopWatchdog::Stall stall = watchdog.takeFunctionStall(&held);
        QVERIFY2(held.appMs > watchdog.limitMs(), qPrintable(stall.describe()));
        QVERIFY2(held.processHeldMs < 100, qPrintable(held.describe()));
        QString message;
        QTimer::singleShot(0, this, [block] { std::this_thread::sleep_for(block); });
        QTest::qWait(100);
        QVERIFY(!watchdog.checkFunction(&message));
        QVERIFY2(message.contains(u"stalled beyond"), qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TstEventLoopWatchdog)
#include "tst_eventloopwatchdog.moc"
