// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// Procurement rows for the views; see ResourceTableModel for the refresh rules.
class ProcurementModel final : public ColumnTableModel<ProcurementModel, Procurement>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcurementModel)

public:
    enum Column
    {
        NameColumn,
        PoolColumn,
        SkuColumn,
        TargetColumn,
        WindowColumn,
        MaxBuyColumn,
        MinSellColumn,
        EnabledColumn,
        StatusColumn,
        WorkspaceColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit ProcurementModel(QObject* parent = nullptr);

    // The procurements of one pool, in the model's order.
    QList<Procurement> ofPool(const QString& poolId) const;
    // "24 h", "90 min", "3 d": a managed window as people read it.
    static QString windowText(qint64 minutes);

protected:
};

} // namespace sfdesk
