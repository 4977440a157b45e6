// SPDX-License-Identifier: Apache-2.0

#include "core/market/marketdepth.h"
#include "core/market/plannerconversion.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using MarketDepth::Level;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 T0 = 1'790'006'400; // on the hour
const QString Sku = u"isku_h100"_s;
const QString Other = u"isku_a100"_s;

PriceLevel level(const QString& sku, qint64 micros, int nodes, qint64 start = T0, qint64 end = T0 + 24 * H)
{
    return PriceLevel{sku, Price{QString(), micros}, NodeSchedule{{start, end, nodes}}};
}

Order order(const QString& side, qint64 micros, int nodes, qint64 start, qint64 end,
            Order::Status status = Order::Status::Standing)
{
    Order o;
    o.id = u"ordr_%1"_s.arg(micros);
    o.side = side;
    o.sku.id = Sku;
    o.delta = {{start, end, nodes}};
    o.limitPrice = Price{QString(), micros};
    o.status = status;
    return o;
}

} // namespace

class TestMarketDepth final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A ladder reads top to bottom: asks from the highest down to the best, then bids from the best
    // down; other SKUs' levels are not this SKU's market.
    void ladderOrdersAsksAboveBids()
    {
        OrderbookDepth depth{T0, T0 + 24 * H, T0, {}, {}};
        depth.bids = {level(Sku, 1'380'000, 4), level(Other, 1'390'000, 9), level(Sku, 1'200'000, 8)};
        depth.asks = {level(Sku, 1'420'000, 2), level(Other, 1'400'000, 5), level(Sku, 1'750'000, 16)};
        const QList<Level> ladder = MarketDepth::ladder(depth, Sku, {});
        const QList<Level> expected{{Level::Side::Ask, 1'750'000, 16, 0, 0},
                                    {Level::Side::Ask, 1'420'000, 2, 0, 0},
                                    {Level::Side::Bid, 1'380'000, 4, 0, 0},
                                    {Level::Side::Bid, 1'200'000, 8, 0, 0}};
        QCOMPARE(ladder, expected);
    }

    // The user's open orders of this SKU over the window are marked at their rate, on their side;
    // a rate no level has gets a row; closed orders, other windows and filled nodes do not count.
    void ownOrdersAreMarkedAtTheirPrices()
    {
        OrderbookDepth depth{T0, T0 + 24 * H, T0, {}, {}};
        depth.bids = {level(Sku, 1'380'000, 7)};
        depth.asks = {level(Sku, 1'420'000, 2)};
        Order partial = order(u"buy"_s, 1'380'000, 5, T0, T0 + 24 * H, Order::Status::PartiallyFilled);
        partial.filledDelta = {{T0, T0 + 24 * H, 2}};
        const QList<Order> own{
            partial,
            order(u"buy"_s, 420'000, 3, T0 + 2 * H, T0 + 30 * H),
            order(u"sell"_s, 2'000'000, 1, T0, T0 + 4 * H),
            order(u"sell"_s, 1'420'000, 4, T0 + 24 * H, T0 + 48 * H),                 // after the window
            order(u"buy"_s, 1'000'000, 2, T0, T0 + 24 * H, Order::Status::Cancelled), // not resting
        };
        const QList<Level> ladder = MarketDepth::ladder(depth, Sku, own);
        const QList<Level> expected{{Level::Side::Ask, 2'000'000, 0, 1, 1},
                                    {Level::Side::Ask, 1'420'000, 2, 0, 0},
                                    {Level::Side::Bid, 1'380'000, 7, 1, 3},
                                    {Level::Side::Bid, 420'000, 0, 1, 3}};
        QCOMPARE(ladder, expected);
    }

    // A level's nodes are those it holds through the whole window.
    // A sell of N nodes fills against the bids from the best down: the rate of the bid that reaches N.
    void theBidThatFillsASell()
    {
        using Level = MarketDepth::Level;
        const QList<Level> ladder{
            {Level::Side::Ask, 20'000'000, 5},
            {Level::Side::Bid, 12'000'000, 1},
            {Level::Side::Bid, 11'000'000, 2},
            {Level::Side::Bid, 9'000'000, 4},
        };
        QCOMPARE(MarketDepth::fillingBid(ladder, 1), std::optional<qint64>(12'000'000));
        QCOMPARE(MarketDepth::fillingBid(ladder, 2), std::optional<qint64>(11'000'000));
        QCOMPARE(MarketDepth::fillingBid(ladder, 3), std::optional<qint64>(11'000'000));
        QCOMPARE(MarketDepth::fillingBid(ladder, 7), std::optional<qint64>(9'000'000));
        // More than the bids want together, and asks never count.
        QCOMPARE(MarketDepth::fillingBid(ladder, 8), std::nullopt);
        QCOMPARE(MarketDepth::fillingBid({{Level::Side::Ask, 1'000'000, 9}}, 1), std::nullopt);
    }

    void nodesThroughoutTheWindow()
    {
        const NodeSchedule steps{
            {T0, T0 + 2 * H, 8}, {T0 + 2 * H, T0 + 5 * H, 3}, {T0 + 5 * H, std::nullopt, 6}};
        QCOMPARE(MarketDepth::nodesThroughout(steps, T0, T0 + 2 * H), 8);
        QCOMPARE(MarketDepth::nodesThroughout(steps, T0, T0 + 3 * H), 3);
        QCOMPARE(MarketDepth::nodesThroughout(steps, T0 + 5 * H, T0 + 50 * H), 6);
        QCOMPARE(MarketDepth::nodesThroughout(steps, T0 - H, T0 + H), 0);
        QCOMPARE(MarketDepth::nodesThroughout(steps, T0 + H, T0 + H), 0);
    }

    // Fills of the SKU, oldest first; those of one second (one order matched hour by hour and
    // seller by seller) as one trade at their node-hour weighted rate, sized by the nodes at once.
    // Each hour's quote carries how many nodes rest at its best ask for the whole hour: the lowest
    // ask wins, an equal one from another window adds its depth only if deeper, and a level without
    // a schedule leaves the depth unknown.
    void hourQuotesCarryTheNodesAtTheBestAsk()
    {
        const auto window = [](qint64 start, qint64 hours, std::optional<PriceLevel> ask) {
            OrderbookWindow w;
            w.sku = ask ? ask->sku : Sku;
            w.startAt = start;
            w.endAt = start + hours * H;
            w.durationHours = hours;
            w.bestAsk = std::move(ask);
            return w;
        };
        // Four nodes for the first 90 minutes, then one.
        PriceLevel thinning{Sku, Price{QString(), 2'000'000},
                            NodeSchedule{{T0, T0 + 90 * 60, 4}, {T0 + 90 * 60, T0 + 3 * H, 1}}};
        PriceLevel unknown{Sku, Price{QString(), 2'000'000}, {}};
        const QList<OrderbookWindow> windows{
            window(T0, 3, thinning),
            window(T0 + 2 * H, 1, level(Sku, 2'000'000, 6)), // as cheap, deeper
            window(T0 + 3 * H, 2, level(Sku, 1'500'000, 1)), // cheaper, on one node
            window(T0 + 5 * H, 1, unknown),
            window(T0, 6, level(Other, 100'000, 50)), // another SKU's
        };
        const QList<HourQuote> quotes = PlannerConversion::hourQuotes(windows, Sku, T0, T0 + 6 * H);
        const QList<HourQuote> expected{
            {T0, 2'000'000, std::nullopt, 4},         {T0 + H, 2'000'000, std::nullopt, 1},
            {T0 + 2 * H, 2'000'000, std::nullopt, 6}, {T0 + 3 * H, 1'500'000, std::nullopt, 1},
            {T0 + 4 * H, 1'500'000, std::nullopt, 1}, {T0 + 5 * H, 2'000'000, std::nullopt, std::nullopt},
        };
        QCOMPARE(quotes, expected);
    }

    void fillsOfOneMomentAreOneTrade()
    {
        const QList<OrderbookFill> fills{
            {Sku, Price{QString(), 1'410'000}, {{T0, T0 + H, 2}}, T0 - 100},
            {Other, Price{QString(), 9'000'000}, {{T0, T0 + H, 1}}, T0 - 150},
            {Sku, Price{QString(), 1'000'000}, {{T0, T0 + H, 3}, {T0 + H, T0 + 2 * H, 1}}, T0 - 200},
            {Sku, Price{QString(), 2'000'000}, {{T0, T0 + H, 2}}, T0 - 200},
        };
        // 3 + 1 node-hours at $1 and 2 at $2: $8 for 6 node-hours; 3 + 2 nodes in the first hour.
        const QList<MarketDepth::Fill> expected{{T0 - 200, 1'333'333, 5, 2}, {T0 - 100, 1'410'000, 2, 1}};
        QCOMPARE(MarketDepth::fills(fills, Sku), expected);
    }
};

QTEST_GUILESS_MAIN(TestMarketDepth)
#include "tst_marketdepth.moc"
