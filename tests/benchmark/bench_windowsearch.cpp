// SPDX-License-Identifier: Apache-2.0

// Reservations > Find Window… against the real sfsim over HTTP, on its own thread as the app runs
// it: the search for the cheapest window of 2 nodes, 3 to 5 days long, starting within the next 14
// days (the order book read for the whole span, then ranked), next to one live quote (the order
// preview the planner asks for a selected window), with the requests each makes. Medians of wall
// time over the rounds.
//   bench_windowsearch [rounds]     (default 15)
// Prints numbers; asserts nothing about speed.

#include "common/constvalue.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/market/windowsearch.h"
#include "sim/http/simthread.h"
#include "sim/world/simoptions.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 Hour = 3600;
constexpr qint64 Day = 24 * Hour;

// Counts what the client sends: the search's claim is one request however wide the range.
class CountingNetwork final : public QNetworkAccessManager
{
    Q_DISABLE_COPY_MOVE(CountingNetwork)

public:
    CountingNetwork() = default;
    int requests = 0;

protected:
    QNetworkReply* createRequest(Operation op, const QNetworkRequest& request, QIODevice* data) override
    {
        ++requests;
        return QNetworkAccessManager::createRequest(op, request, data);
    }
};

[[noreturn]] void fail(const QString& message)
{
    QTextStream(stderr) << "bench_windowsearch: " << message << Qt::endl;
    std::exit(1);
}

// Runs the event loop until `done` holds, or fails after 60 s. It sleeps until an event comes
// (processEvents with a time limit never waits, and its busy loop took a core from the
// simulator's thread on a two-core machine); the tick wakes it to check the limit.
void waitFor(const std::function<bool()>& done, const QString& what)
{
    QElapsedTimer timer;
    timer.start();
    QTimer tick;
    tick.start(50);
    while (!done()) {
        if (timer.hasExpired(60'000))
            fail(u"timed out waiting for "_s + what);
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

double median(QList<double> samples)
{
    std::sort(samples.begin(), samples.end());
    return samples.at(samples.size() / 2);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(1, QByteArray(argv[1]).toInt()) : 15;

    QTemporaryDir dir;
    sfsim::SimOptions options;
    options.dbFile = dir.filePath(u"sfsim.db"_s);
    options.tokensFile = dir.filePath(u"sfsim-tokens.json"_s);
    // What the app's first start shows: an order book with weeks of fills behind it.
    options.demo = true;
    sfsim::SimThread sim(options);
    QUrl baseUrl;
    QString token;
    QString simError;
    QObject::connect(&sim, &sfsim::SimThread::started, &app, [&](const QUrl& url, const QJsonObject& tokens) {
        baseUrl = url;
        token = tokens.value(u"acme-owner").toString();
    });
    QObject::connect(&sim, &sfsim::SimThread::failed, &app, [&](const QString& error) { simError = error; });
    sim.start();
    waitFor([&] { return !baseUrl.isEmpty() || !simError.isEmpty(); }, u"sfsim to start"_s);
    if (!simError.isEmpty())
        fail(simError);

    CountingNetwork network;
    ApiClient client(baseUrl, &network);
    client.setToken(token);
    ApiMarketBackend backend(&client);
    // Read once, as the planner does while shown; no polling during the rounds.
    backend.setPollInterval(3'600'000);
    backend.watch();
    waitFor([&] { return !backend.skus().isEmpty(); }, u"the SKUs"_s);
    QString sku;
    for (const InstanceSku& s : constValue(backend.skus()))
        if (s.alias == u"sea-3-h100")
            sku = s.id;
    if (sku.isEmpty())
        sku = backend.skus().constFirst().id;

    const qint64 now = backend.now();
    WindowSearch::Query query;
    query.nodes = 2;
    query.minSeconds = 3 * Day;
    query.maxSeconds = 5 * Day;
    query.starts.earliest = now - now % Hour + Hour;
    query.starts.latest = query.starts.earliest + 14 * Day;

    QList<HourQuote> quotes;
    bool quoted = false;
    QObject::connect(&backend, &MarketBackend::quotesReady, &app,
                     [&](const QString&, qint64, qint64, const QList<HourQuote>& answer) {
                         quotes = answer;
                         quoted = true;
                     });
    QObject::connect(&backend, &MarketBackend::refreshFailed, &app,
                     [](const QString& error) { fail(error); });

    QList<double> searchMs;
    QList<double> rankMs;
    QList<double> quoteMs;
    int searchRequests = 0;
    int quoteRequests = 0;
    qsizetype results = 0;
    for (int round = 0; round < rounds + 1; ++round) {
        network.requests = 0;
        QElapsedTimer timer;
        timer.start();
        quoted = false;
        backend.requestQuotes(sku, query.starts.earliest, query.starts.latest + query.maxSeconds);
        waitFor([&] { return quoted; }, u"the order book's windows"_s);
        const qint64 ranking = timer.nsecsElapsed();
        results = WindowSearch::search(quotes, query, WindowSearch::Rank::TotalCost).size();
        const double search = double(timer.nsecsElapsed()) / 1e6;
        const double rank = double(timer.nsecsElapsed() - ranking) / 1e6;
        searchRequests = network.requests;

        network.requests = 0;
        OrderRequest request;
        request.sku = sku;
        request.startAt = query.starts.earliest + Day;
        request.endAt = request.startAt + 4 * Day;
        request.nodeCount = 2;
        bool previewed = false;
        timer.restart();
        backend.preview(
            request, &app, [&](const OrderPreview&) { previewed = true; },
            [](const QString& error) { fail(u"preview: "_s + error); });
        waitFor([&] { return previewed; }, u"the quote"_s);
        const double quote = double(timer.nsecsElapsed()) / 1e6;
        quoteRequests = network.requests;
        // The first round warms the connection and the server's caches.
        if (round > 0) {
            rankMs.append(rank);
            searchMs.append(search);
            quoteMs.append(quote);
        }
    }
    if (results == 0)
        fail(u"the search found no window"_s);
    std::printf("window search: 2 nodes, 3d to 5d, starts over 14d: %.2f ms, %d request(s), %lld results; "
                "one quote: %.2f ms, %d request(s); ratio %.2f; ranking alone %.2f ms\n",
                median(searchMs), searchRequests, static_cast<long long>(results), median(quoteMs),
                quoteRequests, median(searchMs) / std::max(0.001, median(quoteMs)), median(rankMs));
    return 0;
}
