// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/simapi.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "sim/resources/simpooltransfers.h"
#include "sim/resources/simprocurements.h"
#include "sim/routes/accountroutes.h"
#include "sim/routes/catalogroutes.h"
#include "sim/routes/controlroutes.h"
#include "sim/routes/deploymentroutes.h"
#include "sim/routes/imageroutes.h"
#include "sim/routes/infinibandroutes.h"
#include "sim/routes/instanceroutes.h"
#include "sim/routes/instancetemplateroutes.h"
#include "sim/routes/orderbookroutes.h"
#include "sim/routes/orderroutes.h"
#include "sim/routes/poolroutes.h"
#include "sim/routes/pooltransferroutes.h"
#include "sim/routes/procurementroutes.h"
#include "sim/routes/simdemo.h"
#include "sim/routes/workspaceroutes.h"
#include "sim/store/simstore.h"
#include "sim/world/simworld.h"

#include <QElapsedTimer>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::lcSim;

SimApi::SimApi(SimStore& store, const SimOptions& options)
    : m_store(store)
    , m_options(options)
    , m_clock(options.timeScale)
    , m_resources(m_store, m_options, m_clock)
{
    if (options.startTime)
        m_clock.startAt(*options.startTime);
    // Every resource has its route class; the order is the order routes are matched in.
    SimAccountRoutes::add(m_router);
    SimWorkspaceRoutes::add(m_router);
    SimCatalogRoutes::add(m_router);
    SimImageRoutes::add(m_router);
    SimPoolRoutes::add(m_router);
    SimInstanceRoutes::add(m_router);
    SimInfinibandRoutes::add(m_router);
    SimOrderbookRoutes::add(m_router);
    SimOrderRoutes::add(m_router);
    SimInstanceTemplateRoutes::add(m_router);
    SimDeploymentRoutes::add(m_router);
    SimProcurementRoutes::add(m_router);
    SimPoolTransferRoutes::add(m_router);
    SimControlRoutes::add(m_controlRouter);
    // What acts on its own: transfers first, so that procurements see the allocation they moved.
    m_resources.marketSide().addAutomation(pooltransfer::automation());
    m_resources.marketSide().addAutomation(procurement::automation());
    m_resources.pools().addPoolDeleteGuard(procurement::deleteGuard());
    m_resources.pools().addPoolDeleteGuard(SimDeploymentRoutes::poolDeleteGuard());
}

SimApi::~SimApi() = default;

namespace {

// Marks a world whose demo is being seeded, until it is complete.
const QString demoSeedingKey = u"demo_seeding"_s;

} // namespace

bool SimApi::initialize(QString* error, bool* seededNow, const TokensKeeper& keep)
{
    *seededNow = false;
    m_demoInterrupted = false;
    QString keepError;
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
            if (m_options.demo)
                m_store.setMeta(demoSeedingKey, u"1"_s);
            *seededNow = true;
        } else {
            m_tokens = world::hashStoredSecrets(m_store);
            m_demoInterrupted = !m_store.meta(demoSeedingKey).isEmpty();
        }
        m_resources.beginRequest(Caller(), m_clock.now());
        m_resources.startWorld();
        // The tokens exist only as digests once this commits: they are kept first.
        if (!m_tokens.isEmpty() && keep && !keep(m_tokens, &keepError))
            throw SimApiError(500, u"api_error"_s, keepError);
        m_store.commit();
    } catch (const SimApiError&) {
        m_store.rollback();
        m_resources.marketSide().stopMarket();
        m_tokens = {};
        *seededNow = false;
        *error =
            keepError.isEmpty() ? u"cannot seed the world or start the market in the store"_s : keepError;
        return false;
    }
    if (*seededNow && m_options.demo) {
        QString problem;
        if (!demo::seed(*this, m_store, m_tokens, m_clock.now() + demo::historySeconds, &problem)) {
            *error = u"cannot seed the demo world: %1"_s.arg(problem);
            return false;
        }
        try {
            m_store.begin();
            m_store.exec(u"DELETE FROM meta WHERE key = ?"_s, {demoSeedingKey});
            m_store.commit();
        } catch (const SimApiError&) {
            m_store.rollback();
            *error = u"cannot record that the demo world is complete"_s;
            return false;
        }
    }
    return true;
}

QJsonObject SimApi::tokens() const
{
    return m_tokens;
}

