// SPDX-License-Identifier: Apache-2.0

#include "marketfixture.h"

#include "common/constvalue.h"
#include "openapishape.h"
#include "sim/routes/marketbodies.h"

#include "sim/market/marketjson.h"
#include "support/testenv.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

namespace {
constexpr qint64 H = MarketFixture::H;
constexpr qint64 D = MarketFixture::D;
constexpr qint64 T0 = MarketFixture::T0;
const QString Pool = u"pool_alpha"_s;
const QStringList BothSkus{MarketFixture::H100, MarketFixture::H200};

QString contractPath()
{
    return TestEnv::dataFile(u"contracts/sfcompute-preview-v2.openapi.json"_s);
}
} // namespace

class TestMarketBook final : public QObject
{
    Q_OBJECT

private:
    OpenApiShape m_shape{contractPath()};

    void checkShape(const QJsonValue& value, const QString& schema)
    {
        const QStringList problems = m_shape.check(value, schema);
        QVERIFY2(problems.isEmpty(), qPrintable(schema + u": "_s + problems.join(u"\n"_s)));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(m_shape.isLoaded(), qPrintable(contractPath())); }

    void shapeCheckCatchesMistakes()
    {
        MarketFixture market;
        const MarketOrder order = market.place(
            MarketFixture::order(OrderSide::Buy, Pool, MarketFixture::H100, T0 + H, T0 + 2 * H, 1, 60, true),
            T0);
        const QJsonObject good = MarketJson::order(order);
        QVERIFY(m_shape.check(good, u"v2.OrderResponse"_s).isEmpty());
        QJsonObject extra = good;
        extra.insert(u"node_count"_s, 1);
        QVERIFY(!m_shape.check(extra, u"v2.OrderResponse"_s).isEmpty());
        QJsonObject missing = good;
        missing.remove(u"status"_s);
        QVERIFY(!m_shape.check(missing, u"v2.OrderResponse"_s).isEmpty());
        QJsonObject price = good;
        price.insert(u"limit_price_dollars_per_node_hour"_s, u"2"_s);
        QVERIFY(!m_shape.check(price, u"v2.OrderResponse"_s).isEmpty());
        QJsonObject status = good;
        status.insert(u"status"_s, u"open"_s);
        QVERIFY(!m_shape.check(status, u"v2.OrderResponse"_s).isEmpty());
        QJsonObject preview{{u"type"_s, u"quoted"_s}, {u"reason"_s, u"no_availability"_s}};
        QVERIFY(!m_shape.check(preview, u"v2.OrderPreviewResponse"_s).isEmpty());
    }

