#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

// Order rows for the views; see ResourceTableModel for the refresh rules.
class OrderModel final : public ColumnTableModel<OrderModel, Order>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OrderModel)

public:
    enum Column
    {
        SideColumn,
        StatusColumn,
        PoolColumn,
        SkuColumn,
        NodesColumn,
        StartColumn,
        EndColumn,
        LimitPriceColumn,
        FilledPriceColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit OrderModel(QObject* parent = nullptr);

protected:
    QVariant otherRole(const Order& item, int role) const override;
};
