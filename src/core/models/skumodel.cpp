// SPDX-License-Identifier: Apache-2.0

#include "core/models/skumodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

QString acceleratorText(const InstanceSku& sku)
{
    const QString count = sku.property(QStringLiteral("num_accelerators"));
    QString name = sku.displayProperty(QStringLiteral("accelerator"));
    if (count.isEmpty())
        return name;
    return SkuModel::tr("%1 × %2").arg(count, name);
}

using Column = ResourceColumn<SkuModel, InstanceSku>;

const std::array<Column, SkuModel::ColumnCount> columnTable{{
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Name"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return item.alias; }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Accelerator"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return acceleratorText(item); },
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return item.property(u"accelerator"_s); }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "vCPUs"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.displayProperty(u"num_vcpus"_s);
     },
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.property(u"num_vcpus"_s).toLongLong();
     }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Memory"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return item.displayProperty(u"memory"_s); },
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.property(u"memory"_s).toLongLong();
     }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Storage"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.displayProperty(u"local_storage"_s);
     },
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.property(u"local_storage"_s).toLongLong();
     }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Region"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return item.displayProperty(u"region"_s); },
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return item.property(u"region"_s); }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Zone"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.displayProperty(u"availability_zone"_s);
     },
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.property(u"availability_zone"_s);
     }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Interconnect"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.displayProperty(u"rdma_type"_s);
     },
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return item.property(u"rdma_type"_s); }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Fabric"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.displayProperty(u"infiniband_fabric"_s);
     },
     [](const SkuModel&, const InstanceSku& item) -> QVariant {
         return item.property(u"infiniband_fabric"_s);
     }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "Available now"),
     [](const SkuModel& model, const InstanceSku& item) -> QVariant {
         return QString::number(scheduleNodesAt(item.availability, model.nowSecs()));
     },
     [](const SkuModel& model, const InstanceSku& item) -> QVariant {
         return scheduleNodesAt(item.availability, model.nowSecs());
     }},
    {QT_TRANSLATE_NOOP("sfdesk::SkuModel", "ID"),
     [](const SkuModel&, const InstanceSku& item) -> QVariant { return item.id; }},
}};

} // namespace

SkuModel::SkuModel(QObject* parent)
    : ClockedTableModel<SkuModel, InstanceSku>(columnTable, parent)
{}

void SkuModel::refreshSkus(const QList<InstanceSku>& skus)
{
    m_skus = skus;
    QList<InstanceSku> merged = skus;
    for (InstanceSku& sku : merged)
        sku.availability = m_availability.value(sku.id);
    refresh(merged);
}

void SkuModel::setAvailability(const QList<SkuAvailability>& availability)
{
    m_availability.clear();
    for (const SkuAvailability& entry : availability)
        m_availability.insert(entry.sku.id, entry.schedule);
    refreshSkus(m_skus);
}

} // namespace sfdesk
