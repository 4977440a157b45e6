// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/schedule.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace sfsim {

using sfdesk::Schedule;

enum class OrderSide
{
    Buy,
    Sell
};
enum class OrderStatus
{
    Pending,
    Standing,
    PartiallyFilled,
    Filled,
    Cancelled,
    Rejected
};

QString orderSideName(OrderSide side);
std::optional<OrderSide> orderSideFromName(QStringView name);
QString orderStatusName(OrderStatus status);
std::optional<OrderStatus> orderStatusFromName(QStringView name);

// A SKU as the market trades it. baseRate is the typical price in µ$ per node-hour; nodesPerHour
// the typical number of nodes synthetic sellers offer in one hour.
struct MarketSku
{
    QString id;
    QString alias;
    qint64 baseRate = 0;
    qint64 nodesPerHour = 0;
};

// One contract of an order: nodes over time at one price. amount = what the nodes cost at that
// price; fee = what the seller pays out of it (zero on buys).
struct MarketOrderFill
{
    QString contractId;
    qint64 filledAt = 0;
    Schedule schedule;
    qint64 rate = 0;
    qint64 amount = 0;
    qint64 fee = 0;
};

// A new order, validated, before the market has seen it. `pool` is what the caller resolved.
struct NewOrder
{
    QString poolId;
    QString poolName;
    OrderSide side = OrderSide::Buy;
    QString skuId;
    qint64 startAt = 0;
    qint64 endAt = 0;
    qint64 nodeCount = 0;
    qint64 limitRate = 0;
    bool allowStanding = false;
    bool allowPartial = false;
    QJsonObject createdBy; // the OrderPrincipal; empty means null
    // The automation that placed the order (a procurement's id); empty for a user's order.
    QString placedBy;
};

// An order the market holds: the terms it was placed with and what became of it.
struct MarketOrder : NewOrder
{
    QString id;
    QString skuAlias;
    OrderStatus status = OrderStatus::Pending;
    qint64 createdAt = 0;
    std::optional<qint64> filledAt;
    std::optional<qint64> cancelledAt;
    QList<MarketOrderFill> fills;
    // What fills that were not loaded delivered (the book's orders carry their filled schedule
    // rather than every fill); filled() adds `fills` to it.
    Schedule filledUnloaded;

    Schedule requested() const { return Schedule::rectangle(startAt, endAt, nodeCount); }
    Schedule filled() const;
    Schedule remaining() const { return requested().minus(filled()); }
    bool isActive() const;
    // Weighted average price of all fills; nullopt without fills.
    std::optional<qint64> averageFillRate() const;
};

// What one fill means for the caller's books. Buy: the pool's allocation of the SKU grows by the
// fill's `schedule` and the balance drops by its `amount`. Sell: the allocation shrinks by it and the
// balance grows by `amount - fee` (of the fill).
struct MarketSettlement
{
    QString orderId;
    QString poolId;
    QString skuId;
    OrderSide side = OrderSide::Buy;
    MarketOrderFill fill;
};

// The pool's allocation schedule of one SKU, as the caller's store holds it.
using OwnedAllocation = std::function<Schedule(const QString& poolId, const QString& skuId)>;

// Resting nodes of one SKU at one price over a window (the API's PriceLevel). sfdesk links the
// client and the embedded sfsim into one program, where two classes of one name break the one
// definition rule (the linker keeps one of their inline members for both), so the simulator's
// types never take a name of the client's (PriceLevel, OrderPreview, ConsoleLine).
struct BookLevel
{
    QString skuId;
    qint64 rate = 0;
    Schedule schedule;
};

struct BookQuote
{
    std::optional<BookLevel> bestBid;
    std::optional<BookLevel> bestAsk;
};

struct BookDepth
{
    QList<BookLevel> bids; // best (highest) first
    QList<BookLevel> asks; // best (lowest) first
};

struct BookWindow
{
    QString skuId;
    qint64 startAt = 0;
    qint64 endAt = 0;
    qint64 bidOrderCount = 0;
    qint64 askOrderCount = 0;
    std::optional<BookLevel> bestBid;
    std::optional<BookLevel> bestAsk;
};

struct BookWindowPage
{
    QList<BookWindow> windows;
    bool hasMore = false;
    QString cursor; // mwin_…, empty when there is no next page
};

struct BookFill
{
    QString skuId;
    qint64 rate = 0;
    Schedule schedule;
    qint64 filledAt = 0;
};

struct BookFillPage
{
    QList<BookFill> fills;
    bool hasMore = false;
    QString cursor; // mfilc_…
};

struct OrderQuery
{
    QStringList ids;
    std::optional<QStringList> poolIds; // nullopt: every pool
    // Orders an automation placed (MarketOrder::placedBy): empty lists only the users' orders, as
    // GET /orders does without `procurement`.
    QString placedBy;
    std::optional<OrderSide> side;
    QList<OrderStatus> statuses;
    std::optional<qint64> createdAfter;
    std::optional<qint64> createdBefore;
    QString sortBy = QStringLiteral("-created_at"); // created_at, -created_at, start_at, -start_at
    int limit = 50;
    QString startingAfter; // ordrc_… cursor
    QString endingBefore;  // ordrc_… cursor
};

struct OrderPage
{
    QList<MarketOrder> orders;
    bool hasMore = false;
    QString cursor;
};

struct PreviewRequest
{
    OrderSide side = OrderSide::Buy;
    qint64 startAt = 0;
    qint64 durationSeconds = 0;
    qint64 nodeCount = 0;
};

struct MarketFee
{
    qint64 flatRate = 0;
    int percentageBps = 0;
};

// The API's OrderPreview (see BookLevel for the name).
struct MarketPreview
{
    bool quoted = false;
    QString unavailableReason; // no_matching_instance_skus | no_availability
    std::optional<MarketFee> fee;
    // The postable body (quoted only).
    QString skuId;
    qint64 limitRate = 0;
    qint64 startAt = 0;
    qint64 endAt = 0;
    qint64 nodeCount = 0;
    OrderSide side = OrderSide::Buy;
    QString pool;
};

} // namespace sfsim
