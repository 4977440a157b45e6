// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"

#include <QList>

namespace sfdesk {

// The search for the cheapest window to buy ("3 to 5 days, starting within the next 2 weeks"),
// from the orderbook's best ask per hour. Windows start and end on the hour, as the quotes do. An
// hour without an ask leaves every window over it out, since nobody offers it; so does an hour
// whose best ask rests on fewer nodes than asked for, since its price is not what they would cost.
namespace WindowSearch {

// When a window may start: every hour from `earliest` (rounded up) to `latest`. A search asks it
// once; a price watch keeps asking it until it is met.
struct StartRange
{
    qint64 earliest = 0;
    qint64 latest = 0;
    bool operator==(const StartRange&) const = default;
};

struct Query
{
    qint64 nodes = 1;
    // The window's length: whole hours from minSeconds (rounded up) to maxSeconds (rounded down).
    qint64 minSeconds = 0;
    qint64 maxSeconds = 0;
    StartRange starts;
    // How many windows to return, best first.
    int limit = 10;
};

struct Offer
{
    qint64 start = 0;
    qint64 end = 0;
    qint64 nodes = 0;
    // The sum of the hours' best asks: what one node costs over the window, in µ$.
    qint64 nodeMicros = 0;
    qint64 hours() const { return (end - start) / 3600; }
    qint64 totalMicros() const { return nodeMicros * nodes; }
    // µ$ per node-hour, the hours' mean ask rounded up (what a limit must be to take them all).
    qint64 rateMicros() const { return hours() > 0 ? (nodeMicros + hours() - 1) / hours() : 0; }
    bool operator==(const Offer&) const = default;
};

enum class Rank
{
    TotalCost, // least total first
    Rate,      // least mean price per node-hour first
};

// Whether `a` ranks before `b`: by the rank's measure, then by the lower total, the earlier start
// and the shorter window.
bool before(const Offer& a, const Offer& b, Rank rank);

// The best `query.limit` windows over `quotes` (for one SKU), best first.
QList<Offer> search(const QList<HourQuote>& quotes, const Query& query, Rank rank);

} // namespace WindowSearch

} // namespace sfdesk
