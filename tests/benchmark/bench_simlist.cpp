// SPDX-License-Identifier: Apache-2.0

// The list routes of sfsim in process (no HTTP): each route's time per request, request handling
// plus the compact JSON the server writes, next to GET /me of the same world in the same run.
// Medians of wall time and of the thread's CPU time (steadier on a shared machine).
//   bench_simlist [instances] [rounds]     (defaults: 10000 instances, 30 rounds)
// The world: one pool holding the instances, 200 more pools, 100 InfiniBand partitions with a
// fifth of the instances attached. Prints numbers; asserts nothing about speed.

#include "inprocesssim.h"
#include "sim/routes/simapi.h"
#include "sim/store/simstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <ctime>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

namespace {

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Timing
{
    double medianMs = 0;
    double medianCpuMs = 0;
    qsizetype bytes = 0;
    int items = 0;
};

Timing measure(InProcessSim& bench, const QString& path, const QString& query, int rounds)
{
    QList<double> times;
    QList<double> cpuTimes;
    Timing t;
    for (int i = 0; i < rounds + 1; ++i) {
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = cpuMs();
        const ApiResponse response = bench.call(u"GET"_s, path, query);
        const QByteArray bytes = response.bytes();
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        const double cpu = cpuMs() - cpuStart;
        if (response.status != 200) {
            QTextStream(stderr) << path << u'?' << query << u": " << response.status << u' ' << bytes
                                << Qt::endl;
            std::exit(1);
        }
        if (i == 0)
            continue; // the first request prepares the statements
        times.append(ms);
        cpuTimes.append(cpu);
        t.bytes = bytes.size();
        t.items = static_cast<int>(QJsonDocument::fromJson(bytes).object().value(u"data"_s).toArray().size());
    }
    std::sort(times.begin(), times.end());
    t.medianMs = times.at(times.size() / 2);
    std::sort(cpuTimes.begin(), cpuTimes.end());
    t.medianCpuMs = cpuTimes.at(cpuTimes.size() / 2);
    return t;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int instances = args.size() > 1 ? args.at(1).toInt() : 10000;
    const int rounds = args.size() > 2 ? args.at(2).toInt() : 30;
    QTextStream out(stdout);

    QTemporaryDir dir;
    SimStore store;
    QString error;
    if (!store.open(dir.filePath(u"bench.db"_s), &error)) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    SimOptions options;
    options.startTime = 1'800'000'000;
    SimApi api(store, options);
    bool seeded = false;
    if (!api.initialize(&error, &seeded)) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    InProcessSim bench{api, "Bearer " + api.tokens().value(u"acme-owner"_s).toString().toLatin1()};

    QElapsedTimer setup;
    setup.start();
    bench.must(u"POST"_s, u"feature_flags/infiniband-preview"_s, {{u"enrolled"_s, true}});
    const QString pool =
        bench.must(u"POST"_s, u"pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"bench"_s}})
            .value(u"id"_s)
            .toString();
    for (int i = 0; i < 200; ++i)
        bench.must(u"POST"_s, u"pools"_s,
                   {{u"workspace"_s, u"default"_s}, {u"name"_s, u"other-%1"_s.arg(i)}});
    QStringList partitions;
    for (int i = 0; i < 100; ++i)
        partitions.append(bench
                              .must(u"POST"_s, u"infiniband_partitions"_s,
                                    {{u"workspace"_s, u"default"_s},
                                     {u"name"_s, u"part-%1"_s.arg(i)},
                                     {u"fabric"_s, u"europe-north1-a.fab1"_s}})
                              .value(u"id"_s)
                              .toString());
    for (int i = 0; i < instances; ++i) {
        QJsonObject body{{u"pool"_s, pool}, {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s}};
        if (i % 5 == 0) {
            body.insert(u"instance_sku"_s, u"hel-a-h100-ib"_s);
            body.insert(u"infiniband_partition"_s, partitions.at(i / 5 % partitions.size()));
        } else {
            body.insert(u"instance_sku"_s, u"sea-3-h100"_s);
        }
        bench.must(u"POST"_s, u"instances"_s, body);
    }
    out << u"world: %1 instances, 201 pools, 100 partitions (built in %2 s)"_s.arg(instances).arg(
        static_cast<double>(setup.elapsed()) / 1000.0, 0, 'f', 1)
        << Qt::endl;

    const QString middle = QJsonDocument::fromJson(
                               bench.call(u"GET"_s, u"instances"_s, u"limit=200&pool=%1"_s.arg(pool)).bytes())
                               .object()
                               .value(u"cursor"_s)
                               .toString();
    struct Case
    {
        QString label;
        QString path;
        QString query;
    };
    const QList<Case> cases{
        {u"me"_s, u"me"_s, {}},
        {u"instances_200"_s, u"instances"_s, u"limit=200"_s},
        {u"instances_200_page2"_s, u"instances"_s, u"limit=200&starting_after="_s + middle},
        {u"instances_200_pool"_s, u"instances"_s, u"limit=200&pool="_s + pool},
        {u"instances_200_status"_s, u"instances"_s, u"limit=200&status=awaiting_allocation"_s},
        {u"instances_200_partition"_s, u"instances"_s,
         u"limit=200&infiniband_partition="_s + partitions.first()},
        {u"partition_instances_200"_s, u"infiniband_partitions/%1/instances"_s.arg(partitions.first()),
         u"limit=200"_s},
        {u"pools_200"_s, u"pools"_s, u"limit=200"_s},
        {u"partitions_200"_s, u"infiniband_partitions"_s, u"limit=200"_s},
    };
    QList<std::pair<Case, Timing>> results;
    for (const auto& c : cases)
        results.append({c, measure(bench, c.path, c.query, rounds)});
    const Timing me = results.first().second;
    out << u"%1 %2 %3 %4 %5 %6 %7"_s.arg(u"route"_s, -26)
               .arg(u"items"_s, 6)
               .arg(u"bytes"_s, 9)
               .arg(u"wall ms"_s, 9)
               .arg(u"vs me"_s, 8)
               .arg(u"cpu ms"_s, 9)
               .arg(u"vs me"_s, 8)
        << Qt::endl;
    for (const auto& [c, t] : std::as_const(results))
        out << u"%1 %2 %3 %4 %5 %6 %7"_s.arg(c.label, -26)
                   .arg(t.items, 6)
                   .arg(t.bytes, 9)
                   .arg(t.medianMs, 9, 'f', 3)
                   .arg(t.medianMs / me.medianMs, 8, 'f', 1)
                   .arg(t.medianCpuMs, 9, 'f', 3)
                   .arg(t.medianCpuMs / me.medianCpuMs, 8, 'f', 1)
            << Qt::endl;
    return 0;
}
