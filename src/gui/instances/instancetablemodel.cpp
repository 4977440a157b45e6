#include "gui/instances/instancetablemodel.h"

#include "gui/common/format.h"

InstanceTableModel::InstanceTableModel(QObject* parent)
    : ResourceListModel<Instance>(parent)
{}

InstanceTableModel::~InstanceTableModel() = default;

QStringList InstanceTableModel::headers() const
{
    return {tr("Name"),      tr("Status"),    tr("SKU"),     tr("Pool"), tr("InfiniBand partition"),
            tr("Workspace"), tr("Public IP"), tr("Created"), tr("ID")};
}

QVariant InstanceTableModel::display(const Instance& instance, int column) const
{
    switch (column) {
    case Name:
        return instance.name;
    case Status:
        return Format::instanceStatus(instance);
    case Sku:
        return instance.sku.name.isEmpty() ? instance.sku.id : instance.sku.name;
    case Pool:
        return instance.pool.name.isEmpty() ? instance.pool.id : instance.pool.name;
    case Partition:
        return Format::partitionOf(instance);
    case Workspace:
        return instance.workspace;
    case PublicIp:
        return instance.publicIp;
    case Created:
        return Format::time(instance.createdAt);
    case Id:
        return instance.id;
    default:
        return {};
    }
}

QVariant InstanceTableModel::sortValue(const Instance& instance, int column) const
{
    if (column == Created)
        return instance.createdAt;
    return {};
}

QVariant InstanceTableModel::toolTip(const Instance& instance, int column) const
{
    if (column == Partition && !instance.infinibandPartition)
        return tr("No InfiniBand: created without a partition");
    if (column == Status && instance.status == Instance::Status::Terminated && instance.infinibandPartition
        && !instance.infinibandReleasedAt)
        return tr("Still blocks deleting its partition until its node releases it");
    return {};
}
