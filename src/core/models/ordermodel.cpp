#include "core/models/ordermodel.h"

#include "core/models/format.h"

OrderModel::OrderModel(QObject* parent)
    : ResourceTableModel<Order>(parent)
{}

QString OrderModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case SideColumn:
        return tr("Side");
    case StatusColumn:
        return tr("Status");
    case PoolColumn:
        return tr("Pool");
    case SkuColumn:
        return tr("SKU");
    case NodesColumn:
        return tr("Nodes");
    case StartColumn:
        return tr("Start");
    case EndColumn:
        return tr("End");
    case LimitPriceColumn:
        return tr("Limit");
    case FilledPriceColumn:
        return tr("Filled at");
    case CreatedColumn:
        return tr("Created");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant OrderModel::cell(const Order& item, int column, int role) const
{
    if (role == ResourceRole::StatusRole)
        return item.statusText;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case SideColumn:
            return Format::side(item.side);
        case StatusColumn:
            return Format::orderStatus(item);
        case PoolColumn:
            return item.pool.name.isEmpty() ? item.pool.id : item.pool.name;
        case SkuColumn:
            return item.sku.name.isEmpty() ? item.sku.id : item.sku.name;
        case NodesColumn:
            return QString::number(item.nodeCount());
        case StartColumn:
            return Format::dateTime(item.startAt());
        case EndColumn:
            return Format::dateTime(item.endAt());
        case LimitPriceColumn:
            return Format::pricePerNodeHour(item.limitPrice);
        case FilledPriceColumn:
            return item.filledAveragePrice ? Format::pricePerNodeHour(*item.filledAveragePrice) : QString();
        case CreatedColumn:
            return Format::dateTime(item.createdAt);
        case IdColumn:
            return item.id;
        case ColumnCount:
            break;
        }
    }
    if (role == ResourceRole::RawRole) {
        switch (static_cast<Column>(column)) {
        case SideColumn:
            return QVariant::fromValue(item.side);
        case StatusColumn:
            return QVariant::fromValue(item.statusText);
        case PoolColumn:
            return QVariant::fromValue(item.pool.name);
        case SkuColumn:
            return QVariant::fromValue(item.sku.name);
        case NodesColumn:
            return QVariant::fromValue(item.nodeCount());
        case StartColumn:
            return QVariant::fromValue(item.startAt());
        case EndColumn:
            return QVariant::fromValue(item.endAt());
        case LimitPriceColumn:
            return QVariant::fromValue(item.limitPrice.micros);
        case FilledPriceColumn:
            return QVariant::fromValue(item.filledAveragePrice ? item.filledAveragePrice->micros
                                                               : qint64(-1));
        case CreatedColumn:
            return QVariant::fromValue(item.createdAt);
        case IdColumn:
            return QVariant::fromValue(item.id);
        case ColumnCount:
            break;
        }
    }
    return {};
}
