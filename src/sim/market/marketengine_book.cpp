// SPDX-License-Identifier: Apache-2.0

// MarketEngine's reads of the book: prices per node, ladders, quotes, depth, windows, fills,
// availability and the order preview. They change nothing.

#include "sim/market/marketengine.h"

#include "common/constvalue.h"
#include "common/money.h"
#include "sim/market/ordermatcher.h"

#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
namespace Money = sfdesk::Money;
using sfdesk::Schedule;

namespace {

__extension__ using Int128 = __int128;

constexpr qint64 Hour = SyntheticMarket::Hour;
// Cap on the nodes a ladder looks at: no order is larger.
constexpr qint64 MaxLadderNodes = 4096;

qint64 floorHour(qint64 t)
{
    return Schedule::floorTo(t, Hour);
}

} // namespace

using marketrows::decodeCursor;
using marketrows::encodeCursor;
using marketrows::skuIdOf;

std::vector<std::vector<qint64>> MarketEngine::piecePrices(const MarketSku& sku, qint64 start, qint64 end,
                                                           qint64 now, OrderSide offerSide, bool withOrders,
                                                           const QString& excludePool,
                                                           std::vector<qint64>* seconds) const
{
    std::vector<std::vector<qint64>> prices;
    if (end <= start)
        return prices;
    ensureBook();
    const BookSideView view(m_synthetic, m_book, sku, start, end, now, offerSide, withOrders, excludePool);
    for (qint64 slot = floorHour(start); slot < end; slot += Hour) {
        const qint64 from = std::max(slot, start);
        const qint64 to = std::min(slot + Hour, end);
        if (to <= now) {
            // An hour that has passed cannot be delivered: the window cannot be covered.
            prices.clear();
            seconds->clear();
            return prices;
        }
        std::vector<qint64> nodes;
        for (const BookSideView::Candidate& candidate : constValue(view.candidates(slot, from, to))) {
            for (qint64 i = 0; i < candidate.nodes && qint64(nodes.size()) < MaxLadderNodes; ++i)
                nodes.push_back(candidate.rate);
        }
        prices.push_back(std::move(nodes));
        seconds->push_back(to - from);
    }
    return prices;
}

QList<BookLevel> MarketEngine::ladder(const MarketSku& sku, qint64 start, qint64 end, qint64 now,
                                      OrderSide offerSide) const
{
    QList<BookLevel> levels;
    std::vector<qint64> seconds;
    const std::vector<std::vector<qint64>> prices =
        piecePrices(sku, start, end, now, offerSide, true, QString(), &seconds);
    if (prices.empty())
        return levels;
    size_t nodes = prices.front().size();
    qint64 totalSeconds = 0;
    for (size_t p = 0; p < prices.size(); ++p) {
        nodes = std::min(nodes, prices[p].size());
        totalSeconds += seconds[p];
    }
    // The k-th node over the whole window costs the k-th best price of every hour, averaged.
    for (size_t k = 0; k < nodes; ++k) {
        qint64 weighted = 0;
        for (size_t p = 0; p < prices.size(); ++p)
            weighted += prices[p][k] * seconds[p];
        const qint64 rate = Money::divideRoundHalfUp(weighted, totalSeconds);
        if (!levels.isEmpty() && levels.last().rate == rate)
            levels.last().schedule = levels.last().schedule.plus(Schedule::rectangle(start, end, 1));
        else
            levels.append(BookLevel{sku.id, rate, Schedule::rectangle(start, end, 1)});
    }
    return levels;
}

BookQuote MarketEngine::quote(const QStringList& skuIds, qint64 start, qint64 end, qint64 now) const
{
    const BookDepth book = depth(skuIds, start, end, now, 1);
    BookQuote quote;
    if (!book.bids.isEmpty())
        quote.bestBid = book.bids.first();
    if (!book.asks.isEmpty())
        quote.bestAsk = book.asks.first();
    return quote;
}

