// SPDX-License-Identifier: Apache-2.0

#include "sim/market/restingbook.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

qint64 consumedKey(qint64 slot, int level)
{
    return slot * 16 + level;
}

} // namespace

QString RestingBook::sideKey(const QString& skuId, OrderSide side)
{
    return skuId + (side == OrderSide::Sell ? u"\ns"_s : u"\nb"_s);
}

void RestingBook::clear()
{
    m_loaded = false;
    m_bySide.clear();
    m_index.clear();
    m_bySeq.clear();
    m_byId.clear();
    m_consumed.clear();
}

void RestingBook::put(qint64 seq, const MarketOrder& order)
{
    if (!order.isActive()) {
        remove(order.id);
        return;
    }
    const QString key = sideKey(order.skuId, order.side);
    auto known = m_byId.find(order.id);
    if (known != m_byId.end() && (known->order->first != seq || known->sideKey != key)) {
        remove(order.id);
        known = m_byId.end();
    }
    MarketOrder* kept = nullptr;
    if (known != m_byId.end()) {
        kept = &known->order->second;
    } else {
        // New orders come last in placement order: the end is the place to look first.
        Orders& side = m_bySide[key];
        const auto at = side.emplace_hint(side.end(), seq, MarketOrder());
        kept = &at->second;
        const auto placed = m_bySeq.emplace_hint(m_bySeq.end(), seq, kept);
        m_byId.insert(order.id, Location{key, at, placed});
    }
    *kept = order;
    if (!kept->fills.isEmpty()) {
        kept->filledUnloaded = order.filled();
        kept->fills.clear();
    }
    std::vector<Entry>& entries = m_index[key];
    const Entry entry{seq, kept->startAt, kept->endAt, kept};
    if (entries.empty() || entries.back().seq < seq) {
        entries.push_back(entry);
        return;
    }
    const auto at = std::lower_bound(entries.begin(), entries.end(), seq,
                                     [](const Entry& existing, qint64 s) { return existing.seq < s; });
    if (at != entries.end() && at->seq == seq)
        *at = entry;
    else
        entries.insert(at, entry);
}

void RestingBook::update(const MarketOrder& order)
{
    const auto found = m_byId.constFind(order.id);
    if (found != m_byId.constEnd())
        put(found->order->first, order);
}

void RestingBook::remove(const QString& id)
{
    const auto found = m_byId.find(id);
    if (found == m_byId.end())
        return;
    const Location where = *found;
    m_byId.erase(found);
    const qint64 seq = where.order->first;
    m_bySeq.erase(where.placed);
    const auto entries = m_index.find(where.sideKey);
    if (entries != m_index.end()) {
        const auto at = std::lower_bound(entries->begin(), entries->end(), seq,
                                         [](const Entry& entry, qint64 s) { return entry.seq < s; });
        if (at != entries->end() && at->seq == seq)
            entries->erase(at);
    }
    const auto side = m_bySide.find(where.sideKey);
    if (side != m_bySide.end())
        side->erase(where.order);
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
    const auto found = m_bySide.constFind(sideKey(skuId, side));
    return found == m_bySide.constEnd() ? none : *found;
}

const std::vector<RestingBook::Entry>& RestingBook::index(const QString& skuId, OrderSide side) const
{
    static const std::vector<Entry> none;
    const auto found = m_index.constFind(sideKey(skuId, side));
    return found == m_index.constEnd() ? none : *found;
}

qint64 RestingBook::consumed(const QString& skuId, OrderSide offerSide, qint64 slot, int level) const
{
    const auto found = m_consumed.constFind(sideKey(skuId, offerSide));
    return found == m_consumed.constEnd() ? 0 : found->value(consumedKey(slot, level), 0);
}

void RestingBook::addConsumed(const QString& skuId, OrderSide offerSide, qint64 slot, int level, qint64 nodes)
{
    m_consumed[sideKey(skuId, offerSide)][consumedKey(slot, level)] += nodes;
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
    for (const RestingBook::Entry& entry : book.index(sku.id, offerSide)) {
        if (entry.startAt >= to || entry.endAt <= from)
            continue;
        const MarketOrder& order = *entry.order;
        // Pending orders have not had their first match yet: they are not on the book.
        if (order.status == OrderStatus::Pending || (!excludePool.isEmpty() && order.poolId == excludePool))
            continue;
        m_orders.push_back(&order);
    }
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
    const MarketOrder& resting = *m_orders[size_t(index)];
    if (resting.startAt > pieceFrom || resting.endAt < pieceTo)
        return 0;
    // The book keeps an order's fills as its filled schedule.
    return resting.nodeCount - resting.filledUnloaded.maxOver(pieceFrom, pieceTo);
}

QList<BookSideView::Candidate> BookSideView::candidates(qint64 slot, qint64 pieceFrom, qint64 pieceTo) const
{
    QList<Candidate> result;
    for (const SyntheticOffer& offer : synthetic(slot)) {
        if (offer.nodes > 0)
            result.append(Candidate{offer.rate, offer.nodes, offer.level, -1});
    }
    for (int i = 0; i < int(m_orders.size()); ++i) {
        const qint64 capacity = orderCapacity(i, pieceFrom, pieceTo);
        if (capacity > 0)
            result.append(Candidate{m_orders[size_t(i)]->limitRate, capacity, -1, i});
    }
    const bool asks = m_offerSide == OrderSide::Sell;
    std::stable_sort(result.begin(), result.end(), [asks](const Candidate& a, const Candidate& b) {
        return asks ? a.rate < b.rate : a.rate > b.rate;
    });
    return result;
}

} // namespace sfsim
