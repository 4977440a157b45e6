// SPDX-License-Identifier: Apache-2.0

#include "core/models/procurementmodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<ProcurementModel, Procurement>;

const std::array<Column, ProcurementModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Name"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.name; }},
    // PoolColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Pool"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return Format::refName(item.pool); }},
    // SkuColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "SKU"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return Format::refName(item.sku); }},
    // TargetColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Target"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant {
         return ProcurementModel::tr("%n node(s)", nullptr, int(item.target));
     },
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.target; }},
    // WindowColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Window"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant {
         return ProcurementModel::windowText(item.windowMinutes);
     },
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.windowMinutes; }},
    // MaxBuyColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Price cap"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant {
         return Format::pricePerNodeHour(item.maxBuyPrice);
     },
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.maxBuyPrice.micros; }},
    // MinSellColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Floor"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant {
         return Format::pricePerNodeHour(item.minSellPrice);
     },
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.minSellPrice.micros; }},
    // EnabledColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Enabled"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant {
         return item.enabled ? ProcurementModel::tr("Enabled") : ProcurementModel::tr("Disabled");
     },
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.enabled; }},
    // StatusColumn: the server's sentence, as it sent it.
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Status"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.statusMessage; },
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.stateText; }},
    // WorkspaceColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Workspace"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.workspace; }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "Created"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant {
         return Format::dateTime(item.createdAt);
     },
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::ProcurementModel", "ID"),
     [](const ProcurementModel&, const Procurement& item) -> QVariant { return item.id; }},
}};

} // namespace

ProcurementModel::ProcurementModel(QObject* parent)
    : ColumnTableModel<ProcurementModel, Procurement>(columnTable, parent)
{}

QList<Procurement> ProcurementModel::ofPool(const QString& poolId) const
{
    QList<Procurement> found;
    for (const Procurement& procurement : rows()) {
        if (procurement.pool.id == poolId)
            found.append(procurement);
    }
    return found;
}

QString ProcurementModel::windowText(qint64 minutes)
{
    if (minutes > 0 && minutes % (24 * 60) == 0)
        return tr("%n day(s)", nullptr, int(minutes / (24 * 60)));
    if (minutes > 0 && minutes % 60 == 0)
        return tr("%n hour(s)", nullptr, int(minutes / 60));
    return tr("%n minute(s)", nullptr, int(minutes));
}

} // namespace sfdesk
