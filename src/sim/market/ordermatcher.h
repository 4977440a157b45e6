// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/market/markettypes.h"
#include "sim/market/restingbook.h"

#include <functional>
#include <vector>

namespace sfsim {

using sfdesk::Schedule;

// What one order takes from the book at one moment. Pure: it reads the book it is given and
// writes nothing; the engine applies the result to its store and its resting book.
class OrderMatcher final
{
public:
    struct Piece
    {
        qint64 slot;
        qint64 from;
        qint64 to;
        qint64 needed;
    };
    struct Take
    {
        int piece;
        qint64 rate;
        qint64 nodes;
        int level;      // synthetic offer level, or -1
        int orderIndex; // counterparty in the book view, or -1
    };
    struct Plan
    {
        std::vector<Piece> pieces;
        // Empty when nothing fills (an all-or-nothing order that cannot fill wholly included).
        std::vector<Take> takes;
    };
    // What a pool can still deliver of a SKU (what it owns less what it sold in this pass);
    // empty when ownership does not limit sells.
    using Sellable = std::function<Schedule(const QString& poolId, const QString& skuId)>;

    // A buy takes the cheapest asks (all or nothing unless allowPartial); a sell is lifted by bids
    // at or above its limit. `book` is the other side of the order's SKU over its window.
    static Plan match(const MarketOrder& order, qint64 now, const BookSideView& book,
                      const Sellable& sellable);
};

} // namespace sfsim
