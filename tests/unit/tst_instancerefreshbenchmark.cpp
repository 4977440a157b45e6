// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/api/jsontape.h"
#include "core/api/resourcejson.h"
#include "core/models/connectionstatus.h"
#include "core/models/instancemodel.h"
#include "core/models/poller.h"
#include "support/eventloopwatchdog.h"
#include "support/fixtures.h"
#include "support/routednetwork.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <malloc.h>

#include <memory>

using namespace sfdesk;

// AddressSanitizer allocates through its own allocator, which mallinfo2() does not see.
#if defined(__SANITIZE_ADDRESS__)
#define SFDESK_HEAP_UNMEASURABLE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SFDESK_HEAP_UNMEASURABLE 1
#endif
#endif

// Refresh of a 10,000-instance list (parse and diff into the model) against the bare
// QJsonDocument::fromJson of the same bytes, in one run; and the memory each row costs. Then the
// same list as the app polls it (ApiClient, Poller, model): the whole poll, and the longest time
// the event loop did not turn, for a changed and an unchanged answer.
class TestInstanceRefreshBenchmark final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    static QByteArray instanceList(int count, const QString& nameSuffix = {})
    {
        QJsonObject one = Fixtures::object(QStringLiteral("instance.json"));
        QJsonArray data;
        for (int i = 0; i < count; ++i) {
            one.insert(QStringLiteral("id"), QStringLiteral("inst_%1").arg(i, 21, 10, QLatin1Char('0')));
            one.insert(QStringLiteral("name"), QStringLiteral("node-%1%2").arg(i).arg(nameSuffix));
            data.append(one);
        }
        return QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                         {QStringLiteral("data"), data},
                                         {QStringLiteral("has_more"), false}})
            .toJson(QJsonDocument::Compact);
    }

    void tenThousandInstances()
    {
        constexpr int count = 10000;
        const QByteArray bytes = instanceList(count);

        QElapsedTimer timer;
        timer.start();
        const QJsonDocument bare = QJsonDocument::fromJson(bytes);
        const qint64 fromJsonNs = timer.nsecsElapsed();
        QCOMPARE(bare.object().value(u"data").toArray().size(), count);

        InstanceModel model;
        const size_t heapBefore = mallinfo2().uordblks;
        const auto refresh = [&model, &bytes] {
            // As ApiCall decodes an answer: the body's tape, then the list's items from it.
            const JsonNode document(JsonTape::parse(bytes));
            QString error;
            const auto envelope = parseListEnvelope(document, &error);
            const auto items = parseItems<Instance>(envelope->data, parseInstance, &error);
            model.refresh(*items);
        };
        timer.restart();
        refresh();
        const qint64 firstNs = timer.nsecsElapsed();
        const size_t heapAfter = mallinfo2().uordblks;
        QCOMPARE(model.rowCount(), count);

        timer.restart();
        refresh(); // the steady state of a poll: nothing changed
        const qint64 againNs = timer.nsecsElapsed();

        const double bytesPerRow = (static_cast<double>(heapAfter) - static_cast<double>(heapBefore)) / count;
        qInfo("fromJson only:            %8.2f ms", static_cast<double>(fromJsonNs) / 1e6);
        qInfo("first refresh (parse+diff):%8.2f ms, ratio %.2f", static_cast<double>(firstNs) / 1e6,
              static_cast<double>(firstNs) / static_cast<double>(fromJsonNs));
        qInfo("unchanged refresh:        %8.2f ms, ratio %.2f", static_cast<double>(againNs) / 1e6,
              static_cast<double>(againNs) / static_cast<double>(fromJsonNs));
#ifdef SFDESK_HEAP_UNMEASURABLE
        Q_UNUSED(bytesPerRow);
        qInfo("memory per row:           not measured under AddressSanitizer");
#else
        qInfo("memory per row:           %8.0f bytes", bytesPerRow);
        QVERIFY(bytesPerRow > 0);
#endif
    }

    // The app's path: the answer decoded off the UI thread, an unchanged answer not decoded at all,
    // a changed one diffed off the UI thread (ResourceTableModel::refreshInBackground). Against it,
    // in the same run, the same polls with the diff on the UI thread (refresh()), as before.
    void tenThousandInstancesAsPolled()
    {
        const qint64 fromJsonNs = fromJsonTime();
        // The tests' watchdog: a tick's lateness without the time the thread waited for a CPU
        // (the machine is shared), and of it the time the thread ran.
        EventLoopWatchdog watchdog;
        watchdog.start();
        const PolledFigures app = pollTenThousand(true, watchdog);
        const PolledFigures onUiThread = pollTenThousand(false, watchdog);

        const auto ms = [](qint64 ns) { return static_cast<double>(ns) / 1e6; };
        const auto ratio = [fromJsonNs](qint64 ns) {
            return static_cast<double>(ns) / static_cast<double>(fromJsonNs);
        };
        qInfo("polled fromJson only:     %8.2f ms", ms(fromJsonNs));
        qInfo("polled first:             %8.2f ms, ratio %.2f, longest UI stall %.2f ms", ms(app.firstNs),
              ratio(app.firstNs), ms(app.firstStallNs));
        qInfo("polled unchanged:         %8.2f ms, ratio %.2f, longest UI stall %.2f ms", ms(app.sameNs),
              ratio(app.sameNs), ms(app.sameStallNs));
        qInfo("polled changed:           %8.2f ms, ratio %.2f, longest UI stall %.2f ms", ms(app.changedNs),
              ratio(app.changedNs), ms(app.changedStallNs));
        qInfo(
            "diff on the UI thread, first: %8.2f ms, longest UI stall %.2f ms; changed: %.2f ms, longest UI "
            "stall %.2f ms",
            ms(onUiThread.firstNs), ms(onUiThread.firstStallNs), ms(onUiThread.changedNs),
            ms(onUiThread.changedStallNs));
        const auto watched = [](const char* what, const PolledFigures& f) {
            qInfo("watchdog stall (ms, app/cpu) %s: first %lld/%lld unchanged %lld/%lld changed %lld/%lld",
                  what, static_cast<long long>(f.first.appMs), static_cast<long long>(f.first.cpuMs),
                  static_cast<long long>(f.same.appMs), static_cast<long long>(f.same.cpuMs),
                  static_cast<long long>(f.changed.appMs), static_cast<long long>(f.changed.cpuMs));
        };
        watched("diff in background", app);
        watched("diff on the UI thread", onUiThread);
    }

