// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/orderroutes.h"

#include "common/constvalue.h"
#include "common/money.h"
#include "sim/market/marketjson.h"
#include "sim/resources/simprocurements.h"
#include "sim/resources/simresources.h"
#include "sim/routes/idempotency.h"
#include "sim/routes/marketbodies.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"
#include "sim/world/simids.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
namespace Money = sfdesk::Money;

using routeutil::Day;
using routeutil::isCursor;
using routeutil::MaxTime;

void SimOrderRoutes::add(SimRouter& router)
{
    router.add("POST", "order_preview", &SimOrderRoutes::orderPreview);
    router.add("POST", "orders", &SimOrderRoutes::createOrder);
    router.add("GET", "orders", &SimOrderRoutes::listOrders);
    router.add("GET", "orders/{}", &SimOrderRoutes::getOrder);
    router.add("DELETE", "orders/{}", &SimOrderRoutes::cancelOrder);
}

// ---------------------------------------------------------------------------------------------
// Order preview.

ApiResponse SimOrderRoutes::orderPreview(const SimRequestContext& c)
{
    BodyReader::parse(c.request.body); // malformed JSON is a 400
    const QJsonObject body = QJsonDocument::fromJson(c.request.body).object();
    FieldErrors errors;
    const std::optional<PreviewRequest> preview = MarketBodies::readPreview(body, &errors);
    QList<FieldError> details = errors;
    QStringList skus;
    if (body.value(u"requirements"_s).isObject())
        skus = c.resources.marketSide().skusMatching(body.value(u"requirements"_s).toObject(),
                                                     u"requirements"_s, &details);
    if (preview && preview->startAt < Schedule::floorTo(c.now, Schedule::Alignment))
        details.append({u"start_at"_s, u"in_past"_s, u"start_at must not be in the past."_s});
    else if (preview
             && preview->startAt - c.now > MarketEngine::MaxOrderAheadSeconds - preview->durationSeconds)
        details.append({u"start_at"_s, u"too_far_ahead"_s,
                        u"The window must end at most %1 days from now."_s.arg(
                            MarketEngine::MaxOrderAheadSeconds / Day)});
    if (!details.isEmpty())
        throw SimApiError::unprocessable(details.first().message, details);
    QString poolId;
    if (body.value(u"pool"_s).isString())
        poolId = c.resources.pools()
                     .findPool(body.value(u"pool"_s).toString(), u"pool"_s)
                     .value(u"id"_s)
                     .toString();
    return ApiResponse::ok(MarketJson::preview(c.resources.marketSide().market().preview(
        *preview, skus, c.now, poolId, c.resources.marketSide().ownedAllocationFunction())));
}

// ---------------------------------------------------------------------------------------------
// Orders.

MarketOrder SimOrderRoutes::visibleOrder(const SimRequestContext& c, const QString& id)
{
    const auto order = c.resources.marketSide().market().order(id);
    const auto pool = order ? c.store.row(u"SELECT p.workspace_id, w.account_id FROM pools p "
                                          "JOIN workspaces w ON w.id = p.workspace_id WHERE p.id = ?"_s,
                                          {order->poolId})
                            : std::nullopt;
    if (!pool || pool->value(1).toString() != c.caller.account
        || c.caller.level(pool->value(0).toString()) < 1)
        throw SimApiError::notFound(u"Order %1 not found."_s.arg(id));
    return *order;
}

ApiResponse SimOrderRoutes::createOrder(const SimRequestContext& c)
{
    BodyReader::parse(c.request.body); // malformed JSON is a 400
    const QJsonObject body = QJsonDocument::fromJson(c.request.body).object();

    // A repeated key answers with the order the first request placed, as it stands now.
    const IdempotencyKey key(c, u"orders"_s, u"order"_s);
    if (const auto placed = key.previous()) {
        if (const auto original = c.resources.marketSide().market().order(*placed))
            return ApiResponse::created(MarketJson::order(*original));
    }

    FieldErrors errors;
    std::optional<NewOrder> order =
        MarketBodies::readOrder(body, c.now, c.resources.marketSide().market(), &errors);
    if (!order)
        throw SimApiError::unprocessable(errors.first().message.isEmpty()
                                             ? u"Invalid order."_s
                                             : errors.first().field + u": "_s + errors.first().message,
                                         errors);
    const QSqlRecord pool = c.resources.pools().findPool(order->poolId, u"pool"_s);
    c.resources.access().requireWrite(pool.value(u"workspace_id"_s).toString());
    order->poolId = pool.value(u"id"_s).toString();
    order->poolName = pool.value(u"name"_s).toString();
    order->createdBy = c.resources.marketSide().orderPrincipal();

    if (order->side == OrderSide::Sell) {
        const FieldErrors shortfall = c.resources.marketSide().market().checkSellAllocation(
            *order, c.resources.marketSide().ownedAllocation(order->poolId, order->skuId));
        if (!shortfall.isEmpty())
            throw SimApiError::unprocessable(u"The pool does not own the nodes it would sell."_s, shortfall);
    } else {
        const QString account = pool.value(u"account_id"_s).toString();
        const qint64 balance =
            c.store.scalar(u"SELECT balance_micros FROM accounts WHERE id = ?"_s, {account}).toLongLong();
        const qint64 available = balance - c.resources.marketSide().committedFunds(account);
        const qint64 required = MarketEngine::requiredFunds(*order);
        if (required > available)
            throw SimApiError(
                402, u"payment_required"_s,
                u"Insufficient balance: the order may cost up to $%1 and $%2 is available."_s.arg(
                    Money::format(required), Money::format(qMax<qint64>(0, available))));
    }

    const auto placed = c.resources.marketSide().market().placeOrder(
        *order, c.now, c.resources.marketSide().ownedAllocationFunction());
    if (!placed)
        throw SimApiError(500, u"api_error"_s, u"The market could not place the order."_s);
    c.resources.marketSide().settle(placed->settlements);
    c.resources.instances().reconcileSettled(placed->settlements);
    key.remember(placed->order.id);
    return ApiResponse::created(
        MarketJson::order(c.resources.marketSide().market().order(placed->order.id).value_or(placed->order)));
}

