// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// InstanceSku rows for the views; see ResourceTableModel for the refresh rules.
class SkuModel final : public ClockedTableModel<SkuModel, InstanceSku>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SkuModel)

public:
    enum Column
    {
        NameColumn,
        AcceleratorColumn,
        VcpusColumn,
        MemoryColumn,
        StorageColumn,
        RegionColumn,
        ZoneColumn,
        InterconnectColumn,
        FabricColumn,
        AvailableNowColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit SkuModel(QObject* parent = nullptr);
    // Availability comes from its own route; it is merged into the SKU rows by id.
    void setAvailability(const QList<SkuAvailability>& availability);
    // What the market offers of a SKU over time, as last read.
    NodeSchedule schedule(const QString& skuId) const { return m_availability.value(skuId); }
    // The SKU list without availability; rows keep the availability last set.
    void refreshSkus(const QList<InstanceSku>& skus);

private:
    QHash<QString, NodeSchedule> m_availability;
    QList<InstanceSku> m_skus;
};

} // namespace sfdesk