bool SimApi::recoverTokens(const QJsonObject& candidates, const TokensKeeper& keep, QStringList* reminted,
                           QString* error)
{
    reminted->clear();
    QString keepError;
    try {
        m_store.begin();
        QJsonObject tokens = world::verifiedTokens(m_store, candidates);
        const QJsonObject minted = world::remintTokens(m_store, tokens.keys());
        for (auto it = minted.begin(); it != minted.end(); ++it) {
            tokens.insert(it.key(), it.value());
            reminted->append(it.key());
        }
        if (!minted.isEmpty() && keep && !keep(tokens, &keepError))
            throw SimApiError(500, u"api_error"_s, keepError);
        m_store.commit();
        m_tokens = tokens;
    } catch (const SimApiError&) {
        m_store.rollback();
        reminted->clear();
        *error = keepError.isEmpty() ? u"cannot replace the lost tokens in the store"_s : keepError;
        return false;
    }
    return true;
}

ApiResponse SimApi::handle(const SimApiRequest& request)
{
    QElapsedTimer timer;
    timer.start();
    const ApiResponse response = answer(request);
    qCDebug(lcSim, "%s %s: %d in %.1f ms", qPrintable(request.method), qPrintable(request.path),
            response.status, double(timer.nsecsElapsed()) / 1e6);
    return response;
}

ApiResponse SimApi::answer(const SimApiRequest& request)
{
    try {
        // Routing and authentication only read, so a caller without a valid token never takes
        // the store's write lock.
        const ResolvedRoute resolved =
            request.path.startsWith(u"/_sim/"_s) ? resolveControl(request) : resolve(request);
        if (resolved.immediate)
            return *resolved.immediate;
        const qint64 now = m_clock.now();
        m_resources.beginRequest(resolved.caller, now);
        m_store.begin();
        m_resources.advanceWorld();
        ApiResponse response = resolved.handler(
            SimRequestContext{request, resolved.params, resolved.caller, now, m_store, m_resources});
        m_store.commit();
        return response;
    } catch (const SimApiError& error) {
        m_store.rollback();
        m_resources.instances().forgetNextReconcile();
        return {error.status(), error.toJson(), false};
    } catch (const std::exception& error) {
        // Out of memory or a library failure in one request must not end the process (which may
        // be the app's): that request fails, the store rolls back, the next is served.
        m_store.rollback();
        m_resources.instances().forgetNextReconcile();
        qCWarning(lcSim, "sfsim: %s %s failed: %s", qPrintable(request.method), qPrintable(request.path),
                  error.what());
        return {500, SimApiError(500, u"api_error"_s, u"Internal error in the simulator."_s).toJson(), false};
    }
}

std::optional<SimApiError> SimApi::inTransaction(const std::function<void(SimResources&, qint64 now)>& work)
{
    try {
        const qint64 now = m_clock.now();
        m_resources.beginRequest(Caller(), now);
        m_store.begin();
        work(m_resources, now);
        m_store.commit();
        return std::nullopt;
    } catch (const SimApiError& error) {
        m_store.rollback();
        return error;
    } catch (const std::exception& error) {
        m_store.rollback();
        qCWarning(lcSim, "sfsim: an image transfer failed: %s", error.what());
        return SimApiError(500, u"api_error"_s, u"Internal error in the simulator."_s);
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
    ResolvedRoute found;
    found.caller = authenticate(request);
    found.handler = std::move(match.handler);
    found.params = std::move(match.params);
    return found;
}

SimApi::ResolvedRoute SimApi::resolveControl(const SimApiRequest& request)
{
    if (!m_options.control)
        throw SimApiError::notFound(u"No route for %1 %2."_s.arg(request.method, request.path));
    if (!request.fromLoopback)
        throw SimApiError::forbidden(u"Control routes answer only on loopback."_s);
    SimRouter::Match match = m_controlRouter.match(request.method, request.path, request.path);
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
    for (const auto& g :
         constValue(m_store.rows(u"SELECT workspace_id, level FROM grants WHERE token = ?"_s, {token}))) {
        if (g.value(0).isNull())
            caller.accountLevel = qMax(caller.accountLevel, g.value(1).toInt());
        else
            caller.workspaceLevels[g.value(0).toString()] =
                qMax(caller.workspaceLevels.value(g.value(0).toString()), g.value(1).toInt());
    }
    return caller;
}

} // namespace sfsim
