// SPDX-License-Identifier: Apache-2.0

#include "core/models/partitionmodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

QString zoneText(const QString& region, const QString& zone)
{
    return zone.isEmpty() ? region : region + u'-' + zone;
}

using Column = ResourceColumn<PartitionModel, InfinibandPartition>;

const std::array<Column, PartitionModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::PartitionModel", "Name"),
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant { return item.name; }},
    // WorkspaceColumn
    {QT_TRANSLATE_NOOP("sfdesk::PartitionModel", "Workspace"),
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant { return item.workspace; }},
    // FabricColumn
    {QT_TRANSLATE_NOOP("sfdesk::PartitionModel", "Fabric"),
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant {
         return Format::refName(item.fabric);
     },
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant { return item.fabric.name; }},
    // ZoneColumn
    {QT_TRANSLATE_NOOP("sfdesk::PartitionModel", "Zone"),
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant {
         return zoneText(item.region, item.availabilityZone);
     }},
    // InstancesColumn
    {QT_TRANSLATE_NOOP("sfdesk::PartitionModel", "Instances"),
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant {
         return QString::number(item.instanceCount);
     },
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant { return item.instanceCount; }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::PartitionModel", "Created"),
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant {
         return Format::dateTime(item.createdAt);
     },
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::PartitionModel", "ID"),
     [](const PartitionModel&, const InfinibandPartition& item) -> QVariant { return item.id; }},
}};

} // namespace

PartitionModel::PartitionModel(QObject* parent)
    : ColumnTableModel<PartitionModel, InfinibandPartition>(columnTable, parent)
{}

} // namespace sfdesk
