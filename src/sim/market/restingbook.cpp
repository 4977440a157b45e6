// SPDX-License-Identifier: Apache-2.0

#include "sim/market/restingbook.h"

#include "common/money.h"

#include <algorithm>
#include <iterator>
#include <limits>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::Schedule;

namespace {

qint64 consumedKey(qint64 slot, int level)
{
    return slot * 16 + level;
}

// The index of one side is ordered by start, then placement.
// What an active order adds to its pool's committed buys.
qint64 committedBy(const MarketOrder& order)
{
    if (order.side != OrderSide::Buy)
        return 0;
    return sfdesk::Money::totalForNodeSeconds(order.limitRate, order.remaining().nodeSeconds().value_or(0));
}

bool startsBefore(const RestingBook::Entry& entry, std::pair<qint64, qint64> startAndSeq)
{
    return std::pair(entry.startAt, entry.seq) < startAndSeq;
}

} // namespace

const RestingBook::Side* RestingBook::findSide(const QString& skuId, OrderSide side) const
{
    const auto found = m_sides.find(SideKey{skuId, side});
    return found == m_sides.end() ? nullptr : &found->second;
}

void RestingBook::clear()
{
    m_loaded = false;
    m_sides.clear();
    m_bySeq.clear();
    m_byId.clear();
    m_poolKeys.clear();
    m_committedBuys.clear();
}

void RestingBook::put(qint64 seq, const MarketOrder& order)
{
    if (!order.isActive()) {
        remove(order.id);
        return;
    }
    auto known = m_byId.find(order.id);
    // An order keeps its SKU and side; a new seq means another placement.
    if (known != m_byId.end() && known->order->first != seq) {
        remove(order.id);
        known = m_byId.end();
    }
    MarketOrder* kept = nullptr;
    Side* side = nullptr;
    if (known != m_byId.end()) {
        kept = &known->order->second;
        side = known->side;
        m_committedBuys[kept->poolId] -= committedBy(*kept);
    } else {
        side = &m_sides[SideKey{order.skuId, order.side}];
        // New orders come last in placement order: the end is the place to look first.
        const auto at = side->orders.emplace_hint(side->orders.end(), seq, MarketOrder());
        kept = &at->second;
        const auto placed = m_bySeq.emplace_hint(m_bySeq.end(), seq, kept);
        m_byId.insert(order.id, Location{side, at, placed});
    }
    *kept = order;
    if (!kept->fills.isEmpty()) {
        kept->filledUnloaded = order.filled();
        kept->fills.clear();
    }
    m_committedBuys[kept->poolId] += committedBy(*kept);
    const auto pooled = m_poolKeys.constFind(kept->poolId);
    const int poolKey = pooled != m_poolKeys.constEnd() ? *pooled : int(m_poolKeys.size());
    if (pooled == m_poolKeys.constEnd())
        m_poolKeys.insert(kept->poolId, poolKey);
    const Entry entry{seq,
                      kept->startAt,
                      kept->endAt,
                      kept,
                      kept->limitRate,
                      kept->nodeCount,
                      poolKey,
                      kept->status == OrderStatus::Pending,
                      !kept->filledUnloaded.isEmpty()};
    side->longest = std::max(side->longest, entry.endAt - entry.startAt);
    std::vector<Entry>& entries = side->index;
    const auto at =
        std::lower_bound(entries.begin(), entries.end(), std::pair(entry.startAt, seq), startsBefore);
    if (at != entries.end() && at->seq == seq)
        *at = entry;
    else
        entries.insert(at, entry);
}

void RestingBook::remove(const QString& id)
{
    const auto found = m_byId.find(id);
    if (found == m_byId.end())
        return;
    const Location where = *found;
    m_byId.erase(found);
    const qint64 seq = where.order->first;
    m_committedBuys[where.order->second.poolId] -= committedBy(where.order->second);
    m_bySeq.erase(where.placed);
    std::vector<Entry>& entries = where.side->index;
    const auto at = std::lower_bound(entries.begin(), entries.end(),
                                     std::pair(where.order->second.startAt, seq), startsBefore);
    if (at != entries.end() && at->seq == seq)
        entries.erase(at);
    where.side->orders.erase(where.order);
}

const MarketOrder* RestingBook::addFilled(const QString& id, const Schedule& schedule)
{
    const auto found = m_byId.constFind(id);
    if (found == m_byId.constEnd())
        return nullptr;
    MarketOrder& kept = found->order->second;
    m_committedBuys[kept.poolId] -= committedBy(kept);
    kept.filledUnloaded = kept.filledUnloaded.plus(schedule);
    m_committedBuys[kept.poolId] += committedBy(kept);
    if (kept.status == OrderStatus::Standing)
        kept.status = OrderStatus::PartiallyFilled;
    std::vector<Entry>& entries = found->side->index;
    const auto at = std::lower_bound(entries.begin(), entries.end(),
                                     std::pair(kept.startAt, found->order->first), startsBefore);
    if (at != entries.end() && at->seq == found->order->first)
        at->partlyFilled = true;
    return &kept;
}

const MarketOrder* RestingBook::find(const QString& id) const
{
    const auto found = m_byId.constFind(id);
    return found == m_byId.constEnd() ? nullptr : &found->order->second;
}

