// SPDX-License-Identifier: Apache-2.0

#include "support/eventloopwatchdog.h"

#include <QFile>
#include <QTest>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <execinfo.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

namespace sfdesk {

namespace {

constexpr int TickMs = 10;
constexpr int HeartbeatMs = 2;
EventLoopWatchdog* s_instance = nullptr;

QString currentFunction()
{
    const char* function = QTest::currentTestFunction();
    if (!function)
        return QStringLiteral("(between test functions)");
    QString where = QString::fromLatin1(function);
    if (const char* tag = QTest::currentDataTag(); tag && *tag)
        where += u'(' + QString::fromLatin1(tag) + u')';
    return where;
}

pthread_t s_guiThread;

void printStack(int)
{
    // Only async-signal-safe calls here.
    void* frames[64];
    const int count = backtrace(frames, 64);
    static const char header[] = "--- UI thread stack during a stall:\n";
    [[maybe_unused]] const auto written = write(STDERR_FILENO, header, sizeof header - 1);
    backtrace_symbols_fd(frames, count, STDERR_FILENO);
}

} // namespace

QString EventLoopWatchdog::Stall::describe() const
{
    if (where.isEmpty())
        return QStringLiteral("longest UI stall: 0 ms");
    return QStringLiteral("longest UI stall: %1 ms in %2 (tick %3 ms late, %4 ms of it waiting for a CPU; "
                          "%5 ms running, %6 ms blocked; meanwhile the disk stalled the machine %7 ms, "
                          "%8 major faults, a CPU held back %9 ms)")
        .arg(appMs)
        .arg(where)
        .arg(wallMs)
        .arg(runQueueMs)
        .arg(cpuMs)
        .arg(blockedMs())
        .arg(diskStallMs)
        .arg(majorFaults)
        .arg(processHeldMs);
}

EventLoopWatchdog::EventLoopWatchdog(QObject* parent)
    : QObject(parent)
{
    bool ok = false;
    const int limit = qEnvironmentVariableIntValue("SFDESK_UI_STALL_LIMIT_MS", &ok);
    if (ok && limit > 0)
        m_limitMs = limit;
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(TickMs);
    connect(&m_timer, &QTimer::timeout, this, &EventLoopWatchdog::sample);
    m_hasSchedStat = readTimes().runQueueNs >= 0;
}

EventLoopWatchdog::~EventLoopWatchdog()
{
    m_stopTracer = true;
    if (m_tracer.joinable())
        m_tracer.join();
    m_stopHeartbeat = true;
    for (std::thread& heartbeat : m_heartbeats)
        heartbeat.join();
    if (s_instance == this)
        s_instance = nullptr;
}

EventLoopWatchdog* EventLoopWatchdog::instance()
{
    return s_instance;
}

void EventLoopWatchdog::start()
{
    s_instance = this;
    m_clock.start();
    resetBaseline();
    m_timer.start();
    if (m_heartbeats.empty())
        startHeartbeat();
    bool ok = false;
    const int traceMs = qEnvironmentVariableIntValue("SFDESK_UI_STALL_TRACE", &ok);
    if (ok && traceMs > 0 && !m_tracer.joinable())
        startTracer(traceMs);
}

void EventLoopWatchdog::startTracer(int afterMs)
{
    s_guiThread = pthread_self();
    std::signal(SIGUSR2, printStack);
    const qint64 afterNs = qint64(afterMs) * 1'000'000;
    m_tracer = std::thread([this, afterNs] {
        qint64 traced = -1;
        while (!m_stopTracer) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            const qint64 seen = m_tickSeenNs.load();
            // 0: paused.
            if (seen > 0 && seen != traced && m_clock.nsecsElapsed() - seen > afterNs) {
                traced = seen;
                pthread_kill(s_guiThread, SIGUSR2);
            }
        }
    });
}

void EventLoopWatchdog::startHeartbeat()
{
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    std::vector<int> cpus;
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
            if (CPU_ISSET(cpu, &allowed))
                cpus.push_back(cpu);
        }
    }
    if (cpus.empty())
        cpus.push_back(-1); // one helper, wherever the kernel runs it
    for (const int cpu : cpus)
        m_heartbeats.emplace_back([this, cpu] { heartbeat(cpu); });
}

void EventLoopWatchdog::heartbeat(int cpu)
{
    if (cpu >= 0) {
        cpu_set_t only;
        CPU_ZERO(&only);
        CPU_SET(cpu, &only);
        pthread_setaffinity_np(pthread_self(), sizeof only, &only);
    }
    using Clock = std::chrono::steady_clock;
    Clock::time_point last = Clock::now();
    while (!m_stopHeartbeat) {
        std::this_thread::sleep_for(std::chrono::milliseconds(HeartbeatMs));
        const Clock::time_point now = Clock::now();
        const qint64 gapNs = std::chrono::duration_cast<std::chrono::nanoseconds>(now - last).count()
                             - qint64(HeartbeatMs) * 1'000'000;
        last = now;
        qint64 longest = m_heartbeatGapNs.load();
        while (gapNs > longest && !m_heartbeatGapNs.compare_exchange_weak(longest, gapNs)) {
        }
    }
}

