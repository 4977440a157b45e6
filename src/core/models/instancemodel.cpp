// SPDX-License-Identifier: Apache-2.0

#include "core/models/instancemodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<InstanceModel, Instance>;

const std::array<Column, InstanceModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Name"),
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return item.name.isEmpty() ? item.id : item.name;
     },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.name; }},
    // StatusColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Status"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return Format::instanceStatus(item); },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.statusText; }},
    // WorkspaceColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Workspace"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.workspace; }},
    // SkuColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "SKU"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return Format::refName(item.sku); },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.sku.name; }},
    // PoolColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Pool"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return Format::refName(item.pool); },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.pool.name; }},
    // ImageColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Image"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return Format::refName(item.image); },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.image.name; }},
    // PartitionColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Partition"),
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return item.infinibandPartition ? item.infinibandPartition->name : QString();
     }},
    // PriorityColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Priority"),
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return InstanceModel::priorityText(item.priority);
     },
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return InstanceModel::priorities().indexOf(item.priority);
     }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Created"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return Format::dateTime(item.createdAt); },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "ID"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.id; }},
    // DeploymentColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Deployment"),
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return item.managedBy ? (item.managedBy->name.isEmpty() ? item.managedBy->id : item.managedBy->name)
                               : QString();
     }},
}};

} // namespace

InstanceModel::InstanceModel(QObject* parent)
    : ColumnTableModel<InstanceModel, Instance>(columnTable, parent)
{}

Qt::ItemFlags InstanceModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = ColumnTableModel<InstanceModel, Instance>::flags(index);
    if (index.isValid() && index.column() == PriorityColumn && index.row() < rowCount()) {
        const Instance& instance = at(index.row());
        if (instance.status != Instance::Status::Terminated && instance.status != Instance::Status::Failed)
            flags |= Qt::ItemIsEditable;
    }
    return flags;
}

const QStringList& InstanceModel::priorities()
{
    static const QStringList levels{QStringLiteral("yield"), QStringLiteral("normal"),
                                    QStringLiteral("preferred"), QStringLiteral("critical")};
    return levels;
}

QString InstanceModel::priorityText(const QString& priority)
{
    if (priority == u"yield")
        return tr("Yield");
    if (priority == u"normal")
        return tr("Normal");
    if (priority == u"preferred")
        return tr("Preferred");
    if (priority == u"critical")
        return tr("Critical");
    return priority;
}

} // namespace sfdesk
