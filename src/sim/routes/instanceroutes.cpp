// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/instanceroutes.h"

#include "common/constvalue.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simconsole.h"
#include "sim/resources/simresources.h"
#include "sim/routes/idempotency.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtEndian>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;

namespace {

// At most this many entries in one PATCH /instances.
constexpr qsizetype maxBatchEntries = 500;
const QStringList priorities{u"yield"_s, u"normal"_s, u"preferred"_s, u"critical"_s};

std::optional<QString> readPriority(BodyReader& body)
{
    const auto priority = body.string(u"priority_level"_s, false, 32);
    if (priority && !priorities.contains(*priority))
        body.addError(u"priority_level"_s, u"invalid_value"_s,
                      u"priority_level must be yield, normal, preferred or critical."_s);
    return priority;
}

QString hostnameOf(const QSqlRecord& r)
{
    return r.value(u"name"_s).toString().toLower() + u'.' + r.value(u"sku_region"_s).toString()
           + u".sfsim.internal"_s;
}

} // namespace

void SimInstanceRoutes::add(SimRouter& router)
{
    router.addCollection("instances", {.create = &SimInstanceRoutes::createInstance,
                                       .list = &SimInstanceRoutes::listInstances,
                                       .get = &SimInstanceRoutes::getInstance,
                                       .patch = &SimInstanceRoutes::patchInstance,
                                       .remove = &SimInstanceRoutes::deleteInstance});
    router.add("POST", "instances/{}/terminate", &SimInstanceRoutes::terminateInstance);
    router.add("GET", "instances/{}/logs", &SimInstanceRoutes::instanceLogs);
    router.add("GET", "instances/{}/ssh", &SimInstanceRoutes::instanceSsh);
    router.add("PATCH", "instances", &SimInstanceRoutes::batchPatchInstances);
    router.add("POST", "instances/{}/replace", &SimInstanceRoutes::replaceInstance);
}

ApiResponse SimInstanceRoutes::createInstance(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    InstanceSpec spec;
    spec.pool = body.string(u"pool"_s, true, 512).value_or(QString());
    spec.image = body.string(u"image"_s, true, 512).value_or(QString());
    spec.sku = body.string(u"instance_sku"_s, true, 64).value_or(QString());
    spec.name = body.name(u"name"_s, false);
    spec.userData = routeutil::userData(body);
    spec.enablePublicIpv4 = body.boolean(u"enable_public_ipv4"_s, false).value_or(false);
    const auto firewall = body.string(u"firewall"_s, false, 512);
    spec.tags = body.tags(u"tags"_s);
    spec.priority = readPriority(body).value_or(u"normal"_s);
    spec.wantsInfiniband = body.boolean(u"_preview_enable_infiniband"_s, false).value_or(false);
    spec.partition = body.string(u"infiniband_partition"_s, false, 512);
    body.finish();
    if (firewall)
        throw SimApiError(404, u"not_found"_s, u"Firewall %1 not found."_s.arg(*firewall),
                          {{u"firewall"_s, u"not_found"_s, u"Firewall %1 not found."_s.arg(*firewall)}});
    const QString id = c.resources.instances().createInstance(spec);
    const QSqlRecord created = c.resources.instances().findInstance(id);
    c.resources.instances().reconcile(created.value(u"pool_id"_s).toString(),
                                      created.value(u"instance_sku_id"_s).toString());
    return ApiResponse::created(c.resources.instances().storedInstanceJson(id));
}

