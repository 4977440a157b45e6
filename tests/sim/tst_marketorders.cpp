// SPDX-License-Identifier: Apache-2.0

#include "marketfixture.h"
#include "sim/routes/marketbodies.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

namespace {
constexpr qint64 H = MarketFixture::H;
constexpr qint64 D = MarketFixture::D;
constexpr qint64 T0 = MarketFixture::T0;
const QString PoolA = u"pool_alpha"_s;
const QString PoolB = u"pool_bravo"_s;

qint64 nodeSecondsOf(const QList<MarketOrderFill>& fills)
{
    qint64 sum = 0;
    for (const MarketOrderFill& fill : fills)
        sum += fill.schedule.nodeSeconds().value_or(0);
    return sum;
}
} // namespace

class TestMarketOrders final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void buyFillsAllOrNothingAtTheCheapestOffers()
    {
        MarketFixture market;
        const qint64 start = T0 + 2 * H;
        const qint64 end = start + 24 * H;
        const qint64 limit = market.askFor(MarketFixture::H100, start, end, 4, T0);
        QVERIFY(limit > 0);
        const MarketOrder order = market.place(
            MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start, end, 4, limit), T0);
        QCOMPARE(order.status, OrderStatus::Filled);
        QCOMPARE(order.filledAt, T0);
        QCOMPARE(order.filled(), Schedule::rectangle(start, end, 4));
        QVERIFY(order.remaining().isEmpty());
        // Pays what the offers ask, no more than the limit on average, one contract per price.
        qint64 paid = 0;
        QSet<qint64> rates;
        for (const MarketOrderFill& fill : order.fills) {
            QVERIFY(fill.contractId.startsWith(u"cont_"_s));
            QCOMPARE(fill.fee, 0);
            QCOMPARE(fill.amount, Money::totalForNodeSeconds(fill.rate, fill.schedule.nodeSeconds().value()));
            QVERIFY(!rates.contains(fill.rate));
            rates.insert(fill.rate);
            paid += fill.amount;
        }
        QVERIFY(paid <= Money::total(limit, 4, end - start));
        QVERIFY(order.averageFillRate().value() <= limit);
        // The store's view: the pool owns the nodes and paid for them.
        QCOMPARE(market.owned.value(PoolA + u'\n' + MarketFixture::H100), Schedule::rectangle(start, end, 4));
        QCOMPARE(market.balance.value(PoolA), -paid);
        // The offers it took are gone from what is on offer.
        MarketFixture fresh;
        const Schedule before = fresh.engine->availability(MarketFixture::H100, T0);
        const Schedule after = market.engine->availability(MarketFixture::H100, T0);
        QCOMPARE(before.minus(after), Schedule::rectangle(start, end, 4));
    }

    void iocBelowTheMarketIsCancelled()
    {
        MarketFixture market;
        const qint64 start = T0 + 2 * H;
        const qint64 limit = market.askFor(MarketFixture::H100, start, start + 4 * H, 2, T0);
        const MarketOrder order =
            market.place(MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start,
                                              start + 4 * H, 2, limit / 2),
                         T0 + 30);
        QCOMPARE(order.status, OrderStatus::Cancelled);
        QCOMPARE(order.cancelledAt, T0 + 30);
        QVERIFY(order.fills.isEmpty());
        QVERIFY(market.settlements.isEmpty());
        QCOMPARE(market.engine->cancelOrder(order.id, T0 + 60), MarketEngine::CancelResult::NotCancellable);
    }

    void oneHourShortMeansNoFill()
    {
        // All or nothing: a window whose last hours lie beyond the sellers' horizon cannot fill,
        // even at a generous limit; with allow_partial it takes the hours that are on offer.
        MarketFixture market;
        const qint64 horizonEnd = T0 + market.engine->synthetic().horizonSeconds();
        const qint64 start = horizonEnd - 3 * H;
        const qint64 end = horizonEnd + 2 * H;
        const qint64 generous = 100'000'000;
        const MarketOrder whole = market.place(
            MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start, end, 2, generous, true),
            T0);
        QCOMPARE(whole.status, OrderStatus::Standing);
        QVERIFY(whole.fills.isEmpty());
        const MarketOrder partial =
            market.place(MarketFixture::order(OrderSide::Buy, PoolB, MarketFixture::H100, start, end, 2,
                                              generous, true, true),
                         T0);
        QCOMPARE(partial.status, OrderStatus::PartiallyFilled);
        QCOMPARE(partial.filled(), Schedule::rectangle(start, horizonEnd, 2));
        // As time passes the horizon moves and both complete.
        market.advance(T0 + 3 * H);
        QCOMPARE(market.reload(whole.id).status, OrderStatus::Filled);
        QCOMPARE(market.reload(partial.id).status, OrderStatus::Filled);
        QCOMPARE(market.reload(partial.id).filled(), Schedule::rectangle(start, end, 2));
    }

    void partialFillTakesWhatIsOffered_data()
    {
        QTest::addColumn<bool>("standing");
        QTest::addColumn<int>("status");
        QTest::newRow("standing") << true << int(OrderStatus::PartiallyFilled);
        QTest::newRow("immediate or cancel") << false << int(OrderStatus::Cancelled);
    }

    void partialFillTakesWhatIsOffered()
    {
        QFETCH(bool, standing);
        QFETCH(int, status);
        MarketFixture market;
        const qint64 start = T0 + 5 * H;
        const qint64 end = start + 3 * H;
        const Schedule offered = market.engine->availability(MarketFixture::H100, T0).clipped(start, end);
        const MarketOrder order =
            market.place(MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start, end, 1000,
                                              100'000'000, standing, true),
                         T0);
        QCOMPARE(int(order.status), status);
        // Every node on offer in those hours was bought; nothing else.
        QCOMPARE(order.filled(), offered);
        QVERIFY(order.filled().minOver(start, end) > 0);
        QVERIFY(market.engine->availability(MarketFixture::H100, T0).clipped(start, end).isEmpty());
        QCOMPARE(nodeSecondsOf(order.fills), offered.nodeSeconds().value());
    }

    void partialRespectsTheLimitPerHour()
    {
        MarketFixture market;
        const qint64 start = T0 + 4 * H;
        const qint64 end = start + 2 * H;
        const QList<SyntheticOffer> asks =
            market.engine->synthetic().asks(*market.engine->sku(MarketFixture::H100), start, T0);
        const qint64 limit = asks[1].rate; // the two cheapest levels of the first hour qualify
        const MarketOrder order =
            market.place(MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start, end, 1000,
                                              limit, false, true),
                         T0);
        for (const MarketOrderFill& fill : order.fills)
            QVERIFY(fill.rate <= limit);
        QVERIFY(order.filled().at(start) >= asks[0].nodes + asks[1].nodes);
    }

    void standingOrderFillsAfterTheClockAdvances()
    {
        MarketFixture market;
        const qint64 start = T0 + 4 * D;
        const qint64 end = start + 24 * H;
        const qint64 ask = market.askFor(MarketFixture::H100, start, end, 2, T0);
        const qint64 limit = Money::roundDownToMinutePrecision(ask * 92 / 100);
        const MarketOrder order = market.place(
            MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start, end, 2, limit, true), T0);
        QCOMPARE(order.status, OrderStatus::Standing);
        market.advance(T0 + 2 * D);
        QCOMPARE(market.reload(order.id).status, OrderStatus::Standing);
        // Sellers cut prices as the window comes closer.
        market.advance(start - 6 * H);
        const MarketOrder filled = market.reload(order.id);
        QCOMPARE(filled.status, OrderStatus::Filled);
        QVERIFY(*filled.filledAt > T0 + 2 * D);
        QVERIFY(*filled.filledAt <= start - 6 * H);
        QVERIFY(filled.averageFillRate().value() <= limit);
        QCOMPARE(market.owned.value(PoolA + u'\n' + MarketFixture::H100), Schedule::rectangle(start, end, 2));
        QCOMPARE(market.settlements.size(), filled.fills.size());
    }

    void standingOrdersExpireAtTheirEnd()
    {
        MarketFixture market;
        const qint64 start = T0 + 2 * H + 30 * 60;
        const qint64 end = start + 90 * 60;
        const MarketOrder order = market.place(
            MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start, end, 2, 60, true), T0);
        QCOMPARE(order.status, OrderStatus::Standing);
        market.advance(end - 60);
        QCOMPARE(market.reload(order.id).status, OrderStatus::Standing);
        market.advance(end + 5 * H);
        const MarketOrder expired = market.reload(order.id);
        QCOMPARE(expired.status, OrderStatus::Cancelled);
        QCOMPARE(expired.cancelledAt, end);
        QVERIFY(expired.fills.isEmpty());
    }

    void cancel()
    {
        MarketFixture market;
        const MarketOrder order =
            market.place(MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, T0 + 5 * H,
                                              T0 + 6 * H, 1, 60, true),
                         T0);
        QCOMPARE(market.engine->cancelOrder(order.id, T0 + 120), MarketEngine::CancelResult::Cancelled);
        const MarketOrder cancelled = market.reload(order.id);
        QCOMPARE(cancelled.status, OrderStatus::Cancelled);
        QCOMPARE(cancelled.cancelledAt, T0 + 120);
        QCOMPARE(market.engine->cancelOrder(order.id, T0 + 180), MarketEngine::CancelResult::NotCancellable);
        QCOMPARE(market.engine->cancelOrder(u"ordr_nothere"_s, T0), MarketEngine::CancelResult::NotFound);
        // A cancelled order no longer fills, whatever the market does.
        market.advance(T0 + 6 * H);
        QVERIFY(market.reload(order.id).fills.isEmpty());
        // A filled order cannot be cancelled either.
        const qint64 limit = market.askFor(MarketFixture::H100, T0 + 8 * H, T0 + 9 * H, 1, T0 + 6 * H);
        const MarketOrder filled =
            market.place(MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, T0 + 8 * H,
                                              T0 + 9 * H, 1, limit),
                         T0 + 6 * H);
        QCOMPARE(filled.status, OrderStatus::Filled);
        QCOMPARE(market.engine->cancelOrder(filled.id, T0 + 6 * H),
                 MarketEngine::CancelResult::NotCancellable);
    }

    void buyTakesAUsersRestingSell()
    {
        MarketFixture market;
        const qint64 start = T0 + 3 * H;
        const qint64 end = start + H;
        market.own(PoolA, MarketFixture::H100, Schedule::rectangle(T0, T0 + D, 3));
        const qint64 cheapest =
            market.engine->synthetic().asks(*market.engine->sku(MarketFixture::H100), start, T0)[0].rate;
        // Just under the cheapest seller and far above the synthetic buyers: it rests as the best ask.
        const qint64 sellLimit = cheapest - Money::MinutePrecision;
        const MarketOrder sell = market.place(
            MarketFixture::order(OrderSide::Sell, PoolA, MarketFixture::H100, start, end, 2, sellLimit, true),
            T0);
        QCOMPARE(sell.status, OrderStatus::Standing);
        const BookQuote quote = market.engine->quote({MarketFixture::H100}, start, end, T0);
        QVERIFY(quote.bestAsk);
        QCOMPARE(quote.bestAsk->rate, sellLimit);
        QCOMPARE(quote.bestAsk->schedule, Schedule::rectangle(start, end, 2));
        QVERIFY(quote.bestBid);
        QVERIFY(quote.bestBid->rate < sellLimit);

        const MarketOrder buy = market.place(
            MarketFixture::order(OrderSide::Buy, PoolB, MarketFixture::H100, start, end, 1, cheapest * 2),
            T0 + 60);
        QCOMPARE(buy.status, OrderStatus::Filled);
        QCOMPARE(buy.fills.size(), 1);
        QCOMPARE(buy.fills.first().rate, sellLimit);
        const MarketOrder sold = market.reload(sell.id);
        QCOMPARE(sold.status, OrderStatus::PartiallyFilled);
        QCOMPARE(sold.filled(), Schedule::rectangle(start, end, 1));
        // The seller was paid the trade less the fee and gave up the node-hour; the buyer got it.
        const MarketSettlement& last = market.settlements.last();
        QCOMPARE(last.orderId, sell.id);
        QCOMPARE(last.fill.amount, buy.fills.first().amount);
        QCOMPARE(last.fill.fee, Money::fee(20'000, 300, H, last.fill.amount));
        QCOMPARE(market.balance.value(PoolA), last.fill.amount - last.fill.fee);
        QCOMPARE(market.balance.value(PoolB), -last.fill.amount);
        QCOMPARE(market.owned.value(PoolA + u'\n' + MarketFixture::H100).at(start), 2);
        QCOMPARE(market.owned.value(PoolB + u'\n' + MarketFixture::H100).at(start), 1);
        // The tape shows the trade once.
        const BookFillPage tape =
            market.engine->fills({MarketFixture::H100}, start, end, T0, T0 + 60, 50, {});
        QCOMPARE(tape.fills.size(), 1);
        QCOMPARE(tape.fills.first().rate, sellLimit);
        QCOMPARE(tape.fills.first().filledAt, T0 + 60);
    }

    void ownSellIsNotBoughtBack()
    {
        MarketFixture market;
        const qint64 start = T0 + 3 * H;
        market.own(PoolA, MarketFixture::H100, Schedule::rectangle(T0, T0 + D, 2));
        const MarketOrder sell =
            market.place(MarketFixture::order(OrderSide::Sell, PoolA, MarketFixture::H100, start, start + H,
                                              2, 120, true, false),
                         T0);
        const MarketOrder buy = market.place(MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100,
                                                                  start, start + H, 1, 100'000'000),
                                             T0);
        QCOMPARE(buy.status, OrderStatus::Filled);
        for (const MarketOrderFill& fill : buy.fills)
            QVERIFY(fill.rate != 120);
        QCOMPARE(market.reload(sell.id).filled(), sell.filled());
    }

    void pendingOrdersMatchAtTheNextAdvance()
    {
        MarketFixture market;
        const qint64 start = T0 + 3 * H;
        const qint64 limit = market.askFor(MarketFixture::H100, start, start + 2 * H, 2, T0);
        const std::optional<MarketOrder> fills = market.engine->insertOrder(
            MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, start, start + 2 * H, 2, limit),
            T0);
        const std::optional<MarketOrder> misses = market.engine->insertOrder(
            MarketFixture::order(OrderSide::Buy, PoolB, MarketFixture::H100, start, start + 2 * H, 2, 60),
            T0);
        QVERIFY(fills && misses);
        QCOMPARE(fills->status, OrderStatus::Pending);
        QVERIFY(market.engine->order(misses->id)->isActive());
        market.advance(T0 + 60);
        QCOMPARE(market.reload(fills->id).status, OrderStatus::Filled);
        // Immediate-or-cancel applies at its first match.
        QCOMPARE(market.reload(misses->id).status, OrderStatus::Cancelled);
        QCOMPARE(market.reload(misses->id).cancelledAt, T0 + 60);
    }

    void validation_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("code");

        const QByteArray schedule = R"([{"start_at":1800007200,"end_at":1800010800,"node_count":2}])";
        auto body = [&](const QByteArray& replace) {
            QByteArray json =
                R"({"pool":"pool_alpha","side":"buy","instance_sku":"isku_h100sxm8",)"
                R"("allocation_schedule_delta":SCHEDULE,"limit_price_dollars_per_node_hour":"2.500000"})";
            json.replace("SCHEDULE", schedule);
            if (!replace.isEmpty()) {
                const QList<QByteArray> parts = replace.split('|');
                json.replace(parts[0], parts[1]);
            }
            return json;
        };
        QTest::newRow("valid") << body({}) << QString() << QString();
        QTest::newRow("legacy sku id")
            << body(R"("isku_h100sxm8"|"clus_h100sxm8")") << QString() << QString();
        QTest::newRow("no pool") << body(R"("pool":"pool_alpha",|)") << u"pool"_s << u"required"_s;
        QTest::newRow("pool number") << body(R"("pool_alpha"|7)") << u"pool"_s << u"invalid_type"_s;
        QTest::newRow("bad side") << body(R"("buy"|"hold")") << u"side"_s << u"invalid_value"_s;
        QTest::newRow("unknown sku") << body(R"("isku_h100sxm8"|"isku_nope")") << u"instance_sku"_s
                                     << u"not_found"_s;
        QTest::newRow("price without point")
            << body(R"("2.500000"|"2")") << u"limit_price_dollars_per_node_hour"_s << u"invalid_value"_s;
        QTest::newRow("price as number")
            << body(R"("2.500000"|2.5)") << u"limit_price_dollars_per_node_hour"_s << u"invalid_type"_s;
        QTest::newRow("two ranges") << body(
            R"(,"node_count":2}]|,"node_count":2},{"start_at":1800014400,"end_at":1800018000,"node_count":2}])")
                                    << u"allocation_schedule_delta"_s << u"invalid_value"_s;
        QTest::newRow("open end") << body(R"("end_at":1800010800|"end_at":null)")
                                  << u"allocation_schedule_delta"_s << u"invalid_value"_s;
        QTest::newRow("zero nodes") << body(R"("node_count":2|"node_count":0)")
                                    << u"allocation_schedule_delta[0].node_count"_s << u"invalid_value"_s;
        QTest::newRow("not aligned") << body(R"(1800007200|1800007230)")
                                     << u"allocation_schedule_delta[0].start_at"_s << u"not_aligned"_s;
        QTest::newRow("in the past") << body(R"(1800007200|1799996400)")
                                     << u"allocation_schedule_delta[0].start_at"_s << u"in_past"_s;
        QTest::newRow("end before start") << body(R"(1800010800|1800003600)")
                                          << u"allocation_schedule_delta[0].end_at"_s << u"invalid_range"_s;
        QTest::newRow("standing not bool") << body(R"("2.500000"}|"2.500000","allow_standing":"yes"})")
                                           << u"allow_standing"_s << u"invalid_type"_s;
    }

    void validation()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, field);
        QFETCH(QString, code);
        MarketFixture market;
        FieldErrors errors;
        const std::optional<NewOrder> order =
            MarketBodies::readOrder(QJsonDocument::fromJson(body).object(), T0, *market.engine, &errors);
        if (field.isEmpty()) {
            QVERIFY(order);
            QVERIFY(errors.isEmpty());
            QCOMPARE(order->skuId, MarketFixture::H100);
            // $2.50 is not a whole number of micro-dollars per node-minute: 2.500020 is.
            QCOMPARE(order->limitRate, 2'500'020);
            QCOMPARE(order->nodeCount, 2);
            QCOMPARE(order->allowStanding, false);
            QCOMPARE(order->allowPartial, false);
            return;
        }
        QVERIFY(!order);
        QVERIFY(!errors.isEmpty());
        QCOMPARE(errors.first().field, field);
        QCOMPARE(errors.first().code, code);
    }

    void limitIsRoundedToPerMinutePrecision()
    {
        MarketFixture market;
        const QJsonObject body{
            {u"pool"_s, PoolA},
            {u"side"_s, u"sell"_s},
            {u"instance_sku"_s, MarketFixture::H100},
            {u"allocation_schedule_delta"_s, Schedule::rectangle(T0 + H, T0 + 2 * H, 1).toJson()},
            {u"limit_price_dollars_per_node_hour"_s, u"1.0000299"_s},
        };
        const std::optional<NewOrder> order = MarketBodies::readOrder(body, T0, *market.engine, nullptr);
        QVERIFY(order);
        QCOMPARE(order->limitRate, 1'000'020);
        QVERIFY(order->allowPartial); // sells fill partly unless told otherwise
    }

    void strictHours()
    {
        MarketEngine::Config config;
        config.strictHours = true;
        MarketFixture market(u":memory:"_s, 7, config);
        QJsonObject body{
            {u"pool"_s, PoolA},
            {u"side"_s, u"buy"_s},
            {u"instance_sku"_s, MarketFixture::H100},
            {u"allocation_schedule_delta"_s, Schedule::rectangle(T0 + H + 60, T0 + 2 * H, 1).toJson()},
            {u"limit_price_dollars_per_node_hour"_s, u"1.0"_s},
        };
        FieldErrors errors;
        QVERIFY(!MarketBodies::readOrder(body, T0, *market.engine, &errors));
        QCOMPARE(errors.first().code, u"not_hour_aligned"_s);
        body[u"allocation_schedule_delta"_s] = Schedule::rectangle(T0 + H, T0 + 2 * H, 1).toJson();
        QVERIFY(MarketBodies::readOrder(body, T0, *market.engine, nullptr));
    }

    void requiredFunds()
    {
        const NewOrder buy =
            MarketFixture::order(OrderSide::Buy, PoolA, MarketFixture::H100, T0, T0 + 10 * H, 8, 2'500'000);
        QCOMPARE(MarketEngine::requiredFunds(buy), 200'000'000);
        NewOrder sell = buy;
        sell.side = OrderSide::Sell;
        QCOMPARE(MarketEngine::requiredFunds(sell), 0);
    }

    void listing()
    {
        MarketFixture market;
        QStringList ids;
        for (int i = 0; i < 5; ++i) {
            const qint64 start = T0 + (10 - i) * H;
            ids.append(market
                           .place(MarketFixture::order(OrderSide::Buy, i % 2 ? PoolA : PoolB,
                                                       MarketFixture::H100, start, start + H, 1, 60, true),
                                  T0 + i * 60)
                           .id);
        }
        OrderQuery query;
        query.limit = 2;
        OrderPage page = market.engine->orders(query);
        QCOMPARE(page.orders.size(), 2);
        QVERIFY(page.hasMore);
        QCOMPARE(page.orders[0].id, ids[4]); // newest first by default
        QVERIFY(page.cursor.startsWith(u"ordrc_"_s));
        QStringList seen;
        for (;;) {
            for (const MarketOrder& o : std::as_const(page.orders))
                seen.append(o.id);
            if (!page.hasMore)
                break;
            query.startingAfter = page.cursor;
            page = market.engine->orders(query);
        }
        QStringList reversed = ids;
        std::reverse(reversed.begin(), reversed.end());
        QCOMPARE(seen, reversed);

        OrderQuery byStart;
        byStart.sortBy = u"start_at"_s;
        QCOMPARE(market.engine->orders(byStart).orders.first().id, ids[4]);
        byStart.sortBy = u"-start_at"_s;
        QCOMPARE(market.engine->orders(byStart).orders.first().id, ids[0]);

        OrderQuery pool;
        pool.poolIds = QStringList{PoolA};
        QCOMPARE(market.engine->orders(pool).orders.size(), 2);
        pool.poolIds = QStringList{};
        QCOMPARE(market.engine->orders(pool).orders.size(), 0);
        OrderQuery filtered;
        filtered.ids = {ids[1], ids[2]};
        filtered.statuses = {OrderStatus::Standing};
        filtered.side = OrderSide::Buy;
        filtered.createdAfter = T0 + 60;
        QCOMPARE(market.engine->orders(filtered).orders.size(), 1);
        filtered.side = OrderSide::Sell;
        QCOMPARE(market.engine->orders(filtered).orders.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestMarketOrders)
#include "tst_marketorders.moc"
