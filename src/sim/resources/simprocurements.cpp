// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/simprocurements.h"

#include "common/constvalue.h"
#include "common/money.h"
#include "common/schedule.h"
#include "sim/market/marketjson.h"
#include "sim/resources/resourcerows.h"
#include "sim/store/simstore.h"

#include <QDateTime>
#include <QHash>
#include <QTimeZone>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;
namespace Money = sfdesk::Money;
using sfdesk::Schedule;
using sfdesk::ScheduleEntry;

namespace procurement {

namespace {

constexpr qint64 Hour = Schedule::Hour;
// A buy that took nothing is tried again this much later (at once when the procurement changes).
constexpr qint64 BuyRetry = 4 * Hour;
const QString RunAtKey = u"procurements_run_at"_s;

const QString select =
    u"SELECT pr.seq, pr.id, pr.workspace_id, pr.pool_id, pr.instance_sku_id, pr.name, pr.target, "
    "pr.min_sell_rate, pr.max_buy_rate, pr.window_minutes, pr.enabled, pr.status_state, pr.status_message, "
    "pr.created_at, pr.updated_at, pr.deleted_at, pr.buy_retry_at, w.name AS workspace, w.account_id, p.name "
    "AS pool_name, "
    "s.alias AS sku_alias FROM procurements pr JOIN workspaces w ON w.id = pr.workspace_id "
    "JOIN pools p ON p.id = pr.pool_id JOIN instance_skus s ON s.id = pr.instance_sku_id"_s;

QString isoTime(qint64 t)
{
    return QDateTime::fromSecsSinceEpoch(t, QTimeZone::UTC).toString(Qt::ISODate);
}

QString nodes(qint64 count)
{
    return count == 1 ? u"1 node"_s : u"%1 nodes"_s.arg(count);
}

// What the run knows across its procurements: the active orders of every pool and SKU (read once),
// and what each account may still spend on buys.
struct Run
{
    SimResources& resources;
    qint64 at;
    QHash<std::pair<QString, QString>, QList<MarketOrder>> active;
    QHash<QString, qint64> available;

    Run(SimResources& r, qint64 t)
        : resources(r)
        , at(t)
    {
        for (const MarketOrder& order :
             constValue(r.marketSide().market().activeOrders([](const MarketOrder&) { return true; })))
            active[{order.poolId, order.skuId}].append(order);
    }

