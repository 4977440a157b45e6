// SPDX-License-Identifier: Apache-2.0

#include "sim/simapi.h"

#include "sim/routes/accountroutes.h"
#include "sim/routes/catalogroutes.h"
#include "sim/routes/infinibandroutes.h"
#include "sim/routes/instanceroutes.h"
#include "sim/routes/orderbookroutes.h"
#include "sim/routes/orderroutes.h"
#include "sim/routes/poolroutes.h"
#include "sim/routes/workspaceroutes.h"
#include "sim/simallocation.h"
#include "sim/simdemo.h"
#include "sim/simjsonwriter.h"
#include "sim/simstore.h"
#include "sim/simworld.h"

#include <QJsonDocument>
#include <QUrl>

#include <new>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

// Legacy prefixes are accepted on reads and mapped to the canonical one.
QString canonicalId(const QString& ref, const QString& canonical, const QString& legacy)
{
    if (!legacy.isEmpty() && ref.startsWith(legacy + u'_'))
        return canonical + ref.mid(legacy.size());
    return ref;
}

} // namespace

SimApi::SimApi(SimStore& store, const SimOptions& options)
    : m_store(store)
    , m_options(options)
    , m_clock(options.timeScale)
{
    if (options.startTime)
        m_clock.startAt(*options.startTime);
    // Every resource has its route class; the order is the order routes are matched in.
    SimAccountRoutes::add(m_router);
    SimWorkspaceRoutes::add(m_router);
    SimCatalogRoutes::add(m_router);
    SimPoolRoutes::add(m_router);
    SimInstanceRoutes::add(m_router);
    SimInfinibandRoutes::add(m_router);
    SimOrderbookRoutes::add(m_router);
    SimOrderRoutes::add(m_router);
}

SimApi::~SimApi()
{
    m_store.setRollbackHook({});
}

bool SimApi::initialize(QString* error, bool* seededNow)
{
    *seededNow = false;
    try {
        m_store.begin();
        const QString clock = m_store.meta(u"clock"_s);
        if (!clock.isEmpty())
            m_clock.resumeFrom(clock.toLongLong());
        if (!world::isSeeded(m_store)) {
            // The demo's history happens on the clock: the world begins weeks ago and the demo
            // lives through them up to now.
            if (m_options.demo)
                m_clock.startAt(m_clock.now() - demo::historySeconds);
            m_tokens = world::seed(m_store, m_options.seed, m_clock.now());
            *seededNow = true;
        } else {
            m_tokens = world::hashStoredSecrets(m_store);
        }
        m_clockHighWater = m_clock.now();
        m_now = m_clock.now();
        initializeMarket();
        m_store.setMeta(u"clock"_s, QString::number(m_clockHighWater));
        m_store.commit();
    } catch (const SimApiError&) {
        m_store.rollback();
        m_market.reset();
        *error = u"cannot seed the world or start the market in the store"_s;
        return false;
    }
    if (*seededNow && m_options.demo) {
        QString problem;
        if (!demo::seed(*this, m_store, m_tokens, m_clock.now() + demo::historySeconds, &problem)) {
            *error = u"cannot seed the demo world: %1"_s.arg(problem);
            return false;
        }
    }
    return true;
}

QJsonObject SimApi::tokens() const
{
    return m_tokens;
}

void SimApi::adoptTokens(const QJsonObject& candidates)
{
    try {
        m_tokens = world::verifiedTokens(m_store, candidates);
    } catch (const SimApiError&) {
        m_tokens = {};
    }
}

ApiResponse SimApi::handle(const SimApiRequest& request)
{
    try {
        m_now = m_clock.now();
        const bool control = request.path.startsWith(u"/_sim/"_s);
        // Routing and authentication only read, so a caller without a valid token never takes
        // the store's write lock.
        ResolvedRoute resolved;
        if (!control) {
            resolved = resolve(request);
            if (resolved.immediate)
                return *resolved.immediate;
        }
        m_store.begin();
        advanceWorld();
        ApiResponse response = control ? this->control(request)
                                       : resolved.handler(SimRequestContext{request, resolved.params,
                                                                            m_caller, m_now, m_store, *this});
        m_store.commit();
        return response;
    } catch (const SimApiError& error) {
        m_store.rollback();
        m_nextReconcileAt = 0;
        return {error.status(), error.toJson(), false};
    } catch (const std::exception& error) {
        // Out of memory or a library failure in one request must not end the process (which may
        // be the app's): that request fails, the store rolls back, the next is served.
        m_store.rollback();
        m_nextReconcileAt = 0;
        qWarning("sfsim: %s %s failed: %s", qPrintable(request.method), qPrintable(request.path),
                 error.what());
        return {500, SimApiError(500, u"api_error"_s, u"Internal error in the simulator."_s).toJson(), false};
    }
}

