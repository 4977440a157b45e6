// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"

#include <optional>

namespace sfdesk {

// How a procurement is doing, from what the pool owns: on target over its window, short of it
// (and, where the market's prices for that hour are known, whether the price cap is under the
// best ask), or over it. The server says the same in its status message; this is worked out from
// the lists the app holds, so the planner can say it for the hour it shows.
namespace ProcurementCheck {

struct Standing
{
    enum class Kind
    {
        OnTarget,
        Short,
        Over,
        Disabled,
    };
    Kind kind = Kind::OnTarget;
    // Short or over: the first such time of the window, and what the pool owns then.
    qint64 at = 0;
    qint64 owned = 0;
    // Short: the best ask of the hour `at` falls in, when the quotes cover it.
    std::optional<qint64> bestAsk;
    bool quoteKnown = false;
    // Short with the best ask above the cap: the cap is why.
    bool capUnderAsk() const { return kind == Kind::Short && bestAsk && quoteKnown && capUnder; }
    bool capUnder = false;
    // The window judged: from the next minute, `window` seconds long.
    qint64 from = 0;
    qint64 until = 0;
};

// `owned` is the pool's allocation of the procurement's SKU; `quotes` the best prices per hour of
// that SKU (empty when not known).
Standing evaluate(const PlannerProcurement& procurement, const Schedule& owned, qint64 now,
                  const QList<HourQuote>& quotes);

} // namespace ProcurementCheck

} // namespace sfdesk
