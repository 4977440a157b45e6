// SPDX-License-Identifier: Apache-2.0

#include "core/market/windowsearch.h"

#include "common/schedule.h"

#include <algorithm>
#include <vector>

namespace sfdesk {

namespace WindowSearch {

namespace {

constexpr qint64 Hour = 3600;

qint64 ceilHour(qint64 t)
{
    return Schedule::floorHour(t + Hour - 1);
}

} // namespace

bool before(const Offer& a, const Offer& b, Rank rank)
{
    if (rank == Rank::Rate) {
        // Compared exactly: a's mean below b's, without dividing.
        const qint64 left = a.nodeMicros * b.hours();
        const qint64 right = b.nodeMicros * a.hours();
        if (left != right)
            return left < right;
    }
    if (a.totalMicros() != b.totalMicros())
        return a.totalMicros() < b.totalMicros();
    if (a.start != b.start)
        return a.start < b.start;
    return a.end < b.end;
}

QList<Offer> search(const QList<HourQuote>& quotes, const Query& query, Rank rank)
{
    const qint64 firstStart = ceilHour(query.starts.earliest);
    const qint64 lastStart = Schedule::floorHour(query.starts.latest);
    const qint64 minHours = std::max<qint64>(1, (query.minSeconds + Hour - 1) / Hour);
    const qint64 maxHours = query.maxSeconds / Hour;
    if (query.nodes <= 0 || query.limit <= 0 || lastStart < firstStart || maxHours < minHours)
        return {};

    // Prefix sums over the hours any window may cover: the asks, and how many hours have none.
    const qint64 span = (lastStart - firstStart) / Hour + maxHours;
    std::vector<std::optional<qint64>> ask(static_cast<size_t>(span));
    for (const HourQuote& quote : quotes) {
        const qint64 index = (quote.hourStart - firstStart) / Hour;
        const bool enough = !quote.askNodes || *quote.askNodes >= query.nodes;
        if (quote.hourStart % Hour == 0 && quote.hourStart >= firstStart && index < span && quote.bestAsk
            && enough)
            ask[size_t(index)] =
                ask[size_t(index)] ? std::min(*ask[size_t(index)], *quote.bestAsk) : *quote.bestAsk;
    }
    std::vector<qint64> sum(size_t(span) + 1, 0);
    std::vector<qint64> missing(size_t(span) + 1, 0);
    for (size_t i = 0; i < size_t(span); ++i) {
        sum[i + 1] = sum[i] + ask[i].value_or(0);
        missing[i + 1] = missing[i] + (ask[i] ? 0 : 1);
    }

    // The best so far, best first: a long start range offers far more windows than are kept.
    QList<Offer> offers;
    const auto order = [rank](const Offer& a, const Offer& b) { return before(a, b, rank); };
    for (qint64 first = 0; first <= (lastStart - firstStart) / Hour; ++first) {
        for (qint64 hours = minHours; hours <= maxHours; ++hours) {
            const size_t from = size_t(first);
            const size_t to = size_t(first + hours);
            if (missing[to] != missing[from])
                break; // a longer window covers the same hole
            const Offer offer{firstStart + first * Hour, firstStart + (first + hours) * Hour, query.nodes,
                              sum[to] - sum[from]};
            if (offers.size() == query.limit && !order(offer, offers.last()))
                continue;
            offers.insert(std::upper_bound(offers.begin(), offers.end(), offer, order), offer);
            if (offers.size() > query.limit)
                offers.removeLast();
        }
    }
    return offers;
}

} // namespace WindowSearch

} // namespace sfdesk
