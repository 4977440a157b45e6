// SPDX-License-Identifier: Apache-2.0

#include "core/models/fabricmodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

QString skuNames(const QList<ObjectRef>& skus)
{
    QStringList names;
    for (const ObjectRef& sku : skus)
        names.append(sku.name.isEmpty() ? sku.id : sku.name);
    return names.join(QStringLiteral(", "));
}

using Column = ResourceColumn<FabricModel, InfinibandFabric>;

const std::array<Column, FabricModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::FabricModel", "Name"),
     [](const FabricModel&, const InfinibandFabric& item) -> QVariant { return item.name; }},
    // RegionColumn
    {QT_TRANSLATE_NOOP("sfdesk::FabricModel", "Region"),
     [](const FabricModel&, const InfinibandFabric& item) -> QVariant { return item.region; }},
    // ZoneColumn
    {QT_TRANSLATE_NOOP("sfdesk::FabricModel", "Zone"),
     [](const FabricModel&, const InfinibandFabric& item) -> QVariant { return item.availabilityZone; }},
    // SkusColumn
    {QT_TRANSLATE_NOOP("sfdesk::FabricModel", "SKUs"),
     [](const FabricModel&, const InfinibandFabric& item) -> QVariant { return skuNames(item.instanceSkus); },
     [](const FabricModel&, const InfinibandFabric& item) -> QVariant {
         return static_cast<qint64>(item.instanceSkus.size());
     }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::FabricModel", "ID"),
     [](const FabricModel&, const InfinibandFabric& item) -> QVariant { return item.id; }},
}};

} // namespace

FabricModel::FabricModel(QObject* parent)
    : ColumnTableModel<FabricModel, InfinibandFabric>(columnTable, parent)
{}

} // namespace sfdesk
