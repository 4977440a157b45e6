// SPDX-License-Identifier: Apache-2.0

#include "sim/market/marketengine.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "sim/market/ordermatcher.h"

#include "common/money.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;
namespace Money = sfdesk::Money;
using sfdesk::ScheduleEntry;

namespace {

constexpr qint64 Hour = SyntheticMarket::Hour;

qint64 floorHour(qint64 t)
{
    return Schedule::floorTo(t, Hour);
}

} // namespace

using marketrows::scheduleText;

MarketEngine::MarketEngine(const QSqlDatabase& db, Config config)
    : m_config(config)
    , m_synthetic(config.seed, config.horizonSeconds)
    , m_store(db, config.seed)
{}

bool MarketEngine::createSchema(QString* error)
{
    return m_store.createSchema(error);
}

QString MarketEngine::lastError() const
{
    return m_store.lastError();
}

void MarketEngine::discardCachedState()
{
    m_book.clear();
    m_store.discardCachedState();
    m_advancedAt.reset();
    m_soldInPass.clear();
    m_fillRows.clear();
    m_statusRows.clear();
    m_newOrderFills.clear();
}

bool MarketEngine::ensureBook() const
{
    if (m_book.isLoaded() && !m_store.failed())
        return true;
    m_book.clear();
    m_store.clearFailure();
    if (!m_store.loadBook(m_book))
        return false;
    m_book.markLoaded();
    return true;
}

bool MarketEngine::registerSku(const MarketSku& sku)
{
    return m_store.registerSku(sku);
}

QList<MarketSku> MarketEngine::skus() const
{
    return m_store.skus();
}

std::optional<MarketSku> MarketEngine::sku(const QString& id) const
{
    return m_store.sku(id);
}

FieldErrors MarketEngine::checkSellAllocation(const NewOrder& order, const Schedule& owned) const
{
    if (order.side != OrderSide::Sell)
        return {};
    Schedule committed;
    ensureBook();
    for (const auto& [seq, sell] : m_book.orders(order.skuId, OrderSide::Sell)) {
        if (sell.poolId == order.poolId)
            committed = committed.plus(sell.remaining());
    }
    const Schedule free = owned.minus(committed);
    const Schedule wanted = Schedule::rectangle(order.startAt, order.endAt, order.nodeCount);
    const Schedule shortfall = free.minus(wanted);
    if (shortfall.isNonNegative())
        return {};
    qint64 when = order.startAt;
    for (const ScheduleEntry& entry : constValue(shortfall.entries())) {
        if (entry.nodeCount < 0) {
            when = entry.startAt;
            break;
        }
    }
    return {FieldError{
        u"allocation_schedule_delta"_s, u"insufficient_allocation"_s,
        u"The pool has %1 unsold node(s) of this instance SKU at %2, fewer than the %3 to sell; "
        "a sell needs the nodes in every hour of its window."_s.arg(std::max<qint64>(free.at(when), 0))
            .arg(when)
            .arg(order.nodeCount)}};
}

qint64 MarketEngine::requiredFunds(const NewOrder& order)
{
    if (order.side != OrderSide::Buy)
        return 0;
    return Money::total(order.limitRate, order.nodeCount, order.endAt - order.startAt);
}

MarketOrder MarketEngine::newOrder(const NewOrder& order, qint64 now)
{
    MarketOrder stored;
    static_cast<NewOrder&>(stored) = order; // the terms, as placed
    stored.id = m_store.nextId(u"ordr_"_s);
    if (stored.poolName.isEmpty())
        stored.poolName = order.poolId;
    stored.skuAlias = sku(order.skuId).value_or(MarketSku()).alias;
    stored.status = OrderStatus::Pending;
    stored.createdAt = now;
    return stored;
}

std::optional<MarketOrder> MarketEngine::insertOrder(const NewOrder& order, qint64 now)
{
    if (!ensureBook())
        return std::nullopt;
    MarketOrder stored = newOrder(order, now);
    const std::optional<qint64> seq = m_store.insertOrder(stored, {});
    if (!m_store.flushIds() || !seq)
        return std::nullopt;
    m_book.put(*seq, stored);
    return stored;
}