namespace {

QByteArray readProcFile(const char* path)
{
    QFile file(QString::fromLatin1(path));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

} // namespace

EventLoopWatchdog::ThreadTimes EventLoopWatchdog::readTimes() const
{
    ThreadTimes times;
    // "<ns on a CPU> <ns runnable but waiting for one> <time slices>", of the calling thread; the
    // watchdog only reads it on the GUI thread.
    const QList<QByteArray> sched = readProcFile("/proc/thread-self/schedstat").simplified().split(' ');
    bool ok = sched.size() >= 2;
    if (ok)
        times.cpuNs = sched.at(0).toLongLong(&ok);
    if (ok)
        times.runQueueNs = sched.at(1).toLongLong(&ok);
    if (!ok)
        times.runQueueNs = -1;
    // stat: "pid (comm) state ppid ...", majflt is the 12th field; comm may hold spaces.
    const QByteArray stat = readProcFile("/proc/thread-self/stat");
    if (const qsizetype close = stat.lastIndexOf(')'); close >= 0) {
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        if (fields.size() > 9)
            times.majorFaults = fields.at(9).toLongLong();
    }
    // "some avg10=… avg60=… avg300=… total=<us>": time in which some task waited for the disk.
    const QByteArray pressure = readProcFile("/proc/pressure/io");
    if (const qsizetype total = pressure.indexOf("total="); total >= 0) {
        const qsizetype end = pressure.indexOf('\n', total);
        times.diskStallUs = pressure.mid(total + 6, end < 0 ? -1 : end - total - 6).toLongLong();
    }
    return times;
}

void EventLoopWatchdog::resetBaseline()
{
    m_lastTickNs = m_clock.nsecsElapsed();
    m_tickSeenNs = m_lastTickNs;
    m_heartbeatGapNs = 0;
    m_lastTimes = m_hasSchedStat ? readTimes() : ThreadTimes{};
}

void EventLoopWatchdog::sample()
{
    if (m_paused > 0 || !m_clock.isValid())
        return;
    const qint64 now = m_clock.nsecsElapsed();
    const ThreadTimes times = m_hasSchedStat ? readTimes() : ThreadTimes{};
    const qint64 lateNs = now - m_lastTickNs - qint64(TickMs) * 1'000'000;
    const qint64 waitedNs = qMax<qint64>(0, times.runQueueNs - m_lastTimes.runQueueNs);
    const qint64 cpuNs = qMax<qint64>(0, times.cpuNs - m_lastTimes.cpuNs);
    const ThreadTimes before = m_lastTimes;
    const qint64 heartbeatGapNs = m_heartbeatGapNs.exchange(0);
    m_lastTickNs = now;
    m_tickSeenNs = now;
    m_lastTimes = times;
    ++m_ticks;
    if (lateNs <= 0)
        return;
    Stall stall;
    stall.wallMs = lateNs / 1'000'000;
    stall.runQueueMs = qMin(lateNs, waitedNs) / 1'000'000;
    stall.appMs = qMax<qint64>(0, lateNs - waitedNs) / 1'000'000;
    stall.cpuMs = qMin(stall.appMs, cpuNs / 1'000'000);
    stall.diskStallMs = qMax<qint64>(0, times.diskStallUs - before.diskStallUs) / 1000;
    stall.majorFaults = qMax<qint64>(0, times.majorFaults - before.majorFaults);
    stall.processHeldMs = qMin(lateNs, qMax<qint64>(0, heartbeatGapNs)) / 1'000'000;
    stall.where = currentFunction();
    if (m_function.where.isEmpty() || stall.appMs > m_function.appMs)
        m_function = stall;
    if (!stall.causedByMachine() && (m_functionHeld.where.isEmpty() || stall.appMs > m_functionHeld.appMs))
        m_functionHeld = stall;
    if (m_longest.where.isEmpty() || stall.appMs > m_longest.appMs)
        m_longest = stall;
}

EventLoopWatchdog::Stall EventLoopWatchdog::takeFunctionStall(Stall* held)
{
    // The end of a test function (its locals going away) runs without the event loop turning.
    sample();
    const Stall stall = m_function;
    if (held)
        *held = m_functionHeld;
    m_function = {};
    m_functionHeld = {};
    return stall;
}

bool EventLoopWatchdog::checkFunction(QString* message)
{
    Stall held;
    const Stall stall = takeFunctionStall(&held);
    const bool excused = stall.appMs > m_limitMs && stall.causedByMachine();
    std::printf("%s%s\n", qPrintable(stall.describe()),
                !excused                ? ""
                : stall.overloaded()    ? " (machine overloaded: not held against the app)"
                : stall.waitedForDisk() ? " (waiting for the machine's disk: not held against the app)"
                                        : " (the machine held a CPU back: not held against the app)");
    std::fflush(stdout);
    if (held.appMs <= m_limitMs)
        return true;
    *message = QStringLiteral("the UI thread stalled beyond %1 ms: %2").arg(m_limitMs).arg(held.describe());
    return false;
}

void EventLoopWatchdog::report() const
{
    std::printf("%s over the run%s\n", qPrintable(m_longest.describe()),
                m_hasSchedStat ? "" : " (no run-queue figures on this system: wall time)");
    std::fflush(stdout);
}

EventLoopWatchdog::Pause::Pause()
    : m_watchdog(s_instance)
{
    if (m_watchdog) {
        m_watchdog->sample();
        ++m_watchdog->m_paused;
        m_watchdog->m_tickSeenNs = 0;
    }
}

EventLoopWatchdog::Pause::~Pause()
{
    if (m_watchdog && s_instance == m_watchdog && --m_watchdog->m_paused == 0)
        m_watchdog->resetBaseline();
}

} // namespace sfdesk