BookDepth MarketEngine::depth(const QStringList& skuIds, qint64 start, qint64 end, qint64 now,
                              int levels) const
{
    BookDepth book;
    QStringList sorted = skuIds;
    sorted.sort();
    for (const QString& id : std::as_const(sorted)) {
        const std::optional<MarketSku> marketSku = sku(id);
        if (!marketSku)
            continue;
        book.asks.append(ladder(*marketSku, start, end, now, OrderSide::Sell).mid(0, levels));
        book.bids.append(ladder(*marketSku, start, end, now, OrderSide::Buy).mid(0, levels));
    }
    // Ties go to the lowest SKU id, as the API documents for the best bid and ask.
    std::stable_sort(book.asks.begin(), book.asks.end(),
                     [](const BookLevel& a, const BookLevel& b) { return a.rate < b.rate; });
    std::stable_sort(book.bids.begin(), book.bids.end(),
                     [](const BookLevel& a, const BookLevel& b) { return a.rate > b.rate; });
    book.asks = book.asks.mid(0, levels);
    book.bids = book.bids.mid(0, levels);
    return book;
}

std::optional<BookLevel> MarketEngine::bestLevel(const MarketSku& sku, qint64 start, qint64 end, qint64 now,
                                                 OrderSide offerSide) const
{
    std::vector<qint64> seconds;
    const std::vector<std::vector<qint64>> prices =
        piecePrices(sku, start, end, now, offerSide, true, QString(), &seconds);
    if (prices.empty())
        return std::nullopt;
    size_t nodes = prices.front().size();
    qint64 totalSeconds = 0;
    for (size_t p = 0; p < prices.size(); ++p) {
        nodes = std::min(nodes, prices[p].size());
        totalSeconds += seconds[p];
    }
    if (nodes == 0)
        return std::nullopt;
    // ladder()'s first level: the first node's price, and the nodes after it at the same price.
    const auto rateOf = [&](size_t k) {
        qint64 weighted = 0;
        for (size_t p = 0; p < prices.size(); ++p)
            weighted += prices[p][k] * seconds[p];
        return Money::divideRoundHalfUp(weighted, totalSeconds);
    };
    const qint64 rate = rateOf(0);
    size_t count = 1;
    while (count < nodes && rateOf(count) == rate)
        ++count;
    return BookLevel{sku.id, rate, Schedule::rectangle(start, end, qint64(count))};
}

