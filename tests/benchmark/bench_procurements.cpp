// SPDX-License-Identifier: Apache-2.0

// The procurement engine's cost: one simulated day of the demo world with 100 procurements against
// the same day with none. The day is the clock moved on in ten-minute steps, each step followed by
// what a client watching the planner reads (the pools and the orders of a workspace), so that the
// world (market, procurements, pools) catches up as it does for a running app. Both worlds are the
// demo (sfsim --demo, the same seed) with 100 more pools; the demo's own procurement is deleted
// first. Prints the thread's CPU time of each day and their ratio; asserts nothing about speed.
//   bench_procurements [procurements]     (default 100)

#include "sim/routes/simapi.h"
#include "sim/store/simstore.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#include <ctime>

using namespace Qt::StringLiterals;
using namespace sfsim;

namespace {

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct World
{
    QTemporaryDir dir;
    SimStore store;
    std::unique_ptr<SimApi> api;
    QByteArray authorization;

    ApiResponse call(const QString& method, const QString& path, const QJsonObject& body = {},
                     const QString& query = {})
    {
        SimApiRequest r;
        r.method = method;
        r.path = path.startsWith(u'/') ? path : u"/preview/v2/"_s + path;
        r.query = QUrlQuery(query);
        r.body = body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact);
        r.authorization = authorization;
        r.fromLoopback = true;
        return api->handle(r);
    }

    QJsonObject must(const QString& method, const QString& path, const QJsonObject& body = {},
                     const QString& query = {})
    {
        const ApiResponse response = call(method, path, body, query);
        if (response.status >= 300) {
            QTextStream(stderr) << method << u' ' << path << u": " << response.status << u' '
                                << response.bytes() << Qt::endl;
            std::exit(1);
        }
        return response.json.isEmpty() ? response.body : QJsonDocument::fromJson(response.json).object();
    }
};

// The demo world, 100 more pools, and `procurements` procurements on them.
std::unique_ptr<World> makeWorld(int procurements)
{
    auto world = std::make_unique<World>();
    QString error;
    if (!world->store.open(world->dir.filePath(u"bench.db"_s), &error)) {
        QTextStream(stderr) << error << Qt::endl;
        std::exit(1);
    }
    SimOptions options;
    options.demo = true;
    options.control = true;
    world->api = std::make_unique<SimApi>(world->store, options);
    bool seeded = false;
    if (!world->api->initialize(&error, &seeded)) {
        QTextStream(stderr) << error << Qt::endl;
        std::exit(1);
    }
    world->authorization = "Bearer " + world->api->tokens().value(u"acme-owner"_s).toString().toLatin1();
    World& w = *world;
    for (const auto& p : w.must(u"GET"_s, u"procurements"_s).value(u"data"_s).toArray())
        w.call(u"DELETE"_s, u"procurements/"_s + p.toObject().value(u"id"_s).toString());
    QStringList skus;
    for (const auto& s : w.must(u"GET"_s, u"instance_skus"_s).value(u"data"_s).toArray())
        skus << s.toObject().value(u"id"_s).toString();
    const qint64 now = w.must(u"GET"_s, u"/_sim/clock"_s).value(u"now"_s).toInteger();
    for (int i = 0; i < 100; ++i) {
        const QString pool =
            w.must(u"POST"_s, u"pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"bench-%1"_s.arg(i)}})
                .value(u"id"_s)
                .toString();
        if (i >= procurements)
            continue;
        const QString sku = skus.at(i % skus.size());
        // The market's price of a day of a node, for caps above it (half of them) and under it.
        const QJsonObject preview =
            w.must(u"POST"_s, u"order_preview"_s,
                   {{u"side"_s, u"buy"_s},
                    {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{sku}}}},
                    {u"start_at"_s, now - now % 3600 + 3600},
                    {u"duration_seconds"_s, 86400},
                    {u"node_count"_s, 1}});
        const double rate = preview.value(u"post_order_body"_s)
                                .toObject()
                                .value(u"limit_price_dollars_per_node_hour"_s)
                                .toString()
                                .toDouble();
        const double cap = (i % 2 == 0 ? 1.5 : 0.5) * (rate > 0 ? rate : 20.0);
        w.must(u"POST"_s, u"procurements"_s,
               {{u"name"_s, u"bench-%1"_s.arg(i)},
                {u"pool"_s, pool},
                {u"instance_sku"_s, sku},
                {u"target"_s, 1 + i % 3},
                {u"max_buy_price_dollars_per_node_hour"_s, QString::number(cap, 'f', 2)},
                {u"min_sell_price_dollars_per_node_hour"_s, QString::number(cap * 3, 'f', 2)},
                {u"managed_window_minutes"_s, (6 + (i % 4) * 14) * 60}});
    }
    return world;
}

struct DayTime
{
    double advance = 0; // the clock's steps: market, procurements, instances
    double reads = 0;   // what the client reads after each step
    double orders = 0;  // of which the orders list
    double total() const { return advance + reads; }
};

// One simulated day in ten-minute steps; the thread's CPU time it took.
DayTime day(World& w)
{
    DayTime time;
    for (int step = 0; step < 144; ++step) {
        const double start = cpuMs();
        w.must(u"POST"_s, u"/_sim/clock/advance"_s, {{u"seconds"_s, 600}});
        const double advanced = cpuMs();
        w.must(u"GET"_s, u"pools"_s, {}, u"workspace=default&limit=200"_s);
        const double pools = cpuMs();
        w.must(u"GET"_s, u"orders"_s, {}, u"workspace=default&limit=200"_s);
        time.orders += cpuMs() - pools;
        time.advance += advanced - start;
        time.reads += cpuMs() - advanced;
    }
    return time;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int procurements = args.size() > 1 ? args.at(1).toInt() : 100;
    QTextStream out(stdout);
    const auto none = makeWorld(0);
    const auto busy = makeWorld(procurements);
    const DayTime plainTime = day(*none);
    const DayTime automatedTime = day(*busy);

    const double plain = plainTime.total();
    const double automated = automatedTime.total();
    const qint64 orders =
        busy->store.scalar(u"SELECT COUNT(*) FROM market_orders WHERE placed_by IS NOT NULL"_s).toLongLong();
    out << u"procurement day: none %1 ms, %2 procurements %3 ms, ratio %4 (%5 procurement orders)"_s
               .arg(plain, 0, 'f', 1)
               .arg(procurements)
               .arg(automated, 0, 'f', 1)
               .arg(automated / plain, 0, 'f', 2)
               .arg(orders)
        << Qt::endl;
    out << u"  clock steps: none %1 ms, with procurements %2 ms; reads: none %3 ms, with procurements %4 ms "
           "(the orders list %5 and %6 ms)"_s.arg(plainTime.advance, 0, 'f', 1)
               .arg(automatedTime.advance, 0, 'f', 1)
               .arg(plainTime.reads, 0, 'f', 1)
               .arg(automatedTime.reads, 0, 'f', 1)
               .arg(plainTime.orders, 0, 'f', 1)
               .arg(automatedTime.orders, 0, 'f', 1)
        << Qt::endl;
    return 0;
}
