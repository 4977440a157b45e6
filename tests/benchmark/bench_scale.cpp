// SPDX-License-Identifier: Apache-2.0

// How costs grow with the account: the same measures at tenfold sizes (default 1,000, 10,000 and
// 100,000 instances, and as many orders on the planner chart), each size in a process of its own
// (so that memory is of that size alone), then a table with each measure's growth per tenfold and
// a plot of it.
//   bench_scale [--png FILE] [SIZE...]        (defaults: 1000 10000 100000)
//   bench_scale --one SIZE                    (one size; what the first form runs)
// Per size:
//   sim_page_ms   sfsim in process: GET /instances?limit=200, the first page, CPU time of the
//                 request and its body, median of 15 (the world seeded through sfsim's API)
//   refresh_ms    the client's refresh of the whole list: the pages' bytes parsed into Instances
//                 and refreshed into an InstanceModel (the first answer), median of 3
//   chart_ms      the planner chart (month, 20 SKUs) rendered with SIZE orders, median of 5
//   rss_mb        the process's resident memory once the list is in the model (the sfsim world
//                 included), and model_mb, what the model's rows added to it
// Prints numbers; asserts nothing about speed.

#include "core/api/resourcejson.h"
#include "core/market/plannerdata.h"
#include "core/models/instancemodel.h"
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

PlannerSnapshot chartSnapshot(int orders)
{
    PlannerSnapshot snapshot;
    snapshot.now = Hour0 + 1200;
    for (int sku = 0; sku < 20; ++sku) {
        QList<ScheduleEntry> days;
        for (int day = -5; day < 35; ++day)
            days.append(ScheduleEntry{Hour0 + day * 24 * H, Hour0 + (day + 1) * 24 * H, 1 + (sku + day) % 4});
        snapshot.ownedBySku.insert(u"isku_%1"_s.arg(sku, 2, 10, QLatin1Char('0')),
                                   Schedule::fromEntries(days));
    }
    for (int i = 0; i < orders; ++i) {
        PlannerOrder order;
        order.id = u"ordr_%1"_s.arg(i);
        order.buy = i % 3 != 0;
        order.sku = u"isku_%1"_s.arg(i % 20, 2, 10, QLatin1Char('0'));
        order.start = Hour0 + (i % 700) * H;
        order.end = order.start + (4 + i % 30) * H;
        order.nodes = 1 + i % 6;
        order.limitMicros = 2'000'000 + (i % 1000) * 1000;
        order.status = PlannerOrder::Status::Standing;
        snapshot.orders.append(order);
    }
    for (qint64 hour = Hour0 - 5 * 24 * H; hour < Hour0 + 35 * 24 * H; hour += H)
        snapshot.quotes.append(HourQuote{hour, 2'500'000 + hour % 7 * 10'000, 2'000'000, std::nullopt});
    return snapshot;
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
    options.startTime = 1'800'000'000;
    SimApi api(store, options);
    bool seeded = false;
    if (!api.initialize(&error, &seeded)) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    InProcessSim sim{api, "Bearer " + api.tokens().value(u"acme-owner"_s).toString().toLatin1()};
    QElapsedTimer seeding;
    seeding.start();
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

    // sfsim's first page.
    QList<double> page;
    for (int i = 0; i < 16; ++i) {
        const double start = cpuMs();
        const ApiResponse response = sim.call(u"GET"_s, u"instances"_s, u"limit=200"_s);
        const QByteArray bytes = response.bytes();
        if (response.status != 200 || bytes.isEmpty())
            return 1;
        if (i > 0) // the first prepares the statements
            page.append(cpuMs() - start);
    }

    // Every page, as the client reads them, then the whole list in one answer's shape.
    QJsonArray all;
    QString cursor;
    for (;;) {
        const ApiResponse response =
            sim.call(u"GET"_s, u"instances"_s,
                     u"limit=200"_s + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
        const QJsonObject body = QJsonDocument::fromJson(response.bytes()).object();
        for (const auto& item : body.value(u"data"_s).toArray())
            all.append(item);
        cursor = body.value(u"cursor"_s).toString();
        if (!body.value(u"has_more"_s).toBool() || cursor.isEmpty())
            break;
    }
    if (all.size() < size) {
        QTextStream(stderr) << "read " << all.size() << " instances of " << size << Qt::endl;
        return 1;
    }
    const QByteArray list =
        QJsonDocument(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, all}, {u"has_more"_s, false}})
            .toJson(QJsonDocument::Compact);
    all = {};
    QList<double> refresh;
    double modelMb = 0;
    double rss = 0;
    std::unique_ptr<InstanceModel> kept;
    for (int i = 0; i < 3; ++i) {
        kept.reset();
        const double before = rssMb();
        auto model = std::make_unique<InstanceModel>();
        QElapsedTimer timer;
        timer.start();
        const QJsonDocument document = QJsonDocument::fromJson(list);
        QString problem;
        const auto envelope = parseListEnvelope(document.object(), &problem);
        const auto items = parseItems<Instance>(envelope->data, parseInstance, &problem);
        model->refresh(*items);
        refresh.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (model->rowCount() < size)
            return 1;
        kept = std::move(model);
        if (i == 0) // later rounds reuse the heap the round before freed
            modelMb = rssMb() - before;
        rss = rssMb();
    }

    // The planner chart with as many orders.
    PlannerChart chart;
    chart.resize(1200, 600);
    chart.setRange(PlannerChart::Range::Month);
    chart.setSnapshot(chartSnapshot(size));
    QList<double> chartMs;
    for (int i = 0; i < 6; ++i) {
        QElapsedTimer timer;
        timer.start();
        (void)chart.image();
        if (i > 0)
            chartMs.append(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::printf(
        "scale %d seed_s %.1f sim_page_ms %.3f refresh_ms %.1f chart_ms %.1f rss_mb %.1f model_mb %.1f\n",
        size, seedS, median(page), median(refresh), median(chartMs), rss, modelMb);
    return 0;
}

struct Row
{
    int size = 0;
    QList<double> values; // in the order of `measures`
};

const QStringList measures{u"sim_page_ms"_s, u"refresh_ms"_s, u"chart_ms"_s, u"rss_mb"_s};
const QStringList titles{u"sfsim first page (CPU ms)"_s, u"client refresh of the list (ms)"_s,
                         u"planner chart render (ms)"_s, u"app memory, RSS (MB)"_s};

// Growth per tenfold of each measure on a log-log plot, 1.0 at the smallest size.
void drawPlot(const QList<Row>& rows, const QString& file)
{
    QImage image(900, 560, QImage::Format_RGB32);
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
    const QList<QColor> colours{QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                QColor(0x94, 0x67, 0xbd)};
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
        p.drawText(QRectF(key + QPointF(30, -10), QSizeF(220, 20)), Qt::AlignLeft | Qt::AlignVCenter,
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
            const QRegularExpressionMatch m = QRegularExpression(measure + u" ([\\d.]+)"_s).match(line);
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
