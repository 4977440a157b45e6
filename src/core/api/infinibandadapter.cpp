// SPDX-License-Identifier: Apache-2.0

#include "core/api/infinibandadapter.h"

#include "core/api/jsonreader.h"

namespace sfdesk {

namespace InfinibandAdapter {

std::optional<InfinibandFabric> parseFabric(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("infiniband_fabric"));
    reader.expectObjectType(QStringLiteral("infiniband_fabric"));
    InfinibandFabric fabric;
    fabric.id = reader.string(QStringLiteral("id"));
    fabric.name = reader.string(QStringLiteral("name"));
    fabric.region = reader.optString(QStringLiteral("region"));
    fabric.availabilityZone = reader.optString(QStringLiteral("availability_zone"));
    fabric.instanceSkus = reader.refList(QStringLiteral("instance_skus"), QStringLiteral("alias"));
    if (!reader.finish(error))
        return std::nullopt;
    return fabric;
}

std::optional<InfinibandPartition> parsePartition(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("infiniband_partition"));
    reader.expectObjectType(QStringLiteral("infiniband_partition"));
    InfinibandPartition partition;
    partition.id = reader.string(QStringLiteral("id"));
    partition.resourcePath = reader.optString(QStringLiteral("resource_path"));
    partition.owner = reader.optString(QStringLiteral("owner"));
    partition.workspace = reader.optString(QStringLiteral("workspace"));
    partition.workspaceId = reader.optString(QStringLiteral("workspace_id"));
    partition.name = reader.string(QStringLiteral("name"));
    partition.fabric = reader.ref(QStringLiteral("fabric"));
    partition.region = reader.optString(QStringLiteral("region"));
    partition.availabilityZone = reader.optString(QStringLiteral("availability_zone"));
    partition.instanceCount = static_cast<int>(reader.optInteger(QStringLiteral("instance_count"), 0));
    if (reader.ok() && partition.instanceCount < 0)
        reader.fail(QStringLiteral("instance_count"), QStringLiteral("must not be negative"));
    partition.createdAt = reader.epoch(QStringLiteral("created_at"));
    partition.tags = reader.tags(QStringLiteral("tags"));
    if (!reader.finish(error))
        return std::nullopt;
    return partition;
}

QString fabricsPath()
{
    return QStringLiteral("/infiniband_fabrics");
}

QString partitionsPath()
{
    return QStringLiteral("/infiniband_partitions");
}

QString partitionPath(const QString& reference)
{
    return partitionsPath() + u'/' + QString::fromLatin1(QUrl::toPercentEncoding(reference));
}

QString partitionInstancesPath(const QString& reference)
{
    return partitionPath(reference) + QStringLiteral("/instances");
}

QUrlQuery partitionQuery(const PartitionFilter& filter)
{
    QUrlQuery query;
    const auto add = [&query](const char* key, const QString& value) {
        if (!value.isEmpty())
            query.addQueryItem(QLatin1StringView(key), value);
    };
    add("workspace", filter.workspace);
    add("fabric", filter.fabric);
    add("region", filter.region);
    add("availability_zone", filter.availabilityZone);
    return query;
}

QJsonObject createPartitionBody(const NewPartition& partition)
{
    QJsonObject body{{QStringLiteral("workspace"), partition.workspace},
                     {QStringLiteral("name"), partition.name}};
    if (!partition.fabric.isEmpty())
        body.insert(QStringLiteral("fabric"), partition.fabric);
    if (!partition.region.isEmpty())
        body.insert(QStringLiteral("region"), partition.region);
    if (!partition.availabilityZone.isEmpty())
        body.insert(QStringLiteral("availability_zone"), partition.availabilityZone);
    if (!partition.tags.isEmpty()) {
        QJsonObject tags;
        for (auto it = partition.tags.cbegin(); it != partition.tags.cend(); ++it)
            tags.insert(it.key(), it.value());
        body.insert(QStringLiteral("tags"), tags);
    }
    return body;
}

} // namespace InfinibandAdapter

} // namespace sfdesk
