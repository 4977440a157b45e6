// SPDX-License-Identifier: Apache-2.0

#include "sim/market/ordermatcher.h"

#include <QHash>

#include <algorithm>

namespace sfsim {

using sfdesk::Schedule;

namespace {

__extension__ using Int128 = __int128;

} // namespace

OrderMatcher::Plan OrderMatcher::match(const MarketOrder& order, qint64 now, const BookSideView& book,
                                       const Sellable& sellable)
{
    Plan plan;
    const bool buy = order.side == OrderSide::Buy;
    const bool allOrNothing = !order.allowPartial;
    const Schedule filled = order.filled();
    constexpr qint64 Hour = SyntheticMarket::Hour;
    for (qint64 slot = Schedule::floorTo(order.startAt, Hour); slot < order.endAt; slot += Hour) {
        const qint64 from = std::max(slot, order.startAt);
        const qint64 to = std::min(slot + Hour, order.endAt);
        plan.pieces.push_back(Piece{slot, from, to, order.nodeCount - filled.at(from)});
    }

    // Ownership does not change within one match: each pool's is asked once. One match trades one
    // SKU, so the pool is the key.
    QHash<QString, Schedule> free;
    const auto freeOf = [&free, &sellable](const QString& poolId, const QString& skuId) -> const Schedule& {
        auto found = free.find(poolId);
        if (found == free.end())
            found = free.insert(poolId, sellable(poolId, skuId));
        return *found;
    };

    const auto reject = [&plan] {
        plan.takes.clear();
        return plan;
    };
    Int128 paid = 0;
    Int128 atLimit = 0;
    for (int p = 0; p < int(plan.pieces.size()); ++p) {
        const Piece& piece = plan.pieces[size_t(p)];
        if (piece.needed <= 0)
            continue;
        qint64 need = piece.needed;
        if (piece.to <= now) {
            if (allOrNothing)
                return reject();
            continue;
        }
        if (!buy && sellable)
            need = std::min(
                need, std::max<qint64>(0, freeOf(order.poolId, order.skuId).minOver(piece.from, piece.to)));
        const qint64 seconds = piece.to - piece.from;
        book.visitCandidates(piece.slot, piece.from, piece.to, [&](const BookSideView::Candidate& candidate) {
            if (need == 0)
                return false;
            if (!allOrNothing && (buy ? candidate.rate > order.limitRate : candidate.rate < order.limitRate))
                return false;
            qint64 nodes = std::min(need, candidate.nodes);
            if (candidate.orderIndex >= 0 && sellable) {
                // A resting sell can deliver only what its pool still owns.
                const MarketOrder& sell = book.order(candidate.orderIndex);
                nodes = std::min(
                    nodes,
                    std::max<qint64>(0, freeOf(sell.poolId, sell.skuId).minOver(piece.from, piece.to)));
                if (nodes == 0)
                    return true;
            }
            plan.takes.push_back(Take{p, candidate.rate, nodes, candidate.level, candidate.orderIndex});
            paid += Int128(candidate.rate) * nodes * seconds;
            atLimit += Int128(order.limitRate) * nodes * seconds;
            need -= nodes;
            return need > 0;
        });
        if (allOrNothing && need > 0)
            return reject();
    }
    // All or nothing compares the whole window: the average price of what it takes against the limit.
    if (allOrNothing && !plan.takes.empty() && (buy ? paid > atLimit : paid < atLimit))
        return reject();
    return plan;
}

} // namespace sfsim
