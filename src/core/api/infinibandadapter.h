// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/jsontape.h"
#include "core/model/resources.h"

#include <QJsonObject>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

#include <optional>

namespace sfdesk {

// Everything the client knows about the wire shape of InfiniBand fabrics and partitions
// (shared/contracts/INFINIBAND.md). SF Compute has not published a schema for them yet; when it
// does, only this adapter changes.
namespace InfinibandAdapter {

inline constexpr auto featureFlag = "infiniband-preview";

std::optional<InfinibandFabric> parseFabric(const JsonNode& json, QString* error);
std::optional<InfinibandPartition> parsePartition(const JsonNode& json, QString* error);

QString fabricsPath();
QString partitionsPath();
QString partitionPath(const QString& reference);
QString partitionInstancesPath(const QString& reference);

struct PartitionFilter
{
    QString workspace; // empty: every readable workspace
    QString fabric;
    QString region;
    QString availabilityZone;
};
QUrlQuery partitionQuery(const PartitionFilter& filter);

struct NewPartition
{
    QString workspace;
    QString name;
    QString fabric; // either this, or region and zone
    QString region;
    QString availabilityZone;
    QMap<QString, QString> tags;
};
QJsonObject createPartitionBody(const NewPartition& partition);

// The field an instance creation takes to join a partition.
inline constexpr auto instancePartitionField = "infiniband_partition";
// The repeatable filter of GET /instances.
inline constexpr auto instancePartitionFilter = "infiniband_partition[]";

} // namespace InfinibandAdapter

} // namespace sfdesk
