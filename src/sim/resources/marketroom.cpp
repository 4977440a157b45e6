// SPDX-License-Identifier: Apache-2.0

// What the market routes (routes/orderroutes, routes/orderbookroutes) share: the engine, the SKUs
// that requirements match, the orderbook's window, and the books the market keeps true (pool
// allocations, balances) when orders fill.
#include "common/logging.h"

#include "common/constvalue.h"
#include "sim/market/marketjson.h"
#include "sim/resources/marketroom.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

#include <QDateTime>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;
using sfdesk::lcSim;
using sfdesk::Schedule;
using sfdesk::ScheduleEntry;

namespace {

const QString skuRows = u"SELECT s.*, f.name AS fabric_name FROM instance_skus s "
                        "LEFT JOIN fabrics f ON f.id = s.fabric_id ORDER BY s.seq"_s;
using simtime::Day;
using simtime::MaxTime;

// Typical price of one accelerator-hour; a node's base rate is this times its accelerators.
qint64 acceleratorRate(const QString& accelerator)
{
    if (accelerator == u"h100"_s)
        return 1'900'000;
    if (accelerator == u"h200"_s)
        return 2'400'000;
    if (accelerator == u"b200"_s)
        return 3'600'000;
    if (accelerator == u"l40s"_s)
        return 950'000;
    return 1'500'000;
}

// Legacy requirement keys of the docs, mapped to the catalog's.
QString canonicalRequirementKey(const QString& key)
{
    if (key == u"accelerator_type"_s)
        return u"accelerator"_s;
    if (key == u"interconnect_type"_s)
        return u"rdma_type"_s;
    if (key == u"zone"_s)
        return u"availability_zone"_s;
    return key;
}

const QStringList requirementKeys = {
    u"instance_sku"_s, u"region"_s,        u"availability_zone"_s,    u"accelerator"_s,
    u"form_factor"_s,  u"rdma_type"_s,     u"num_accelerators"_s,     u"num_vcpus"_s,
    u"memory"_s,       u"local_storage"_s, u"supports_public_ipv4"_s, u"infiniband_fabric"_s};

QString propertyText(const QJsonValue& property)
{
    const QJsonValue v = property.toObject().value(u"value"_s);
    if (v.isBool())
        return v.toBool() ? u"true"_s : u"false"_s;
    if (v.isDouble())
        return QString::number(v.toInteger());
    return v.toString();
}

} // namespace

// ---------------------------------------------------------------------------------------------
// The market and the books it keeps.

MarketEngine& MarketRoom::market()
{
    if (!m_market)
        throw SimApiError(503, u"service_unavailable"_s, u"The market is not started. Try again later."_s);
    return *m_market;
}

void MarketRoom::initializeMarket()
{
    MarketEngine::Config config;
    // The world's seed, not this start's --seed: the stored market was derived from it.
    config.seed = m_store.meta(u"seed"_s).toULongLong();
    m_market = std::make_unique<MarketEngine>(m_store.database(), config);
    m_store.setRollbackHook([this] {
        if (m_market)
            m_market->discardCachedState();
    });
    QString error;
    if (!m_market->createSchema(&error)) {
        qCWarning(lcSim, "sfsim: market: %s", qPrintable(error));
        throw SimApiError(500, u"api_error"_s, error);
    }
    for (const auto& r : constValue(m_store.rows(
             u"SELECT s.id, s.alias, s.accelerator, s.num_accelerators, "
             "(SELECT CAST(AVG(node_count) AS INTEGER) FROM sku_offers o WHERE o.instance_sku_id = s.id) "
             "FROM instance_skus s ORDER BY s.seq"_s))) {
        MarketSku sku;
        sku.id = r.value(0).toString();
        sku.alias = r.value(1).toString();
        sku.baseRate = acceleratorRate(r.value(2).toString()) * r.value(3).toLongLong();
        sku.nodesPerHour = qMax<qint64>(4, r.value(4).toLongLong());
        if (!m_market->registerSku(sku))
            throw SimApiError(500, u"api_error"_s, m_market->lastError());
    }
    m_market->advanceTo(m_res.now(), ownedAllocationFunction());
    m_res.pools().addPoolDeleteGuard([this](SimStore&, const QString& poolId, qint64) {
        const qsizetype active =
            market()
                .activeOrders([&poolId](const MarketOrder& order) { return order.poolId == poolId; })
                .size();
        if (active == 0)
            return QList<FieldError>{};
        return QList<FieldError>{
            {{},
             u"active_orders"_s,
             u"%1 orders of the pool are still active; cancel them first."_s.arg(active)}};
    });
}

Schedule MarketRoom::ownedAllocation(const QString& poolId, const QString& skuId)
{
    Schedule owned;
    for (const auto& r : constValue(allocation::rectangles(m_store, poolId, skuId)))
        owned = owned.plus(r.endAt ? Schedule::rectangle(r.startAt, *r.endAt, r.nodeCount)
                                   : Schedule::tail(r.startAt, r.nodeCount));
    return owned;
}