ApiResponse SimInstanceRoutes::listInstances(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QVariantList binds;
    QStringList where = routeutil::liveInWorkspace(query, c.resources.access(), u"i"_s, binds);
    // One value is compared as such, so the filter's index (pool, partition: with seq) gives the
    // page in order; more travel as one JSON array, so the SQL text does not change with their
    // number (a bounded set of texts either way).
    const auto inList = [&](const QString& column, const QStringList& values) {
        if (values.size() == 1) {
            binds.append(values.first());
            where.append(column + u" = ?"_s);
            return;
        }
        binds.append(QString::fromUtf8(
            QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact)));
        where.append(column + u" IN (SELECT value FROM json_each(?))"_s);
    };
    QStringList ids = query.list(u"id"_s);
    for (auto& id : ids)
        id = canonicalId(id, instanceIds);
    if (!ids.isEmpty())
        inList(u"i.id"_s, ids);
    QStringList pools;
    for (const auto& ref : constValue(query.list(u"pool"_s))) {
        try {
            pools.append(c.resources.pools().findPool(ref).value(u"id"_s).toString());
        } catch (const SimApiError&) {
            pools.append(QString()); // an unknown pool matches nothing
        }
    }
    if (!query.list(u"pool"_s).isEmpty())
        inList(u"i.pool_id"_s, pools);
    const QStringList statuses = query.list(u"status"_s);
    for (const auto& s : statuses) {
        if (!QStringList{u"awaiting_allocation"_s, u"running"_s, u"terminated"_s, u"failed"_s}.contains(s))
            query.addError(u"status"_s, u"invalid_value"_s, u"Unknown instance status %1."_s.arg(s));
    }
    if (!statuses.isEmpty())
        inList(u"i.status"_s, statuses);
    if (const auto after = query.integer(u"created_after"_s, 0, std::numeric_limits<qint64>::max())) {
        where.append(u"i.created_at > ?"_s);
        binds.append(*after);
    }
    if (const auto before = query.integer(u"created_before"_s, 0, std::numeric_limits<qint64>::max())) {
        where.append(u"i.created_at < ?"_s);
        binds.append(*before);
    }
    QStringList skus = query.list(u"instance_sku"_s);
    for (auto& s : skus)
        s = canonicalId(s, skuIds);
    if (!skus.isEmpty())
        inList(u"i.instance_sku_id"_s, skus);
    routeutil::addTagConditions(query, u"i.tags"_s, where, binds);
    const QStringList partitions = query.list(u"infiniband_partition"_s);
    if (!partitions.isEmpty()) {
        c.resources.access().requireFlag(u"infiniband-preview"_s);
        QStringList resolved;
        for (const auto& ref : partitions) {
            try {
                resolved.append(c.resources.infiniband()
                                    .findPartition(ref, query.string(u"workspace"_s).value_or(QString()))
                                    .value(u"id"_s)
                                    .toString());
            } catch (const SimApiError&) {
                resolved.append(QString());
            }
        }
        inList(u"i.partition_id"_s, resolved);
    }
    const QStringList include = query.list(u"include"_s);
    for (const auto& i : include) {
        if (i != u"cloud_init_user_data"_s)
            query.addError(u"include"_s, u"invalid_value"_s, u"include accepts only cloud_init_user_data."_s);
    }
    return ApiResponse::okJson(
        c.resources.instances().instancesPage(query, where, binds, !include.isEmpty()));
}

ApiResponse SimInstanceRoutes::getInstance(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    const bool include = query.list(u"include"_s).contains(u"cloud_init_user_data"_s);
    return ApiResponse::ok(
        c.resources.instances().instanceJson(c.resources.instances().findInstance(c.params.at(0)), include));
}

ApiResponse SimInstanceRoutes::patchInstance(const SimRequestContext& c)
{
    const QSqlRecord instance = c.resources.instances().findInstance(c.params.at(0));
    BodyReader body = BodyReader::parse(c.request.body);
    const routeutil::NameAndTags change = routeutil::readNameAndTags(body);
    const auto priority = readPriority(body);
    body.finish();
    const QString id = instance.value(u"id"_s).toString();
    routeutil::storeNameAndTags(c, u"instances"_s, instance, change,
                                {u"An instance"_s, &SimApiError::badRequest}, true);
    if (priority)
        c.store.exec(u"UPDATE instances SET priority_level = ?, updated_at = ? WHERE id = ?"_s,
                     {*priority, c.now, id});
    return ApiResponse::ok(c.resources.instances().storedInstanceJson(id));
}

ApiResponse SimInstanceRoutes::terminateInstance(const SimRequestContext& c)
{
    const QSqlRecord instance = c.resources.instances().findInstance(c.params.at(0));
    c.resources.access().requireWrite(instance.value(u"workspace_id"_s).toString());
    const QString status = instance.value(u"status"_s).toString();
    if (status == u"terminated"_s || status == u"failed"_s)
        throw SimApiError::notFound(u"Instance not found or already terminated."_s);
    const QString id = instance.value(u"id"_s).toString();
    c.resources.instances().terminateInstances({id});
    // The freed node goes to the next instance waiting on the pool.
    c.resources.instances().reconcile(instance.value(u"pool_id"_s).toString(),
                                      instance.value(u"instance_sku_id"_s).toString());
    return ApiResponse::ok(c.resources.instances().storedInstanceJson(id));
}

