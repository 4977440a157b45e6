// SPDX-License-Identifier: Apache-2.0

#include "core/models/ordermodel.h"

#include "core/models/format.h"

#include <algorithm>
#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<OrderModel, Order>;

const std::array<Column, OrderModel::ColumnCount> columnTable{{
    // SideColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Side"),
     [](const OrderModel&, const Order& item) -> QVariant { return Format::side(item.side); },
     [](const OrderModel&, const Order& item) -> QVariant { return QVariant::fromValue(item.side); }},
    // StatusColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Status"),
     [](const OrderModel&, const Order& item) -> QVariant { return Format::orderStatus(item); },
     [](const OrderModel&, const Order& item) -> QVariant { return item.statusText; }},
    // PoolColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Pool"),
     [](const OrderModel&, const Order& item) -> QVariant { return Format::refName(item.pool); },
     [](const OrderModel&, const Order& item) -> QVariant { return item.pool.name; }},
    // SkuColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "SKU"),
     [](const OrderModel&, const Order& item) -> QVariant { return Format::refName(item.sku); },
     [](const OrderModel&, const Order& item) -> QVariant { return item.sku.name; }},
    // NodesColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Nodes"),
     [](const OrderModel&, const Order& item) -> QVariant { return QString::number(item.nodeCount()); },
     [](const OrderModel&, const Order& item) -> QVariant { return item.nodeCount(); }},
    // FilledNodesColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Filled nodes"),
     [](const OrderModel&, const Order& item) -> QVariant {
         return QString::number(OrderModel::filledNodes(item));
     },
     [](const OrderModel&, const Order& item) -> QVariant { return OrderModel::filledNodes(item); }},
    // StartColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Start"),
     [](const OrderModel&, const Order& item) -> QVariant { return Format::dateTime(item.startAt()); },
     [](const OrderModel&, const Order& item) -> QVariant { return item.startAt(); }},
    // EndColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "End"),
     [](const OrderModel&, const Order& item) -> QVariant { return Format::dateTime(item.endAt()); },
     [](const OrderModel&, const Order& item) -> QVariant { return item.endAt(); }},
    // LimitPriceColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Limit"),
     [](const OrderModel&, const Order& item) -> QVariant {
         return Format::pricePerNodeHour(item.limitPrice);
     },
     [](const OrderModel&, const Order& item) -> QVariant { return item.limitPrice.micros; }},
    // FilledPriceColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Filled at"),
     [](const OrderModel&, const Order& item) -> QVariant {
         return item.filledAveragePrice ? Format::pricePerNodeHour(*item.filledAveragePrice) : QString();
     },
     [](const OrderModel&, const Order& item) -> QVariant {
         return item.filledAveragePrice ? item.filledAveragePrice->micros : qint64(-1);
     }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "Created"),
     [](const OrderModel&, const Order& item) -> QVariant { return Format::dateTime(item.createdAt); },
     [](const OrderModel&, const Order& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::OrderModel", "ID"),
     [](const OrderModel&, const Order& item) -> QVariant { return item.id; }},
}};

} // namespace

OrderModel::OrderModel(QObject* parent)
    : ColumnTableModel<OrderModel, Order>(columnTable, parent)
{}

bool OrderModel::isOpen(const Order& order)
{
    return sfdesk::isOpen(order.status);
}

qint64 OrderModel::filledNodes(const Order& order)
{
    qint64 most = 0;
    for (const ScheduleEntry& entry : order.filledDelta)
        most = std::max<qint64>(most, entry.nodeCount);
    return most;
}

} // namespace sfdesk