std::optional<MarketEngine::PlaceResult> MarketEngine::placeOrder(const NewOrder& order, qint64 now,
                                                                  const OwnedAllocation& owned)
{
    if (!ensureBook())
        return std::nullopt;
    // Matched before it is stored, so that it is written once, as the match leaves it.
    PlaceResult result{newOrder(order, now), {}};
    m_soldInPass.clear();
    const bool matched = matchOrder(result.order, now, true, owned, &result.settlements, true);
    if (!m_store.flushIds() || !matched)
        return std::nullopt;
    return result;
}

QList<MarketOrder> MarketEngine::activeOrders(const std::function<bool(const MarketOrder&)>& accept) const
{
    QList<MarketOrder> result;
    if (!ensureBook())
        return result;
    for (const auto& [seq, order] : m_book.inPlacementOrder()) {
        if (accept(*order))
            result.append(*order);
    }
    return result;
}

qint64 MarketEngine::committedBuys(const QStringList& poolIds) const
{
    if (!ensureBook())
        return 0;
    qint64 committed = 0;
    for (const QString& poolId : poolIds)
        committed += m_book.committedBuys(poolId);
    return committed;
}

std::optional<MarketOrder> MarketEngine::order(const QString& id) const
{
    return m_store.order(id);
}

OrderPage MarketEngine::orders(const OrderQuery& query) const
{
    return m_store.orders(query);
}

MarketEngine::CancelResult MarketEngine::cancelOrder(const QString& id, qint64 now)
{
    if (!ensureBook())
        return CancelResult::NotCancellable;
    // Active orders are all in the book; any other is either unknown or past cancelling.
    if (!m_book.find(id))
        return order(id) ? CancelResult::NotCancellable : CancelResult::NotFound;
    if (!m_store.cancelOrder(id, now))
        return CancelResult::NotCancellable;
    m_book.remove(id);
    return CancelResult::Cancelled;
}

std::optional<qint64> MarketEngine::lastAdvancedAt() const
{
    if (!m_advancedAt) {
        const QString value = m_store.meta(u"advanced_at"_s);
        m_advancedAt = value.isEmpty() ? std::optional<qint64>() : value.toLongLong();
    }
    return *m_advancedAt;
}

QList<MarketSettlement> MarketEngine::advanceTo(qint64 now, const OwnedAllocation& owned)
{
    QList<MarketSettlement> settlements;
    const std::optional<qint64> last = lastAdvancedAt();
    if (last && now <= *last)
        return settlements;
    if (!ensureBook())
        return settlements;
    // The caller settles after this returns, so what sells sold counts until then.
    m_soldInPass.clear();
    if (last) {
        // Hour by hour while orders are active; a long jump over an empty book costs one step.
        for (qint64 t = floorHour(*last) + Hour; t < now && !m_book.isEmpty(); t += Hour)
            stepTo(t, owned, &settlements);
    }
    stepTo(now, owned, &settlements);
    m_store.flushIds();
    if (m_store.setMeta(u"advanced_at"_s, QString::number(now)))
        m_advancedAt = std::optional<qint64>(now);
    return settlements;
}

bool MarketEngine::stepTo(qint64 t, const OwnedAllocation& owned, QList<MarketSettlement>* settlements)
{
    for (const QString& id : constValue(m_book.endingBy(t))) {
        const std::optional<qint64> seq = m_book.seqOf(id);
        if (!seq || !m_store.expireOrder(*seq))
            return false;
        m_book.remove(id);
    }
    for (const QString& id : constValue(m_book.ids())) {
        // Looked up again: an earlier order in this step may have taken from this one.
        const MarketOrder* found = m_book.find(id);
        if (!found)
            continue;
        MarketOrder current = *found;
        const bool first = current.status == OrderStatus::Pending;
        if (!matchOrder(current, t, first, owned, settlements, false))
            return false;
    }
    return true;
}

