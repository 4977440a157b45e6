#pragma once

#include "core/model/resources.h"

#include <QAbstractTableModel>

// The orders of the workspace as a table, filtered by status and side. A refresh with the same
// orders in the same order changes rows in place; selection survives.
class OrdersModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OrdersModel)

public:
    enum Column
    {
        Side,
        Status,
        Start,
        End,
        Nodes,
        Limit,
        FilledNodes,
        AveragePrice,
        PoolName,
        Created,
        Id,
        ColumnCount
    };
    enum class StatusFilter
    {
        All,
        Open, // pending, standing or partially filled
        Filled,
        Cancelled,
        Rejected
    };
    enum class SideFilter
    {
        All,
        Buy,
        Sell
    };
    static constexpr int OrderIdRole = Qt::UserRole + 1;
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit OrdersModel(QObject* parent = nullptr);
    ~OrdersModel() override;

    void setOrders(const QList<Order>& orders);
    void setStatusFilter(StatusFilter filter);
    void setSideFilter(SideFilter filter);
    const Order* orderAt(const QModelIndex& index) const;

    static bool isOpen(const Order& order);
    // The most nodes filled at any one time.
    static qint64 filledNodes(const Order& order);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool accepts(const Order& order) const;
    void rebuild();

    QList<Order> m_all;
    QList<Order> m_rows;
    StatusFilter m_status = StatusFilter::All;
    SideFilter m_side = SideFilter::All;
};