OwnedAllocation MarketRoom::ownedAllocationFunction()
{
    return [this](const QString& poolId, const QString& skuId) { return ownedAllocation(poolId, skuId); };
}

void MarketRoom::marketTo(qint64 t)
{
    const QList<MarketSettlement> settlements = m_market->advanceTo(t, ownedAllocationFunction());
    if (!settlements.isEmpty()) {
        settle(settlements);
        m_res.instances().forgetNextReconcile();
    }
}

void MarketRoom::advanceMarket()
{
    if (!m_market)
        return;
    QList<const Automation*> due;
    for (const Automation& automation : std::as_const(m_automations)) {
        if (automation.due(m_res))
            due.append(&automation);
    }
    // Automations act at every hour the clock passed since the market last moved, as they would
    // have on a clock that ran through them.
    if (const std::optional<qint64> last = m_market->lastAdvancedAt(); last && !due.isEmpty()) {
        for (qint64 t = Schedule::floorHour(*last) + Schedule::Hour; t < m_res.now(); t += Schedule::Hour) {
            marketTo(t);
            for (const Automation* automation : std::as_const(due))
                automation->run(m_res, t);
        }
    }
    marketTo(m_res.now());
    for (const Automation* automation : std::as_const(due))
        automation->run(m_res, m_res.now());
}

void MarketRoom::settle(const QList<MarketSettlement>& settlements)
{
    // The fills of one match come per price: what they change in each pool's allocation of a SKU
    // is written as one schedule, so that an hour bought at three prices is one rectangle (and
    // continues the one before it; see allocation::addRectangle).
    struct Change
    {
        QString contractId;
        Schedule schedule;
        qint64 balance = 0;
    };
    QList<std::pair<QString, QString>> order; // pool and SKU, as they first come
    QHash<std::pair<QString, QString>, Change> changes;
    for (const MarketSettlement& s : settlements) {
        const bool buy = s.side == OrderSide::Buy;
        const std::pair key{s.poolId, s.skuId};
        auto it = changes.find(key);
        if (it == changes.end()) {
            order.append(key);
            it = changes.insert(key, Change{s.fill.contractId, {}, 0});
        }
        // Buys add nodes to the pool; sells take them away, as negative rectangles.
        it->schedule = buy ? it->schedule.plus(s.fill.schedule) : it->schedule.minus(s.fill.schedule);
        it->balance += buy ? -s.fill.amount : s.fill.amount - s.fill.fee;
    }
    for (const auto& key : std::as_const(order)) {
        const Change& change = changes.value(key);
        for (const ScheduleEntry& entry : constValue(change.schedule.entries())) {
            allocation::Rectangle rect;
            rect.instanceSkuId = key.second;
            rect.startAt = entry.startAt;
            rect.endAt = entry.endAt;
            rect.nodeCount = entry.nodeCount;
            allocation::addRectangle(m_store, key.first, rect, u"order"_s, change.contractId);
        }
        m_store.exec(u"UPDATE accounts SET balance_micros = balance_micros + ? WHERE id = "
                     "(SELECT w.account_id FROM pools p JOIN workspaces w ON w.id = p.workspace_id "
                     "WHERE p.id = ?)"_s,
                     {change.balance, key.first});
    }
}

qint64 MarketRoom::committedFunds(const QString& account)
{
    // What the account's resting buys may still cost: a new buy must fit beside them. The book
    // keeps the figure per pool, so the check costs the account's pools rather than its orders.
    QStringList pools;
    for (const auto& r :
         constValue(m_store.rows(u"SELECT p.id FROM pools p JOIN workspaces w ON w.id = p.workspace_id "
                                 "WHERE w.account_id = ?"_s,
                                 {account})))
        pools.append(r.value(0).toString());
    return market().committedBuys(pools);
}

QJsonObject MarketRoom::orderPrincipal() const
{
    if (!m_res.caller().userId.isEmpty()) {
        QJsonObject principal{{u"id"_s, m_res.caller().userId}, {u"type"_s, u"user"_s}};
        if (const auto user = m_store.row(u"SELECT email FROM users WHERE id = ?"_s, {m_res.caller().userId});
            user && !user->value(0).isNull())
            principal.insert(u"email"_s, user->value(0).toString());
        return principal;
    }
    const QString label =
        m_store.scalar(u"SELECT label FROM tokens WHERE token = ?"_s, {m_res.caller().token}).toString();
    // A stable id that does not reveal the secret.
    const QByteArray digest = QByteArray::fromHex(m_res.caller().token.toLatin1())
                                  .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    return {{u"id"_s, QString(u"tokn_"_s + QString::fromLatin1(digest.left(21)))},
            {u"type"_s, u"token"_s},
            {u"name"_s, label}};
}

// ---------------------------------------------------------------------------------------------
// Requirements.

