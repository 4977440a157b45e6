// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "sim/market/marketstore.h"
#include "sim/market/markettypes.h"
#include "sim/market/restingbook.h"
#include "sim/market/syntheticmarket.h"

#include <QHash>
#include <QSqlDatabase>

#include <functional>
#include <memory>

namespace sfsim {

using sfdesk::FieldErrors;
using sfdesk::Schedule;

// The market of sfsim: synthetic sellers and buyers per SKU, the user's orders, and the matching
// between them. All state lives in tables prefixed `market_` of the database it is given, which
// MarketStore reads and writes; it never opens or commits a transaction, so the caller's request
// transaction covers it. The synthetic part is derived from (seed, time); only
// what was taken from it is stored.
//
// Time is the caller's virtual clock. Call advanceTo(now) before serving a request: it expires
// orders and lets resting orders fill hour by hour as the market moves.
class MarketEngine final
{
public:
    struct Config
    {
        quint64 seed = 1;
        // How far ahead synthetic sellers and buyers trade.
        qint64 horizonSeconds = 21 * 86400;
        // The resale fee on sell fills (the order preview states it): flat per node-hour plus a
        // percentage of the execution total. Buys pay no fee.
        qint64 sellFlatFee = 20'000;
        int sellFeeBps = 300;
        // Require hour-aligned order windows, as the Feb 2026 API did; otherwise 60 s alignment.
        bool strictHours = false;
    };

    // Orders and previews end at most this far after now, so windows are at most this long and
    // every sum of times stays far from overflow; the work of a match grows with the window's hours.
    static constexpr qint64 MaxOrderAheadSeconds = 90 * 86400;

    MarketEngine(const QSqlDatabase& db, Config config);
    const Config& config() const { return m_config; }

    // Creates the market_ tables when missing and records the seed. A database created with
    // another seed is refused, since its stored state would not match the derived market.
    bool createSchema(QString* error = nullptr);
    QString lastError() const;

    // SKUs the market trades. Registering again replaces the parameters.
    bool registerSku(const MarketSku& sku);
    QList<MarketSku> skus() const;
    std::optional<MarketSku> sku(const QString& id) const;

    // --- Orders ---
    // A sell needs the pool to own the nodes in every hour of its window, beyond what the pool's
    // other resting sells already offer. Returns the 422 details, empty when the sell may go on.
    FieldErrors checkSellAllocation(const NewOrder& order, const Schedule& owned) const;
    // What a buy can cost at most (limit × nodes × duration): the 402 threshold.
    static qint64 requiredFunds(const NewOrder& order);

    struct PlaceResult
    {
        MarketOrder order;
        QList<MarketSettlement> settlements;
    };
    // Stores the order and matches it at `now` at once. A buy takes the cheapest offers (all
    // or nothing unless allowPartial); a sell is lifted by bids at or above its limit (partly by
    // default). IOC orders that do not fill (or fill partly) end `cancelled`; standing ones rest.
    std::optional<PlaceResult> placeOrder(const NewOrder& order, qint64 now, const OwnedAllocation& owned);
    // Stores the order as `pending` without matching it; the next advanceTo() gives it its first
    // match (for routes that answer 201 before the order is processed, as the API allows).
    std::optional<MarketOrder> insertOrder(const NewOrder& order, qint64 now);
    std::optional<MarketOrder> order(const QString& id) const;
    OrderPage orders(const OrderQuery& query) const;
    // Active orders (pending, standing, partly filled) that `accept` takes, in placement order,
    // from the resting book: each carries its filled schedule rather than its fills.
    QList<MarketOrder> activeOrders(const std::function<bool(const MarketOrder&)>& accept) const;
    // What the active buys of these pools may still cost (limit × remaining node-seconds, summed
    // over the orders), from the book's running figures.
    qint64 committedBuys(const QStringList& poolIds) const;

    enum class CancelResult
    {
        Cancelled,
        NotFound,
        NotCancellable
    };
    CancelResult cancelOrder(const QString& id, qint64 now);

    // Moves the market to `now`: at every hour boundary since the last call (and at `now`) orders
    // past their end expire, then resting orders match in the order they were placed. Returns the
    // fills to settle. The first call only records the time.
    QList<MarketSettlement> advanceTo(qint64 now, const OwnedAllocation& owned);
    std::optional<qint64> lastAdvancedAt() const;