ApiResponse SimOrderRoutes::listOrders(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    OrderQuery q;
    q.ids = query.list(u"id"_s);
    QStringList poolIds;
    // A procurement's orders are listed only when asked for by it, as the API document says.
    const auto procurementRef = query.string(u"procurement"_s);
    const std::optional<QSqlRecord> byProcurement =
        procurementRef ? std::optional(procurement::find(c.resources, *procurementRef, u"procurement"_s))
                       : std::nullopt;
    if (const auto pool = query.string(u"pool"_s)) {
        poolIds.append(c.resources.pools().findPool(*pool, u"pool"_s).value(u"id"_s).toString());
    } else if (byProcurement) {
        poolIds.append(byProcurement->value(u"pool_id"_s).toString());
    } else if (const auto ws = query.string(u"workspace"_s)) {
        const QString wsId =
            c.resources.access().readableWorkspace(*ws, u"workspace"_s).value(u"id"_s).toString();
        for (const auto& r :
             constValue(c.store.rows(u"SELECT id FROM pools WHERE workspace_id = ?"_s, {wsId})))
            poolIds.append(r.value(0).toString());
    } else {
        if (c.caller.accountLevel < 1)
            throw SimApiError::forbidden(
                u"Listing orders across the account needs an account-wide grant; pass workspace or pool."_s);
        for (const auto& r :
             constValue(c.store.rows(u"SELECT p.id FROM pools p JOIN workspaces w ON w.id = p.workspace_id "
                                     "WHERE w.account_id = ?"_s,
                                     {c.caller.account})))
            poolIds.append(r.value(0).toString());
    }
    q.poolIds = poolIds;
    if (byProcurement)
        q.placedBy = byProcurement->value(u"id"_s).toString();
    if (const auto side = query.string(u"side"_s)) {
        q.side = orderSideFromName(*side);
        if (!q.side)
            query.addError(u"side"_s, u"invalid_value"_s, u"side must be buy or sell."_s);
    }
    for (const QString& status : constValue(query.list(u"status"_s))) {
        if (const auto parsed = orderStatusFromName(status))
            q.statuses.append(*parsed);
        else
            query.addError(u"status"_s, u"invalid_value"_s,
                           u"status %1 is not one of pending, standing, partially_filled, filled, cancelled, "
                           "rejected."_s.arg(status));
    }
    q.createdAfter = query.integer(u"created_after"_s, 0, MaxTime);
    q.createdBefore = query.integer(u"created_before"_s, 0, MaxTime);
    q.sortBy = query.string(u"sort_by"_s).value_or(u"-created_at"_s);
    static const QStringList sorts{u"created_at"_s, u"-created_at"_s, u"start_at"_s, u"-start_at"_s};
    if (!sorts.contains(q.sortBy))
        query.addError(u"sort_by"_s, u"invalid_value"_s,
                       u"sort_by must be created_at, -created_at, start_at or -start_at."_s);
    q.limit = query.limit(50, 200);
    q.startingAfter = query.string(u"starting_after"_s).value_or(QString());
    q.endingBefore = query.string(u"ending_before"_s).value_or(QString());
    if (!q.startingAfter.isEmpty() && !q.endingBefore.isEmpty())
        query.addError(u"ending_before"_s, u"conflicting_cursors"_s,
                       u"Pass starting_after or ending_before, not both."_s);
    for (const auto& [name, value] :
         {std::pair{u"starting_after"_s, q.startingAfter}, std::pair{u"ending_before"_s, q.endingBefore}}) {
        if (!value.isEmpty() && !isCursor(u"ordrc_"_s, value))
            query.addError(name, u"invalid_cursor"_s,
                           u"%1 is not a cursor of this list (expected ordrc_...)."_s.arg(name));
    }
    query.finish();
    return ApiResponse::ok(MarketJson::orderList(c.resources.marketSide().market().orders(q)));
}

ApiResponse SimOrderRoutes::getOrder(const SimRequestContext& c)
{
    return ApiResponse::ok(MarketJson::order(visibleOrder(c, c.params.at(0))));
}

ApiResponse SimOrderRoutes::cancelOrder(const SimRequestContext& c)
{
    const MarketOrder order = visibleOrder(c, c.params.at(0));
    const QString workspace =
        c.store.scalar(u"SELECT workspace_id FROM pools WHERE id = ?"_s, {order.poolId}).toString();
    c.resources.access().requireWrite(workspace);
    switch (c.resources.marketSide().market().cancelOrder(order.id, c.now)) {
    case MarketEngine::CancelResult::Cancelled:
        return ApiResponse::noContent();
    case MarketEngine::CancelResult::NotFound:
        throw SimApiError::notFound(u"Order %1 not found."_s.arg(order.id));
    case MarketEngine::CancelResult::NotCancellable:
        break;
    }
    const QString status = orderStatusName(order.status);
    throw SimApiError::unprocessable(
        u"Order cannot be cancelled."_s,
        {{{},
          u"order_"_s + status,
          u"The order is %1; only pending, standing and partially filled orders can be cancelled."_s.arg(
              status)}});
}

} // namespace sfsim
