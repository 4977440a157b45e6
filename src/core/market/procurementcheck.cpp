// SPDX-License-Identifier: Apache-2.0

#include "core/market/procurementcheck.h"

#include "common/constvalue.h"

namespace sfdesk {

namespace ProcurementCheck {

Standing evaluate(const PlannerProcurement& procurement, const Schedule& owned, qint64 now,
                  const QList<HourQuote>& quotes)
{
    Standing result;
    // The window as the API defines it: this many whole minutes from the next one.
    result.from = Schedule::floorTo(now, Schedule::Alignment) + Schedule::Alignment;
    result.until = result.from + procurement.window;
    if (!procurement.enabled) {
        result.kind = Standing::Kind::Disabled;
        return result;
    }
    const Schedule held = owned.clipped(result.from, result.until);
    const Schedule wanted = Schedule::rectangle(result.from, result.until, procurement.target);
    const Schedule below = wanted.minus(held).clampedToZero();
    const Schedule above = held.minus(wanted).clampedToZero();
    if (const auto at = below.firstStart()) {
        result.kind = Standing::Kind::Short;
        result.at = *at;
        result.owned = held.at(*at);
        const qint64 hour = Schedule::floorHour(*at);
        for (const HourQuote& quote : quotes) {
            if (quote.hourStart != hour)
                continue;
            result.quoteKnown = true;
            result.bestAsk = quote.bestAsk;
            result.capUnder = quote.bestAsk && *quote.bestAsk > procurement.maxBuyMicros;
        }
        return result;
    }
    if (const auto at = above.firstStart()) {
        result.kind = Standing::Kind::Over;
        result.at = *at;
        result.owned = held.at(*at);
        return result;
    }
    result.kind = Standing::Kind::OnTarget;
    return result;
}

} // namespace ProcurementCheck

} // namespace sfdesk