    void quoteAndDepth()
    {
        MarketFixture market;
        const qint64 start = T0 + 5 * H;
        const qint64 end = start + 8 * H;
        const BookQuote quote = market.engine->quote(BothSkus, start, end, T0);
        QVERIFY(quote.bestAsk);
        QVERIFY(quote.bestBid);
        // Best bid and ask may come from different SKUs; within one SKU the book never crosses.
        for (const QString& sku : BothSkus) {
            const BookQuote one = market.engine->quote({sku}, start, end, T0);
            QVERIFY(one.bestBid->rate < one.bestAsk->rate);
            QVERIFY(one.bestAsk->rate >= quote.bestAsk->rate);
            QVERIFY(one.bestBid->rate <= quote.bestBid->rate);
        }
        QCOMPARE(quote.bestBid->skuId, MarketFixture::H200);
        QCOMPARE(quote.bestAsk->schedule.firstStart(), start);
        QCOMPARE(quote.bestAsk->schedule.lastEnd(), end);
        // The cheaper SKU has the best ask.
        QCOMPARE(quote.bestAsk->skuId, MarketFixture::H100);

        const BookDepth depth = market.engine->depth(BothSkus, start, end, T0, 100);
        QVERIFY(depth.asks.size() > 2);
        QVERIFY(depth.bids.size() > 2);
        QCOMPARE(depth.asks.first().rate, quote.bestAsk->rate);
        QCOMPARE(depth.bids.first().rate, quote.bestBid->rate);
        for (qsizetype i = 1; i < depth.asks.size(); ++i)
            QVERIFY(depth.asks[i - 1].rate <= depth.asks[i].rate);
        for (qsizetype i = 1; i < depth.bids.size(); ++i)
            QVERIFY(depth.bids[i - 1].rate >= depth.bids[i].rate);
        QCOMPARE(market.engine->depth(BothSkus, start, end, T0, 3).asks.size(), 3);
        // The ask levels of one SKU add up to what a buyer can get over the whole window.
        qint64 h100Nodes = 0;
        for (const BookLevel& level :
             constValue(market.engine->depth({MarketFixture::H100}, start, end, T0, 100).asks))
            h100Nodes += level.schedule.at(start);
        QCOMPARE(h100Nodes, market.engine->availability(MarketFixture::H100, T0).minOver(start, end));

        // No SKU, or a window nobody trades: empty sides.
        QVERIFY(!market.engine->quote({}, start, end, T0).bestAsk);
        const qint64 far = T0 + 60 * D;
        QVERIFY(!market.engine->quote(BothSkus, far, far + H, T0).bestAsk);
        QVERIFY(!market.engine->quote(BothSkus, T0 - 3 * H, T0 - H, T0).bestBid);

        checkShape(
            MarketJson::quote(quote, QJsonObject{{u"accelerator"_s, QJsonArray{u"H100"_s}}}, start, end, T0),
            u"OrderbookQuoteResponse"_s);
        checkShape(MarketJson::quote(BookQuote{}, QJsonObject(), far, far + H, T0),
                   u"OrderbookQuoteResponse"_s);
        checkShape(MarketJson::depth(depth, QJsonObject(), start, end, T0), u"OrderbookDepthResponse"_s);
    }

    void windowsPage()
    {
        MarketFixture market;
        const NewOrder resting = MarketFixture::order(OrderSide::Buy, Pool, MarketFixture::H200, T0 + 2 * H,
                                                      T0 + 50 * H, 1, 60, true);
        market.place(resting, T0);
        QList<BookWindow> all;
        QString cursor;
        int pages = 0;
        for (;;) {
            const BookWindowPage page = market.engine->windows(BothSkus, T0, T0 + 2 * D, T0, 37, cursor);
            checkShape(MarketJson::windowList(page, QJsonObject(), T0, T0 + 2 * D),
                       u"ListOrderbookWindowsResponse"_s);
            all += page.windows;
            ++pages;
            if (!page.hasMore)
                break;
            QVERIFY(page.cursor.startsWith(u"mwin_"_s));
            cursor = page.cursor;
        }
        // Hourly windows of both SKUs over two days, plus the user's 48-hour bid.
        QCOMPARE(all.size(), 2 * 48 + 1);
        QCOMPARE(pages, (2 * 48 + 1 + 36) / 37);
        for (qsizetype i = 1; i < all.size(); ++i) {
            const auto key = [](const BookWindow& w) { return std::tuple(w.startAt, w.endAt, w.skuId); };
            QVERIFY(key(all[i - 1]) < key(all[i]));
        }
        const auto user = std::find_if(all.begin(), all.end(),
                                       [](const BookWindow& w) { return w.endAt - w.startAt == 48 * H; });
        QVERIFY(user != all.end());
        QCOMPARE(user->bidOrderCount, 1);
        QCOMPARE(user->askOrderCount, 0);
        QVERIFY(user->bestAsk);
        QCOMPARE(all.first().askOrderCount, SyntheticMarket::AskLevels);
        QCOMPARE(all.first().bidOrderCount, SyntheticMarket::BidLevels);
        checkShape(MarketJson::window(*user), u"OrderbookWindow"_s);
    }