BookWindowPage MarketEngine::windows(const QStringList& skuIds, qint64 rangeStart, qint64 rangeEnd,
                                     qint64 now, int limit, const QString& startingAfter) const
{
    // A page costs its own rows: the rows before the cursor are skipped without being priced, and
    // the listing stops at the row after the page. Hourly synthetic rows come in (start, SKU)
    // order from the slots; the users' orders are few, and merged into them.
    using Key = std::tuple<qint64, qint64, QString>;
    ensureBook();
    std::optional<Key> after;
    if (const std::optional<QString> cursor = decodeCursor(u"mwin_"_s, startingAfter)) {
        const QStringList parts = cursor->split(u':');
        if (parts.size() == 3)
            after = Key{parts[0].toLongLong(), parts[1].toLongLong(), parts[2]};
    }
    const auto isListed = [&after](const Key& key) { return !after || *after < key; };

    // The request's SKUs by id (the order of a slot's rows); a SKU named twice counts twice.
    struct Listed
    {
        MarketSku sku;
        qint64 times = 0;
    };
    std::map<QString, Listed> skus;
    for (const QString& id : skuIds) {
        if (const std::optional<MarketSku> marketSku = sku(id))
            ++skus.try_emplace(marketSku->id, Listed{*marketSku, 0}).first->second.times;
    }

    // Standing and partly filled orders of both sides that overlap the range.
    std::map<Key, BookWindow> resting;
    for (const auto& [id, listed] : skus) {
        for (const OrderSide side : {OrderSide::Buy, OrderSide::Sell}) {
            for (const auto& [seq, order] : m_book.orders(id, side)) {
                if (order.status == OrderStatus::Pending || order.startAt >= rangeEnd
                    || order.endAt <= rangeStart)
                    continue;
                const Key key{order.startAt, order.endAt, order.skuId};
                if (!isListed(key))
                    continue;
                BookWindow& row = resting[key];
                row.skuId = order.skuId;
                row.startAt = order.startAt;
                row.endAt = order.endAt;
                (side == OrderSide::Buy ? row.bidOrderCount : row.askOrderCount) += listed.times;
            }
        }
    }

    // The hourly slots the synthetic market offers in the range, from the cursor's on.
    const qint64 from = std::max(rangeStart, floorHour(now));
    const qint64 to = std::min(rangeEnd, floorHour(now) + m_config.horizonSeconds);
    qint64 slot = floorHour(from);
    if (after)
        slot = std::max(slot, floorHour(std::get<0>(*after)));
    auto slotSku = skus.cbegin();
    if (from >= to || skus.empty())
        slot = to;
    const auto nextSynthetic = [&]() -> std::optional<BookWindow> {
        for (; slot < to; slot += Hour, slotSku = skus.cbegin()) {
            for (; slotSku != skus.cend(); ++slotSku) {
                const Listed& listed = slotSku->second;
                if (!isListed(Key{slot, slot + Hour, listed.sku.id}))
                    continue;
                const auto count = [&](OrderSide side) {
                    const BookSideView view(m_synthetic, m_book, listed.sku, from, to, now, side, false,
                                            QString());
                    const QList<SyntheticOffer> offers = view.synthetic(slot);
                    return qint64(std::count_if(offers.begin(), offers.end(),
                                                [](const SyntheticOffer& offer) { return offer.nodes > 0; }));
                };
                BookWindow row;
                row.skuId = listed.sku.id;
                row.startAt = slot;
                row.endAt = slot + Hour;
                row.askOrderCount = count(OrderSide::Sell) * listed.times;
                row.bidOrderCount = count(OrderSide::Buy) * listed.times;
                if (row.askOrderCount + row.bidOrderCount == 0)
                    continue;
                ++slotSku;
                return row;
            }
        }
        return std::nullopt;
    };

    BookWindowPage page;
    const int pageSize = std::clamp(limit, 1, 200);
    const auto key = [](const BookWindow& w) { return Key{w.startAt, w.endAt, w.skuId}; };
    auto order = resting.begin();
    std::optional<BookWindow> synthetic = nextSynthetic();
    while (synthetic || order != resting.end()) {
        BookWindow row;
        if (synthetic && (order == resting.end() || key(*synthetic) < order->first)) {
            row = *std::exchange(synthetic, nextSynthetic());
        } else if (synthetic && key(*synthetic) == order->first) {
            row = (order++)->second;
            row.askOrderCount += synthetic->askOrderCount;
            row.bidOrderCount += synthetic->bidOrderCount;
            synthetic = nextSynthetic();
        } else {
            row = (order++)->second;
        }
        if (page.windows.size() == pageSize) {
            page.hasMore = true;
            break;
        }
        const auto listed = skus.find(row.skuId);
        if (const std::optional<MarketSku> rowSku =
                listed != skus.end() ? listed->second.sku : sku(row.skuId)) {
            row.bestAsk = bestLevel(*rowSku, row.startAt, row.endAt, now, OrderSide::Sell);
            row.bestBid = bestLevel(*rowSku, row.startAt, row.endAt, now, OrderSide::Buy);
        }
        page.windows.append(row);
    }
    if (page.hasMore && !page.windows.isEmpty()) {
        const BookWindow& last = page.windows.last();
        page.cursor =
            encodeCursor(u"mwin_"_s, u"%1:%2:%3"_s.arg(last.startAt).arg(last.endAt).arg(last.skuId));
    }
    return page;
}