ApiResponse SimInstanceRoutes::deleteInstance(const SimRequestContext& c)
{
    const QSqlRecord instance = c.resources.instances().findInstance(c.params.at(0));
    c.resources.access().requireWrite(instance.value(u"workspace_id"_s).toString());
    const QString status = instance.value(u"status"_s).toString();
    if (status != u"terminated"_s && status != u"failed"_s)
        throw SimApiError::conflict(u"Instance must be terminated before deletion."_s);
    c.store.exec(u"UPDATE instances SET deleted_at = ? WHERE id = ?"_s, {c.now, instance.value(u"id"_s)});
    return ApiResponse::noContent();
}

ApiResponse SimInstanceRoutes::instanceLogs(const SimRequestContext& c)
{
    const QSqlRecord r = c.resources.instances().findInstance(c.params.at(0));
    QueryReader query(c.request.query);
    const auto seqBefore = query.integer(u"seqnum_before"_s, 0, std::numeric_limits<qint64>::max());
    const auto seqAfter = query.integer(u"seqnum_after"_s, 0, std::numeric_limits<qint64>::max());
    const auto timeBefore =
        query.integer(u"realtime_timestamp_before"_s, 0, std::numeric_limits<qint64>::max());
    const auto timeAfter =
        query.integer(u"realtime_timestamp_after"_s, 0, std::numeric_limits<qint64>::max());
    const QString sort = query.string(u"sort_by"_s).value_or(u"seqnum"_s);
    if (sort != u"seqnum"_s && sort != u"-seqnum"_s)
        query.addError(u"sort_by"_s, u"invalid_value"_s, u"sort_by must be seqnum or -seqnum."_s);
    const int limit = static_cast<int>(query.integer(u"limit"_s, 1, 2500).value_or(100));
    query.finish();

    QJsonArray data;
    if (!r.value(u"running_at"_s).isNull()) {
        ConsoleContext console;
        console.instanceId = r.value(u"id"_s).toString();
        console.hostname = r.value(u"name"_s).toString().toLower();
        console.imageName = r.value(u"image_name"_s).toString();
        console.accelerator = r.value(u"accelerator_display"_s).toString();
        console.accelerators = r.value(u"num_accelerators"_s).toInt();
        console.imageHasInfiniband = r.value(u"infiniband_stack"_s).toBool();
        console.skuIsInfiniband = r.value(u"rdma_type"_s).toString() == u"infiniband"_s;
        console.partitionName = r.value(u"partition_name"_s).toString();
        console.fabricName = r.value(u"fabric_name"_s).toString();
        console.userData = QByteArray::fromBase64(r.value(u"cloud_init_user_data"_s).toString().toLatin1());
        const qint64 bootMs = r.value(u"running_at"_s).toLongLong() * 1000;
        const qint64 endMs = r.value(u"terminated_at"_s).isNull()
                                 ? c.now * 1000
                                 : r.value(u"terminated_at"_s).toLongLong() * 1000;
        QList<std::pair<qint64, QString>> lines;
        for (const auto& l : constValue(bootConsole(console))) {
            if (bootMs + l.offsetMs <= endMs)
                lines.append({l.offsetMs, l.text});
        }
        if (!r.value(u"terminated_at"_s).isNull()) {
            for (const auto& l : constValue(shutdownConsole(console)))
                lines.append({endMs - bootMs + l.offsetMs, l.text});
        }
        QList<QJsonObject> chunks;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const qint64 seq = i + 1;
            const qint64 realtime = (bootMs + lines.at(i).first) / 1000;
            if ((seqBefore && seq > *seqBefore) || (seqAfter && seq < *seqAfter)
                || (timeBefore && realtime > *timeBefore) || (timeAfter && realtime < *timeAfter))
                continue;
            chunks.append(QJsonObject{
                {u"timestamp_realtime"_s, realtime},
                {u"timestamp_monotonic_secs"_s, lines.at(i).first / 1000},
                {u"timestamp_monotonic_nanos"_s, (lines.at(i).first % 1000) * 1000000},
                {u"seqnum"_s, seq},
                {u"data"_s, QString::fromLatin1((lines.at(i).second + u"\r\n"_s).toUtf8().toBase64())}});
        }
        if (sort == u"-seqnum"_s)
            std::reverse(chunks.begin(), chunks.end());
        for (qsizetype i = 0; i < chunks.size() && i < limit; ++i)
            data.append(chunks.at(i));
    }
    return ApiResponse::ok({{u"object"_s, u"list"_s}, {u"data"_s, data}});
}