    void fillsTape()
    {
        MarketFixture market;
        for (int i = 0; i < 5; ++i) {
            const qint64 start = T0 + (3 + i) * H;
            const qint64 limit = market.askFor(MarketFixture::H100, start, start + H, 1, T0 + i * 60);
            market.place(
                MarketFixture::order(OrderSide::Buy, Pool, MarketFixture::H100, start, start + H, 1, limit),
                T0 + i * 60);
        }
        BookFillPage page = market.engine->fills(BothSkus, T0, T0 + D, T0, T0 + 600, 2, {});
        QCOMPARE(page.fills.size(), 2);
        QVERIFY(page.hasMore);
        QCOMPARE(page.fills.first().filledAt, T0 + 240); // newest first
        QVERIFY(page.cursor.startsWith(u"mfilc_"_s));
        checkShape(MarketJson::fillList(page, QJsonObject(), T0, T0 + D, T0 + 600),
                   u"ListOrderbookFillsResponse"_s);
        qsizetype total = page.fills.size();
        while (page.hasMore) {
            page = market.engine->fills(BothSkus, T0, T0 + D, T0, T0 + 600, 2, page.cursor);
            total += page.fills.size();
        }
        QCOMPARE(total, 5);
        // Filters: delivery window, time filled, SKU.
        QCOMPARE(market.engine->fills(BothSkus, T0 + 3 * H, T0 + 4 * H, T0, T0 + 600, 50, {}).fills.size(),
                 1);
        QCOMPARE(market.engine->fills(BothSkus, T0, T0 + D, T0 + 120, T0 + 600, 50, {}).fills.size(), 3);
        QCOMPARE(market.engine->fills({MarketFixture::H200}, T0, T0 + D, T0, T0 + 600, 50, {}).fills.size(),
                 0);
    }

    void availabilityComesFromOffers()
    {
        MarketFixture market;
        const Schedule offered = market.engine->availability(MarketFixture::H100, T0 + 15 * 60);
        QCOMPARE(offered.firstStart(), T0 + 15 * 60);
        QCOMPARE(offered.lastEnd(), T0 + market.engine->synthetic().horizonSeconds());
        QVERIFY(offered.minOver(T0 + 15 * 60, *offered.lastEnd()) > 0);
        const MarketSku sku = *market.engine->sku(MarketFixture::H100);
        qint64 nodes = 0;
        for (const SyntheticOffer& ask : constValue(market.engine->synthetic().asks(sku, T0 + 7 * H, T0)))
            nodes += ask.nodes;
        QCOMPARE(offered.at(T0 + 7 * H), nodes);
        QVERIFY(market.engine->availability(u"isku_unknown"_s, T0).isEmpty());
        checkShape(MarketJson::availability(sku.id, sku.alias, offered), u"InstanceSkuAvailability"_s);
    }

    void previewQuotesAPostableBody()
    {
        MarketFixture market;
        const PreviewRequest request{OrderSide::Buy, T0 + 6 * H, 12 * H, 3};
        const MarketPreview preview =
            market.engine->preview(request, BothSkus, T0, Pool, market.allocation());
        QVERIFY(preview.quoted);
        QCOMPARE(preview.skuId, MarketFixture::H100);
        QCOMPARE(preview.fee->flatRate, 0);
        QCOMPARE(preview.fee->percentageBps, 0);
        const QJsonObject json = MarketJson::preview(preview);
        checkShape(json, u"v2.OrderPreviewResponse"_s);
        // Posting the body verbatim fills, at no more than the estimate.
        FieldErrors errors;
        std::optional<NewOrder> order =
            MarketBodies::readOrder(json.value(u"post_order_body"_s).toObject(), T0, *market.engine, &errors);
        QVERIFY(order);
        order->poolName = u"alpha"_s;
        const MarketOrder placed = market.place(*order, T0);
        QCOMPARE(placed.status, OrderStatus::Filled);
        QVERIFY(placed.averageFillRate().value() <= preview.limitRate);
        checkShape(MarketJson::order(placed), u"v2.OrderResponse"_s);
    }