SimApi::ResolvedRoute SimApi::resolve(const SimApiRequest& request)
{
    QString path = request.path;
    if (path == u"/v1/_healthz"_s || path == u"/v0/ping"_s) {
        if (request.method != u"GET"_s)
            throw SimApiError(405, u"invalid_request_error"_s, u"Use GET on %1."_s.arg(path));
        ResolvedRoute health;
        health.immediate = ApiResponse::ok({{u"status"_s, u"ok"_s}});
        return health;
    }
    if (path.startsWith(u"/preview/v2/"_s))
        path = path.mid(11);
    else if (path.startsWith(u"/v2/"_s))
        path = path.mid(3);
    else
        throw SimApiError::notFound(u"No route for %1 %2."_s.arg(request.method, request.path));

    SimRouter::Match match = m_router.match(request.method, path, request.path);
    m_caller = authenticate(request);
    ResolvedRoute found;
    found.handler = std::move(match.handler);
    found.params = std::move(match.params);
    return found;
}

Caller SimApi::authenticate(const SimApiRequest& request)
{
    const QByteArray header = request.authorization.trimmed();
    if (header.isEmpty())
        throw SimApiError::unauthorized(u"Missing bearer token: send Authorization: Bearer <token>."_s);
    if (!header.startsWith("Bearer ") && !header.startsWith("bearer "))
        throw SimApiError::unauthorized(u"The Authorization header must use the Bearer scheme."_s);
    const QString token = secretDigest(QString::fromUtf8(header.mid(7).trimmed()));
    const auto row = m_store.row(u"SELECT account_id, user_id FROM tokens WHERE token = ?"_s, {token});
    if (!row)
        throw SimApiError::unauthorized(u"Invalid or expired token."_s);
    Caller caller;
    caller.token = token;
    caller.account = row->value(0).toString();
    caller.userId = row->value(1).toString();
    for (const auto& g : m_store.rows(u"SELECT workspace_id, level FROM grants WHERE token = ?"_s, {token})) {
        if (g.value(0).isNull())
            caller.accountLevel = qMax(caller.accountLevel, g.value(1).toInt());
        else
            caller.workspaceLevels[g.value(0).toString()] =
                qMax(caller.workspaceLevels.value(g.value(0).toString()), g.value(1).toInt());
    }
    return caller;
}

// ---------------------------------------------------------------------------------------------
// Time: releases of InfiniBand partitions and the allocation of pools follow the virtual clock.

void SimApi::advanceWorld()
{
    if (m_now >= m_clockHighWater + 60 || m_now < m_clockHighWater) {
        m_clockHighWater = qMax(m_now, m_clockHighWater);
        m_store.setMeta(u"clock"_s, QString::number(m_clockHighWater));
    }
    m_store.exec(
        u"UPDATE instances SET infiniband_released_at = terminated_at + ? "
        "WHERE partition_id IS NOT NULL AND infiniband_released_at IS NULL AND terminated_at IS NOT NULL "
        "AND terminated_at <= ?"_s,
        {m_options.ibReleaseSeconds, m_now - m_options.ibReleaseSeconds});
    // Fills change allocations, so the market moves before instances follow them.
    advanceMarket();
    if (m_now >= m_nextReconcileAt)
        reconcile();
}

