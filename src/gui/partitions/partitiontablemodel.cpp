#include "gui/partitions/partitiontablemodel.h"

#include "gui/common/format.h"

PartitionTableModel::PartitionTableModel(QObject* parent)
    : ResourceListModel<InfinibandPartition>(parent)
{}

PartitionTableModel::~PartitionTableModel() = default;

QStringList PartitionTableModel::headers() const
{
    return {tr("Name"),      tr("Fabric"),    tr("Region"),  tr("Zone"),
            tr("Instances"), tr("Workspace"), tr("Created"), tr("ID")};
}

QVariant PartitionTableModel::display(const InfinibandPartition& partition, int column) const
{
    switch (column) {
    case Name:
        return partition.name;
    case Fabric:
        return partition.fabric.name.isEmpty() ? partition.fabric.id : partition.fabric.name;
    case Region:
        return partition.region;
    case Zone:
        return partition.availabilityZone;
    case Instances:
        return partition.instanceCount;
    case Workspace:
        return partition.workspace;
    case Created:
        return Format::time(partition.createdAt);
    case Id:
        return partition.id;
    default:
        return {};
    }
}

QVariant PartitionTableModel::sortValue(const InfinibandPartition& partition, int column) const
{
    if (column == Created)
        return partition.createdAt;
    return {};
}
