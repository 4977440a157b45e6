// SPDX-License-Identifier: Apache-2.0

#include "core/models/moneymodel.h"

#include "common/money.h"
#include "common/schedule.h"
#include "core/models/format.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/resourcetablemodel.h"

#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QTimer>

#include <algorithm>
#include <cstdlib>

namespace sfdesk {

namespace {

Schedule deltaOf(const OrderFill& fill)
{
    return Schedule::fromEntries(fill.delta);
}

qint64 monthStart(qint64 now, const QTimeZone& zone)
{
    const QDate today = QDateTime::fromSecsSinceEpoch(now, zone).date();
    return QDateTime(QDate(today.year(), today.month(), 1), QTime(0, 0), zone).toSecsSinceEpoch();
}

// The value a cell holds, for sorting and for the Raw role.
QVariant rawValue(const MoneyModel::Row& row, MoneyModel::Column column)
{
    switch (column) {
    case MoneyModel::NameColumn:
        return row.name;
    case MoneyModel::WorkspaceColumn:
        return row.workspace;
    case MoneyModel::BoughtNodeHoursColumn:
        return row.boughtNodeSeconds;
    case MoneyModel::BoughtColumn:
        return row.bought;
    case MoneyModel::SoldNodeHoursColumn:
        return row.soldNodeSeconds;
    case MoneyModel::SoldColumn:
        return row.sold;
    case MoneyModel::NetColumn:
        return row.net();
    case MoneyModel::OwnedNodesColumn:
        return row.ownedNodes;
    case MoneyModel::CostPerHourColumn:
        return row.costPerHour;
    case MoneyModel::ColumnCount:
        break;
    }
    return {};
}

} // namespace

MoneyModel::MoneyModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

MoneyModel::~MoneyModel() = default;

void MoneyModel::setSources(OrderModel* orders, PoolModel* pools)
{
    for (const QMetaObject::Connection& connection : std::as_const(m_connections))
        disconnect(connection);
    m_connections.clear();
    m_orders = orders;
    m_pools = pools;
    for (QAbstractItemModel* source :
         {static_cast<QAbstractItemModel*>(orders), static_cast<QAbstractItemModel*>(pools)}) {
        if (!source)
            continue;
        // A refresh of a list is several signals; one computation after all of them.
        const auto later = [this] { scheduleRecompute(); };
        m_connections << connect(source, &QAbstractItemModel::modelReset, this, later)
                      << connect(source, &QAbstractItemModel::rowsInserted, this, later)
                      << connect(source, &QAbstractItemModel::rowsRemoved, this, later)
                      << connect(source, &QAbstractItemModel::dataChanged, this, later)
                      << connect(source, &QAbstractItemModel::layoutChanged, this, later);
    }
    recompute();
}

void MoneyModel::setNow(Now now)
{
    m_now = std::move(now);
}

void MoneyModel::setTimeZone(const QTimeZone& zone)
{
    if (zone == m_zone)
        return;
    m_zone = zone;
    recompute();
}

void MoneyModel::setGrouping(Grouping grouping)
{
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    recompute();
}

void MoneyModel::scheduleRecompute()
{
    if (m_scheduled)
        return;
    m_scheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        recompute();
    });
}

void MoneyModel::recompute()
{
    const qint64 now = m_now ? m_now() : QDateTime::currentSecsSinceEpoch();
    compute(m_orders ? m_orders->rows() : QList<Order>(), m_pools ? m_pools->rows() : QList<Pool>(), now);
}

qint64 MoneyModel::nodeSeconds(const OrderFill& fill)
{
    // A fill's delta is bounded (the order's window); an unbounded one counts nothing.
    return deltaOf(fill).nodeSeconds().value_or(0);
}

qint64 MoneyModel::amount(const OrderFill& fill)
{
    return Money::totalForNodeSeconds(fill.price.micros, nodeSeconds(fill));
}

QString MoneyModel::nodeHoursText(qint64 nodeSeconds)
{
    const QLocale locale;
    if (nodeSeconds % 3600 == 0)
        return locale.toString(nodeSeconds / 3600);
    // Hundredths of a node-hour, rounded half up once; written with the locale's digits.
    const qint64 hundredths = Money::divideRoundHalfUp(nodeSeconds * 100, 3600);
    const qint64 whole = hundredths / 100;
    const qint64 part = std::abs(hundredths % 100);
    QString text = locale.toString(whole) + locale.decimalPoint()
                   + QStringLiteral("%1").arg(part, 2, 10, QLatin1Char('0'));
    if (hundredths < 0 && whole == 0)
        text.prepend(locale.negativeSign());
    return text;
}

