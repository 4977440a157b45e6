// SPDX-License-Identifier: Apache-2.0

#include "marketfixture.h"

#include "common/constvalue.h"

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

namespace {
constexpr qint64 H = MarketFixture::H;
constexpr qint64 D = MarketFixture::D;
constexpr qint64 T0 = MarketFixture::T0;
const QString Pool = u"pool_seller"_s;
const QString Sku = MarketFixture::H100;

Schedule ownedWeek()
{
    return Schedule::rectangle(T0, T0 + 7 * D, 4);
}
} // namespace

class TestMarketSell final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void slices_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<qint64>("nodes");
        QTest::newRow("the last day") << T0 + 6 * D << T0 + 7 * D << qint64(4);
        QTest::newRow("a gap in the middle") << T0 + 2 * D << T0 + 3 * D << qint64(2);
        QTest::newRow("the whole window") << T0 << T0 + 7 * D << qint64(4);
        QTest::newRow("an hour at the start") << T0 << T0 + H << qint64(1);
    }

    void slices()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(qint64, nodes);
        MarketFixture market;
        market.own(Pool, Sku, ownedWeek());
        const NewOrder sell = MarketFixture::order(OrderSide::Sell, Pool, Sku, start, end, nodes, 60);
        QVERIFY(market.engine->checkSellAllocation(sell, ownedWeek()).isEmpty());
        // At the lowest price every hour finds synthetic buyers for these few nodes.
        const MarketOrder order = market.place(sell, T0);
        QCOMPARE(order.status, OrderStatus::Filled);
        const Schedule slice = Schedule::rectangle(start, end, nodes);
        QCOMPARE(order.filled(), slice);
        QCOMPARE(market.owned.value(Pool + u'\n' + Sku), ownedWeek().minus(slice));
        // Paid by the bids, less the fee the preview states.
        const MarketFee fee = market.engine->fee(OrderSide::Sell);
        qint64 credited = 0;
        for (const MarketOrderFill& fill : order.fills) {
            QVERIFY(fill.rate >= 60);
            const qint64 nodeSeconds = fill.schedule.nodeSeconds().value();
            QCOMPARE(fill.amount, Money::totalForNodeSeconds(fill.rate, nodeSeconds));
            QCOMPARE(fill.fee, Money::fee(fee.flatRate, fee.percentageBps, nodeSeconds, fill.amount));
            QVERIFY(fill.fee > 0);
            credited += fill.amount - fill.fee;
        }
        QCOMPARE(market.balance.value(Pool), credited);
    }

    void needsTheNodes_data()
    {
        QTest::addColumn<Schedule>("owned");
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<qint64>("nodes");
        QTest::addColumn<qint64>("shortAt");
        QTest::newRow("more nodes than owned") << ownedWeek() << T0 + D << T0 + 2 * D << qint64(5) << T0 + D;
        QTest::newRow("past the end of ownership")
            << ownedWeek() << T0 + 6 * D << T0 + 8 * D << qint64(1) << T0 + 7 * D;
        QTest::newRow("before ownership starts")
            << ownedWeek() << T0 - H + H << T0 + H << qint64(1) << qint64(-1);
        QTest::newRow("across a gap")
            << Schedule::rectangle(T0, T0 + D, 4).plus(Schedule::rectangle(T0 + 2 * D, T0 + 3 * D, 4))
            << T0 + H << T0 + 2 * D + H << qint64(1) << T0 + D;
        QTest::newRow("nothing owned") << Schedule() << T0 + H << T0 + 2 * H << qint64(1) << T0 + H;
        QTest::newRow("one hour short")
            << Schedule::rectangle(T0, T0 + 5 * H, 2).plus(Schedule::rectangle(T0 + 5 * H, T0 + 6 * H, 1))
            << T0 << T0 + 6 * H << qint64(2) << T0 + 5 * H;
    }

    void needsTheNodes()
    {
        QFETCH(Schedule, owned);
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(qint64, nodes);
        QFETCH(qint64, shortAt);
        MarketFixture market;
        const FieldErrors errors = market.engine->checkSellAllocation(
            MarketFixture::order(OrderSide::Sell, Pool, Sku, start, end, nodes, 60), owned);
        if (shortAt < 0) {
            QVERIFY(errors.isEmpty());
            return;
        }
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().field, u"allocation_schedule_delta"_s);
        QCOMPARE(errors.first().code, u"insufficient_allocation"_s);
        QVERIFY2(errors.first().message.contains(QString::number(shortAt)),
                 qPrintable(errors.first().message));
    }

    void restingSellsCommitTheirNodes()
    {
        MarketFixture market;
        market.own(Pool, Sku, ownedWeek());
        // Far above the bids: it rests and keeps its nodes committed.
        const MarketOrder first = market.place(
            MarketFixture::order(OrderSide::Sell, Pool, Sku, T0 + 6 * D, T0 + 7 * D, 3, 50'000'000, true),
            T0);
        QCOMPARE(first.status, OrderStatus::Standing);
        QVERIFY(market.engine
                    ->checkSellAllocation(
                        MarketFixture::order(OrderSide::Sell, Pool, Sku, T0 + 6 * D, T0 + 7 * D, 1, 60),
                        ownedWeek())
                    .isEmpty());
        QVERIFY(!market.engine
                     ->checkSellAllocation(
                         MarketFixture::order(OrderSide::Sell, Pool, Sku, T0 + 6 * D, T0 + 7 * D, 2, 60),
                         ownedWeek())
                     .isEmpty());
        // Another pool's sells do not count.
        QVERIFY(market.engine
                    ->checkSellAllocation(MarketFixture::order(OrderSide::Sell, u"pool_other"_s, Sku,
                                                               T0 + 6 * D, T0 + 7 * D, 4, 60),
                                          ownedWeek())
                    .isEmpty());
        // Cancelling frees them.
        QCOMPARE(market.engine->cancelOrder(first.id, T0), MarketEngine::CancelResult::Cancelled);
        QVERIFY(market.engine
                    ->checkSellAllocation(
                        MarketFixture::order(OrderSide::Sell, Pool, Sku, T0 + 6 * D, T0 + 7 * D, 4, 60),
                        ownedWeek())
                    .isEmpty());
    }

    void fillsPartiallyByDefault()
    {
        MarketFixture market;
        const qint64 start = T0 + 2 * H;
        const qint64 end = start + 3 * H;
        market.own(Pool, Sku, Schedule::rectangle(start, end, 200));
        const MarketSku sku = *market.engine->sku(Sku);
        Schedule bids;
        for (qint64 slot = start; slot < end; slot += H) {
            qint64 nodes = 0;
            for (const SyntheticOffer& bid : constValue(market.engine->synthetic().bids(sku, slot, T0)))
                nodes += bid.nodes;
            bids = bids.plus(Schedule::rectangle(slot, slot + H, nodes));
        }
        const MarketOrder order =
            market.place(MarketFixture::order(OrderSide::Sell, Pool, Sku, start, end, 200, 60, true), T0);
        QCOMPARE(order.status, OrderStatus::PartiallyFilled);
        QVERIFY(order.allowPartial);
        QCOMPARE(order.filled(), bids);
        QCOMPARE(market.owned.value(Pool + u'\n' + Sku), Schedule::rectangle(start, end, 200).minus(bids));
        // Prices are the buyers' bids, best first: the synthetic buyers take nothing more.
        market.advance(T0 + H);
        QCOMPARE(market.reload(order.id).filled(), bids);
    }

    void allOrNothingSell()
    {
        MarketFixture market;
        const qint64 start = T0 + 2 * H;
        market.own(Pool, Sku, Schedule::rectangle(start, start + H, 200));
        const MarketOrder order = market.place(
            MarketFixture::order(OrderSide::Sell, Pool, Sku, start, start + H, 200, 60, false, false), T0);
        QCOMPARE(order.status, OrderStatus::Cancelled);
        QVERIFY(order.fills.isEmpty());
        QCOMPARE(market.owned.value(Pool + u'\n' + Sku), Schedule::rectangle(start, start + H, 200));
    }

    void standingSellFillsAsBidsRise()
    {
        MarketFixture market;
        const qint64 slot = T0 + 4 * D;
        market.own(Pool, Sku, Schedule::rectangle(slot, slot + H, 2));
        const qint64 bestBid = market.engine->synthetic().bids(*market.engine->sku(Sku), slot, T0)[0].rate;
        const qint64 limit = Money::roundUpToMinutePrecision(bestBid * 103 / 100);
        const MarketOrder order = market.place(
            MarketFixture::order(OrderSide::Sell, Pool, Sku, slot, slot + H, 2, limit, true), T0);
        QCOMPARE(order.status, OrderStatus::Standing);
        // The pool gives up one of the nodes elsewhere before a buyer comes: only one can sell.
        market.owned[Pool + u'\n' + Sku] = Schedule::rectangle(slot, slot + H, 1);
        market.advance(slot - H);
        const MarketOrder later = market.reload(order.id);
        QCOMPARE(later.status, OrderStatus::PartiallyFilled);
        QCOMPARE(later.filled(), Schedule::rectangle(slot, slot + H, 1));
        QVERIFY(later.fills.first().rate >= limit);
        QVERIFY(later.fills.first().filledAt > T0);
        QVERIFY(market.owned.value(Pool + u'\n' + Sku).isEmpty());
        // It expires at its end with what it sold.
        market.advance(slot + 2 * H);
        QCOMPARE(market.reload(order.id).status, OrderStatus::Cancelled);
        QCOMPARE(market.reload(order.id).cancelledAt, slot + H);
    }

    void iocSellWithoutBuyersIsCancelled()
    {
        MarketFixture market;
        market.own(Pool, Sku, ownedWeek());
        const MarketOrder order = market.place(
            MarketFixture::order(OrderSide::Sell, Pool, Sku, T0 + D, T0 + 2 * D, 1, 90'000'000), T0);
        QCOMPARE(order.status, OrderStatus::Cancelled);
        QVERIFY(order.fills.isEmpty());
        QCOMPARE(market.owned.value(Pool + u'\n' + Sku), ownedWeek());
    }
};

QTEST_GUILESS_MAIN(TestMarketSell)
#include "tst_marketsell.moc"
