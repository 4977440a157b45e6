// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/market/markettypes.h"
#include "sim/market/syntheticmarket.h"

#include <QHash>
#include <QStringList>

#include <map>
#include <unordered_map>
#include <vector>

namespace sfsim {

using sfdesk::Schedule;

// The resting side of the market in memory: every active order (pending, standing, partially
// filled) in placement order, with its filled schedule, and the synthetic offers already taken.
// The engine loads it from its store once and keeps it current with every write, so a match
// costs the orders it meets rather than a query over the book. Whoever rolls back a transaction
// the engine wrote in must clear() it (the engine reloads on next use).
class RestingBook final
{
public:
    // Placement sequence to order.
    using Orders = std::map<qint64, MarketOrder>;

    bool isLoaded() const { return m_loaded; }
    void markLoaded() { m_loaded = true; }
    void clear();

    // Inserts or replaces the order placed as `seq`; an order that is no longer active leaves the
    // book. Its fills are kept as its filled schedule.
    void put(qint64 seq, const MarketOrder& order);
    void remove(const QString& id);
    // Adds a fill to a resting order where it is kept: a counterparty's fill costs no copy of it.
    // The order stays in the book, partly filled, until the caller takes it out.
    const MarketOrder* addFilled(const QString& id, const Schedule& schedule);
    const MarketOrder* find(const QString& id) const;
    // The placement sequence (the store's rowid) of an order in the book.
    std::optional<qint64> seqOf(const QString& id) const;
    bool isEmpty() const { return m_bySeq.empty(); }
    // Active orders, in placement order.
    QStringList ids() const;
    const std::map<qint64, const MarketOrder*>& inPlacementOrder() const { return m_bySeq; }
    // Active orders that end at or before `t`.
    QStringList endingBy(qint64 t) const;
    const Orders& orders(const QString& skuId, OrderSide side) const;
    // The same orders as a compact index by start, for a match to look up.
    struct Entry
    {
        qint64 seq;
        qint64 startAt;
        qint64 endAt;
        const MarketOrder* order;
        // What a match reads, here so that it does not read the order until it trades.
        qint64 rate;
        qint64 nodes;
        int pool;
        bool pending;
        bool partlyFilled;
    };
    // The entries of one side that may overlap [from, to), by start: a superset of those that do.
    using Overlapping = std::pair<std::vector<Entry>::const_iterator, std::vector<Entry>::const_iterator>;
    Overlapping overlapping(const QString& skuId, OrderSide side, qint64 from, qint64 to) const;
    // A number per pool with orders in the book, for Entry::pool; -1 for any other pool.
    int poolKey(const QString& poolId) const { return m_poolKeys.value(poolId, -1); }
    // What the pool's active buys may still cost (limit × remaining node-seconds, each order's
    // total rounded as Money rounds it), kept with every change of the book: a new buy's funds
    // check costs the account's pools, not its orders.
    qint64 committedBuys(const QString& poolId) const { return m_committedBuys.value(poolId, 0); }

    // Synthetic offers taken, per SKU, side of the offer, hour slot and level.
    qint64 consumed(const QString& skuId, OrderSide offerSide, qint64 slot, int level) const;
    void addConsumed(const QString& skuId, OrderSide offerSide, qint64 slot, int level, qint64 nodes);

private:
    // One side of one SKU's book: its orders, and the synthetic offers taken from it.
    struct Side
    {
        Orders orders;
        std::vector<Entry> index;
        // The longest window the side has held: how far before a range an overlapping order may start.
        qint64 longest = 0;
        // Nodes taken by hour slot and level.
        QHash<qint64, qint64> consumed;
    };
    using SideKey = std::pair<QString, OrderSide>;
    struct SideKeyHash
    {
        size_t operator()(const SideKey& key) const noexcept { return qHash(key.first, size_t(key.second)); }
    };
    const Side* findSide(const QString& skuId, OrderSide side) const;