    void previewUnavailable()
    {
        MarketFixture market;
        const MarketPreview none = market.engine->preview(PreviewRequest{OrderSide::Buy, T0 + H, H, 1}, {},
                                                          T0, {}, market.allocation());
        QVERIFY(!none.quoted);
        QCOMPARE(none.unavailableReason, u"no_matching_instance_skus"_s);
        QVERIFY(!none.fee);
        checkShape(MarketJson::preview(none), u"v2.OrderPreviewResponse"_s);
        const MarketPreview tooMany = market.engine->preview(PreviewRequest{OrderSide::Buy, T0 + H, H, 5000},
                                                             BothSkus, T0, {}, market.allocation());
        QCOMPARE(tooMany.unavailableReason, u"no_availability"_s);
        QVERIFY(tooMany.fee);
        checkShape(MarketJson::preview(tooMany), u"v2.OrderPreviewResponse"_s);
        const qint64 far = T0 + 30 * D;
        QCOMPARE(
            market.engine
                ->preview(PreviewRequest{OrderSide::Buy, far, H, 1}, BothSkus, T0, {}, market.allocation())
                .unavailableReason,
            u"no_availability"_s);
    }

    void sellPreviewStatesTheFee()
    {
        MarketFixture market;
        const PreviewRequest request{OrderSide::Sell, T0 + 6 * H, 2 * H, 2};
        // A pool that owns nothing cannot sell; without a pool the estimate is for any seller.
        QCOMPARE(market.engine->preview(request, BothSkus, T0, Pool, market.allocation()).unavailableReason,
                 u"no_availability"_s);
        const MarketPreview anyone = market.engine->preview(request, BothSkus, T0, {}, market.allocation());
        QVERIFY(anyone.quoted);
        QCOMPARE(anyone.pool, MarketEngine::PlaceholderPool);
        QCOMPARE(anyone.fee->flatRate, 20'000);
        QCOMPARE(anyone.fee->percentageBps, 300);
        const QJsonObject json = MarketJson::preview(anyone);
        checkShape(json, u"v2.OrderPreviewResponse"_s);
        QCOMPARE(json[u"fee"_s][u"flat_dollars_per_node_hour"_s].toString(), u"0.020000"_s);

        market.own(Pool, MarketFixture::H200, Schedule::rectangle(T0, T0 + D, 2));
        const MarketPreview mine = market.engine->preview(request, BothSkus, T0, Pool, market.allocation());
        QVERIFY(mine.quoted);
        QCOMPARE(mine.skuId, MarketFixture::H200);
        std::optional<NewOrder> order = MarketBodies::readOrder(
            MarketJson::preview(mine).value(u"post_order_body"_s).toObject(), T0, *market.engine, nullptr);
        QVERIFY(order);
        QVERIFY(market.engine
                    ->checkSellAllocation(*order, market.owned.value(Pool + u"\n"_s + MarketFixture::H200))
                    .isEmpty());
        const MarketOrder sold = market.place(*order, T0);
        QCOMPARE(sold.status, OrderStatus::Filled);
        QVERIFY(sold.averageFillRate().value() >= mine.limitRate);
    }

    void previewValidation_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("code");
        QTest::newRow("valid") << QByteArray(
            R"({"side":"buy","requirements":{},"start_at":60,"duration_seconds":3600,"node_count":1})")
                               << QString() << QString();
        QTest::newRow("no side") << QByteArray(
            R"({"requirements":{},"start_at":60,"duration_seconds":3600,"node_count":1})")
                                 << u"side"_s << u"required"_s;
        QTest::newRow("bad requirements") << QByteArray(
            R"({"side":"sell","requirements":{"accelerator":"H100"},"start_at":60,"duration_seconds":3600,"node_count":1})")
                                          << u"requirements.accelerator"_s << u"invalid_type"_s;
        QTest::newRow("unaligned start") << QByteArray(
            R"({"side":"buy","requirements":{},"start_at":61,"duration_seconds":3600,"node_count":1})")
                                         << u"start_at"_s << u"not_aligned"_s;
        QTest::newRow("odd duration") << QByteArray(
            R"({"side":"buy","requirements":{},"start_at":60,"duration_seconds":90,"node_count":1})")
                                      << u"duration_seconds"_s << u"invalid_value"_s;
        QTest::newRow("zero duration") << QByteArray(
            R"({"side":"buy","requirements":{},"start_at":60,"duration_seconds":0,"node_count":1})")
                                       << u"duration_seconds"_s << u"invalid_value"_s;
        QTest::newRow("no nodes") << QByteArray(
            R"({"side":"buy","requirements":{},"start_at":60,"duration_seconds":60,"node_count":0})")
                                  << u"node_count"_s << u"invalid_value"_s;
        QTest::newRow("pool number") << QByteArray(
            R"({"side":"buy","requirements":{},"start_at":60,"duration_seconds":60,"node_count":1,"pool":3})")
                                     << u"pool"_s << u"invalid_type"_s;
    }