bool MarketEngine::matchOrder(MarketOrder& order, qint64 now, bool initial, const OwnedAllocation& owned,
                              QList<MarketSettlement>* settlements, bool isNew)
{
    const std::optional<MarketSku> marketSku = sku(order.skuId);
    if (!marketSku)
        return saveStatus(order, now, initial, isNew) && writeMatch();
    const bool buy = order.side == OrderSide::Buy;
    const OrderSide offerSide = buy ? OrderSide::Sell : OrderSide::Buy;
    const Schedule filled = order.filled();

    // A buy takes asks (sellers' offers and users' resting sells); a sell is lifted by the
    // synthetic buyers' bids. Users' resting buys meet new sells when they match in turn.
    const BookSideView view(m_synthetic, m_book, *marketSku, order.startAt, order.endAt, now, offerSide, buy,
                            order.poolId);
    OrderMatcher::Sellable sellable;
    if (owned) {
        sellable = [this, &owned](const QString& poolId, const QString& skuId) {
            Schedule free = owned(poolId, skuId);
            const auto sold = m_soldInPass.constFind({poolId, skuId});
            return sold == m_soldInPass.constEnd() ? free : free.minus(*sold);
        };
    }
    const OrderMatcher::Plan plan = OrderMatcher::match(order, now, view, sellable);

    // Take from the book, then write one fill per price and kind of counterparty (other users'
    // orders first, then synthetic offers).
    std::map<std::pair<qint64, bool>, QList<ScheduleEntry>> byRate;
    std::map<int, QList<ScheduleEntry>> byCounterparty;
    for (const OrderMatcher::Take& take : plan.takes) {
        const OrderMatcher::Piece& piece = plan.pieces[size_t(take.piece)];
        const ScheduleEntry part{piece.from, piece.to, take.nodes};
        byRate[{take.rate, take.level >= 0}].append(part);
        if (take.level >= 0) {
            if (!m_store.addConsumed(order.skuId, piece.slot, offerSide, take.level, take.nodes))
                return false;
            m_book.addConsumed(order.skuId, offerSide, piece.slot, take.level, take.nodes);
        } else {
            byCounterparty[take.orderIndex].append(part);
        }
    }
    // A new order has no seq until it is stored (saveStatus() puts it in).
    const qint64 seq = isNew ? 0 : m_book.seqOf(order.id).value_or(0);
    for (const auto& [key, parts] : byRate) {
        const auto& [rate, synthetic] = key;
        const Schedule schedule = Schedule::fromEntries(parts);
        // A trade with another user shows in the feed as the resting order's fill.
        const FillStore store = synthetic ? FillStore::FeedRow
                                : isNew   ? FillStore::InOrderRow
                                          : FillStore::Row;
        order.fills.append(recordFill(order, seq, schedule, rate, now, store, settlements));
    }
    if (!buy) {
        Schedule& sold = m_soldInPass[{order.poolId, order.skuId}];
        sold = sold.plus(order.filled().minus(filled));
    }
    for (const auto& [index, parts] : byCounterparty) {
        const Schedule schedule = Schedule::fromEntries(parts);
        // The book's own order: filling one counterparty leaves the others where they are.
        const MarketOrder& sell = view.order(index);
        Schedule& sold = m_soldInPass[{sell.poolId, sell.skuId}];
        sold = sold.plus(schedule);
        if (!fillResting(sell.id, view.seq(index), schedule, now, settlements))
            return false;
    }
    return saveStatus(order, now, initial, isNew) && writeMatch();
}

