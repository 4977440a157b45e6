#include "gui/orders/ordersmodel.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QString formatTime(qint64 t)
{
    return t == 0 ? QString() : QLocale().toString(QDateTime::fromSecsSinceEpoch(t), u"yyyy-MM-dd HH:mm"_s);
}

} // namespace

OrdersModel::OrdersModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

OrdersModel::~OrdersModel() = default;

bool OrdersModel::isOpen(const Order& order)
{
    return order.status == Order::Status::Pending || order.status == Order::Status::Standing
           || order.status == Order::Status::PartiallyFilled;
}

qint64 OrdersModel::filledNodes(const Order& order)
{
    qint64 most = 0;
    for (const NodeScheduleEntry& entry : order.filledDelta)
        most = std::max<qint64>(most, entry.nodeCount);
    return most;
}

void OrdersModel::setOrders(const QList<Order>& orders)
{
    m_all = orders;
    rebuild();
}

void OrdersModel::setStatusFilter(StatusFilter filter)
{
    m_status = filter;
    rebuild();
}

void OrdersModel::setSideFilter(SideFilter filter)
{
    m_side = filter;
    rebuild();
}

bool OrdersModel::accepts(const Order& order) const
{
    if (m_side == SideFilter::Buy && order.side != u"buy")
        return false;
    if (m_side == SideFilter::Sell && order.side != u"sell")
        return false;
    switch (m_status) {
    case StatusFilter::All:
        return true;
    case StatusFilter::Open:
        return isOpen(order);
    case StatusFilter::Filled:
        return order.status == Order::Status::Filled;
    case StatusFilter::Cancelled:
        return order.status == Order::Status::Cancelled;
    case StatusFilter::Rejected:
        return order.status == Order::Status::Rejected;
    }
    return true;
}

void OrdersModel::rebuild()
{
    QList<Order> rows;
    for (const Order& order : std::as_const(m_all)) {
        if (accepts(order))
            rows.append(order);
    }
    // Rows that went away, from the bottom up so indexes stay valid.
    for (qsizetype row = m_rows.size() - 1; row >= 0; --row) {
        const QString id = m_rows.at(row).id;
        if (std::none_of(rows.cbegin(), rows.cend(), [&id](const Order& order) { return order.id == id; })) {
            beginRemoveRows({}, int(row), int(row));
            m_rows.removeAt(row);
            endRemoveRows();
        }
    }
    // Changed rows in place; new ones appended in the server's order.
    for (const Order& order : std::as_const(rows)) {
        const auto it = std::find_if(m_rows.begin(), m_rows.end(),
                                     [&order](const Order& existing) { return existing.id == order.id; });
        if (it != m_rows.end()) {
            if (*it != order) {
                *it = order;
                const int row = int(std::distance(m_rows.begin(), it));
                Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
            }
        } else {
            beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
            m_rows.append(order);
            endInsertRows();
        }
    }
}

const Order* OrdersModel::orderAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return nullptr;
    return &m_rows.at(index.row());
}

int OrdersModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OrdersModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OrdersModel::data(const QModelIndex& index, int role) const
{
    const Order* order = orderAt(index);
    if (!order)
        return {};
    if (role == OrderIdRole)
        return order->id;
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case Nodes:
        case Limit:
        case FilledNodes:
        case AveragePrice:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }
    if (role == SortRole) {
        switch (index.column()) {
        case Start:
            return order->startAt();
        case End:
            return order->endAt();
        case Nodes:
            return order->nodeCount();
        case Limit:
            return order->limitPrice.micros;
        case FilledNodes:
            return filledNodes(*order);
        case AveragePrice:
            return order->filledAveragePrice ? order->filledAveragePrice->micros : qint64(-1);
        case Created:
            return order->createdAt;
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Side:
        return order->side == u"sell" ? tr("Sell") : order->side == u"buy" ? tr("Buy") : order->side;
    case Status:
        return order->statusText;
    case Start:
        return formatTime(order->startAt());
    case End:
        return formatTime(order->endAt());
    case Nodes:
        return order->nodeCount();
    case Limit:
        return order->limitPrice.text;
    case FilledNodes:
        return filledNodes(*order);
    case AveragePrice:
        return order->filledAveragePrice ? order->filledAveragePrice->text : QString();
    case PoolName:
        return order->pool.name.isEmpty() ? order->pool.id : order->pool.name;
    case Created:
        return formatTime(order->createdAt);
    case Id:
        return order->id;
    default:
        return {};
    }
}

QVariant OrdersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Side:
        return tr("Side");
    case Status:
        return tr("Status");
    case Start:
        return tr("Start");
    case End:
        return tr("End");
    case Nodes:
        return tr("Nodes");
    case Limit:
        return tr("Limit $/node-h");
    case FilledNodes:
        return tr("Filled nodes");
    case AveragePrice:
        return tr("Avg fill $/node-h");
    case PoolName:
        return tr("Pool");
    case Created:
        return tr("Created");
    case Id:
        return tr("ID");
    default:
        return {};
    }
}