void MoneyModel::compute(const QList<Order>& orders, const QList<Pool>& pools, qint64 now)
{
    m_computedAt = now;
    QHash<QString, const Pool*> poolById;
    for (const Pool& pool : pools)
        poolById.insert(pool.id, &pool);

    QList<Row> rows;
    QHash<QString, qsizetype> rowByKey;
    const auto rowFor = [&](const QString& poolId, const QString& poolName) -> Row& {
        const Pool* pool = poolById.value(poolId);
        const QString workspace = pool ? pool->workspace : QString();
        const QString key = m_grouping == Grouping::Pool ? poolId : workspace;
        const auto found = rowByKey.constFind(key);
        if (found != rowByKey.cend())
            return rows[*found];
        Row row;
        row.key = key;
        row.workspace = workspace;
        if (m_grouping == Grouping::Pool)
            row.name = pool ? pool->name : (poolName.isEmpty() ? poolId : poolName);
        else
            row.name = workspace.isEmpty() ? tr("Unknown workspace") : workspace;
        rowByKey.insert(key, rows.size());
        rows.append(row);
        return rows.last();
    };

    for (const Pool& pool : pools) {
        Row& row = rowFor(pool.id, pool.name);
        row.ownedNodes += pool.nodesAt(now);
    }

    const qint64 firstOfMonth = monthStart(now, m_zone);
    QList<std::pair<qint64, qint64>> monthFills; // filled at, signed amount
    for (const Order& order : orders) {
        const bool sell = order.side == u"sell";
        if (!sell && order.side != u"buy")
            continue;
        for (const OrderFill& fill : order.fills) {
            Row& row = rowFor(order.pool.id, order.pool.name);
            const Schedule delta = deltaOf(fill);
            const qint64 seconds = delta.nodeSeconds().value_or(0);
            const qint64 total = Money::totalForNodeSeconds(fill.price.micros, seconds);
            const qint64 hourly = fill.price.micros * delta.at(now);
            if (sell) {
                row.soldNodeSeconds += seconds;
                row.sold += total;
                row.costPerHour -= hourly;
            } else {
                row.boughtNodeSeconds += seconds;
                row.bought += total;
                row.costPerHour += hourly;
            }
            if (fill.filledAt >= firstOfMonth && fill.filledAt <= now)
                monthFills.append({fill.filledAt, sell ? -total : total});
        }
    }
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        const int byName = a.name.localeAwareCompare(b.name);
        return byName != 0 ? byName < 0 : a.key < b.key;
    });

    Row totals;
    totals.name = tr("Total");
    for (const Row& row : std::as_const(rows)) {
        totals.boughtNodeSeconds += row.boughtNodeSeconds;
        totals.bought += row.bought;
        totals.soldNodeSeconds += row.soldNodeSeconds;
        totals.sold += row.sold;
        totals.ownedNodes += row.ownedNodes;
        totals.costPerHour += row.costPerHour;
    }
    m_totals = totals;

    // Day by day from the first of the month to today, each the net spent up to the day's end.
    std::sort(monthFills.begin(), monthFills.end());
    QList<Day> days;
    const QDate today = QDateTime::fromSecsSinceEpoch(now, m_zone).date();
    QDate date = QDateTime::fromSecsSinceEpoch(firstOfMonth, m_zone).date();
    qint64 cumulative = 0;
    qsizetype next = 0;
    for (; date <= today; date = date.addDays(1)) {
        const qint64 end = QDateTime(date.addDays(1), QTime(0, 0), m_zone).toSecsSinceEpoch();
        while (next < monthFills.size() && monthFills.at(next).first < end)
            cumulative += monthFills.at(next++).second;
        days.append({QDateTime(date, QTime(0, 0), m_zone).toSecsSinceEpoch(), cumulative});
    }
    m_burnDown = days;
    apply(std::move(rows));
    Q_EMIT computed();
}

void MoneyModel::apply(QList<Row> rows)
{
    const bool sameKeys = rows.size() == m_rows.size()
                          && std::equal(rows.cbegin(), rows.cend(), m_rows.cbegin(),
                                        [](const Row& a, const Row& b) { return a.key == b.key; });
    if (!sameKeys) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    // The steady state of a poll: the same rows, perhaps other figures; the selection stays.
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (rows.at(i) == m_rows.at(i))
            continue;
        m_rows[i] = rows.at(i);
        Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
    }
}

int MoneyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MoneyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MoneyModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows.at(index.row());
    const auto column = Column(index.column());
    switch (role) {
    case Qt::DisplayRole:
        // What a cell shows is its raw value, written for people.
        switch (column) {
        case BoughtNodeHoursColumn:
        case SoldNodeHoursColumn:
            return nodeHoursText(rawValue(row, column).toLongLong());
        case BoughtColumn:
        case SoldColumn:
        case NetColumn:
        case CostPerHourColumn:
            return Format::money(rawValue(row, column).toLongLong());
        case OwnedNodesColumn:
            return QLocale().toString(row.ownedNodes);
        default:
            return rawValue(row, column);
        }
    case ResourceRole::RawRole:
        return rawValue(row, column);
    case ResourceRole::IdRole:
        return row.key;
    case Qt::TextAlignmentRole:
        if (column != NameColumn && column != WorkspaceColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant MoneyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case NameColumn:
            return m_grouping == Grouping::Pool ? tr("Pool") : tr("Workspace");
        case WorkspaceColumn:
            return tr("Workspace");
        case BoughtNodeHoursColumn:
            return tr("Bought node-hours");
        case BoughtColumn:
            return tr("Bought");
        case SoldNodeHoursColumn:
            return tr("Sold node-hours");
        case SoldColumn:
            return tr("Sold");
        case NetColumn:
            return tr("Net");
        case OwnedNodesColumn:
            return tr("Nodes now");
        case CostPerHourColumn:
            return tr("Cost per hour now");
        case ColumnCount:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case NetColumn:
            return tr("Bought minus sold: what the fills cost in all");
        case OwnedNodesColumn:
            return tr("Nodes the pools hold now");
        case CostPerHourColumn:
            return tr("The price per hour of the fills whose capacity runs now: bought minus sold");
        default:
            break;
        }
    }
    return {};
}

QHash<int, QByteArray> MoneyModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(ResourceRole::IdRole, "id");
    names.insert(ResourceRole::RawRole, "raw");
    return names;
}

} // namespace sfdesk
