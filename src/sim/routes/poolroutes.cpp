// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/poolroutes.h"

#include "common/constvalue.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simresources.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::FieldError;

using routeutil::tagsColumn;

void SimPoolRoutes::add(SimRouter& router)
{
    router.addCollection("pools", {.create = &SimPoolRoutes::createPool,
                                   .list = &SimPoolRoutes::listPools,
                                   .get = &SimPoolRoutes::getPool,
                                   .patch = &SimPoolRoutes::patchPool,
                                   .remove = &SimPoolRoutes::deletePool});
}

ApiResponse SimPoolRoutes::createPool(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto workspace = body.string(u"workspace"_s, true, 512);
    auto name = body.name(u"name"_s, false);
    const auto tags = body.tags(u"tags"_s);
    body.finish();
    const QSqlRecord ws = routeutil::writableWorkspace(c.resources.access(), *workspace);
    const QString wsId = ws.value(u"id"_s).toString();
    if (!name)
        name = resourcerows::defaultName(u"pool-"_s, c.resources.ids().make(u"p"_s).mid(2, 8));
    if (resourcerows::nameTaken(c.store, u"pools"_s, wsId, *name))
        throw SimApiError::unprocessable(
            u"A pool named %1 already exists in workspace %2."_s.arg(*name, ws.value(u"name"_s).toString()),
            {{u"name"_s, u"name_taken"_s, u"A pool named %1 already exists."_s.arg(*name)}});
    const QString id = c.resources.ids().make(u"pool"_s);
    c.store.exec(
        u"INSERT INTO pools(id, workspace_id, name, kind, created_at, tags) VALUES(?, ?, ?, 'market', ?, ?)"_s,
        {id, wsId, *name, c.now, tagsColumn(tags)});
    return ApiResponse::created(c.resources.pools().storedPoolJson(id));
}

ApiResponse SimPoolRoutes::listPools(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QVariantList binds;
    QStringList where = routeutil::liveInWorkspace(query, c.resources.access(), u"p"_s, binds);
    const QStringList ids = query.list(u"id"_s);
    if (!ids.isEmpty())
        where.append(routeutil::inCondition(
            u"p.id"_s,
            routeutil::resolvedIds(
                ids, [&c](const QString& ref) { return c.resources.pools().findPool(ref).value(u"id"_s); }),
            binds));
    routeutil::addTagConditions(query, u"p.tags"_s, where, binds);
    const qint64 history = query.integer(u"schedule_history_minutes"_s, 0, 1440).value_or(0);
    return ApiResponse::okJson(c.resources.pools().poolsPage(query, where, binds, history));
}

ApiResponse SimPoolRoutes::getPool(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    const qint64 history = query.integer(u"schedule_history_minutes"_s, 0, 1440).value_or(0);
    query.finish();
    return ApiResponse::ok(
        c.resources.pools().poolJson(c.resources.pools().findPool(c.params.at(0)), history));
}

ApiResponse SimPoolRoutes::patchPool(const SimRequestContext& c)
{
    const QSqlRecord pool = c.resources.pools().findPool(c.params.at(0));
    BodyReader body = BodyReader::parse(c.request.body);
    const routeutil::NameAndTags change = routeutil::readNameAndTags(body);
    body.finish();
    routeutil::storeNameAndTags(c, u"pools"_s, pool, change, {u"A pool"_s, &SimApiError::unprocessable});
    return ApiResponse::ok(c.resources.pools().storedPoolJson(pool.value(u"id"_s).toString()));
}

ApiResponse SimPoolRoutes::deletePool(const SimRequestContext& c)
{
    const QSqlRecord pool = c.resources.pools().findPool(c.params.at(0));
    const QString id = pool.value(u"id"_s).toString();
    c.resources.access().requireWrite(pool.value(u"workspace_id"_s).toString());
    QList<FieldError> details;
    const qint64 active =
        c.store
            .scalar(u"SELECT COUNT(*) FROM instances WHERE pool_id = ? AND status IN ('running', "
                    "'awaiting_allocation') AND deleted_at IS NULL"_s,
                    {id})
            .toLongLong();
    if (active > 0)
        details.append({{}, u"active_instances"_s, u"%1 instances are not terminated."_s.arg(active)});
    if (allocation::hasCurrentOrFutureAllocation(c.store, id, c.now))
        details.append({{}, u"allocation"_s, u"The pool holds current or future allocation."_s});
    for (const auto& guard : std::as_const(c.resources.pools().poolDeleteGuards()))
        details += guard(c.store, id, c.now);
    if (!details.isEmpty())
        throw SimApiError::unprocessable(u"Pool has active dependencies."_s, details);
    c.store.exec(u"UPDATE pools SET deleted_at = ? WHERE id = ?"_s, {c.now, id});
    return ApiResponse::noContent();
}

} // namespace sfsim