BookFillPage MarketEngine::fills(const QStringList& skuIds, qint64 start, qint64 end, qint64 since,
                                 qint64 now, int limit, const QString& startingAfter) const
{
    return m_store.fills(skuIds, start, end, since, now, limit, startingAfter);
}

Schedule MarketEngine::availability(const QString& skuId, qint64 now) const
{
    Schedule schedule;
    const std::optional<MarketSku> marketSku = sku(skuId);
    if (!marketSku)
        return schedule;
    const qint64 first = floorHour(now);
    const qint64 last = first + m_config.horizonSeconds;
    ensureBook();
    const BookSideView view(m_synthetic, m_book, *marketSku, first, last, now, OrderSide::Sell, true,
                            QString());
    const qint64 minute = Schedule::floorTo(now, Schedule::Alignment);
    for (qint64 slot = first; slot < last; slot += Hour) {
        const qint64 from = std::max(slot, minute);
        qint64 nodes = 0;
        for (const BookSideView::Candidate& candidate : constValue(view.candidates(slot, from, slot + Hour)))
            nodes += candidate.nodes;
        schedule = schedule.plus(Schedule::rectangle(from, slot + Hour, nodes));
    }
    return schedule;
}

MarketPreview MarketEngine::preview(const PreviewRequest& request, const QStringList& skuIds, qint64 now,
                                    const QString& pool, const OwnedAllocation& owned) const
{
    MarketPreview result;
    result.side = request.side;
    result.startAt = request.startAt;
    result.endAt = request.startAt + request.durationSeconds;
    result.nodeCount = request.nodeCount;
    result.pool = pool.isEmpty() ? PlaceholderPool : pool;
    const bool buy = request.side == OrderSide::Buy;
    QStringList sorted;
    for (const QString& id : skuIds) {
        if (sku(id))
            sorted.append(skuIdOf(id));
    }
    sorted.sort();
    if (sorted.isEmpty()) {
        result.unavailableReason = u"no_matching_instance_skus"_s;
        return result;
    }
    result.fee = fee(request.side);
    std::optional<qint64> best;
    for (const QString& id : std::as_const(sorted)) {
        const MarketSku marketSku = *sku(id);
        if (!buy && !pool.isEmpty() && owned
            && owned(pool, id).minOver(result.startAt, result.endAt) < request.nodeCount)
            continue;
        std::vector<qint64> seconds;
        const std::vector<std::vector<qint64>> prices =
            piecePrices(marketSku, result.startAt, result.endAt, now, buy ? OrderSide::Sell : OrderSide::Buy,
                        buy, pool, &seconds);
        if (prices.empty())
            continue;
        Int128 total = 0;
        qint64 windowSeconds = 0;
        bool covered = true;
        for (size_t p = 0; p < prices.size() && covered; ++p) {
            covered = qint64(prices[p].size()) >= request.nodeCount;
            for (qint64 k = 0; covered && k < request.nodeCount; ++k)
                total += Int128(prices[p][size_t(k)]) * seconds[p];
            windowSeconds += seconds[p];
        }
        if (!covered)
            continue;
        // The limit that makes the posted body fill: at least the average ask for a buy (rounded
        // up), at most the average bid for a sell (rounded down), at per-minute precision.
        const Int128 nodeSeconds = Int128(request.nodeCount) * windowSeconds;
        const qint64 rate =
            buy ? Money::roundUpToMinutePrecision(qint64((total + nodeSeconds - 1) / nodeSeconds))
                : Money::roundDownToMinutePrecision(qint64(total / nodeSeconds));
        if (!best || (buy ? rate < *best : rate > *best)) {
            best = rate;
            result.skuId = id;
        }
    }
    if (!best) {
        result.unavailableReason = u"no_availability"_s;
        return result;
    }
    result.quoted = true;
    result.limitRate = *best;
    return result;
}

} // namespace sfsim