MarketOrderFill MarketEngine::recordFill(const MarketOrder& order, qint64 seq, const Schedule& schedule,
                                         qint64 rate, qint64 now, FillStore store,
                                         QList<MarketSettlement>* settlements)
{
    const qint64 nodeSeconds = schedule.nodeSeconds().value_or(0);
    const qint64 amount = Money::totalForNodeSeconds(rate, nodeSeconds);
    const MarketFee orderFee = fee(order.side);
    const qint64 charged = Money::fee(orderFee.flatRate, orderFee.percentageBps, nodeSeconds, amount);
    const QString contract = m_store.nextId(u"cont_"_s);
    const MarketOrderFill fill{contract, now, schedule, rate, amount, charged};
    // Rows are written with the match's other rows (writeMatch()).
    if (store == FillStore::InOrderRow)
        m_newOrderFills.append(fill);
    else
        m_fillRows.append(QVariantList{QVariant(seq), QVariant(contract), QVariant(order.skuId),
                                       QVariant(store == FillStore::FeedRow), QVariant(now), QVariant(rate),
                                       QVariant(amount), QVariant(charged), QVariant(scheduleText(schedule)),
                                       QVariant(schedule.firstStart().value_or(0)),
                                       QVariant(schedule.lastEnd().value_or(0))});
    if (settlements)
        settlements->append(MarketSettlement{order.id, order.poolId, order.skuId, order.side, fill});
    return fill;
}

bool MarketEngine::fillResting(const QString& id, qint64 seq, const Schedule& schedule, qint64 now,
                               QList<MarketSettlement>* settlements)
{
    const MarketOrder* resting = m_book.find(id);
    if (!resting) {
        m_store.fail(u"order %1 is not on the resting book"_s.arg(id));
        return false;
    }
    recordFill(*resting, seq, schedule, resting->limitRate, now, FillStore::FeedRow, settlements);
    resting = m_book.addFilled(id, schedule);
    // A partly filled order's stored status stays as it was (see saveStatus()).
    if (!resting->remaining().isEmpty())
        return true;
    m_statusRows.append(QVariantList{orderStatusName(OrderStatus::Filled), now, QVariant(), seq});
    m_book.remove(id);
    return true;
}

bool MarketEngine::saveStatus(MarketOrder& order, qint64 now, bool initial, bool isNew)
{
    const OrderStatus before = order.status;
    const bool complete = order.remaining().isEmpty();
    const bool any = !order.fills.isEmpty() || !order.filledUnloaded.isEmpty();
    if (complete) {
        order.status = OrderStatus::Filled;
        order.filledAt = order.fills.isEmpty() ? now : order.fills.last().filledAt;
    } else if (initial && !order.allowStanding) {
        // Immediate-or-cancel: what did not fill at once is cancelled (fills, if any, stay).
        order.status = OrderStatus::Cancelled;
        order.cancelledAt = now;
    } else {
        order.status = any ? OrderStatus::PartiallyFilled : OrderStatus::Standing;
    }
    if (isNew) {
        const std::optional<qint64> seq = m_store.insertOrder(order, std::exchange(m_newOrderFills, {}));
        if (!seq)
            return false;
        for (QVariantList& row : m_fillRows) {
            if (row.first().toLongLong() == 0)
                row.first() = *seq;
        }
        if (order.isActive())
            m_book.put(*seq, order);
        return true;
    }
    // A resting order that met nothing this hour is stored as it was.
    if (order.status == before && order.fills.isEmpty())
        return true;
    const std::optional<qint64> seq = m_book.seqOf(order.id);
    if (!seq) {
        m_store.fail(u"order %1 is not on the resting book"_s.arg(order.id));
        return false;
    }
    // By rowid; an order whose status stays as it was has only new fills, which are rows of
    // their own. Nor is a resting order's first fill written to its status: stored as standing,
    // an order with fills reads as partly filled (loadOrders()).
    if (order.status != before
        && !(before == OrderStatus::Standing && order.status == OrderStatus::PartiallyFilled))
        m_statusRows.append(QVariantList{
            orderStatusName(order.status), order.filledAt ? QVariant(*order.filledAt) : QVariant(),
            order.cancelledAt ? QVariant(*order.cancelledAt) : QVariant(), *seq});
    m_book.put(*seq, order);
    return true;
}

bool MarketEngine::writeMatch()
{
    return m_store.writeMatch(std::exchange(m_fillRows, {}), std::exchange(m_statusRows, {}));
}

MarketFee MarketEngine::fee(OrderSide side) const
{
    if (side == OrderSide::Buy)
        return MarketFee{0, 0};
    return MarketFee{m_config.sellFlatFee, m_config.sellFeeBps};
}

} // namespace sfsim
