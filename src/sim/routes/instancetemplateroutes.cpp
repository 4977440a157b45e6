// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/instancetemplateroutes.h"

#include "common/constvalue.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simresources.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;

using routeutil::tagsColumn;

void SimInstanceTemplateRoutes::add(SimRouter& router)
{
    router.add("POST", "instance_templates", &SimInstanceTemplateRoutes::createTemplate);
    router.add("GET", "instance_templates", &SimInstanceTemplateRoutes::listTemplates);
    router.add("GET", "instance_templates/{}", &SimInstanceTemplateRoutes::getTemplate);
    router.add("DELETE", "instance_templates/{}", &SimInstanceTemplateRoutes::deleteTemplate);
}

ApiResponse SimInstanceTemplateRoutes::createTemplate(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto workspace = body.string(u"workspace"_s, true, 512);
    const auto imageRef = body.string(u"image"_s, true, 512);
    auto name = body.name(u"name"_s, false);
    const auto tags = body.tags(u"tags"_s);
    const auto userData = routeutil::userData(body);
    body.finish();
    const QSqlRecord ws = routeutil::writableWorkspace(c.resources.access(), *workspace);
    const QString wsId = ws.value(u"id"_s).toString();
    // A template starts instances: its image must be able to.
    const QSqlRecord image = c.resources.images().findLaunchableImage(*imageRef, u"image"_s);
    if (!name)
        name = resourcerows::defaultName(u"template-"_s, c.resources.ids().make(u"t"_s).mid(2, 8));
    if (resourcerows::nameTaken(c.store, u"instance_templates"_s, wsId, *name))
        throw SimApiError::unprocessable(
            u"An instance template named %1 already exists in workspace %2."_s.arg(
                *name, ws.value(u"name"_s).toString()),
            {{u"name"_s, u"name_taken"_s, u"An instance template named %1 already exists."_s.arg(*name)}});
    const QString id = c.resources.ids().make(u"itmpl"_s);
    c.store.exec(
        u"INSERT INTO instance_templates(id, workspace_id, name, image_id, cloud_init_user_data, tags, "
        "created_at) VALUES(?, ?, ?, ?, ?, ?, ?)"_s,
        {id, wsId, *name, image.value(u"id"_s),
         userData ? QVariant(*userData) : QVariant(QMetaType(QMetaType::QString)), tagsColumn(tags), c.now});
    return ApiResponse::created(c.resources.deployments().storedTemplateJson(id, true));
}

ApiResponse SimInstanceTemplateRoutes::listTemplates(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QStringList where{u"t.deleted_at IS NULL"_s};
    QVariantList binds;
    QString workspaceId;
    if (const auto ws = query.string(u"workspace"_s)) {
        workspaceId = c.resources.access().readableWorkspace(*ws, u"workspace"_s).value(u"id"_s).toString();
        where.append(u"t.workspace_id = ?"_s);
        binds.append(workspaceId);
    } else {
        where.append(c.resources.access().readableWorkspacesCondition(u"t.workspace_id"_s, binds));
    }
    const QStringList ids = query.list(u"id"_s);
    if (!ids.isEmpty())
        where.append(routeutil::inCondition(
            u"t.id"_s,
            routeutil::resolvedIds(
                ids,
                [&c, &workspaceId](const QString& ref) {
                    return c.resources.deployments().findTemplate(ref, {}, workspaceId).value(u"id"_s);
                }),
            binds));
    bool include = false;
    for (const auto& i : constValue(query.list(u"include"_s))) {
        if (i != u"cloud_init_user_data"_s)
            query.addError(u"include"_s, u"invalid_value"_s, u"include accepts only cloud_init_user_data."_s);
        include = true;
    }
    return ApiResponse::ok(c.resources.pages().page(
        DeploymentRoom::templateSelectSql(), where, binds, u"t.seq"_s, true, query, u"itmplc"_s, 50, 50,
        [&c, include](const QSqlRecord& r) { return c.resources.deployments().templateJson(r, include); }));
}

ApiResponse SimInstanceTemplateRoutes::getTemplate(const SimRequestContext& c)
{
    // The document's fetch takes no include: the one template comes with its user data.
    return ApiResponse::ok(
        c.resources.deployments().templateJson(c.resources.deployments().findTemplate(c.params.at(0)), true));
}

ApiResponse SimInstanceTemplateRoutes::deleteTemplate(const SimRequestContext& c)
{
    const QSqlRecord tmpl = c.resources.deployments().findTemplate(c.params.at(0));
    const QString id = tmpl.value(u"id"_s).toString();
    c.resources.access().requireWrite(tmpl.value(u"workspace_id"_s).toString());
    QList<FieldError> users;
    for (const auto& r : constValue(c.store.rows(
             u"SELECT id, name FROM deployments WHERE template_id = ? AND deleted_at IS NULL ORDER BY seq"_s,
             {id})))
        users.append({{},
                      u"deployment"_s,
                      u"Deployment %1 (%2) starts its instances from it."_s.arg(r.value(1).toString(),
                                                                                r.value(0).toString())});
    if (!users.isEmpty())
        throw SimApiError::unprocessable(u"Instance template is in use."_s, users);
    c.store.exec(u"UPDATE instance_templates SET deleted_at = ? WHERE id = ?"_s, {c.now, id});
    return ApiResponse::noContent();
}

} // namespace sfsim
