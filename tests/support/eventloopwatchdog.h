// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <thread>
#include <vector>

namespace sfdesk {

// Measures how long the GUI thread goes without turning its event loop, for tests that drive the
// views: a precise 10 ms timer on the GUI thread notes how late each tick comes. Lateness the thread
// spent waiting for a CPU (the kernel's run-queue wait in /proc/thread-self/schedstat) is taken out:
// on a loaded machine (ctest -j2 on two cores) the thread is ready but not running, which says
// nothing about the app. What remains is time the thread was running (its CPU time, also from
// schedstat) or blocked in a system call or a page fault.
//
// A stall is reported but not held against the app when the machine caused it: the thread waited
// for a CPU at least as long as it ran or blocked (an overloaded machine slows everything else too),
// or it was blocked more than it ran while the whole machine was stalled on its disk
// (/proc/pressure/io) or the thread was paging code in (major faults): a settings file's fdatasync
// or a first use of a font file then waits behind the disk; or a CPU was held back meanwhile: one
// helper thread per CPU, bound to it, only sleeps 2 ms at a time and notes its longest gap. A
// virtual machine's host that holds back one of its CPUs (no steal time is reported inside) stops
// that helper, and whatever slept on that CPU oversleeps: a QTest wait's 10 ms sleep on the GUI
// thread came back after 137 ms while the app did nothing. The app blocking its own GUI thread
// leaves the helpers running. The test fails on the others beyond the limit, so a slow computation
// or a blocking wait of our own on the GUI thread still fails it.
//
// The test function a stall falls in comes from QTest, so a test only starts the watchdog
// (initTestCase) and checks it (cleanup). Test code that blocks the thread on purpose (starting
// sfsim) wraps itself in a Pause; SimProcess does so on its own.
//
// To find the code behind a stall, SFDESK_UI_STALL_TRACE=<ms> prints the GUI thread's stack to
// stderr whenever a tick is that late (addresses; addr2line -Cfe <test binary> turns them into
// functions).
class EventLoopWatchdog final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLoopWatchdog)

public:
    struct Stall
    {
        qint64 appMs = 0;         // wall time minus run-queue wait minus the tick interval
        qint64 wallMs = 0;        // how late the tick came
        qint64 runQueueMs = 0;    // of which the thread was waiting for a CPU
        qint64 cpuMs = 0;         // of which it ran; the rest of appMs it was blocked
        qint64 diskStallMs = 0;   // meanwhile, how long some task on the machine waited for the disk
        qint64 majorFaults = 0;   // pages the thread read from disk meanwhile
        qint64 processHeldMs = 0; // meanwhile, the longest time a CPU's sleeping helper did not run
        QString where;            // function or function(tag)

        qint64 blockedMs() const { return qMax<qint64>(0, appMs - cpuMs); }
        // The thread waited for a CPU at least as long as it ran or blocked: the machine was
        // overloaded (ctest -j2 beside a build on two cores), and the app's figure is inflated too.
        bool overloaded() const { return runQueueMs > 0 && runQueueMs >= appMs; }
        // Mostly blocked, while the machine waited for its disk or the thread paged code in.
        bool waitedForDisk() const
        {
            return blockedMs() > cpuMs && (majorFaults > 0 || diskStallMs * 2 >= blockedMs());
        }
        // Mostly blocked, while the machine held a CPU back at least half as long.
        bool processHeld() const { return blockedMs() > cpuMs && processHeldMs * 2 >= blockedMs(); }
        bool causedByMachine() const { return overloaded() || waitedForDisk() || processHeld(); }

        QString describe() const;
    };

    // The limit comes from SFDESK_UI_STALL_LIMIT_MS when set (sanitizer builds run slower).
    explicit EventLoopWatchdog(QObject* parent = nullptr);
    ~EventLoopWatchdog() override;

    void start();
    // The running watchdog, if any (for Pause in shared test support).
    static EventLoopWatchdog* instance();

    qint64 limitMs() const { return m_limitMs; }
    // Measures up to now, then: the longest stall since the previous call (the test function's), and
    // in *held the longest that the machine did not cause.
    Stall takeFunctionStall(Stall* held = nullptr);
    Stall longestStall() const { return m_longest; }
    // Whether the run-queue figure is available on this system (else wall time is used as is).
    bool measuresRunQueue() const { return m_hasSchedStat; }

    // For cleanup(): prints the function's longest stall; false when the app stalled beyond the
    // limit (*message says where and how long).
    bool checkFunction(QString* message);
    // Prints the longest stall of the run (cleanupTestCase).
    void report() const;

    // Stops measuring while test code blocks the GUI thread on purpose; nests.
    class Pause final
    {
        Q_DISABLE_COPY_MOVE(Pause)
    public:
        Pause();
        ~Pause();

    private:
        EventLoopWatchdog* m_watchdog;
    };

private:
    void sample();
    void resetBaseline();
    struct ThreadTimes
    {
        qint64 cpuNs = 0;
        qint64 runQueueNs = 0;
        qint64 majorFaults = 0;
        qint64 diskStallUs = 0;
    };
    ThreadTimes readTimes() const;
    void startTracer(int afterMs);
    void startHeartbeat();
    // One helper's loop; bound to `cpu` unless it is -1.
    void heartbeat(int cpu);

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTickNs = 0;
    ThreadTimes m_lastTimes;
    int m_paused = 0;
    bool m_hasSchedStat = false;
    qint64 m_limitMs = 100;
    Stall m_function;
    Stall m_functionHeld; // the longest not caused by the machine, the one the limit applies to
    Stall m_longest;
    qint64 m_ticks = 0;
    // For the tracer thread: the last tick (m_clock ns) and whether measuring is paused.
    std::atomic<qint64> m_tickSeenNs{0};
    std::atomic<bool> m_stopTracer{false};
    std::thread m_tracer;
    // The helpers that only sleep, one per CPU: their longest gap since the last tick, in ns past
    // their interval.
    std::atomic<qint64> m_heartbeatGapNs{0};
    std::atomic<bool> m_stopHeartbeat{false};
    std::vector<std::thread> m_heartbeats;
};

} // namespace sfdesk