void SimApi::reconcile(const QString& poolId, const QString& skuId)
{
    static const QString rank =
        u"CASE priority_level WHEN 'yield' THEN 0 WHEN 'normal' THEN 1 WHEN 'preferred' THEN 2 ELSE 3 END"_s;
    QList<std::tuple<QString, QString, qint64, qint64>> groups;
    if (poolId.isEmpty()) {
        for (
            const auto& r : m_store.rows(
                u"SELECT pool_id, instance_sku_id, SUM(status = 'running'), SUM(status = "
                u"'awaiting_allocation') "
                "FROM instances WHERE status IN ('running', 'awaiting_allocation') GROUP BY pool_id, instance_sku_id"_s))
            groups.append({r.value(0).toString(), r.value(1).toString(), r.value(2).toLongLong(),
                           r.value(3).toLongLong()});
    } else {
        const auto r =
            m_store.row(u"SELECT SUM(status = 'running'), SUM(status = 'awaiting_allocation') FROM instances "
                        "WHERE pool_id = ? AND instance_sku_id = ? AND status IN ('running', "
                        "'awaiting_allocation')"_s,
                        {poolId, skuId});
        groups.append({poolId, skuId, r ? r->value(0).toLongLong() : 0, r ? r->value(1).toLongLong() : 0});
    }
    for (const auto& [pool, sku, running, waiting] : groups) {
        const qint64 allocated = allocation::allocatedNow(m_store, pool, sku, m_now);
        if (running > allocated) {
            // Allocation ran out: the lowest priority goes first, newest first within a level.
            m_store.exec(u"UPDATE instances SET status = 'terminated', terminated_at = ?, updated_at = ?, "
                         u"public_ip = NULL "
                         "WHERE id IN (SELECT id FROM instances WHERE pool_id = ? AND instance_sku_id = ? "
                         "AND status = "
                         "'running' ORDER BY "_s
                             + rank + u" ASC, seq DESC LIMIT ?)"_s,
                         {m_now, m_now, pool, sku, running - allocated});
        } else if (waiting > 0 && running < allocated) {
            m_store.exec(
                u"UPDATE instances SET status = 'running', running_at = ?, updated_at = ?, "
                "public_ip = CASE WHEN enable_public_ipv4 THEN '203.0.113.' || (seq % 250 + 1) ELSE NULL END "
                "WHERE id IN (SELECT id FROM instances WHERE pool_id = ? AND instance_sku_id = ? AND status "
                "= "
                "'awaiting_allocation' ORDER BY "_s
                    + rank + u" DESC, seq ASC LIMIT ?)"_s,
                {m_now, m_now, pool, sku, qMin(waiting, allocated - running)});
        }
    }
    if (poolId.isEmpty())
        m_nextReconcileAt =
            allocation::nextBoundary(m_store, m_now).value_or(std::numeric_limits<qint64>::max());
}

// ---------------------------------------------------------------------------------------------
// Control routes: only with --control, only from loopback, no token.

