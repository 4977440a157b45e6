// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QTimeZone>

#include <functional>

namespace sfdesk {

class OrderModel;
class PoolModel;

// The money of the connection's own fills, per pool or per workspace: what was bought and sold
// (node-hours and dollars), the net, the nodes owned now and what they cost per hour now, and the
// month's burn-down. Everything in exact micro-dollars from the API's decimal strings: a fill's
// amount is its node-seconds × its price / 3600, rounded once (Money::totalForNodeSeconds), and
// sums add those. It reads the session's order and pool models and follows their changes; it
// never asks the server itself.
//
// Cost per hour now: every fill whose capacity covers the moment, its nodes then × its price,
// buys adding and sells taking away, so it is what the position held now was bought for per hour.
class MoneyModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MoneyModel)

public:
    enum class Grouping
    {
        Pool,
        Workspace,
    };
    Q_ENUM(Grouping)

    enum Column
    {
        NameColumn,
        WorkspaceColumn,
        BoughtNodeHoursColumn,
        BoughtColumn,
        SoldNodeHoursColumn,
        SoldColumn,
        NetColumn,
        OwnedNodesColumn,
        CostPerHourColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    struct Row
    {
        QString key; // pool id, or workspace name
        QString name;
        QString workspace;
        qint64 boughtNodeSeconds = 0;
        qint64 bought = 0; // µ$
        qint64 soldNodeSeconds = 0;
        qint64 sold = 0; // µ$
        qint64 ownedNodes = 0;
        qint64 costPerHour = 0; // µ$ per hour
        qint64 net() const { return bought - sold; }
        bool operator==(const Row&) const = default;
    };

    // The net spend of the month up to the end of one day (by fill time, in the model's zone).
    struct Day
    {
        qint64 start = 0; // Unix seconds of the day's start
        qint64 cumulativeNet = 0;
        bool operator==(const Day&) const = default;
    };

    using Now = std::function<qint64()>;

    explicit MoneyModel(QObject* parent = nullptr);
    ~MoneyModel() override;

    // The models to read (the session's); either may be null.
    void setSources(OrderModel* orders, PoolModel* pools);
    // "Now" by the server's clock; the system clock without one.
    void setNow(Now now);
    // The zone whose calendar month the burn-down covers; the local zone by default.
    void setTimeZone(const QTimeZone& zone);
    void setGrouping(Grouping grouping);
    Grouping grouping() const { return m_grouping; }

    // Computes everything again from the sources at the current "now".
    void recompute();
    // The same once the events queued now have run (a list's refresh is several signals).
    void scheduleRecompute();
    // The same from values (what recompute() does with the sources' rows).
    void compute(const QList<Order>& orders, const QList<Pool>& pools, qint64 now);

    const QList<Row>& rows() const { return m_rows; }
    // The sum over every row.
    Row totals() const { return m_totals; }
    // One entry per day of the month from its first to the day of "now".
    const QList<Day>& burnDown() const { return m_burnDown; }
    qint64 computedAt() const { return m_computedAt; }

    // A fill's node-seconds (Σ nodes × seconds of its delta) and its exact amount in µ$.
    static qint64 nodeSeconds(const OrderFill& fill);
    static qint64 amount(const OrderFill& fill);
    // Node-seconds as node-hours, exact to the hundredth: "12", "0.5", "1,234.25".
    static QString nodeHoursText(qint64 nodeSeconds);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    // Rows, totals and burn-down are new (emitted after every computation).
    void computed();

private:
    void apply(QList<Row> rows);

    QPointer<OrderModel> m_orders;
    QPointer<PoolModel> m_pools;
    QList<QMetaObject::Connection> m_connections;
    Now m_now;
    QTimeZone m_zone = QTimeZone::LocalTime;
    Grouping m_grouping = Grouping::Pool;
    QList<Row> m_rows;
    Row m_totals;
    QList<Day> m_burnDown;
    qint64 m_computedAt = 0;
    bool m_scheduled = false;
};

} // namespace sfdesk
