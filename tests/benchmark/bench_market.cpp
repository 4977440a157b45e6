// SPDX-License-Identifier: Apache-2.0

// Matching throughput of the sfsim market: orders per second placed and matched against a book
// of resting offers, next to the same number of plain order inserts, in one run.
//   bench_market [orders] [offers]     (defaults: 100000 orders, 10000 offers; 20 SKUs, 14 days)

#include "sim/market/marketengine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlDatabase>
#include <QTextStream>

#include <ctime>
#include <random>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 D = 86400;
constexpr qint64 T0 = 1'800'000'000;
constexpr int Skus = 20;
constexpr int Days = 14;
constexpr int CommitEvery = 1000;

QString skuId(int i)
{
    return u"isku_bench%1"_s.arg(i, 2, 10, QChar(u'0'));
}

qint64 baseRate(int sku)
{
    return 1'500'000 + sku * 125'000;
}

struct Market
{
    QString connection;
    QSqlDatabase db;
    std::unique_ptr<MarketEngine> engine;

    explicit Market(const QString& name)
        : connection(name)
    {
        db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(u":memory:"_s);
        db.open();
        MarketEngine::Config config;
        config.horizonSeconds = Days * D;
        engine = std::make_unique<MarketEngine>(db, config);
        engine->createSchema();
        // No synthetic sellers: the book is exactly the offers placed below.
        for (int i = 0; i < Skus; ++i)
            engine->registerSku(MarketSku{skuId(i), u"bench-%1"_s.arg(i), baseRate(i), 0});
        engine->advanceTo(T0, {});
    }

    ~Market()
    {
        engine.reset();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(connection);
    }
};

NewOrder randomOrder(std::mt19937_64& random, OrderSide side, int pools)
{
    std::uniform_int_distribution<int> sku(0, Skus - 1);
    std::uniform_int_distribution<qint64> hour(1, Days * 24 - 25);
    std::uniform_int_distribution<qint64> length(1, side == OrderSide::Sell ? 24 : 8);
    std::uniform_int_distribution<qint64> nodes(1, 4);
    std::uniform_int_distribution<int> spread(-15, 15);
    std::uniform_int_distribution<int> pool(0, pools - 1);
    NewOrder order;
    order.side = side;
    const int s = sku(random);
    order.skuId = skuId(s);
    order.poolId = (side == OrderSide::Sell ? u"pool_seller%1"_s : u"pool_buyer%1"_s).arg(pool(random));
    order.poolName = order.poolId.sliced(5);
    order.startAt = T0 + hour(random) * H;
    order.endAt = order.startAt + length(random) * H;
    order.nodeCount = nodes(random);
    order.limitRate = (baseRate(s) * (100 + spread(random)) / 100) / 60 * 60;
    order.allowStanding = side == OrderSide::Sell || random() % 2 == 0;
    order.allowPartial = side == OrderSide::Sell || random() % 4 == 0;
    return order;
}

void placeBook(Market& market, int offers, const OwnedAllocation& owned)
{
    std::mt19937_64 random(1);
    market.db.transaction();
    for (int i = 0; i < offers; ++i)
        market.engine->placeOrder(randomOrder(random, OrderSide::Sell, 100), T0, owned);
    market.db.commit();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int orders = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 100'000;
    const int offers = argc > 2 ? QString::fromLocal8Bit(argv[2]).toInt() : 10'000;
    QTextStream out(stdout);
    if (orders <= 0 || offers <= 0) {
        out << "usage: bench_market [orders] [offers]\n";
        return 2;
    }
    // Sellers own plenty of every SKU; buyers settle nothing here, the store's work is not measured.
    const OwnedAllocation owned = [](const QString&, const QString&) {
        return Schedule::rectangle(T0, T0 + Days * D, 1'000'000);
    };

    // Wall time, and processor time too: on a shared machine the second is the steadier measure.
    const auto cpuSeconds = [] { return double(std::clock()) / CLOCKS_PER_SEC; };
    qint64 filled = 0;
    double matchSeconds = 0;
    double matchCpu = 0;
    {
        Market market(u"bench-match"_s);
        placeBook(market, offers, owned);
        std::mt19937_64 random(2);
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = cpuSeconds();
        market.db.transaction();
        for (int i = 0; i < orders; ++i) {
            const auto result =
                market.engine->placeOrder(randomOrder(random, OrderSide::Buy, 1000), T0, owned);
            if (result && !result->order.fills.isEmpty())
                ++filled;
            if ((i + 1) % CommitEvery == 0) {
                market.db.commit();
                market.db.transaction();
            }
        }
        market.db.commit();
        matchSeconds = timer.nsecsElapsed() / 1e9;
        matchCpu = cpuSeconds() - cpuStart;
    }
    double insertSeconds = 0;
    double insertCpu = 0;
    {
        Market market(u"bench-insert"_s);
        placeBook(market, offers, owned);
        std::mt19937_64 random(2);
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = cpuSeconds();
        market.db.transaction();
        for (int i = 0; i < orders; ++i) {
            market.engine->insertOrder(randomOrder(random, OrderSide::Buy, 1000), T0);
            if ((i + 1) % CommitEvery == 0) {
                market.db.commit();
                market.db.transaction();
            }
        }
        market.db.commit();
        insertSeconds = timer.nsecsElapsed() / 1e9;
        insertCpu = cpuSeconds() - cpuStart;
    }

    const auto rate = [orders](double seconds) { return QString::number(orders / seconds, 'f', 0); };
    out << "book: " << offers << " resting offers across " << Skus << " SKUs and " << Days << " days\n";
    out << "matching: " << orders << " orders, " << filled << " with fills: " << rate(matchSeconds)
        << " orders/s wall (" << QString::number(matchSeconds, 'f', 2) << " s), " << rate(matchCpu)
        << " orders/s cpu (" << QString::number(matchCpu, 'f', 2) << " s)\n";
    out << "inserts:  " << orders << " orders: " << rate(insertSeconds) << " orders/s wall ("
        << QString::number(insertSeconds, 'f', 2) << " s), " << rate(insertCpu) << " orders/s cpu ("
        << QString::number(insertCpu, 'f', 2) << " s)\n";
    out << "ratio inserts/matching: " << QString::number(matchSeconds / insertSeconds, 'f', 2) << " wall, "
        << QString::number(matchCpu / insertCpu, 'f', 2) << " cpu\n";
    return 0;
}
