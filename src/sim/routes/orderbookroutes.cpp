// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/orderbookroutes.h"

#include "sim/market/marketjson.h"
#include "sim/resources/simresources.h"
#include "sim/routes/routeutil.h"

using namespace Qt::StringLiterals;

namespace sfsim {

using routeutil::cursorParameter;
using routeutil::Day;
using routeutil::MaxTime;

void SimOrderbookRoutes::add(SimRouter& router)
{
    router.add("GET", "orderbook/quote", &SimOrderbookRoutes::quote);
    router.add("GET", "orderbook/depth", &SimOrderbookRoutes::depth);
    router.add("GET", "orderbook/windows", &SimOrderbookRoutes::windows);
    router.add("GET", "orderbook/fills", &SimOrderbookRoutes::fills);
}

ApiResponse SimOrderbookRoutes::quote(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    const MarketRoom::BookWindow book =
        c.resources.marketSide().readBookWindow(query, u"start_at"_s, u"end_at"_s, true);
    query.finish();
    return ApiResponse::ok(
        MarketJson::quote(c.resources.marketSide().market().quote(book.skus, book.start, book.end, c.now),
                          book.requirements, book.start, book.end, c.now));
}

ApiResponse SimOrderbookRoutes::depth(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    const MarketRoom::BookWindow book =
        c.resources.marketSide().readBookWindow(query, u"start_at"_s, u"end_at"_s, true);
    const int levels = static_cast<int>(query.integer(u"depth"_s, 1, 100).value_or(20));
    query.finish();
    return ApiResponse::ok(MarketJson::depth(
        c.resources.marketSide().market().depth(book.skus, book.start, book.end, c.now, levels),
        book.requirements, book.start, book.end, c.now));
}

ApiResponse SimOrderbookRoutes::windows(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    const MarketRoom::BookWindow book =
        c.resources.marketSide().readBookWindow(query, u"range_start_at"_s, u"range_end_at"_s);
    const int limit = query.limit(50, 200);
    const QString after = cursorParameter(query, u"starting_after"_s, u"mwin_"_s);
    query.finish();
    const QByteArray json = MarketJson::windowListJson(
        c.resources.marketSide().market().windows(book.skus, book.start, book.end, c.now, limit, after),
        book.requirements, book.start, book.end);
    return ApiResponse::okJson(json);
}

ApiResponse SimOrderbookRoutes::fills(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    const MarketRoom::BookWindow book =
        c.resources.marketSide().readBookWindow(query, u"start_at"_s, u"end_at"_s);
    const auto since = query.integer(u"since_at"_s, 0, MaxTime);
    if (since && *since < c.now - 30 * Day)
        query.addError(u"since_at"_s, u"out_of_range"_s, u"since_at must be no more than 30 days ago."_s);
    const int limit = query.limit(50, 200);
    const QString after = cursorParameter(query, u"starting_after"_s, u"mfilc_"_s);
    query.finish();
    return ApiResponse::ok(MarketJson::fillList(
        c.resources.marketSide().market().fills(book.skus, book.start, book.end,
                                                since.value_or(c.now - 7 * Day), c.now, limit, after),
        book.requirements, book.start, book.end, c.now));
}

} // namespace sfsim
