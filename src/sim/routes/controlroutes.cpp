// SPDX-License-Identifier: Apache-2.0

// The /_sim/ routes: the clock, a pool's allocation, balances and a failure on demand.
#include "sim/routes/controlroutes.h"

#include "common/money.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"

#include <QHash>

#include <new>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace Money = sfdesk::Money;

namespace {

ApiResponse clockJson(SimResources& resources)
{
    return ApiResponse::ok({{u"object"_s, u"clock"_s},
                            {u"now"_s, resources.now()},
                            {u"time_scale"_s, resources.clock().scale()}});
}

// The account's balance, and what its active buys may still cost.
ApiResponse balanceJson(const SimRequestContext& c, const QString& account)
{
    const qint64 balance =
        c.store.scalar(u"SELECT balance_micros FROM accounts WHERE id = ?"_s, {account}).toLongLong();
    return ApiResponse::ok(
        {{u"object"_s, u"account_balance"_s},
         {u"account"_s, account},
         {u"balance_micros"_s, balance},
         {u"balance_dollars"_s, Money::format(balance)},
         {u"committed_dollars"_s, Money::format(c.resources.marketSide().committedFunds(account))}});
}

QString existingAccount(const SimRequestContext& c)
{
    const QString account = c.params.at(0);
    if (!c.store.row(u"SELECT 1 FROM accounts WHERE id = ?"_s, {account}))
        throw SimApiError::notFound(u"Account %1 not found."_s.arg(account));
    return account;
}

} // namespace

void SimControlRoutes::add(SimRouter& router)
{
    router.add("GET", "_sim/clock", &SimControlRoutes::clock);
    router.add("POST", "_sim/clock/advance", &SimControlRoutes::advanceClock);
    router.add("POST", "_sim/pools/{}/allocation", &SimControlRoutes::setPoolAllocation);
    router.add("POST", "_sim/raise", &SimControlRoutes::raise);
    router.add("GET", "_sim/accounts/{}", &SimControlRoutes::accountBalance);
    router.add("POST", "_sim/accounts/{}/balance", &SimControlRoutes::setAccountBalance);
    router.add("POST", "_sim/names", &SimControlRoutes::setName);
}

ApiResponse SimControlRoutes::clock(const SimRequestContext& c)
{
    return clockJson(c.resources);
}

ApiResponse SimControlRoutes::advanceClock(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto seconds = body.integer(u"seconds"_s, true, 0, 10ll * 365 * 86400);
    body.finish();
    c.resources.advanceClockBy(*seconds);
    return clockJson(c.resources);
}

ApiResponse SimControlRoutes::setPoolAllocation(const SimRequestContext& c)
{
    const QString ref = canonicalId(c.params.at(0), poolIds);
    std::optional<QSqlRecord> pool;
    if (ref.startsWith(u"pool_"_s)) {
        pool =
            c.store.row(u"SELECT id, workspace_id FROM pools WHERE id = ? AND deleted_at IS NULL"_s, {ref});
    } else if (const auto path = c.resources.access().splitPath(u"pool"_s, ref, true)) {
        const auto& [account, workspace, name] = *path;
        pool = c.store.row(
            u"SELECT p.id, p.workspace_id FROM pools p JOIN workspaces w ON w.id = p.workspace_id "
            "WHERE w.account_id = ? AND w.name = ? AND p.name = ? AND p.deleted_at IS NULL AND "
            "w.deleted_at IS NULL"_s,
            {account, workspace, name});
    }
    if (!pool)
        throw SimApiError::notFound(u"Pool not found."_s);
    BodyReader body = BodyReader::parse(c.request.body);
    const auto skuRef = body.string(u"instance_sku"_s, true);
    QList<allocation::Rectangle> rects;
    if (body.has(u"schedule"_s)) {
        const auto entries = body.array(u"schedule"_s, true);
        for (qsizetype i = 0; entries && i < entries->size(); ++i) {
            const QJsonObject e = entries->at(i).toObject();
            const QString field = u"schedule[%1]"_s.arg(i);
            if (!e.value(u"start_at"_s).isDouble() || !e.value(u"node_count"_s).isDouble()
                || !(e.value(u"end_at"_s).isDouble() || e.value(u"end_at"_s).isNull()
                     || e.value(u"end_at"_s).isUndefined())) {
                body.addError(
                    field, u"invalid_type"_s,
                    u"%1 needs integer start_at and node_count, and end_at integer or null."_s.arg(field));
                continue;
            }
            allocation::Rectangle r;
            r.startAt = e.value(u"start_at"_s).toInteger();
            if (e.value(u"end_at"_s).isDouble())
                r.endAt = e.value(u"end_at"_s).toInteger();
            r.nodeCount = e.value(u"node_count"_s).toInteger();
            if (r.endAt && *r.endAt <= r.startAt)
                body.addError(field, u"invalid_range"_s, u"%1: end_at must be after start_at."_s.arg(field));
            if (r.nodeCount < 0)
                body.addError(field, u"out_of_range"_s, u"%1: node_count must not be negative."_s.arg(field));
            rects.append(r);
        }
    } else {
        allocation::Rectangle r;
        const auto nodes = body.integer(u"node_count"_s, true, 0, 100000);
        r.startAt = body.integer(u"start_at"_s, false, 0, std::numeric_limits<qint32>::max() * 4ll)
                        .value_or(c.resources.now());
        const auto end = body.integer(u"end_at"_s, false, 0, std::numeric_limits<qint32>::max() * 4ll);
        r.endAt = end;
        if (end && *end <= r.startAt)
            body.addError(u"end_at"_s, u"invalid_range"_s, u"end_at must be after start_at."_s);
        r.nodeCount = nodes.value_or(0);
        rects.append(r);
    }
    body.finish();
    const QString skuId = c.resources.catalog().findSku(*skuRef, u"instance_sku"_s).value(u"id"_s).toString();
    for (auto& r : rects)
        r.instanceSkuId = skuId;
    allocation::replaceRectangles(c.store, pool->value(0).toString(), skuId, u"control"_s, rects);
    c.resources.instances().reconcile();
    c.resources.deployments().reconcileDeployments();
    return ApiResponse::ok(c.resources.pools().storedPoolJson(pool->value(0).toString()));
}

