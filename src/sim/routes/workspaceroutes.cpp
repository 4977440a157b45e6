// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/workspaceroutes.h"

#include "common/constvalue.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

#include <QJsonArray>
#include <QSet>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;

void SimWorkspaceRoutes::add(SimRouter& router)
{
    router.add("GET", "workspaces", &SimWorkspaceRoutes::listWorkspaces);
    router.add("POST", "workspaces", &SimWorkspaceRoutes::createWorkspace);
    router.add("GET", "workspaces/{}", &SimWorkspaceRoutes::getWorkspace);
    router.add("PATCH", "workspaces/{}", &SimWorkspaceRoutes::patchWorkspace);
    router.add("DELETE", "workspaces/{}", &SimWorkspaceRoutes::deleteWorkspace);
    router.add("GET", "feature_flags", &SimWorkspaceRoutes::listFeatureFlags);
    router.add("POST", "feature_flags/{}", &SimWorkspaceRoutes::setFeatureFlag);
}

// ---------------------------------------------------------------------------------------------
// Workspaces.

ApiResponse SimWorkspaceRoutes::listWorkspaces(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    const QStringList refs = query.list(u"id"_s);
    query.finish();
    QVariantList binds;
    const QString readable = c.resources.access().readableWorkspacesCondition(u"id"_s, binds);
    QJsonArray data;
    QSet<QString> wanted;
    for (const auto& ref : refs)
        wanted.insert(c.resources.access().readableWorkspace(ref).value(u"id"_s).toString());
    for (const auto& r : constValue(c.store.rows(u"SELECT * FROM workspaces WHERE deleted_at IS NULL AND "_s
                                                     + readable + u" ORDER BY seq DESC"_s,
                                                 binds))) {
        if (wanted.isEmpty() || wanted.contains(r.value(u"id"_s).toString()))
            data.append(c.resources.access().workspaceJson(r));
    }
    return ApiResponse::ok({{u"object"_s, u"list"_s}, {u"data"_s, data}, {u"has_more"_s, false}});
}

ApiResponse SimWorkspaceRoutes::createWorkspace(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    auto name = body.name(u"name"_s, false);
    body.finish();
    c.resources.access().requireAccountWrite();
    if (!name)
        name = resourcerows::defaultName(u"workspace-"_s, c.resources.ids().make(u"w"_s).mid(2, 6));
    if (c.store.row(u"SELECT 1 FROM workspaces WHERE account_id = ? AND name = ? AND deleted_at IS NULL"_s,
                    {c.caller.account, *name}))
        throw SimApiError::badRequest(
            u"A workspace named %1 already exists."_s.arg(*name),
            {{u"name"_s, u"name_taken"_s, u"A workspace named %1 already exists."_s.arg(*name)}});
    const QString id = c.resources.ids().make(u"wksp"_s);
    c.store.exec(u"INSERT INTO workspaces(id, account_id, name, created_at) VALUES(?, ?, ?, ?)"_s,
                 {id, c.caller.account, *name, c.now});
    return ApiResponse::created(
        c.resources.access().workspaceJson(*c.store.row(u"SELECT * FROM workspaces WHERE id = ?"_s, {id})));
}

ApiResponse SimWorkspaceRoutes::getWorkspace(const SimRequestContext& c)
{
    return ApiResponse::ok(
        c.resources.access().workspaceJson(c.resources.access().readableWorkspace(c.params.at(0))));
}

ApiResponse SimWorkspaceRoutes::patchWorkspace(const SimRequestContext& c)
{
    const QSqlRecord ws = c.resources.access().readableWorkspace(c.params.at(0));
    BodyReader body = BodyReader::parse(c.request.body);
    const auto name = body.name(u"name"_s, false);
    body.finish();
    c.resources.access().requireWrite(ws.value(u"id"_s).toString());
    if (name && *name != ws.value(u"name"_s).toString()) {
        if (ws.value(u"name"_s).toString() == u"default"_s)
            throw SimApiError::badRequest(u"The default workspace cannot be renamed."_s);
        if (c.store.row(
                u"SELECT 1 FROM workspaces WHERE account_id = ? AND name = ? AND deleted_at IS NULL"_s,
                {c.caller.account, *name}))
            throw SimApiError::badRequest(
                u"A workspace named %1 already exists."_s.arg(*name),
                {{u"name"_s, u"name_taken"_s, u"A workspace named %1 already exists."_s.arg(*name)}});
        c.store.exec(u"UPDATE workspaces SET name = ? WHERE id = ?"_s, {*name, ws.value(u"id"_s)});
    }
    return ApiResponse::ok(c.resources.access().workspaceJson(
        *c.store.row(u"SELECT * FROM workspaces WHERE id = ?"_s, {ws.value(u"id"_s)})));
}

