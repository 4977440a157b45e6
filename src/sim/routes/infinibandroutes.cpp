// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/infinibandroutes.h"

#include "common/constvalue.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simresources.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;

namespace {

// InfiniBand is a preview (shared/contracts/INFINIBAND.md): every route needs the account enrolled.
const QString flag = u"infiniband-preview"_s;

} // namespace

using routeutil::tagsColumn;

void SimInfinibandRoutes::add(SimRouter& router)
{
    router.add("GET", "infiniband_fabrics", &SimInfinibandRoutes::listFabrics);
    router.add("GET", "infiniband_fabrics/{}", &SimInfinibandRoutes::getFabric);
    router.addCollection("infiniband_partitions", {.create = &SimInfinibandRoutes::createPartition,
                                                   .list = &SimInfinibandRoutes::listPartitions,
                                                   .get = &SimInfinibandRoutes::getPartition,
                                                   .patch = &SimInfinibandRoutes::patchPartition,
                                                   .remove = &SimInfinibandRoutes::deletePartition});
    router.add("GET", "infiniband_partitions/{}/instances", &SimInfinibandRoutes::partitionInstances);
}

ApiResponse SimInfinibandRoutes::listFabrics(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    QueryReader query(c.request.query);
    QStringList where;
    QVariantList binds;
    routeutil::addEqualsCondition(query, u"region"_s, u"region"_s, where, binds);
    routeutil::addEqualsCondition(query, u"availability_zone"_s, u"zone"_s, where, binds);
    return ApiResponse::ok(c.resources.pages().page(
        u"SELECT * FROM fabrics"_s, where, binds, u"seq"_s, false, query, u"ibfabc"_s, 50, 200,
        [&c](const QSqlRecord& r) { return c.resources.infiniband().fabricJson(r); }));
}

ApiResponse SimInfinibandRoutes::getFabric(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    return ApiResponse::ok(
        c.resources.infiniband().fabricJson(c.resources.infiniband().findFabric(c.params.at(0))));
}

ApiResponse SimInfinibandRoutes::createPartition(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    BodyReader body = BodyReader::parse(c.request.body);
    const auto workspace = body.string(u"workspace"_s, true, 512);
    const auto name = body.name(u"name"_s, true);
    const auto fabricRef = body.string(u"fabric"_s, false, 255);
    const auto region = body.string(u"region"_s, false, 64);
    const auto zone = body.string(u"availability_zone"_s, false, 64);
    const auto tags = body.tags(u"tags"_s);
    body.finish();
    const QSqlRecord ws = routeutil::writableWorkspace(c.resources.access(), *workspace);
    const QString workspaceId = ws.value(u"id"_s).toString();

    const bool hasLocation = region || zone;
    if (fabricRef && hasLocation)
        throw SimApiError::unprocessable(
            u"Give either fabric or region and availability_zone, not both."_s,
            {{u"fabric"_s, u"fabric_and_location"_s,
              u"Give either fabric or region and availability_zone, not both."_s}});
    if (!fabricRef && !(region && zone))
        throw SimApiError::unprocessable(
            u"Give fabric, or region and availability_zone."_s,
            {{!hasLocation ? u"fabric"_s : (region ? u"availability_zone"_s : u"region"_s),
              u"missing_location"_s, u"Give fabric, or region and availability_zone."_s}});
    QSqlRecord fabric;
    if (fabricRef) {
        fabric = c.resources.infiniband().findFabric(*fabricRef, u"fabric"_s);
    } else {
        const auto fabrics = c.store.rows(
            u"SELECT * FROM fabrics WHERE region = ? AND zone = ? ORDER BY seq"_s, {*region, *zone});
        if (fabrics.isEmpty())
            throw SimApiError(404, u"not_found"_s, u"No InfiniBand fabric in %1-%2."_s.arg(*region, *zone),
                              {{u"availability_zone"_s, u"not_found"_s,
                                u"No InfiniBand fabric in %1-%2."_s.arg(*region, *zone)}});
        if (fabrics.size() > 1) {
            QList<FieldError> details;
            for (const auto& f : fabrics) {
                QStringList skus;
                for (const auto& s : constValue(
                         c.store.rows(u"SELECT alias FROM instance_skus WHERE fabric_id = ? ORDER BY seq"_s,
                                      {f.value(u"id"_s)})))
                    skus.append(s.value(0).toString());
                details.append({u"fabric"_s, u"ambiguous_zone"_s,
                                u"%1 (%2): SKUs %3"_s.arg(f.value(u"name"_s).toString(),
                                                          f.value(u"id"_s).toString(), skus.join(u", "_s))});
            }
            throw SimApiError::unprocessable(
                u"Zone %1-%2 holds %3 fabrics; choose one with fabric."_s.arg(*region, *zone)
                    .arg(fabrics.size()),
                details);
        }
        fabric = fabrics.first();
    }
    if (resourcerows::nameTaken(c.store, u"infiniband_partitions"_s, workspaceId, *name))
        throw SimApiError::conflict(
            u"A partition named %1 already exists in workspace %2."_s.arg(*name,
                                                                          ws.value(u"name"_s).toString()),
            {{u"name"_s, u"name_taken"_s,
              u"A partition named %1 already exists in this workspace."_s.arg(*name)}});
    const QString id = c.resources.ids().make(u"ibpart"_s);
    c.store.exec(
        u"INSERT INTO infiniband_partitions(id, workspace_id, name, fabric_id, created_at, tags) VALUES(?, ?, ?, ?, ?, ?)"_s,
        {id, workspaceId, *name, fabric.value(u"id"_s), c.now, tagsColumn(tags)});
    return ApiResponse::created(c.resources.infiniband().storedPartitionJson(id));
}