ApiResponse SimControlRoutes::raise(const SimRequestContext& c)
{
    // A failure inside a handler, for resilience tests: what reaches the client is the
    // envelope and the store rolls back, as for any exception a route might raise.
    BodyReader body = BodyReader::parse(c.request.body);
    const auto kind = body.string(u"exception"_s, true);
    if (kind && *kind != u"bad_alloc"_s && *kind != u"runtime_error"_s)
        body.addError(u"exception"_s, u"invalid_value"_s, u"exception must be bad_alloc or runtime_error."_s);
    body.finish();
    c.store.setMeta(u"raised"_s, *kind);
    if (*kind == u"bad_alloc"_s)
        throw std::bad_alloc();
    throw std::runtime_error("raised on request");
}

ApiResponse SimControlRoutes::setName(const SimRequestContext& c)
{
    // A name (or a user's e-mail) as a server that does not check names could send it: any text,
    // markup and control characters included, for the tests that show server text is shown as it is.
    static const QHash<QString, std::pair<QString, QString>> columns{
        {u"pool"_s, {u"pools"_s, u"name"_s}},
        {u"instance"_s, {u"instances"_s, u"name"_s}},
        {u"infiniband_partition"_s, {u"infiniband_partitions"_s, u"name"_s}},
        {u"instance_sku"_s, {u"instance_skus"_s, u"alias"_s}},
        {u"user"_s, {u"users"_s, u"email"_s}},
    };
    BodyReader body = BodyReader::parse(c.request.body);
    const auto object = body.string(u"object"_s, true);
    const auto id = body.string(u"id"_s, true);
    const auto name = body.string(u"name"_s, true);
    if (object && !columns.contains(*object))
        body.addError(u"object"_s, u"invalid_value"_s,
                      u"object must be pool, instance, infiniband_partition, instance_sku or user."_s);
    body.finish();
    const auto& [table, column] = columns.value(*object);
    if (!c.store.row(u"SELECT 1 FROM %1 WHERE id = ?"_s.arg(table), {*id}))
        throw SimApiError::notFound(u"No %1 %2."_s.arg(*object, *id));
    c.store.exec(u"UPDATE %1 SET %2 = ? WHERE id = ?"_s.arg(table, column), {*name, *id});
    return ApiResponse::ok({{u"object"_s, *object}, {u"id"_s, *id}, {u"name"_s, *name}});
}

ApiResponse SimControlRoutes::accountBalance(const SimRequestContext& c)
{
    return balanceJson(c, existingAccount(c));
}

ApiResponse SimControlRoutes::setAccountBalance(const SimRequestContext& c)
{
    const QString account = existingAccount(c);
    BodyReader body = BodyReader::parse(c.request.body);
    const auto dollars = body.string(u"balance_dollars"_s, true);
    QString problem;
    const auto micros = dollars ? Money::parseRate(*dollars, &problem) : std::nullopt;
    if (dollars && !micros)
        body.addError(u"balance_dollars"_s, u"invalid_value"_s, problem);
    body.finish();
    c.store.exec(u"UPDATE accounts SET balance_micros = ? WHERE id = ?"_s, {*micros, account});
    return balanceJson(c, account);
}

} // namespace sfsim