ApiResponse SimApi::control(const SimApiRequest& request)
{
    if (!m_options.control)
        throw SimApiError::notFound(u"No route for %1 %2."_s.arg(request.method, request.path));
    if (!request.fromLoopback)
        throw SimApiError::forbidden(u"Control routes answer only on loopback."_s);
    const QStringList parts = SimRouter::segments(request.path);
    if (parts == QStringList{u"_sim"_s, u"clock"_s} && request.method == u"GET"_s)
        return ApiResponse::ok(
            {{u"object"_s, u"clock"_s}, {u"now"_s, m_now}, {u"time_scale"_s, m_clock.scale()}});
    if (parts == QStringList{u"_sim"_s, u"clock"_s, u"advance"_s} && request.method == u"POST"_s) {
        BodyReader body = BodyReader::parse(request.body);
        const auto seconds = body.integer(u"seconds"_s, true, 0, 10ll * 365 * 86400);
        body.finish();
        m_clock.advance(*seconds);
        m_now = m_clock.now();
        advanceWorld();
        reconcile();
        return ApiResponse::ok(
            {{u"object"_s, u"clock"_s}, {u"now"_s, m_now}, {u"time_scale"_s, m_clock.scale()}});
    }
    if (parts.size() == 4 && parts.at(1) == u"pools"_s && parts.at(3) == u"allocation"_s
        && request.method == u"POST"_s) {
        const QString ref = canonicalId(parts.at(2), u"pool"_s, u"cap"_s);
        std::optional<QSqlRecord> pool;
        if (ref.startsWith(u"pool_"_s)) {
            pool = m_store.row(u"SELECT id, workspace_id FROM pools WHERE id = ? AND deleted_at IS NULL"_s,
                               {ref});
        } else if (const auto path = splitPath(u"pool"_s, ref, true)) {
            const auto& [account, workspace, name] = *path;
            pool = m_store.row(
                u"SELECT p.id, p.workspace_id FROM pools p JOIN workspaces w ON w.id = p.workspace_id "
                "WHERE w.account_id = ? AND w.name = ? AND p.name = ? AND p.deleted_at IS NULL AND "
                "w.deleted_at IS NULL"_s,
                {account, workspace, name});
        }
        if (!pool)
            throw SimApiError::notFound(u"Pool not found."_s);
        BodyReader body = BodyReader::parse(request.body);
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
                        u"%1 needs integer start_at and node_count, and end_at integer or null."_s.arg(
                            field));
                    continue;
                }
                allocation::Rectangle r;
                r.startAt = e.value(u"start_at"_s).toInteger();
                if (e.value(u"end_at"_s).isDouble())
                    r.endAt = e.value(u"end_at"_s).toInteger();
                r.nodeCount = e.value(u"node_count"_s).toInteger();
                if (r.endAt && *r.endAt <= r.startAt)
                    body.addError(field, u"invalid_range"_s,
                                  u"%1: end_at must be after start_at."_s.arg(field));
                if (r.nodeCount < 0)
                    body.addError(field, u"out_of_range"_s,
                                  u"%1: node_count must not be negative."_s.arg(field));
                rects.append(r);
            }
        } else {
            allocation::Rectangle r;
            const auto nodes = body.integer(u"node_count"_s, true, 0, 100000);
            r.startAt = body.integer(u"start_at"_s, false, 0, std::numeric_limits<qint32>::max() * 4ll)
                            .value_or(m_now);
            const auto end = body.integer(u"end_at"_s, false, 0, std::numeric_limits<qint32>::max() * 4ll);
            if (end)
                r.endAt = *end;
            if (end && *end <= r.startAt)
                body.addError(u"end_at"_s, u"invalid_range"_s, u"end_at must be after start_at."_s);
            r.nodeCount = nodes.value_or(0);
            rects.append(r);
        }
        body.finish();
        const QString skuId = findSku(*skuRef, u"instance_sku"_s).value(u"id"_s).toString();
        for (auto& r : rects)
            r.instanceSkuId = skuId;
        allocation::replaceRectangles(m_store, pool->value(0).toString(), skuId, u"control"_s, rects);
        reconcile();
        const auto full =
            m_store.row(u"SELECT p.*, w.name AS workspace, w.account_id FROM pools p JOIN workspaces w "
                        "ON w.id = p.workspace_id WHERE p.id = ?"_s,
                        {pool->value(0)});
        return ApiResponse::ok(poolJson(*full, 0));
    }
    if (parts == QStringList{u"_sim"_s, u"raise"_s} && request.method == u"POST"_s) {
        // A failure inside a handler, for resilience tests: what reaches the client is the
        // envelope and the store rolls back, as for any exception a route might raise.
        BodyReader body = BodyReader::parse(request.body);
        const auto kind = body.string(u"exception"_s, true);
        if (kind && *kind != u"bad_alloc"_s && *kind != u"runtime_error"_s)
            body.addError(u"exception"_s, u"invalid_value"_s,
                          u"exception must be bad_alloc or runtime_error."_s);
        body.finish();
        m_store.setMeta(u"raised"_s, *kind);
        if (*kind == u"bad_alloc"_s)
            throw std::bad_alloc();
        throw std::runtime_error("raised on request");
    }
    if (parts.size() >= 3 && parts.at(1) == u"accounts"_s)
        return marketControl(request, parts);
    throw SimApiError::notFound(u"No route for %1 %2."_s.arg(request.method, request.path));
}

// ---------------------------------------------------------------------------------------------
// Access rules.

bool SimApi::flagEnrolled(const QString& account, const QString& flag)
{
    return m_store
        .scalar(u"SELECT enrolled FROM flag_enrollments WHERE flag = ? AND account_id = ?"_s, {flag, account})
        .toBool();
}

void SimApi::requireFlag(const QString& flag)
{
    if (!flagEnrolled(m_caller.account, flag))
        throw SimApiError::forbidden(u"Feature not enabled."_s);
}

void SimApi::requireAccountWrite()
{
    if (m_caller.accountLevel < 2)
        throw SimApiError::forbidden(u"This token has no account-wide write permission."_s);
}

void SimApi::requireWrite(const QString& workspaceId)
{
    if (m_caller.level(workspaceId) < 2)
        throw SimApiError::forbidden(u"This token has no write permission in this workspace."_s);
}

std::optional<std::tuple<QString, QString, QString>>
SimApi::splitPath(const QString& type, const QString& ref, bool allowSlash) const
{
    const QString head = u"sfc:"_s + type + u':';
    if (ref.startsWith(head)) {
        const QStringList p = ref.mid(head.size()).split(u':');
        if (p.size() == 3 && !p.contains(QString()))
            return std::tuple{p.at(0), p.at(1), p.at(2)};
        return std::nullopt;
    }
    if (allowSlash && ref.count(u'/') == 2) {
        const QStringList p = ref.split(u'/');
        if (!p.contains(QString()))
            return std::tuple{p.at(0), p.at(1), p.at(2)};
    }
    return std::nullopt;
}

