// SPDX-License-Identifier: Apache-2.0

// How costs grow with the account: the same measures at tenfold sizes (default 1,000, 10,000 and
// 100,000 instances, and as many orders with their fills), each size in a process of its own (so
// that memory is of that size alone), then a table with each measure's growth per tenfold and a
// plot of it.
//   bench_scale [--png FILE] [SIZE...]        (defaults: 1000 10000 100000)
//   bench_scale --one SIZE                    (one size; what the first form runs)
// Per size, sfsim in process (its clock standing still but for the days the seeding moves it) is
// seeded through its API: SIZE orders in a pool of their own, three in four buys that fill at once
// against the synthetic market (one node for an hour, a day of hours at a time, the clock moved a
// day after each so that the market's depth is never exhausted) and the rest standing buys under
// every ask, spread over the next 20 days; then SIZE instances in another pool. Then:
//   sim_page_ms     GET /instances?limit=200, the first page, CPU time of the request and its
//                   body, median of 15
//   orders_page_ms  GET /orders?limit=200, the same
//   orders_pool_page_ms  GET /orders?limit=200&pool=, of the instances' pool (none of the orders)
//   orders_status_page_ms  GET /orders?limit=200&status=rejected, a status no order has (sfsim
//                   stores none), the same
//   orders_statuses_page_ms  GET /orders?limit=200&status[]=rejected&status[]=cancelled, two
//                   statuses no order has, the same
//   fills_page_ms   GET /orderbook/fills?limit=200 over the last and next 30 days, the same
//   create_ms       POST /orders of a standing buy, CPU, median of the last 200 of the seeding
//   create_full_ms  the same, 15 more once the instances are seeded too (median)
//   refresh_ms      the client's refresh of the whole instance list: the pages' bytes parsed into
//                   Instances and refreshed into an InstanceModel (the first answer), median of 3
//   orders_refresh_ms  the same for the orders list, into an OrderModel
//   chart_ms        the planner chart (month) of the orders' pool, from the pool and the orders as
//                   sfsim returned them, converted as the app converts them, median of 5
//   refresh_cpu_ms, orders_refresh_cpu_ms, chart_cpu_ms  the same three as the CPU time of the
//                   thread doing them (all of their work is on it): on a loaded machine the wall
//                   clock also counts the time the thread waited for a core
//   rss_mb          the process's resident memory once both lists are in their models (the sfsim
//                   world included); model_mb and orders_mb, what each model's rows added to it
// Prints numbers; asserts nothing about speed.

#include "core/api/jsontape.h"
#include "core/api/resourcejson.h"
#include "core/market/plannerconversion.h"
#include "core/market/plannerdata.h"
#include "core/models/instancemodel.h"
#include "core/models/ordermodel.h"
#include "gui/reservations/plannerchart.h"
#include "inprocesssim.h"
#include "sim/routes/simapi.h"
#include "sim/store/simstore.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <functional>
#include <memory>

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

double rssMb()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    const QString text = QString::fromLatin1(status.readAll());
    const QRegularExpressionMatch m = QRegularExpression(u"VmRSS:\\s*(\\d+) kB"_s).match(text);
    return m.hasMatch() ? m.captured(1).toDouble() / 1024.0 : 0;
}

double median(QList<double> samples)
{
    std::sort(samples.begin(), samples.end());
    return samples.at(samples.size() / 2);
}

constexpr qint64 H = 3600;
constexpr qint64 Hour0 = 1'800'000'000;