ApiResponse SimWorkspaceRoutes::deleteWorkspace(const SimRequestContext& c)
{
    const QSqlRecord ws = c.resources.access().readableWorkspace(c.params.at(0));
    const QString id = ws.value(u"id"_s).toString();
    c.resources.access().requireAccountWrite();
    QList<FieldError> details;
    if (ws.value(u"name"_s).toString() == u"default"_s)
        details.append({{}, u"default_workspace"_s, u"The default workspace cannot be deleted."_s});
    const struct
    {
        const char* table;
        const char* code;
        const char* noun;
    } contents[] = {{"pools", "has_pools", "pools"},
                    {"instances", "has_instances", "instances"},
                    {"infiniband_partitions", "has_infiniband_partitions", "InfiniBand partitions"}};
    for (const auto& content : contents) {
        const qint64 n =
            c.store
                .scalar(u"SELECT COUNT(*) FROM %1 WHERE workspace_id = ? AND deleted_at IS NULL"_s.arg(
                            QLatin1StringView(content.table)),
                        {id})
                .toLongLong();
        if (n > 0)
            details.append({{},
                            QString::fromLatin1(content.code),
                            u"%1 %2 remain."_s.arg(n).arg(QLatin1StringView(content.noun))});
    }
    const qint64 images =
        c.store.scalar(u"SELECT COUNT(*) FROM images WHERE workspace_id = ?"_s, {id}).toLongLong();
    if (images > 0)
        details.append({{}, u"has_images"_s, u"%1 images remain."_s.arg(images)});
    if (!details.isEmpty())
        throw SimApiError::unprocessable(u"Workspace is not empty."_s, details);
    c.store.exec(u"UPDATE workspaces SET deleted_at = ? WHERE id = ?"_s, {c.now, id});
    return ApiResponse::noContent();
}

// ---------------------------------------------------------------------------------------------
// Feature flags.

ApiResponse SimWorkspaceRoutes::listFeatureFlags(const SimRequestContext& c)
{
    QJsonArray data;
    for (const auto& r : constValue(c.store.rows(
             u"SELECT f.name, f.description, e.user_enroll, e.enrolled FROM feature_flags f "
             "JOIN flag_enrollments e ON e.flag = f.name WHERE e.account_id = ? ORDER BY f.name"_s,
             {c.caller.account}))) {
        data.append(QJsonObject{{u"object"_s, u"feature_flag"_s},
                                {u"feature_flag"_s, r.value(0).toString()},
                                {u"description"_s, r.value(1).toString()},
                                {u"user_enroll"_s, r.value(2).toBool()},
                                {u"enrolled"_s, r.value(3).toBool()}});
    }
    return ApiResponse::ok({{u"object"_s, u"list"_s}, {u"data"_s, data}, {u"has_more"_s, false}});
}

ApiResponse SimWorkspaceRoutes::setFeatureFlag(const SimRequestContext& c)
{
    const QString flag = c.params.at(0);
    const auto row =
        c.store.row(u"SELECT user_enroll, enrolled FROM flag_enrollments WHERE flag = ? AND account_id = ?"_s,
                    {flag, c.caller.account});
    if (!row)
        throw SimApiError::notFound(u"Feature flag %1 doesn't exist or is unavailable."_s.arg(flag));
    BodyReader body = BodyReader::parse(c.request.body);
    const auto enrolled = body.boolean(u"enrolled"_s, true);
    body.finish();
    if (!row->value(0).toBool())
        throw SimApiError::forbidden(u"Feature flag is not self-enrollable"_s);
    c.resources.access().requireAccountWrite();
    c.store.exec(u"UPDATE flag_enrollments SET enrolled = ? WHERE flag = ? AND account_id = ?"_s,
                 {*enrolled, flag, c.caller.account});
    return ApiResponse::ok(
        {{u"object"_s, u"feature_flag"_s}, {u"feature_flag"_s, flag}, {u"enrolled"_s, *enrolled}});
}

} // namespace sfsim