private:
    struct PolledFigures
    {
        qint64 firstNs = 0;
        qint64 firstStallNs = 0;
        qint64 sameNs = 0;
        qint64 sameStallNs = 0;
        qint64 changedNs = 0;
        qint64 changedStallNs = 0;
        EventLoopWatchdog::Stall first;
        EventLoopWatchdog::Stall same;
        EventLoopWatchdog::Stall changed;
    };

    static qint64 fromJsonTime()
    {
        const QByteArray bytes = instanceList(10000);
        QElapsedTimer timer;
        timer.start();
        const QJsonDocument bare = QJsonDocument::fromJson(bytes);
        const qint64 ns = timer.nsecsElapsed();
        if (bare.object().value(u"data").toArray().size() != 10000)
            qFatal("the benchmark's list did not parse");
        return ns;
    }

    // A first answer of 10,000 instances, the same again, then one with every name changed.
    static PolledFigures pollTenThousand(bool inBackground, EventLoopWatchdog& watchdog)
    {
        constexpr int count = 10000;
        const QByteArray first = instanceList(count);
        const QByteArray changed = instanceList(count, QStringLiteral("-renamed"));
        QByteArray answer = first;
        RoutedNetwork network;
        network.on("GET", QStringLiteral("/instances"),
                   [&answer](const RoutedNetwork::Seen&) { return RoutedNetwork::Answer{200, answer}; });
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("benchmark-token"));
        InstanceModel model;
        const auto fetch = [&client] { return client.instances(QString()); };
        std::unique_ptr<Poller> poller(
            inBackground
                ? Poller::applyingLater(
                      fetch,
                      [&model](const QList<Instance>& v, std::function<bool()> wanted,
                               std::function<void()> done) {
                          model.refreshInBackground(v, std::move(wanted), std::move(done));
                      },
                      nullptr)
                : Poller::of(fetch, [&model](const QList<Instance>& v) { model.refresh(v); }, nullptr));
        poller->setInterval(std::chrono::hours(1));
        QSignalSpy polled(poller.get(), &Poller::polled);

        // The longest gap between two turns of the event loop while a poll runs.
        const auto poll = [&](qint64* stallNs, EventLoopWatchdog::Stall* watched) {
            watchdog.takeFunctionStall();
            QElapsedTimer sinceTick;
            qint64 longest = 0;
            QTimer tick;
            tick.setTimerType(Qt::PreciseTimer);
            tick.setInterval(1);
            QObject::connect(&tick, &QTimer::timeout, &tick, [&] {
                longest = std::max(longest, sinceTick.nsecsElapsed());
                sinceTick.restart();
            });
            const qsizetype before = polled.size();
            QElapsedTimer wall;
            wall.start();
            sinceTick.start();
            tick.start();
            if (poller->isActive())
                poller->pollNow();
            else
                poller->start();
            const bool done = QTest::qWaitFor([&] { return polled.size() > before; }, 120000);
            const qint64 ns = wall.nsecsElapsed();
            longest = std::max(longest, sinceTick.nsecsElapsed());
            *stallNs = done ? longest : -1;
            *watched = watchdog.takeFunctionStall();
            return ns;
        };
        PolledFigures figures;
        figures.firstNs = poll(&figures.firstStallNs, &figures.first);
        if (figures.firstStallNs < 0 || model.rowCount() != count)
            qFatal("the first poll did not fill the model");
        figures.sameNs = poll(&figures.sameStallNs, &figures.same);
        answer = changed;
        figures.changedNs = poll(&figures.changedStallNs, &figures.changed);
        if (figures.sameStallNs < 0 || figures.changedStallNs < 0
            || model.data(model.index(count - 1, InstanceModel::NameColumn)).toString()
                   != QStringLiteral("node-%1-renamed").arg(count - 1))
            qFatal("the changed poll was not applied");
        return figures;
    }
};

QTEST_GUILESS_MAIN(TestInstanceRefreshBenchmark)
#include "tst_instancerefreshbenchmark.moc"