    qint64 availableFunds(const QString& account)
    {
        const auto found = available.constFind(account);
        if (found != available.cend())
            return *found;
        const qint64 balance = resources.store()
                                   .scalar(u"SELECT balance_micros FROM accounts WHERE id = ?"_s, {account})
                                   .toLongLong();
        return *available.insert(account, balance - resources.marketSide().committedFunds(account));
    }
};

struct Status
{
    QString state;
    QString message;
};

// Places one order of the procurement now, as the market places a user's; its fills are booked.
MarketOrder place(Run& run, const QSqlRecord& p, OrderSide side, const ScheduleEntry& entry, qint64 rate)
{
    NewOrder order;
    order.poolId = p.value(u"pool_id"_s).toString();
    order.poolName = p.value(u"pool_name"_s).toString();
    order.side = side;
    order.skuId = p.value(u"instance_sku_id"_s).toString();
    order.startAt = entry.startAt;
    order.endAt = entry.endAt.value_or(entry.startAt);
    order.nodeCount = entry.nodeCount;
    order.limitRate = rate;
    // A buy takes what the book offers now at or under the cap, and the rest is tried again at
    // the next hour; a sell rests on the book at the floor until buyers lift it. Both fill partly.
    // (Resting buys would be matched again at every step of the clock, a window's hours each.)
    order.allowStanding = side == OrderSide::Sell;
    order.allowPartial = true;
    order.placedBy = p.value(u"id"_s).toString();
    const auto placed = run.resources.marketSide().market().placeOrder(
        order, run.at, run.resources.marketSide().ownedAllocationFunction());
    if (!placed)
        throw SimApiError(500, u"api_error"_s, u"The market could not place a procurement's order."_s);
    run.resources.marketSide().settle(placed->settlements);
    if (placed->order.isActive())
        run.active[{order.poolId, order.skuId}].append(placed->order);
    return placed->order;
}

// Why the pool is short at `when`: what the market asks for that hour against the cap.
QString shortReason(Run& run, const QString& sku, qint64 when, qint64 cap)
{
    if (cap <= 0)
        return u"the price cap is zero, so it buys nothing"_s;
    const qint64 end = std::max(Schedule::floorHour(when) + Hour, when + Schedule::Alignment);
    const BookQuote quote = run.resources.marketSide().market().quote({sku}, when, end, run.at);
    if (!quote.bestAsk)
        return u"nothing is offered then; it tries again at the next hour"_s;
    if (quote.bestAsk->rate > cap)
        return u"the best ask, $%1 per node-hour, is above the price cap of $%2"_s.arg(
            Money::format(quote.bestAsk->rate), Money::format(cap));
    return u"the book has too few nodes at up to $%1 per node-hour then; it tries again at the next hour"_s
        .arg(Money::format(cap));
}

void writeStatus(SimResources& resources, const QString& id, const Status& status)
{
    resources.store().exec(u"UPDATE procurements SET status_state = ?, status_message = ? WHERE id = ?"_s,
                           {status.state, status.message, id});
}

// `eager`: it was just created or changed, and buys at once whatever its last buy took.
void actOn(Run& run, const QSqlRecord& p, bool eager)
{
    SimResources& r = run.resources;
    const QString id = p.value(u"id"_s).toString();
    const QString pool = p.value(u"pool_id"_s).toString();
    const QString sku = p.value(u"instance_sku_id"_s).toString();
    const QString account = p.value(u"account_id"_s).toString();
    const qint64 target = p.value(u"target"_s).toLongLong();
    const qint64 cap = p.value(u"max_buy_rate"_s).toLongLong();
    const qint64 floor = p.value(u"min_sell_rate"_s).toLongLong();
    const qint64 window = p.value(u"window_minutes"_s).toLongLong() * 60;

    // The window begins with the next minute; orders reach the end of the hour in which it ends
    // at the next hour boundary, the market's horizon at most.
    const qint64 from = Schedule::floorTo(run.at, Schedule::Alignment) + Schedule::Alignment;
    const qint64 until = std::min(Schedule::ceilTo(Schedule::floorHour(run.at) + Hour + window, Hour),
                                  Schedule::floorHour(run.at + MarketEngine::MaxOrderAheadSeconds));
    const Schedule owned = r.marketSide().ownedAllocation(pool, sku);
    Schedule ownBuys;
    Schedule sells;
    for (const MarketOrder& order : constValue(run.active.value({pool, sku}))) {
        if (order.side == OrderSide::Sell)
            sells = sells.plus(order.remaining());
        else if (order.placedBy == id)
            ownBuys = ownBuys.plus(order.remaining());
    }
    const Schedule covered = owned.plus(ownBuys).minus(sells);
    const Schedule wanted = Schedule::rectangle(from, until, target);
    const Schedule shortfall = wanted.minus(covered).clipped(from, until).clampedToZero();
    // What is over the target and the pool may still sell (not already on offer).
    const Schedule excess =
        covered.minus(wanted).clipped(from, until).clampedToZero().min(owned.minus(sells).clampedToZero());

    std::optional<QString> fundsProblem;
    const QVariant retryAt = p.value(u"buy_retry_at"_s);
    const bool buying =
        cap > 0 && !shortfall.isEmpty() && (eager || retryAt.isNull() || run.at >= retryAt.toLongLong());
    if (buying) {
        bool tookAny = false;
        for (const ScheduleEntry& entry : constValue(shortfall.entries())) {
            const qint64 required =
                Money::total(cap, entry.nodeCount, entry.endAt.value_or(0) - entry.startAt);
            const qint64 available = run.availableFunds(account);
            if (required > available) {
                fundsProblem = u"the balance cannot cover its buy order (up to $%1; $%2 available)"_s.arg(
                    Money::format(required), Money::format(std::max<qint64>(0, available)));
                break;
            }
            const MarketOrder order = place(run, p, OrderSide::Buy, entry, cap);
            tookAny = tookAny || !order.fills.isEmpty();
            // What filled is paid; the rest of an immediate-or-cancel buy commits nothing.
            qint64 paid = 0;
            for (const MarketOrderFill& fill : order.fills)
                paid += fill.amount;
            run.available[account] = available - paid;
        }
        // While the market asks more than the cap, it does not ask every hour.
        r.store().exec(
            u"UPDATE procurements SET buy_retry_at = ? WHERE id = ?"_s,
            {tookAny || fundsProblem ? QVariant(QMetaType(QMetaType::LongLong)) : QVariant(run.at + BuyRetry),
             id});
    }
    for (const ScheduleEntry& entry : constValue(excess.entries()))
        place(run, p, OrderSide::Sell, entry, floor);

    // The status, over the window as the API defines it.
    const qint64 end = from + window;
    const Schedule now = r.marketSide().ownedAllocation(pool, sku).clipped(from, end);
    const Schedule below = Schedule::rectangle(from, end, target).minus(now).clampedToZero();
    const Schedule above = now.minus(Schedule::rectangle(from, end, target)).clampedToZero();
    Status status;
    if (const auto when = below.firstStart()) {
        status.state = fundsProblem ? u"error"_s : u"warning"_s;
        status.message = u"Short of target: owns %1 of %2 at %3; %4."_s.arg(
            QString::number(std::max<qint64>(0, now.at(*when))), nodes(target), isoTime(*when),
            fundsProblem ? *fundsProblem : shortReason(run, sku, *when, cap));
    } else if (const auto over = above.firstStart()) {
        status.state = u"info"_s;
        status.message =
            u"Over target: owns %1 at %2, %3 more than the target; selling them at $%4 per "
            "node-hour or more."_s.arg(nodes(now.at(*over)), isoTime(*over),
                                       QString::number(now.at(*over) - target), Money::format(floor));
    } else {
        status.state = u"info"_s;
        status.message = u"On target: %1 from %2 to %3."_s.arg(nodes(target), isoTime(from), isoTime(end));
    }
    writeStatus(r, id, status);
}

} // namespace

const QString& selectSql()
{
    return select;
}

QSqlRecord find(SimResources& resources, const QString& ref, const QString& field)
{
    std::optional<QSqlRecord> row;
    static const QString live = u" AND pr.deleted_at IS NULL"_s;
    if (ref.startsWith(u"proc_"_s)) {
        row = resources.store().row(select + u" WHERE pr.id = ?"_s + live, {ref});
    } else if (const auto path = resources.access().splitPath(u"procurement"_s, ref, false)) {
        const auto& [account, workspace, name] = *path;
        row = resources.store().row(select
                                        + u" WHERE w.account_id = ? AND w.name = ? AND pr.name = ? AND "
                                          "w.deleted_at IS NULL"_s
                                        + live,
                                    {account, workspace, name});
    }
    if (!resourcerows::readable(resources.caller(), row)) {
        throw resourcerows::notFound(u"Procurement %1 not found."_s.arg(ref), field);
    }
    return *row;
}

QJsonObject json(const QSqlRecord& row)
{
    const QString poolId = row.value(u"pool_id"_s).toString();
    const QString poolName = row.value(u"pool_name"_s).toString();
    return resourcerows::json(
        u"procurement"_s, row,
        {{u"target"_s, row.value(u"target"_s).toLongLong()},
         {u"pool"_s, QJsonObject{{u"id"_s, poolId}, {u"name"_s, poolName}}},
         // The deprecated capacity names the same pool with its canonical cap_ prefix.
         {u"capacity"_s, QJsonObject{{u"id"_s, QString(u"cap_"_s + poolId.mid(5))}, {u"name"_s, poolName}}},
         {u"instance_sku"_s, MarketJson::skuSummary(row.value(u"instance_sku_id"_s).toString(),
                                                    row.value(u"sku_alias"_s).toString())},
         {u"min_sell_price_dollars_per_node_hour"_s,
          Money::format(row.value(u"min_sell_rate"_s).toLongLong())},
         {u"max_buy_price_dollars_per_node_hour"_s, Money::format(row.value(u"max_buy_rate"_s).toLongLong())},
         {u"managed_window_minutes"_s, row.value(u"window_minutes"_s).toLongLong()},
         {u"enabled"_s, row.value(u"enabled"_s).toBool()},
         {u"status"_s, QJsonObject{{u"state"_s, row.value(u"status_state"_s).toString()},
                                   {u"message"_s, row.value(u"status_message"_s).toString()}}},
         {u"created_at"_s, row.value(u"created_at"_s).toLongLong()},
         {u"updated_at"_s, row.value(u"updated_at"_s).toLongLong()}});
}

void act(SimResources& resources, const QString& id, qint64 at)
{
    const auto row = resources.store().row(select + u" WHERE pr.id = ? AND pr.deleted_at IS NULL"_s, {id});
    if (!row)
        return;
    if (!row->value(u"enabled"_s).toBool()) {
        setDisabledStatus(resources, id);
        return;
    }
    Run run(resources, at);
    actOn(run, *row, true);
}

void cancelOrders(SimResources& resources, const QString& id, qint64 at)
{
    MarketEngine& market = resources.marketSide().market();
    for (const MarketOrder& order :
         constValue(market.activeOrders([&id](const MarketOrder& o) { return o.placedBy == id; })))
        market.cancelOrder(order.id, at);
}

void setDisabledStatus(SimResources& resources, const QString& id)
{
    writeStatus(resources, id, {u"info"_s, u"Disabled: it places no orders."_s});
}

std::optional<PoolSkuBuyer> poolSkuBuyer(SimStore& store, const QString& poolId, const QString& skuId,
                                         const QString& exceptProcurement)
{
    if (const auto p = store.row(u"SELECT id, name FROM procurements WHERE pool_id = ? AND "
                                 "instance_sku_id = ? AND deleted_at IS NULL AND id <> ?"_s,
                                 {poolId, skuId, exceptProcurement.isEmpty() ? u"-"_s : exceptProcurement}))
        return PoolSkuBuyer{false, p->value(0).toString(), p->value(1).toString()};
    if (const auto d = store.row(u"SELECT id, name FROM deployments WHERE pool_id = ? AND "
                                 "instance_sku_id = ? AND kind = 'spot' AND deleted_at IS NULL"_s,
                                 {poolId, skuId}))
        return PoolSkuBuyer{true, d->value(0).toString(), d->value(1).toString()};
    return std::nullopt;
}

MarketRoom::Automation automation()
{
    MarketRoom::Automation engine;
    engine.due = [](SimResources& r) {
        return r.store()
            .scalar(u"SELECT 1 FROM procurements WHERE enabled = 1 AND deleted_at IS NULL LIMIT 1"_s)
            .isValid();
    };
    engine.run = [](SimResources& r, qint64 at) {
        // Once per hour of the clock; a procurement created or changed in between acted then.
        const QString last = r.store().meta(RunAtKey);
        if (!last.isEmpty() && Schedule::floorHour(at) <= Schedule::floorHour(last.toLongLong()))
            return;
        r.store().setMeta(RunAtKey, QString::number(at));
        const QList<QSqlRecord> live =
            r.store().rows(select + u" WHERE pr.enabled = 1 AND pr.deleted_at IS NULL ORDER BY pr.seq"_s);
        if (live.isEmpty())
            return;
        Run run(r, at);
        for (const QSqlRecord& p : live)
            actOn(run, p, false);
    };
    return engine;
}

PoolRoom::PoolDeleteGuard deleteGuard()
{
    return [](SimStore& store, const QString& poolId, qint64) {
        const qint64 count =
            store
                .scalar(u"SELECT COUNT(*) FROM procurements WHERE pool_id = ? AND deleted_at IS NULL"_s,
                        {poolId})
                .toLongLong();
        if (count == 0)
            return QList<FieldError>{};
        return QList<FieldError>{{{},
                                  u"active_procurements"_s,
                                  u"%1 procurement(s) manage the pool; delete them first."_s.arg(count)}};
    };
}

} // namespace procurement

} // namespace sfsim
