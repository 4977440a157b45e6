#include "core/models/instancemodel.h"

#include "core/models/format.h"

InstanceModel::InstanceModel(QObject* parent)
    : ResourceTableModel<Instance>(parent)
{}

QString InstanceModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case WorkspaceColumn:
        return tr("Workspace");
    case SkuColumn:
        return tr("SKU");
    case PoolColumn:
        return tr("Pool");
    case ImageColumn:
        return tr("Image");
    case PartitionColumn:
        return tr("Partition");
    case PriorityColumn:
        return tr("Priority");
    case CreatedColumn:
        return tr("Created");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant InstanceModel::cell(const Instance& item, int column, int role) const
{
    if (role == ResourceRole::StatusRole)
        return item.statusText;
    if (role == ResourceRole::WorkspaceRole)
        return item.workspaceId;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return item.name.isEmpty() ? item.id : item.name;
        case StatusColumn:
            return Format::instanceStatus(item);
        case WorkspaceColumn:
            return item.workspace;
        case SkuColumn:
            return item.sku.name.isEmpty() ? item.sku.id : item.sku.name;
        case PoolColumn:
            return item.pool.name.isEmpty() ? item.pool.id : item.pool.name;
        case ImageColumn:
            return item.image.name.isEmpty() ? item.image.id : item.image.name;
        case PartitionColumn:
            return item.infinibandPartition ? item.infinibandPartition->name : QString();
        case PriorityColumn:
            return item.priority;
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
        case StatusColumn:
            return QVariant::fromValue(item.statusText);
        case WorkspaceColumn:
            return QVariant::fromValue(item.workspace);
        case SkuColumn:
            return QVariant::fromValue(item.sku.name);
        case PoolColumn:
            return QVariant::fromValue(item.pool.name);
        case ImageColumn:
            return QVariant::fromValue(item.image.name);
        case PartitionColumn:
            return QVariant::fromValue(item.infinibandPartition ? item.infinibandPartition->name : QString());
        case PriorityColumn:
            return QVariant::fromValue(item.priority);
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