// Best ask and bid per hour around `now` for the chart's SKU (the planner asks the order book for
// them; here they are made up, as they do not grow with the account).
QList<HourQuote> chartQuotes(qint64 now)
{
    QList<HourQuote> quotes;
    const qint64 first = now - now % H;
    for (qint64 hour = first - 5 * 24 * H; hour < first + 35 * 24 * H; hour += H)
        quotes.append(HourQuote{hour, 2'500'000 + hour % 7 * 10'000, 2'000'000, std::nullopt});
    return quotes;
}

double cpuOf(const std::function<void()>& work)
{
    const double start = cpuMs();
    work();
    return cpuMs() - start;
}

// A list route's first page: CPU time of the request and its body, median of 15 (after one that
// prepares the statements).
double firstPageMs(InProcessSim& sim, const QString& path, const QString& query)
{
    QList<double> page;
    for (int i = 0; i < 16; ++i) {
        bool ok = true;
        const double ms = cpuOf([&] {
            const ApiResponse response = sim.call(u"GET"_s, path, query);
            ok = response.status == 200 && !response.bytes().isEmpty();
        });
        if (!ok) {
            QTextStream(stderr) << "GET " << path << "?" << query << " failed" << Qt::endl;
            std::exit(1);
        }
        if (i > 0)
            page.append(ms);
    }
    return median(page);
}

// Every page of a list, as the client reads them, as one answer of the whole list.
QByteArray wholeList(InProcessSim& sim, const QString& path, int expected)
{
    QJsonArray all;
    QString cursor;
    for (;;) {
        const ApiResponse response = sim.call(
            u"GET"_s, path, u"limit=200"_s + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
        const QJsonObject body = QJsonDocument::fromJson(response.bytes()).object();
        for (const auto& item : body.value(u"data"_s).toArray())
            all.append(item);
        cursor = body.value(u"cursor"_s).toString();
        if (!body.value(u"has_more"_s).toBool() || cursor.isEmpty())
            break;
    }
    if (all.size() < expected) {
        QTextStream(stderr) << "read " << all.size() << " " << path << " of " << expected << Qt::endl;
        std::exit(1);
    }
    return QJsonDocument(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, all}, {u"has_more"_s, false}})
        .toJson(QJsonDocument::Compact);
}

// The client's refresh of a whole list (parsed, then refreshed into a fresh model), median of 3;
// `addedMb` gets what the first round's rows added to the process, `kept` the last model.
template <typename Model, typename T>
double refreshMs(const QByteArray& list, ItemParser<T> parser, int expected, double* addedMb,
                 std::unique_ptr<Model>* kept, double* cpu)
{
    QList<double> refresh;
    QList<double> refreshCpu;
    for (int i = 0; i < 3; ++i) {
        kept->reset();
        const double before = rssMb();
        auto model = std::make_unique<Model>();
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = cpuMs();
        // As ApiCall decodes an answer: the body's tape, then the list's items from it.
        const JsonNode document(JsonTape::parse(list));
        QString problem;
        const auto envelope = parseListEnvelope(document, &problem);
        const auto items = parseItems<T>(envelope->data, parser, &problem);
        if (!items) {
            QTextStream(stderr) << "parse: " << problem << Qt::endl;
            std::exit(1);
        }
        model->refresh(*items);
        refresh.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        refreshCpu.append(cpuMs() - cpuStart);
        if (model->rowCount() < expected)
            std::exit(1);
        *kept = std::move(model);
        if (i == 0) // later rounds reuse the heap the round before freed
            *addedMb = rssMb() - before;
    }
    *cpu = median(refreshCpu);
    return median(refresh);
}

struct OrderSeeding
{
    QString pool;
    QString sku; // the first the market trades
    int filled = 0;
    QList<double> createMs;
};

// SIZE orders in a pool of their own, through POST /orders (see the head of the file).
OrderSeeding seedOrders(InProcessSim& sim, int size)
{
    OrderSeeding seeding;
    sim.must(u"POST"_s, u"/_sim/accounts/acme/balance"_s, {{u"balance_dollars"_s, u"1000000000.000000"_s}});
    seeding.pool = sim.must(u"POST"_s, u"pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"orders"_s}})
                       .value(u"id"_s)
                       .toString();
    QStringList skus;
    for (const auto& sku : sim.must(u"GET"_s, u"instance_skus"_s, {}).value(u"data"_s).toArray())
        skus.append(sku.toObject().value(u"id"_s).toString());
    const qsizetype n = skus.size();
    seeding.sku = skus.first();
    const auto order = [&](const QString& sku, qint64 start, qint64 hours, const QString& limit,
                           bool standing) {
        QJsonObject body{
            {u"pool"_s, seeding.pool},
            {u"side"_s, u"buy"_s},
            {u"instance_sku"_s, sku},
            {u"allocation_schedule_delta"_s,
             QJsonArray{QJsonObject{
                 {u"start_at"_s, start}, {u"end_at"_s, start + hours * H}, {u"node_count"_s, 1}}}},
            {u"limit_price_dollars_per_node_hour"_s, limit}};
        if (standing)
            body.insert(u"allow_standing"_s, true);
        QJsonObject placed;
        const double ms = cpuOf([&] { placed = sim.must(u"POST"_s, u"orders"_s, body); });
        if (standing)
            seeding.createMs.append(ms);
        return placed;
    };
    // Buys that fill at once: four a SKU and hour over the next day's hours, then the clock a day on.
    const int filled = size - size / 4;
    const qsizetype perDay = 24 * n * 4;
    qint64 now = Hour0;
    for (int i = 0; i < filled; ++i) {
        if (i > 0 && i % perDay == 0) {
            sim.must(u"POST"_s, u"/_sim/clock/advance"_s, {{u"seconds"_s, 24 * H}});
            now += 24 * H;
        }
        const qsizetype j = i % perDay;
        const QJsonObject placed =
            order(skus.at(j % n), now + (1 + (j / n) % 24) * H, 1, u"200.000000"_s, false);
        seeding.filled += placed.value(u"status"_s).toString() == u"filled"_s ? 1 : 0;
    }
    // Standing buys under every ask, four hours each, their starts spread over the next 20 days in
    // placement order.
    const int standing = size / 4;
    const qint64 perSku = (standing + n - 1) / n;
    for (int i = 0; i < standing; ++i) {
        const qint64 hour = 1 + (i / n) * (20 * 24) / perSku;
        const QJsonObject placed = order(skus.at(i % n), now + hour * H, 4, u"0.010000"_s, true);
        if (placed.value(u"status"_s).toString() != u"standing"_s) {
            QTextStream(stderr) << "a standing buy is " << placed.value(u"status"_s).toString() << Qt::endl;
            std::exit(1);
        }
    }
    seeding.createMs = seeding.createMs.mid(std::max<qsizetype>(0, seeding.createMs.size() - 200));
    return seeding;
}

int runOne(int size)
{
    QTemporaryDir dir;
    SimStore store;
    QString error;
    if (!store.open(dir.filePath(u"scale.db"_s), &error)) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    SimOptions options;
    options.startTime = Hour0;
    // The clock stands still: the seeding moves it, so that its speed does not change the world.
    options.timeScale = 0;
    options.control = true;
    SimApi api(store, options);
    bool seeded = false;
    if (!api.initialize(&error, &seeded)) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    InProcessSim sim{api, "Bearer " + api.tokens().value(u"acme-owner"_s).toString().toLatin1()};
    QElapsedTimer seeding;
    seeding.start();
    const OrderSeeding orders = seedOrders(sim, size);
    const double ordersSeedS = static_cast<double>(seeding.restart()) / 1000.0;
    const QString pool =
        sim.must(u"POST"_s, u"pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"scale"_s}})
            .value(u"id"_s)
            .toString();
    for (int i = 0; i < size; ++i)
        sim.must(u"POST"_s, u"instances"_s,
                 {{u"pool"_s, pool},
                  {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                  {u"instance_sku"_s, u"sea-3-h100"_s}});
    const double seedS = static_cast<double>(seeding.elapsed()) / 1000.0;
    const qint64 now = sim.must(u"GET"_s, u"/_sim/clock"_s, {}).value(u"now"_s).toInteger();
    // One more standing buy in the whole account (its instances too), median of 15.
    QList<double> createFull;
    for (int i = 0; i < 15; ++i) {
        const qint64 start = now - now % H + (30 + i) * H;
        const QJsonObject body{
            {u"pool"_s, orders.pool},
            {u"side"_s, u"buy"_s},
            {u"instance_sku"_s, orders.sku},
            {u"allocation_schedule_delta"_s,
             QJsonArray{QJsonObject{{u"start_at"_s, start}, {u"end_at"_s, start + H}, {u"node_count"_s, 1}}}},
            {u"limit_price_dollars_per_node_hour"_s, u"0.010000"_s},
            {u"allow_standing"_s, true}};
        createFull.append(cpuOf([&] { sim.must(u"POST"_s, u"orders"_s, body); }));
    }

    // sfsim's first pages.
    const double instancesPage = firstPageMs(sim, u"instances"_s, u"limit=200"_s);
    const double ordersPage = firstPageMs(sim, u"orders"_s, u"limit=200"_s);
    const double ordersPoolPage = firstPageMs(sim, u"orders"_s, u"limit=200&pool="_s + pool);
    const double ordersStatusPage = firstPageMs(sim, u"orders"_s, u"limit=200&status=rejected"_s);
    const double ordersStatusesPage =
        firstPageMs(sim, u"orders"_s, u"limit=200&status[]=rejected&status[]=cancelled"_s);
    const qint64 month = 30 * 24 * H;
    const double fillsPage =
        firstPageMs(sim, u"orderbook/fills"_s,
                    u"limit=200&start_at=%1&end_at=%2&since_at=%1"_s.arg(now - now % H - month)
                        .arg(now - now % H + month));

    // The whole lists, refreshed into the client's models.
    double modelMb = 0;
    std::unique_ptr<InstanceModel> instanceModel;
    double refreshCpu = 0;
    const double refresh = refreshMs<InstanceModel, Instance>(
        wholeList(sim, u"instances"_s, size), parseInstance, size, &modelMb, &instanceModel, &refreshCpu);
    const QByteArray orderList = wholeList(sim, u"orders"_s, size);
    double ordersMb = 0;
    std::unique_ptr<OrderModel> orderModel;
    double ordersRefreshCpu = 0;
    const double ordersRefresh =
        refreshMs<OrderModel, Order>(orderList, parseOrder, size, &ordersMb, &orderModel, &ordersRefreshCpu);
    const double rss = rssMb();

    // The planner chart of the orders' pool, as the Reservations page makes its snapshot.
    QString problem;
    const std::optional<Pool> chartPool =
        parsePool(sim.must(u"GET"_s, u"pools/"_s + orders.pool, {}), &problem);
    const auto envelope = parseListEnvelope(JsonNode(JsonTape::parse(orderList)), &problem);
    const auto chartOrders = parseItems<Order>(envelope->data, parseOrder, &problem);
    if (!chartPool || !chartOrders) {
        QTextStream(stderr) << "chart: " << problem << Qt::endl;
        return 1;
    }
    PlannerSnapshot snapshot = PlannerConversion::snapshot(*chartPool, *chartOrders, now);
    snapshot.quotes = chartQuotes(now);
    snapshot.quoteSku = chartPool->bySku.isEmpty() ? QString() : chartPool->bySku.firstKey();
    PlannerChart chart;
    chart.resize(1200, 600);
    chart.setRange(PlannerChart::Range::Month);
    chart.setSnapshot(snapshot);
    QList<double> chartMs;
    QList<double> chartCpu;
    for (int i = 0; i < 6; ++i) {
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = cpuMs();
        (void)chart.image();
        if (i > 0) {
            chartMs.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            chartCpu.append(cpuMs() - cpuStart);
        }
    }
    std::printf(
        "scale %d orders_seed_s %.1f seed_s %.1f filled %d create_ms %.3f create_full_ms %.3f "
        "sim_page_ms %.3f "
        "orders_page_ms %.3f fills_page_ms %.3f refresh_ms %.1f orders_refresh_ms %.1f chart_ms %.1f "
        "chart_orders %lld rss_mb %.1f model_mb %.1f orders_mb %.1f refresh_cpu_ms %.1f "
        "orders_refresh_cpu_ms %.1f chart_cpu_ms %.1f orders_pool_page_ms %.3f orders_status_page_ms %.3f "
        "orders_statuses_page_ms %.3f\n",
        size, ordersSeedS, seedS, orders.filled, median(orders.createMs), median(createFull), instancesPage,
        ordersPage, fillsPage, refresh, ordersRefresh, median(chartMs),
        static_cast<long long>(snapshot.orders.size()), rss, modelMb, ordersMb, refreshCpu, ordersRefreshCpu,
        median(chartCpu), ordersPoolPage, ordersStatusPage, ordersStatusesPage);
    return 0;
}

struct Row
{
    int size = 0;
    QList<double> values; // in the order of `measures`
};

const QStringList measures{u"sim_page_ms"_s,
                           u"orders_page_ms"_s,
                           u"fills_page_ms"_s,
                           u"create_ms"_s,
                           u"create_full_ms"_s,
                           u"refresh_ms"_s,
                           u"orders_refresh_ms"_s,
                           u"chart_ms"_s,
                           u"rss_mb"_s,
                           u"refresh_cpu_ms"_s,
                           u"orders_refresh_cpu_ms"_s,
                           u"chart_cpu_ms"_s,
                           u"orders_pool_page_ms"_s,
                           u"orders_status_page_ms"_s,
                           u"orders_statuses_page_ms"_s};
const QStringList titles{u"sfsim instances page (CPU ms)"_s,
                         u"sfsim orders page (CPU ms)"_s,
                         u"sfsim fills page (CPU ms)"_s,
                         u"sfsim POST /orders, orders only (CPU ms)"_s,
                         u"sfsim POST /orders, full account (CPU ms)"_s,
                         u"client: instance list refresh (ms)"_s,
                         u"client: orders list refresh (ms)"_s,
                         u"planner chart render (ms)"_s,
                         u"app memory, RSS (MB)"_s,
                         u"client: instance list refresh (CPU ms)"_s,
                         u"client: orders list refresh (CPU ms)"_s,
                         u"planner chart render (CPU ms)"_s,
                         u"sfsim orders page, other pool (CPU ms)"_s,
                         u"sfsim orders page, absent status (CPU ms)"_s,
                         u"sfsim orders page, two absent statuses (CPU ms)"_s};

// Growth per tenfold of each measure on a log-log plot, 1.0 at the smallest size.
void drawPlot(const QList<Row>& rows, const QString& file)
{
    QImage image(1000, 560, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const QRect plot(80, 40, 560, 440);
    const double maxSize = std::log10(rows.last().size / double(rows.first().size));
    double maxGrowth = maxSize; // the goal line: 10x per tenfold
    for (const Row& row : rows)
        for (qsizetype m = 0; m < measures.size(); ++m)
            maxGrowth = std::max(maxGrowth, std::log10(row.values.at(m) / rows.first().values.at(m)));
    maxGrowth = std::ceil(maxGrowth);
    const double minGrowth = -1;
    const auto at = [&](double x, double y) {
        return QPointF(plot.left() + x / std::max(1.0, maxSize) * plot.width(),
                       plot.bottom() - (y - minGrowth) / (maxGrowth - minGrowth) * plot.height());
    };
    p.setPen(QPen(Qt::lightGray, 1));
    for (int y = int(minGrowth); y <= int(maxGrowth); ++y) {
        p.drawLine(at(0, y), at(maxSize, y));
        p.setPen(Qt::black);
        p.drawText(QRectF(at(0, y) - QPointF(75, 10), QSizeF(68, 20)), Qt::AlignRight | Qt::AlignVCenter,
                   u"%1x"_s.arg(std::pow(10.0, y), 0, 'g', 4));
        p.setPen(QPen(Qt::lightGray, 1));
    }
    p.setPen(Qt::black);
    for (const Row& row : rows) {
        const double x = std::log10(row.size / double(rows.first().size));
        p.drawText(QRectF(at(x, minGrowth) + QPointF(-50, 6), QSizeF(100, 20)), Qt::AlignCenter,
                   QLocale(QLocale::English).toString(row.size));
    }
    p.drawText(QRectF(plot.left(), plot.bottom() + 26, plot.width(), 20), Qt::AlignCenter,
               u"instances and orders in the account"_s);
    p.drawText(QRectF(plot.left(), 8, plot.width() + 250, 24), Qt::AlignLeft | Qt::AlignVCenter,
               u"Cost against the smallest account (log scales); dashed: 10x per tenfold"_s);
    p.setPen(QPen(Qt::darkGray, 1.5, Qt::DashLine));
    p.drawLine(at(0, 0), at(maxSize, maxSize));
    const QList<QColor> colours{QColor(0x1f, 0x77, 0xb4), QColor(0x17, 0xbe, 0xcf), QColor(0x8c, 0x56, 0x4b),
                                QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22), QColor(0xd6, 0x27, 0x28),
                                QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd),
                                QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0x4a, 0x7e), QColor(0x98, 0xdf, 0x8a),
                                QColor(0x52, 0x54, 0xa3), QColor(0xad, 0x49, 0x4a)};
    for (qsizetype m = 0; m < measures.size(); ++m) {
        QPolygonF line;
        for (const Row& row : rows)
            line.append(at(std::log10(row.size / double(rows.first().size)),
                           std::log10(row.values.at(m) / rows.first().values.at(m))));
        p.setPen(QPen(colours.at(m), 2.5));
        p.drawPolyline(line);
        for (const QPointF& point : line)
            p.drawEllipse(point, 3.5, 3.5);
        const QPointF key(plot.right() + 20, plot.top() + 20 + 28 * m);
        p.drawLine(key, key + QPointF(24, 0));
        p.setPen(Qt::black);
        p.drawText(QRectF(key + QPointF(30, -10), QSizeF(300, 20)), Qt::AlignLeft | Qt::AlignVCenter,
                   titles.at(m));
    }
    p.end();
    image.save(file);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM",
            qEnvironmentVariableIsSet("QT_QPA_PLATFORM") ? qgetenv("QT_QPA_PLATFORM") : "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.size() == 2 && args.first() == u"--one")
        return runOne(args.at(1).toInt());
    QString png;
    if (args.size() >= 2 && args.first() == u"--png") {
        png = args.at(1);
        args = args.mid(2);
    }
    QList<int> sizes;
    for (const QString& arg : args)
        sizes.append(arg.toInt());
    if (sizes.isEmpty())
        sizes = {1000, 10000, 100000};

    QList<Row> rows;
    for (const int size : sizes) {
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(), {u"--one"_s, QString::number(size)});
        if (!child.waitForFinished(-1) || child.exitCode() != 0) {
            QTextStream(stderr) << "bench_scale: size " << size << " failed" << Qt::endl;
            return 1;
        }
        const QString line = QString::fromUtf8(child.readAllStandardOutput()).trimmed();
        std::printf("%s\n", qPrintable(line));
        std::fflush(stdout);
        Row row{size, {}};
        for (const QString& measure : measures) {
            const QRegularExpressionMatch m =
                QRegularExpression(u"\\b"_s + measure + u" ([\\d.]+)"_s).match(line);
            row.values.append(m.hasMatch() ? std::max(1e-3, m.captured(1).toDouble()) : 1e-3);
        }
        rows.append(row);
    }
    // Growth per tenfold: (last / first) ^ (1 / tenfolds).
    std::printf("| Measure |");
    for (const Row& row : rows)
        std::printf(" %d |", row.size);
    std::printf(" growth per tenfold |\n|---|");
    for (qsizetype i = 0; i < rows.size(); ++i)
        std::printf("---:|");
    std::printf("---:|\n");
    const double tenfolds = std::log10(rows.last().size / double(rows.first().size));
    for (qsizetype m = 0; m < measures.size(); ++m) {
        std::printf("| %s |", qPrintable(titles.at(m)));
        for (const Row& row : rows)
            std::printf(" %.2f |", row.values.at(m));
        const double growth =
            tenfolds > 0 ? std::pow(rows.last().values.at(m) / rows.first().values.at(m), 1.0 / tenfolds)
                         : 1.0;
        std::printf(" growth %s %.2fx |\n", qPrintable(measures.at(m)), growth);
    }
    if (!png.isEmpty() && rows.size() > 1)
        drawPlot(rows, png);
    return 0;
}