ApiResponse SimInstanceRoutes::instanceSsh(const SimRequestContext& c)
{
    const QSqlRecord r = c.resources.instances().findInstance(c.params.at(0));
    if (r.value(u"status"_s).toString() != u"running"_s)
        throw SimApiError::notFound(u"SSH details not available."_s);
    // An Ed25519 host key in the SSH wire format, derived from the instance so it stays stable.
    const QByteArray secret =
        QCryptographicHash::hash(r.value(u"id"_s).toString().toUtf8(), QCryptographicHash::Sha256);
    QByteArray wire;
    const auto appendString = [&wire](const QByteArray& s) {
        char length[4];
        qToBigEndian(static_cast<quint32>(s.size()), length);
        wire.append(length, 4);
        wire.append(s);
    };
    appendString("ssh-ed25519");
    appendString(secret);
    const qint64 running = r.value(u"running_at"_s).toLongLong();
    return ApiResponse::ok(
        {{u"hostname"_s,
          r.value(u"public_ip"_s).isNull() ? hostnameOf(r) : r.value(u"public_ip"_s).toString()},
         {u"port"_s, 22},
         {u"host_keys"_s, QJsonArray{QJsonObject{{u"key_type"_s, u"ssh-ed25519"_s},
                                                 {u"key"_s, QString::fromLatin1(wire.toBase64())}}}},
         {u"last_successful_key_update_at"_s, running + 30},
         {u"last_attempted_key_update_at"_s, running + 30}});
}

ApiResponse SimInstanceRoutes::batchPatchInstances(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto data = body.array(u"data"_s, true);
    if (data && data->size() > maxBatchEntries)
        body.addError(
            u"data"_s, u"too_many_entries"_s,
            u"A batch holds at most %1 entries; this one has %2."_s.arg(maxBatchEntries).arg(data->size()));
    // The last entry of an id wins; the answer lists each id once, in the order first named.
    QStringList order;
    QHash<QString, QString> priorityOf;
    if (data) {
        for (qsizetype i = 0; i < data->size() && i < maxBatchEntries; ++i) {
            const QString field = u"data[%1]"_s.arg(i);
            const QJsonObject entry = data->at(i).toObject();
            if (!data->at(i).isObject()) {
                body.addError(field, u"invalid_type"_s, u"%1 must be an object."_s.arg(field));
                continue;
            }
            for (auto it = entry.begin(); it != entry.end(); ++it) {
                if (it.key() != u"id"_s && it.key() != u"priority_level"_s)
                    body.addError(field + u'.' + it.key(), u"unknown_field"_s,
                                  u"%1: only id and priority_level can be patched in a batch."_s.arg(field));
            }
            const QString id = entry.value(u"id"_s).toString();
            const QString priority = entry.value(u"priority_level"_s).toString();
            if (!(id.startsWith(u"inst_"_s) || id.startsWith(u"vm_"_s)))
                body.addError(field + u".id"_s, u"invalid_value"_s,
                              u"%1.id must be an instance id (inst_…)."_s.arg(field));
            if (!priorities.contains(priority))
                body.addError(
                    field + u".priority_level"_s, u"invalid_value"_s,
                    u"%1.priority_level must be yield, normal, preferred or critical."_s.arg(field));
            const QString canonical = canonicalId(id, instanceIds);
            if (!priorityOf.contains(canonical))
                order.append(canonical);
            priorityOf.insert(canonical, priority);
        }
    }
    body.finish();
    if (order.isEmpty())
        throw SimApiError::unprocessable(u"The batch names no instance."_s,
                                         {{u"data"_s, u"empty"_s, u"data must hold at least one entry."_s}});
    // Every instance is known and readable, and all are in one workspace; else nothing changes.
    QString workspaceId;
    QList<FieldError> problems;
    for (const QString& id : std::as_const(order)) {
        QSqlRecord instance;
        try {
            instance = c.resources.instances().findInstance(id);
        } catch (const SimApiError&) {
            problems.append({u"data"_s, u"unknown_instance"_s, u"Instance %1 not found."_s.arg(id)});
            continue;
        }
        const QString workspace = instance.value(u"workspace_id"_s).toString();
        if (workspaceId.isEmpty())
            workspaceId = workspace;
        else if (workspace != workspaceId)
            problems.append({u"data"_s, u"cross_workspace"_s,
                             u"Instance %1 is in workspace %2; a batch must stay in one workspace."_s.arg(
                                 id, instance.value(u"workspace"_s).toString())});
    }
    if (!problems.isEmpty())
        throw SimApiError::unprocessable(problems.first().message, problems);
    c.resources.access().requireWrite(workspaceId);
    QJsonArray out;
    for (const QString& id : std::as_const(order)) {
        c.store.exec(
            u"UPDATE instances SET priority_level = ?, updated_at = ? WHERE id = ? AND priority_level <> ?"_s,
            {priorityOf.value(id), c.now, id, priorityOf.value(id)});
        out.append(c.resources.instances().storedInstanceJson(id));
    }
    return ApiResponse::ok({{u"object"_s, u"list"_s}, {u"data"_s, out}});
}

