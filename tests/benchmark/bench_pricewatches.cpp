// SPDX-License-Identifier: Apache-2.0

// Price watches against the real sfsim over HTTP, on its own thread as the app runs it: the
// orderbook reads per poll interval of the connection's session with 20 watches on 3 SKUs (one read
// per SKU per interval, shared by its watches, is the claim), and with none (no read at all).
//   bench_pricewatches [intervals]     (default 10)
// Prints "pricewatches watches W skus S intervals N reads R most M per interval"; asserts nothing.

#include "common/constvalue.h"
#include "core/api/apiclient.h"
#include "core/market/apimarketbackend.h"
#include "core/market/pricewatch.h"
#include "core/models/session.h"
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

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 Hour = 3600;

// Counts the orderbook reads the client sends.
class CountingNetwork final : public QNetworkAccessManager
{
    Q_DISABLE_COPY_MOVE(CountingNetwork)

public:
    CountingNetwork() = default;
    int orderbookReads = 0;

protected:
    QNetworkReply* createRequest(Operation op, const QNetworkRequest& request, QIODevice* data) override
    {
        orderbookReads += request.url().path().contains(u"orderbook"_s);
        return QNetworkAccessManager::createRequest(op, request, data);
    }
};

[[noreturn]] void fail(const QString& message)
{
    QTextStream(stderr) << "bench_pricewatches: " << message << Qt::endl;
    std::exit(1);
}

void waitFor(const std::function<bool()>& done, const QString& what)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.hasExpired(60'000))
            fail(u"timed out waiting for "_s + what);
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    }
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int intervals = argc > 1 ? std::max(1, QByteArray(argv[1]).toInt()) : 10;

    QTemporaryDir dir;
    sfsim::SimOptions options;
    options.dbFile = dir.filePath(u"sfsim.db"_s);
    options.tokensFile = dir.filePath(u"sfsim-tokens.json"_s);
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
    // The SKUs once, as the planner reads them; then only the session's account check polls.
    backend.setPollInterval(3'600'000);
    backend.watch();
    waitFor([&] { return backend.skus().size() >= 3; }, u"the SKUs"_s);
    backend.unwatch();
    QStringList skus;
    for (const InstanceSku& sku : constValue(backend.skus()))
        if (skus.size() < 3)
            skus << sku.id;

    PriceWatchList watches;
    PriceWatchChecker checker(&watches, &backend);
    Session* session = backend.session();
    checker.bind(session);
    QObject::connect(&backend, &MarketBackend::refreshFailed, &app,
                     [](const QString& error) { fail(error); });

    // Reads per interval: counted between one account check and the next.
    const auto measure = [&](int watchCount) {
        QList<int> perInterval;
        int checks = 0;
        int before = network.orderbookReads;
        const auto connection = QObject::connect(session, &Session::accountChecked, &app, [&] {
            if (checks > 0)
                perInterval << network.orderbookReads - before;
            before = network.orderbookReads;
            ++checks;
        });
        session->setInterval(std::chrono::milliseconds(300));
        session->refreshAll();
        waitFor([&] { return checks > intervals; }, u"the account checks"_s);
        QObject::disconnect(connection);
        session->setInterval(std::chrono::milliseconds(3'600'000));
        int total = 0;
        for (const int reads : std::as_const(perInterval))
            total += reads;
        const int most =
            perInterval.isEmpty() ? 0 : *std::max_element(perInterval.cbegin(), perInterval.cend());
        std::printf("pricewatches watches %d skus %d intervals %d reads %d most %d per interval\n",
                    watchCount, watchCount > 0 ? int(skus.size()) : 0, int(perInterval.size()), total, most);
    };

    measure(0);
    const qint64 now = backend.now();
    for (int i = 0; i < 20; ++i) {
        PriceWatch watch;
        watch.sku = skus.at(i % skus.size());
        watch.nodes = 1 + i % 4;
        watch.duration = (2 + i % 5) * Hour;
        watch.starts.earliest = now - now % Hour + (2 + i) * Hour;
        watch.starts.latest = watch.starts.earliest + (6 + i % 7) * Hour;
        // Under any ask: none fires, each is checked at every interval.
        watch.maxRateMicros = 1;
        watch.expiresAt = now + 30 * 24 * Hour;
        watches.save(watch);
    }
    measure(20);
    std::fflush(stdout);
    return 0;
}