QJsonObject MarketRoom::parseRequirements(const QString& text, QueryReader& query)
{
    QJsonObject requirements;
    for (const QString& part : constValue(text.split(u';', Qt::SkipEmptyParts))) {
        QStringList fields = part.split(u':');
        // field:value or field:op:value; the only operators are equality and membership.
        if (fields.size() == 3) {
            if (fields.at(1) != u"eq"_s && fields.at(1) != u"in"_s) {
                query.addError(u"requirements"_s, u"invalid_operator"_s,
                               u"requirements: operator %1 of %2 is not supported; use eq or in."_s.arg(
                                   fields.at(1), fields.at(0)));
                continue;
            }
            fields.removeAt(1);
        }
        if (fields.size() != 2 || fields.at(0).isEmpty() || fields.at(1).isEmpty()) {
            query.addError(u"requirements"_s, u"invalid_value"_s,
                           u"requirements: \"%1\" is not key:value[,value]."_s.arg(part));
            continue;
        }
        QJsonArray values = requirements.value(fields.at(0)).toArray();
        for (const QString& value : constValue(fields.at(1).split(u',', Qt::SkipEmptyParts)))
            values.append(value);
        requirements.insert(fields.at(0), values);
    }
    return requirements;
}

QStringList MarketRoom::skusMatching(const QJsonObject& requirements, const QString& field,
                                     QList<FieldError>* errors)
{
    bool valid = true;
    for (auto it = requirements.begin(); it != requirements.end(); ++it) {
        const QString where = field + u'.' + it.key();
        if (!requirementKeys.contains(canonicalRequirementKey(it.key()))) {
            errors->append(
                {where, u"unknown_property"_s,
                 u"%1 is not an instance SKU property; see GET /v2/instance_sku_property_catalog."_s.arg(
                     it.key())});
            valid = false;
            continue;
        }
        const QJsonArray values = it.value().toArray();
        if (values.isEmpty()) {
            errors->append({where, u"invalid_value"_s, u"%1 needs at least one value."_s.arg(where)});
            valid = false;
        }
        for (const auto& v : values) {
            if (!v.isString() || !isValidName(v.toString())) {
                errors->append({where, u"invalid_value"_s,
                                u"%1: values are names ([a-zA-Z0-9][a-zA-Z0-9._-]*)."_s.arg(where)});
                valid = false;
                break;
            }
        }
    }
    QStringList ids;
    if (!valid)
        return ids;
    for (const auto& r : constValue(m_store.rows(skuRows))) {
        const QJsonObject sku = m_res.catalog().skuJson(r);
        bool matches = true;
        for (auto it = requirements.begin(); it != requirements.end() && matches; ++it) {
            const QString key = canonicalRequirementKey(it.key());
            QStringList have;
            if (key == u"instance_sku"_s)
                have = {sku.value(u"id"_s).toString(), sku.value(u"alias"_s).toString()};
            else if (sku.value(key).isObject())
                have = {propertyText(sku.value(key)),
                        sku.value(key).toObject().value(u"display_value"_s).toString()};
            matches = false;
            for (const auto& wanted : constValue(it.value().toArray())) {
                for (const QString& h : std::as_const(have))
                    matches = matches || h.compare(wanted.toString(), Qt::CaseInsensitive) == 0;
            }
        }
        if (matches)
            ids.append(sku.value(u"id"_s).toString());
    }
    return ids;
}

// ---------------------------------------------------------------------------------------------
// Orderbook.

namespace {

// A required, minute-aligned time of the query.
std::optional<qint64> alignedTime(QueryReader& query, const QString& key, bool required)
{
    const auto value = query.integer(key, 0, MaxTime);
    if (!value && required && !query.string(key))
        query.addError(key, u"required"_s, u"%1 is required (Unix seconds)."_s.arg(key));
    if (value && !Schedule::isAligned(*value))
        query.addError(key, u"not_aligned"_s, u"%1 must be a multiple of 60 seconds."_s.arg(key));
    return value;
}

void checkRange(QueryReader& query, const std::optional<qint64>& start, const std::optional<qint64>& end,
                const QString& endKey)
{
    if (start && end && *end <= *start)
        query.addError(endKey, u"invalid_range"_s, u"%1 must be after the start."_s.arg(endKey));
}

} // namespace

MarketRoom::BookWindow MarketRoom::readBookWindow(QueryReader& query, const QString& startKey,
                                                  const QString& endKey, bool boundedWindow)
{
    BookWindow book;
    book.requirements = parseRequirements(query.string(u"requirements"_s).value_or(QString()), query);
    QList<FieldError> problems;
    book.skus = skusMatching(book.requirements, u"requirements"_s, &problems);
    for (const auto& p : std::as_const(problems))
        query.addError(p.field, p.code, p.message);
    const auto start = alignedTime(query, startKey, true);
    const auto end = alignedTime(query, endKey, true);
    checkRange(query, start, end, endKey);
    // Quotes and depth price every hour of the window: bounded like an order's.
    if (boundedWindow && start && end && *end - *start > MarketEngine::MaxOrderAheadSeconds)
        query.addError(
            endKey, u"out_of_range"_s,
            u"The window may be at most %1 days long."_s.arg(MarketEngine::MaxOrderAheadSeconds / Day));
    // Required: when either is missing, query.finish() answers 400 before they are used.
    book.start = start.value_or(0);
    book.end = end.value_or(0);
    return book;
}

} // namespace sfsim