    // --- Book (read only) ---
    // Best bid and ask over [start, end) across the SKUs: the price of the first node for the
    // whole window, averaged over its hours.
    BookQuote quote(const QStringList& skuIds, qint64 start, qint64 end, qint64 now) const;
    BookDepth depth(const QStringList& skuIds, qint64 start, qint64 end, qint64 now, int levels) const;
    // Windows with resting orders (synthetic hourly ones and the users'), sorted by
    // (start, end, SKU), overlapping [rangeStart, rangeEnd).
    BookWindowPage windows(const QStringList& skuIds, qint64 rangeStart, qint64 rangeEnd, qint64 now,
                           int limit, const QString& startingAfter) const;
    // Fills of user orders, newest first, whose delivery overlaps [start, end), filled in [since, now].
    BookFillPage fills(const QStringList& skuIds, qint64 start, qint64 end, qint64 since, qint64 now,
                       int limit, const QString& startingAfter) const;
    // Nodes on offer for purchase over time (what sellers offer and has not been taken).
    Schedule availability(const QString& skuId, qint64 now) const;

    // --- Order preview ---
    // `skuIds` are the SKUs matching the request's requirements; `pool` goes into the body (a
    // placeholder when empty). For a sell with a pool, only SKUs the pool owns enough of count.
    MarketPreview preview(const PreviewRequest& request, const QStringList& skuIds, qint64 now,
                          const QString& pool, const OwnedAllocation& owned) const;
    MarketFee fee(OrderSide side) const;
    static inline const QString PlaceholderPool = QStringLiteral("pool_replace-with-your-pool");

    const SyntheticMarket& synthetic() const { return m_synthetic; }

    // Forgets what the engine keeps in memory of its tables (the resting book, the id counter,
    // the last advance); it reads them again on next use. Call it when a transaction in which
    // the engine wrote is rolled back.
    void discardCachedState();

private:
    // Loads the resting book unless it is current.
    bool ensureBook() const;
    MarketOrder newOrder(const NewOrder& order, qint64 now);
    // Matches the order against the book and stores the result (inserting it when `isNew`).
    bool matchOrder(MarketOrder& order, qint64 now, bool initial, const OwnedAllocation& owned,
                    QList<MarketSettlement>* settlements, bool isNew);
    enum class FillStore
    {
        // A row of its own that the public feed shows.
        FeedRow,
        // A row of its own that the feed does not show (the other side's row shows the trade).
        Row,
        // In the new order's row, written once with it; the feed does not show it.
        InOrderRow,
    };
    // A fill of `order`, stored as `store` says and settled; the caller adds it to the order.
    // `seq` is the order's placement sequence, 0 for a new order (saveStatus() fills it in).
    MarketOrderFill recordFill(const MarketOrder& order, qint64 seq, const Schedule& schedule, qint64 rate,
                               qint64 now, FillStore store, QList<MarketSettlement>* settlements);
    bool saveStatus(MarketOrder& order, qint64 now, bool initial, bool isNew);
    // A resting order of another pool that a match took `schedule` from: filled in the book,
    // and stored when that completes it.
    bool fillResting(const QString& id, qint64 seq, const Schedule& schedule, qint64 now,
                     QList<MarketSettlement>* settlements);
    // Writes the fills a match collected, then its status changes.
    bool writeMatch();
    bool stepTo(qint64 t, const OwnedAllocation& owned, QList<MarketSettlement>* settlements);
    // Per-node prices over [start, end): element k of each piece's list is the k-th best node.
    std::vector<std::vector<qint64>> piecePrices(const MarketSku& sku, qint64 start, qint64 end, qint64 now,
                                                 OrderSide offerSide, bool withOrders,
                                                 const QString& excludePool,
                                                 std::vector<qint64>* seconds) const;
    QList<BookLevel> ladder(const MarketSku& sku, qint64 start, qint64 end, qint64 now,
                            OrderSide offerSide) const;
    // ladder()'s first level, without the others.
    std::optional<BookLevel> bestLevel(const MarketSku& sku, qint64 start, qint64 end, qint64 now,
                                       OrderSide offerSide) const;

    Config m_config;
    SyntheticMarket m_synthetic;
    MarketStore m_store;
    // What sells sold within one placement or advance, per pool and SKU, which the caller's
    // allocation does not show yet.
    QHash<std::pair<QString, QString>, Schedule> m_soldInPass;
    // The resting book, loaded on first use and kept current by every write.
    mutable RestingBook m_book;
    mutable std::optional<std::optional<qint64>> m_advancedAt;
    // Rows of the match under way (fills, then status changes of its orders).
    QList<QVariantList> m_fillRows;
    QList<QVariantList> m_statusRows;
    // Fills the new order of the match under way keeps in its own row.
    QList<MarketOrderFill> m_newOrderFills;
};

} // namespace sfsim