std::optional<qint64> RestingBook::seqOf(const QString& id) const
{
    const auto found = m_byId.constFind(id);
    return found == m_byId.constEnd() ? std::nullopt : std::optional<qint64>(found->order->first);
}

QStringList RestingBook::ids() const
{
    QStringList result;
    result.reserve(qsizetype(m_bySeq.size()));
    for (const auto& [seq, order] : m_bySeq)
        result.append(order->id);
    return result;
}

QStringList RestingBook::endingBy(qint64 t) const
{
    QStringList result;
    for (const auto& [seq, order] : m_bySeq) {
        if (order->endAt <= t)
            result.append(order->id);
    }
    return result;
}

const RestingBook::Orders& RestingBook::orders(const QString& skuId, OrderSide side) const
{
    static const Orders none;
    const Side* found = findSide(skuId, side);
    return found ? found->orders : none;
}

RestingBook::Overlapping RestingBook::overlapping(const QString& skuId, OrderSide side, qint64 from,
                                                  qint64 to) const
{
    const Side* found = findSide(skuId, side);
    if (!found)
        return {};
    // No order is longer than the longest: none that starts earlier reaches `from`.
    const qint64 earliest = from - found->longest;
    const auto first =
        std::lower_bound(found->index.begin(), found->index.end(),
                         std::pair(earliest, std::numeric_limits<qint64>::min()), startsBefore);
    const auto last = std::lower_bound(first, found->index.end(),
                                       std::pair(to, std::numeric_limits<qint64>::min()), startsBefore);
    return {first, last};
}

qint64 RestingBook::consumed(const QString& skuId, OrderSide offerSide, qint64 slot, int level) const
{
    const Side* found = findSide(skuId, offerSide);
    return found ? found->consumed.value(consumedKey(slot, level), 0) : 0;
}

void RestingBook::addConsumed(const QString& skuId, OrderSide offerSide, qint64 slot, int level, qint64 nodes)
{
    m_sides[SideKey{skuId, offerSide}].consumed[consumedKey(slot, level)] += nodes;
}

BookSideView::BookSideView(const SyntheticMarket& synthetic, const RestingBook& book, const MarketSku& sku,
                           qint64 from, qint64 to, qint64 now, OrderSide offerSide, bool withOrders,
                           const QString& excludePool)
    : m_synthetic(synthetic)
    , m_book(book)
    , m_sku(sku)
    , m_now(now)
    , m_offerSide(offerSide)
{
    if (!withOrders)
        return;
    const int excluded = excludePool.isEmpty() ? -1 : book.poolKey(excludePool);
    const RestingBook::Overlapping candidates = book.overlapping(sku.id, offerSide, from, to);
    for (auto entry = candidates.first; entry != candidates.second; ++entry) {
        // Pending orders have not had their first match yet: they are not on the book.
        if (entry->endAt > from && !entry->pending && (excluded < 0 || entry->pool != excluded))
            m_orders.push_back(*entry);
    }
    // In placement order: at one price, the earlier order trades first.
    std::sort(m_orders.begin(), m_orders.end(),
              [](const RestingBook::Entry& a, const RestingBook::Entry& b) { return a.seq < b.seq; });
    m_bestFirst.resize(m_orders.size());
    for (int i = 0; i < int(m_orders.size()); ++i)
        m_bestFirst[size_t(i)] = i;
    // By price, then placement (the index): what a stable sort by price gives, without its buffer.
    const bool asks = offerSide == OrderSide::Sell;
    std::sort(m_bestFirst.begin(), m_bestFirst.end(), [this, asks](int a, int b) {
        const qint64 x = m_orders[size_t(a)].rate;
        const qint64 y = m_orders[size_t(b)].rate;
        return x != y ? (asks ? x < y : x > y) : a < b;
    });
}
QList<SyntheticOffer> BookSideView::synthetic(qint64 slot) const
{
    QList<SyntheticOffer> offers = m_offerSide == OrderSide::Sell ? m_synthetic.asks(m_sku, slot, m_now)
                                                                  : m_synthetic.bids(m_sku, slot, m_now);
    for (SyntheticOffer& offer : offers)
        offer.nodes -= m_book.consumed(m_sku.id, m_offerSide, slot, offer.level);
    return offers;
}

qint64 BookSideView::orderCapacity(int index, qint64 pieceFrom, qint64 pieceTo) const
{
    const RestingBook::Entry& resting = m_orders[size_t(index)];
    if (resting.startAt > pieceFrom || resting.endAt < pieceTo)
        return 0;
    // The book keeps an order's fills as its filled schedule.
    return resting.partlyFilled ? resting.nodes - resting.order->filledUnloaded.maxOver(pieceFrom, pieceTo)
                                : resting.nodes;
}

QList<BookSideView::Candidate> BookSideView::candidates(qint64 slot, qint64 pieceFrom, qint64 pieceTo) const
{
    QList<Candidate> result;
    visitCandidates(slot, pieceFrom, pieceTo, [&result](const Candidate& candidate) {
        result.append(candidate);
        return true;
    });
    return result;
}

} // namespace sfsim
