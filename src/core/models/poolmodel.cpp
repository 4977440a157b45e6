// SPDX-License-Identifier: Apache-2.0

#include "core/models/poolmodel.h"

#include "core/models/format.h"
#include "core/models/instancemodel.h"

#include <algorithm>
#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<PoolModel, Pool>;

const std::array<Column, PoolModel::ColumnCount> columnTable{{
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Name"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.name; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Workspace"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.workspace; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Kind"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.kind; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Nodes now"),
     [](const PoolModel& model, const Pool& item) -> QVariant {
         return QString::number(item.nodesAt(model.nowSecs()));
     },
     [](const PoolModel& model, const Pool& item) -> QVariant { return item.nodesAt(model.nowSecs()); }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Idle (48 h)"),
     [](const PoolModel& model, const Pool& item) -> QVariant {
         return PoolModel::tr("%n node-hour(s)", nullptr, int(model.idleOf(item.id).nodeHours));
     },
     [](const PoolModel& model, const Pool& item) -> QVariant { return model.idleOf(item.id).nodeHours; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "SKUs"),
     [](const PoolModel& model, const Pool& item) -> QVariant {
         return QString::number(item.skusFrom(model.nowSecs()));
     },
     [](const PoolModel& model, const Pool& item) -> QVariant { return item.skusFrom(model.nowSecs()); }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Created"),
     [](const PoolModel&, const Pool& item) -> QVariant { return Format::dateTime(item.createdAt); },
     [](const PoolModel&, const Pool& item) -> QVariant { return item.createdAt; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "ID"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.id; }},
}};

} // namespace

PoolModel::PoolModel(QObject* parent)
    : ClockedTableModel<PoolModel, Pool>(columnTable, parent)
{
    connect(this, &QAbstractItemModel::rowsInserted, this, &PoolModel::recountIdle);
    connect(this, &QAbstractItemModel::rowsRemoved, this, &PoolModel::recountIdle);
    connect(this, &QAbstractItemModel::modelReset, this, &PoolModel::recountIdle);
    // A changed pool changes its idle capacity; the idle column's own change is not one.
    connect(this, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex& topLeft, const QModelIndex& bottomRight) {
                if (topLeft.column() != IdleColumn || bottomRight.column() != IdleColumn)
                    recountIdle();
            });
}

void PoolModel::setInstances(InstanceModel* instances)
{
    if (m_instances)
        m_instances->disconnect(this);
    m_instances = instances;
    if (instances) {
        connect(instances, &QAbstractItemModel::rowsInserted, this, &PoolModel::recountIdle);
        connect(instances, &QAbstractItemModel::rowsRemoved, this, &PoolModel::recountIdle);
        connect(instances, &QAbstractItemModel::dataChanged, this, &PoolModel::recountIdle);
        connect(instances, &QAbstractItemModel::modelReset, this, &PoolModel::recountIdle);
    }
    recountIdle();
}

void PoolModel::recountIdle()
{
    const QList<Instance> instances = m_instances ? m_instances->rows() : QList<Instance>{};
    QHash<QString, IdleCapacity::PoolIdle> idle = IdleCapacity::computeAll(rows(), instances, nowSecs());
    if (idle == m_idle)
        return;
    // Rows counted before whose count moved; rows just inserted are read with theirs already.
    int first = rowCount();
    int last = -1;
    for (int row = 0; row < rowCount(); ++row) {
        const QString& id = at(row).id;
        const auto before = m_idle.constFind(id);
        if (before != m_idle.cend() && !(*before == idle.value(id))) {
            first = std::min(first, row);
            last = row;
        }
    }
    m_idle = std::move(idle);
    if (last >= 0)
        Q_EMIT dataChanged(index(first, IdleColumn), index(last, IdleColumn));
}

} // namespace sfdesk