ApiResponse SimInstanceRoutes::replaceInstance(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto image = body.string(u"image"_s, true, 512);
    const auto userData = routeutil::userData(body);
    const auto name = body.name(u"name"_s, false);
    body.finish();
    // The key covers the instance (its route) and the body: a retry finds the replacement the first
    // attempt made, even though the instance it replaced is terminated by then.
    const IdempotencyKey key(c, u"instances/%1/replace"_s.arg(c.params.at(0)), u"replacement"_s);
    if (const auto previous = key.previous())
        return ApiResponse::created(c.resources.instances().storedInstanceJson(*previous));

    const QSqlRecord old = [&c] {
        try {
            return c.resources.instances().findInstance(c.params.at(0));
        } catch (const SimApiError&) {
            throw SimApiError::notFound(u"Instance not found or already terminated."_s);
        }
    }();
    const QString status = old.value(u"status"_s).toString();
    if (status == u"terminated"_s || status == u"failed"_s)
        throw SimApiError::notFound(u"Instance not found or already terminated."_s);
    c.resources.access().requireWrite(old.value(u"workspace_id"_s).toString());
    if (name
        && (*name == old.value(u"name"_s).toString()
            || resourcerows::nameTaken(c.store, u"instances"_s, old.value(u"workspace_id"_s), *name)))
        throw SimApiError::badRequest(
            u"An instance named %1 already exists in this workspace; the replaced instance keeps its name "
            "while it is terminated."_s.arg(*name),
            {{u"name"_s, u"name_taken"_s, u"An instance named %1 already exists."_s.arg(*name)}});

    // One transaction: the old instance's node goes to its replacement, which inherits everything
    // but the image, the user data and the name.
    const QString oldId = old.value(u"id"_s).toString();
    c.resources.instances().terminateInstances({oldId});
    InstanceSpec spec;
    spec.pool = old.value(u"pool_id"_s).toString();
    spec.sku = old.value(u"instance_sku_id"_s).toString();
    spec.image = *image;
    spec.name = name;
    spec.userData = userData;
    spec.enablePublicIpv4 = old.value(u"enable_public_ipv4"_s).toBool();
    if (!old.value(u"tags"_s).isNull())
        spec.tags = QJsonDocument::fromJson(old.value(u"tags"_s).toString().toUtf8()).object();
    spec.priority = old.value(u"priority_level"_s).toString();
    spec.partitionId = old.value(u"partition_id"_s).toString();
    spec.deploymentId = old.value(u"deployment_id"_s).toString();
    const QString id = c.resources.instances().createInstance(spec);
    c.resources.instances().reconcile(spec.pool, spec.sku);
    key.remember(id);
    return ApiResponse::created(c.resources.instances().storedInstanceJson(id));
}

} // namespace sfsim
