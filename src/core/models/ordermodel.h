#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

// Order rows for the views; see ResourceTableModel for the refresh rules.
class OrderModel final : public ResourceTableModel<Order>
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
    int columns() const override { return ColumnCount; }
    QString header(int column) const override;
    QVariant cell(const Order& item, int column, int role) const override;
};