    // Where an order is kept. Nodes of std::map and std::unordered_map stay put, so an order is
    // found and removed by id without walking the trees, whose nodes are scattered in memory.
    struct Location
    {
        Side* side;
        Orders::iterator order;
        std::map<qint64, const MarketOrder*>::iterator placed;
    };

    bool m_loaded = false;
    std::unordered_map<SideKey, Side, SideKeyHash> m_sides;
    // Every active order in placement order.
    std::map<qint64, const MarketOrder*> m_bySeq;
    QHash<QString, Location> m_byId;
    QHash<QString, int> m_poolKeys;
    QHash<QString, qint64> m_committedBuys;
};

// One side of one SKU's book over a time range, as it stands at `now`: synthetic offers less
// what was taken, and (when asked) users' standing and partly filled orders of other pools.
class BookSideView final
{
public:
    struct Candidate
    {
        qint64 rate;
        qint64 nodes;
        int level;      // synthetic offer level, or -1
        int orderIndex; // index into orders(), or -1
    };

    BookSideView(const SyntheticMarket& synthetic, const RestingBook& book, const MarketSku& sku, qint64 from,
                 qint64 to, qint64 now, OrderSide offerSide, bool withOrders, const QString& excludePool);

    QList<SyntheticOffer> synthetic(qint64 slot) const;
    // Capacity of user order `index` over a piece: it must cover the piece whole.
    qint64 orderCapacity(int index, qint64 pieceFrom, qint64 pieceTo) const;
    // Best first: lowest asks, highest bids; synthetic offers before users' orders at one price.
    QList<Candidate> candidates(qint64 slot, qint64 pieceFrom, qint64 pieceTo) const;
    // The same, one at a time until `visit` returns false: what is not visited costs nothing.
    template <typename Visit>
    void visitCandidates(qint64 slot, qint64 pieceFrom, qint64 pieceTo, Visit&& visit) const;
    const MarketOrder& order(int index) const { return *m_orders[size_t(index)].order; }
    qint64 seq(int index) const { return m_orders[size_t(index)].seq; }

private:
    const SyntheticMarket& m_synthetic;
    const RestingBook& m_book;
    MarketSku m_sku;
    qint64 m_now;
    OrderSide m_offerSide;
    // Users' orders in placement order.
    std::vector<RestingBook::Entry> m_orders;
    // Indexes into m_orders, best price first (placement order at one price): sorted once here
    // rather than for every piece a match looks at.
    std::vector<int> m_bestFirst;
};

template <typename Visit>
void BookSideView::visitCandidates(qint64 slot, qint64 pieceFrom, qint64 pieceTo, Visit&& visit) const
{
    // Both lists come best first (the synthetic market lists its offers so): merged, synthetic
    // offers go before users' orders at one price.
    const QList<SyntheticOffer> offers = synthetic(slot);
    const bool asks = m_offerSide == OrderSide::Sell;
    const auto better = [asks](qint64 a, qint64 b) { return asks ? a < b : a > b; };
    auto offer = offers.cbegin();
    auto order = m_bestFirst.cbegin();
    std::optional<Candidate> nextOrder;
    const auto advanceOrder = [&] {
        nextOrder.reset();
        for (; order != m_bestFirst.cend() && !nextOrder; ++order) {
            if (const qint64 capacity = orderCapacity(*order, pieceFrom, pieceTo); capacity > 0)
                nextOrder = Candidate{m_orders[size_t(*order)].rate, capacity, -1, *order};
        }
    };
    advanceOrder();
    while (true) {
        while (offer != offers.cend() && offer->nodes <= 0)
            ++offer;
        const bool offerFirst =
            offer != offers.cend() && (!nextOrder || !better(nextOrder->rate, offer->rate));
        if (offerFirst) {
            if (!visit(Candidate{offer->rate, offer->nodes, offer->level, -1}))
                return;
            ++offer;
        } else if (nextOrder) {
            if (!visit(*nextOrder))
                return;
            advanceOrder();
        } else {
            return;
        }
    }
}

} // namespace sfsim