    void previewValidation()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, field);
        QFETCH(QString, code);
        FieldErrors errors;
        const std::optional<PreviewRequest> request =
            MarketBodies::readPreview(QJsonDocument::fromJson(body).object(), &errors);
        QCOMPARE(request.has_value(), field.isEmpty());
        if (!field.isEmpty()) {
            QCOMPARE(errors.first().field, field);
            QCOMPARE(errors.first().code, code);
            checkShape(MarketJson::validationError(u"Invalid order preview"_s, errors),
                       u"UnprocessableEntityError"_s);
        }
    }

    void orderShapes()
    {
        MarketFixture market;
        market.own(Pool, MarketFixture::H100, Schedule::rectangle(T0, T0 + D, 8));
        QJsonObject createdBy{{u"id"_s, u"tokn_abc"_s}, {u"type"_s, u"token"_s}, {u"name"_s, u"ci"_s}};
        NewOrder standing =
            MarketFixture::order(OrderSide::Buy, Pool, MarketFixture::H100, T0 + H, T0 + 3 * H, 1, 60, true);
        standing.createdBy = createdBy;
        const MarketOrder rest = market.place(standing, T0);
        QCOMPARE(rest.createdBy, createdBy);
        checkShape(MarketJson::order(rest), u"v2.OrderResponse"_s);
        const MarketOrder partial = market.place(
            MarketFixture::order(OrderSide::Sell, Pool, MarketFixture::H100, T0 + H, T0 + 3 * H, 8, 60, true),
            T0);
        checkShape(MarketJson::order(partial), u"v2.OrderResponse"_s);
        market.engine->cancelOrder(rest.id, T0);
        const QJsonObject cancelled = MarketJson::order(market.reload(rest.id));
        checkShape(cancelled, u"v2.OrderResponse"_s);
        QCOMPARE(cancelled[u"status"_s].toString(), u"cancelled"_s);
        QCOMPARE(cancelled[u"capacity"_s][u"id"_s].toString(), u"cap_alpha"_s);
        QCOMPARE(cancelled[u"instance_sku"_s][u"alias"_s].toString(), u"h100"_s);
        QCOMPARE(cancelled[u"limit_price_dollars_per_node_hour"_s].toString(), u"0.000060"_s);
        QVERIFY(cancelled[u"filled_average_price_dollars_per_node_hour"_s].isNull());
        OrderQuery query;
        checkShape(MarketJson::orderList(market.engine->orders(query)), u"v2.ListOrdersResponse"_s);
        checkShape(MarketJson::validationError(u"Invalid order"_s,
                                               {FieldError{u"side"_s, u"required"_s, u"is required"_s}}),
                   u"UnprocessableEntityError"_s);
    }
};

QTEST_GUILESS_MAIN(TestMarketBook)
#include "tst_marketbook.moc"
