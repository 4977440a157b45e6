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
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return item.sku.name.isEmpty() ? item.sku.id : item.sku.name;
     },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.sku.name; }},
    // PoolColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Pool"),
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return item.pool.name.isEmpty() ? item.pool.id : item.pool.name;
     },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.pool.name; }},
    // ImageColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Image"),
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return item.image.name.isEmpty() ? item.image.id : item.image.name;
     },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.image.name; }},
    // PartitionColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Partition"),
     [](const InstanceModel&, const Instance& item) -> QVariant {
         return item.infinibandPartition ? item.infinibandPartition->name : QString();
     }},
    // PriorityColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Priority"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.priority; }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "Created"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return Format::dateTime(item.createdAt); },
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceModel", "ID"),
     [](const InstanceModel&, const Instance& item) -> QVariant { return item.id; }},
}};

} // namespace

InstanceModel::InstanceModel(QObject* parent)
    : ColumnTableModel<InstanceModel, Instance>(columnTable, parent)
{}

} // namespace sfdesk