QSqlRecord SimApi::readableWorkspace(const QString& ref, const QString& field)
{
    std::optional<QSqlRecord> row;
    static const QString select = u"SELECT * FROM workspaces WHERE deleted_at IS NULL AND "_s;
    if (ref.startsWith(u"wksp_"_s)) {
        row = m_store.row(select + u"id = ?"_s, {ref});
    } else if (ref.startsWith(u"sfc:workspace:"_s)) {
        const QStringList p = ref.mid(14).split(u':');
        if (p.size() == 2)
            row = m_store.row(select + u"account_id = ? AND name = ?"_s, {p.at(0), p.at(1)});
    } else if (isValidName(ref)) {
        row = m_store.row(select + u"account_id = ? AND name = ?"_s, {m_caller.account, ref});
    }
    if (!row || row->value(u"account_id"_s).toString() != m_caller.account
        || m_caller.level(row->value(u"id"_s).toString()) < 1) {
        const QString what = u"Workspace %1 not found."_s.arg(ref);
        if (field.isEmpty())
            throw SimApiError::notFound(what);
        throw SimApiError(404, u"not_found"_s, what, {{field, u"not_found"_s, what}});
    }
    return *row;
}

QString SimApi::readableWorkspacesCondition(const QString& column, QVariantList& binds) const
{
    // The unary + keeps SQLite from using a workspace index here, so that a list walks its rows
    // in seq order and stops at the limit instead of sorting every row of the account.
    if (m_caller.accountLevel >= 1) {
        binds.append(m_caller.account);
        return u"+"_s + column
               + u" IN (SELECT id FROM workspaces WHERE account_id = ? AND deleted_at IS NULL)"_s;
    }
    QStringList marks;
    for (auto it = m_caller.workspaceLevels.cbegin(); it != m_caller.workspaceLevels.cend(); ++it) {
        if (it.value() >= 1) {
            marks.append(u"?"_s);
            binds.append(it.key());
        }
    }
    if (marks.isEmpty())
        return u"0"_s;
    return u"+"_s + column + u" IN ("_s + marks.join(u", "_s) + u')';
}

// ---------------------------------------------------------------------------------------------
// Lists.

SimApi::PageQuery SimApi::pageQuery(const QString& select, QStringList where, QVariantList binds,
                                    const QString& seqColumn, bool newestFirst, QueryReader& query,
                                    const QString& cursorPrefix, int defaultLimit, int maxLimit)
{
    PageQuery page;
    page.limit = query.limit(defaultLimit, maxLimit);
    const auto after = query.string(u"starting_after"_s);
    const auto before = query.string(u"ending_before"_s);
    if (after && before)
        query.addError(u"ending_before"_s, u"conflicting_cursors"_s,
                       u"Pass starting_after or ending_before, not both."_s);
    for (const auto& [key, value] :
         {std::pair{u"starting_after"_s, after}, std::pair{u"ending_before"_s, before}}) {
        if (!value)
            continue;
        const auto seq = decodeCursor(cursorPrefix, *value);
        if (!seq) {
            query.addError(key, u"invalid_cursor"_s,
                           u"%1 is not a cursor of this list (expected %2_...)."_s.arg(key, cursorPrefix));
            continue;
        }
        page.backwards = key == u"ending_before"_s;
        // Forward means older rows when newest first; backwards is the other direction.
        const bool lower = newestFirst != page.backwards;
        where.append(seqColumn + (lower ? u" < ?"_s : u" > ?"_s));
        binds.append(*seq);
    }
    query.finish();
    const bool descending = newestFirst != page.backwards;
    page.sql = select;
    if (!where.isEmpty())
        page.sql += u" WHERE "_s + where.join(u" AND "_s);
    page.sql += u" ORDER BY "_s + seqColumn + (descending ? u" DESC"_s : u" ASC"_s) + u" LIMIT ?"_s;
    binds.append(page.limit + 1);
    page.binds = std::move(binds);
    return page;
}