ApiResponse SimInfinibandRoutes::listPartitions(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    QueryReader query(c.request.query);
    QStringList where{u"ip.deleted_at IS NULL"_s, u"w.deleted_at IS NULL"_s};
    QVariantList binds;
    const auto workspace = query.string(u"workspace"_s);
    where.append(c.resources.access().workspaceFilter(workspace, u"ip.workspace_id"_s, binds));
    if (const auto fabric = query.string(u"fabric"_s)) {
        const auto row =
            c.store.row(u"SELECT id FROM fabrics WHERE id = ? OR name = ?"_s, {*fabric, *fabric});
        where.append(u"ip.fabric_id = ?"_s);
        binds.append(row ? row->value(0).toString() : QString());
    }
    routeutil::addEqualsCondition(query, u"region"_s, u"f.region"_s, where, binds);
    routeutil::addEqualsCondition(query, u"availability_zone"_s, u"f.zone"_s, where, binds);
    const QStringList ids = query.list(u"id"_s);
    if (!ids.isEmpty())
        where.append(routeutil::inCondition(
            u"ip.id"_s,
            routeutil::resolvedIds(ids,
                                   [&c, &workspace](const QString& ref) {
                                       return c.resources.infiniband()
                                           .findPartition(ref, workspace.value_or(QString()))
                                           .value(u"id"_s);
                                   }),
            binds));
    return ApiResponse::okJson(c.resources.infiniband().partitionsPage(query, where, binds));
}

ApiResponse SimInfinibandRoutes::getPartition(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    QueryReader query(c.request.query);
    return ApiResponse::ok(c.resources.infiniband().partitionJson(c.resources.infiniband().findPartition(
        c.params.at(0), query.string(u"workspace"_s).value_or(QString()))));
}

ApiResponse SimInfinibandRoutes::patchPartition(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    QueryReader query(c.request.query);
    const QSqlRecord partition = c.resources.infiniband().findPartition(
        c.params.at(0), query.string(u"workspace"_s).value_or(QString()));
    BodyReader body = BodyReader::parse(c.request.body);
    const routeutil::NameAndTags change = routeutil::readNameAndTags(body);
    body.finish();
    routeutil::storeNameAndTags(c, u"infiniband_partitions"_s, partition, change,
                                {u"A partition"_s, &SimApiError::conflict});
    return ApiResponse::ok(c.resources.infiniband().storedPartitionJson(partition.value(u"id"_s).toString()));
}

ApiResponse SimInfinibandRoutes::partitionInstances(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    QueryReader query(c.request.query);
    const QSqlRecord partition = c.resources.infiniband().findPartition(
        c.params.at(0), query.string(u"workspace"_s).value_or(QString()));
    QVariantList binds{partition.value(u"id"_s)};
    QStringList where{u"i.partition_id = ?"_s, u"i.infiniband_released_at IS NULL"_s,
                      u"i.deleted_at IS NULL"_s};
    where.append(c.resources.access().readableWorkspacesCondition(u"i.workspace_id"_s, binds));
    return ApiResponse::okJson(c.resources.instances().instancesPage(query, where, binds, false));
}

ApiResponse SimInfinibandRoutes::deletePartition(const SimRequestContext& c)
{
    c.resources.access().requireFlag(flag);
    QueryReader query(c.request.query);
    const QSqlRecord partition = c.resources.infiniband().findPartition(
        c.params.at(0), query.string(u"workspace"_s).value_or(QString()));
    c.resources.access().requireWrite(partition.value(u"workspace_id"_s).toString());
    QList<FieldError> details;
    qint64 unreadable = 0;
    for (const auto& r : constValue(c.store.rows(
             u"SELECT id, workspace_id, status, deleted_at FROM instances WHERE partition_id = ? "
             "AND infiniband_released_at IS NULL ORDER BY seq"_s,
             {partition.value(u"id"_s)}))) {
        const QString id = r.value(0).toString();
        if (c.caller.level(r.value(1).toString()) < 1) {
            ++unreadable;
            continue;
        }
        const QString status = r.value(2).toString();
        if (status == u"terminated"_s || status == u"failed"_s)
            details.append({{},
                            u"pending_release"_s,
                            u"%1 is terminated; its node has not released the partition yet"_s.arg(id)});
        else
            details.append({{}, u"attached_instance"_s, u"%1 is attached"_s.arg(id)});
    }
    if (unreadable > 0)
        details.append(
            {{}, u"unreadable_instance"_s, u"%1 attached instances you cannot read"_s.arg(unreadable)});
    if (!details.isEmpty())
        throw SimApiError::conflict(u"Partition has attached instances."_s, details);
    c.store.exec(u"UPDATE infiniband_partitions SET deleted_at = ? WHERE id = ?"_s,
                 {c.now, partition.value(u"id"_s)});
    return ApiResponse::noContent();
}

} // namespace sfsim
