// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// Order rows for the views (the Orders page filters them by status and side in its proxy); see
// ResourceTableModel for the refresh rules.
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
        FilledNodesColumn,
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

    // Pending, standing or partially filled: it can still be cancelled.
    static bool isOpen(const Order& order);
    // The most nodes filled at any one time.
    static qint64 filledNodes(const Order& order);
};

} // namespace sfdesk
