#include "core/models/partitionmodel.h"

#include "core/models/format.h"

namespace {

QString zoneText(const QString& region, const QString& zone)
{
    return zone.isEmpty() ? region : region + u'-' + zone;
}

} // namespace

PartitionModel::PartitionModel(QObject* parent)
    : ResourceTableModel<InfinibandPartition>(parent)
{}

QString PartitionModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return tr("Name");
    case WorkspaceColumn:
        return tr("Workspace");
    case FabricColumn:
        return tr("Fabric");
    case ZoneColumn:
        return tr("Zone");
    case InstancesColumn:
        return tr("Instances");
    case CreatedColumn:
        return tr("Created");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PartitionModel::cell(const InfinibandPartition& item, int column, int role) const
{
    if (role == ResourceRole::WorkspaceRole)
        return item.workspaceId;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return item.name;
        case WorkspaceColumn:
            return item.workspace;
        case FabricColumn:
            return item.fabric.name.isEmpty() ? item.fabric.id : item.fabric.name;
        case ZoneColumn:
            return zoneText(item.region, item.availabilityZone);
        case InstancesColumn:
            return QString::number(item.instanceCount);
        case CreatedColumn:
            return Format::dateTime(item.createdAt);
        case IdColumn:
            return item.id;
        case ColumnCount:
            break;
        }
    }
    if (role == ResourceRole::RawRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return QVariant::fromValue(item.name);
        case WorkspaceColumn:
            return QVariant::fromValue(item.workspace);
        case FabricColumn:
            return QVariant::fromValue(item.fabric.name);
        case ZoneColumn:
            return QVariant::fromValue(zoneText(item.region, item.availabilityZone));
        case InstancesColumn:
            return QVariant::fromValue(item.instanceCount);
        case CreatedColumn:
            return QVariant::fromValue(item.createdAt);
        case IdColumn:
            return QVariant::fromValue(item.id);
        case ColumnCount:
            break;
        }
    }
    return {};
}