SimApi::PageRows SimApi::pageRows(const QString& select, QStringList where, QVariantList binds,
                                  const QString& seqColumn, bool newestFirst, QueryReader& query,
                                  const QString& cursorPrefix, int defaultLimit, int maxLimit)
{
    const PageQuery q = pageQuery(select, std::move(where), std::move(binds), seqColumn, newestFirst, query,
                                  cursorPrefix, defaultLimit, maxLimit);
    PageRows page;
    page.rows = m_store.rows(q.sql, q.binds);
    page.hasMore = page.rows.size() > q.limit;
    if (page.hasMore)
        page.rows.removeLast();
    if (q.backwards)
        std::reverse(page.rows.begin(), page.rows.end());
    page.cursor = QJsonValue(QJsonValue::Null);
    if (!page.rows.isEmpty()) {
        const auto& edge = q.backwards ? page.rows.first() : page.rows.last();
        page.cursor = encodeCursor(cursorPrefix, edge.value(u"seq"_s).toLongLong());
    }
    return page;
}

QByteArray SimApi::writtenPage(const QString& select, QStringList where, QVariantList binds,
                               const QString& seqColumn, int seqIndex, bool newestFirst, QueryReader& query,
                               const QString& cursorPrefix, int defaultLimit, int maxLimit,
                               const std::function<void(QByteArray&, const SimRow&)>& write, int idIndex,
                               const LateValues& lateValues)
{
    const PageQuery q = pageQuery(select, std::move(where), std::move(binds), seqColumn, newestFirst, query,
                                  cursorPrefix, defaultLimit, maxLimit);
    QByteArray items;
    items.reserve(qsizetype(q.limit) * 1024);
    // Backwards pages are read in the other order: where each item lies, to turn them round.
    QList<std::pair<qsizetype, qsizetype>> spans;
    QStringList ids;
    int written = 0;
    bool hasMore = false;
    qint64 edgeSeq = 0;
    m_store.forEachRow(q.sql, q.binds, [&](const SimRow& row) {
        if (written == q.limit) {
            hasMore = true;
            return;
        }
        if (written > 0 && !q.backwards)
            items.append(',');
        const qsizetype start = items.size();
        write(items, row);
        spans.append({start, items.size()});
        edgeSeq = row.integer(seqIndex);
        if (lateValues)
            ids.append(QString::fromUtf8(row.text(idIndex)));
        ++written;
    });
    if (lateValues && written > 0) {
        // Each item holds one marker, and a marker is nowhere else: written strings escape it.
        const QList<QByteArray> values = lateValues(ids);
        QByteArray filled;
        filled.reserve(items.size() + written * 64);
        qsizetype from = 0;
        for (qsizetype i = 0; i < spans.size(); ++i) {
            const qsizetype at = items.indexOf(jsonout::lateValue, spans.at(i).first);
            Q_ASSERT(at >= 0 && at < spans.at(i).second);
            const qsizetype shift = filled.size() - from;
            filled.append(QByteArrayView(items).sliced(from, at - from)).append(values.value(i, "null"));
            from = at + 1;
            spans[i] = {spans.at(i).first + shift,
                        spans.at(i).second + shift + values.value(i, "null").size() - 1};
        }
        filled.append(QByteArrayView(items).sliced(from));
        items = std::move(filled);
    }
    if (q.backwards) {
        QByteArray reversed;
        reversed.reserve(items.size() + spans.size());
        for (auto span = spans.crbegin(); span != spans.crend(); ++span) {
            if (!reversed.isEmpty())
                reversed.append(',');
            reversed.append(QByteArrayView(items).sliced(span->first, span->second - span->first));
        }
        items = std::move(reversed);
    }
    const QJsonValue cursor = written > 0 ? QJsonValue(encodeCursor(cursorPrefix, edgeSeq)) : QJsonValue();
    return jsonout::list(cursor, items, hasMore);
}

QJsonObject SimApi::page(const QString& select, QStringList where, QVariantList binds,
                         const QString& seqColumn, bool newestFirst, QueryReader& query,
                         const QString& cursorPrefix, int defaultLimit, int maxLimit,
                         const std::function<QJsonObject(const QSqlRecord&)>& toJson,
                         const PagePrefetch& prefetch)
{
    const PageRows found = pageRows(select, std::move(where), std::move(binds), seqColumn, newestFirst, query,
                                    cursorPrefix, defaultLimit, maxLimit);
    if (prefetch && !found.rows.isEmpty())
        prefetch(found.rows);
    QJsonArray data;
    for (const auto& r : found.rows)
        data.append(toJson(r));
    return {{u"object"_s, u"list"_s},
            {u"data"_s, data},
            {u"has_more"_s, found.hasMore},
            {u"cursor"_s, found.cursor}};
}

} // namespace sfsim
