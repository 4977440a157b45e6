// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/idlecapacity.h"
#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

#include <QPointer>

namespace sfdesk {

class InstanceModel;

// Pool rows for the views; see ResourceTableModel for the refresh rules. The idle capacity of each
// pool (IdleCapacity) is counted from the session's instances (setInstances), again whenever the
// pools, the instances or the hour change.
class PoolModel final : public ClockedTableModel<PoolModel, Pool>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PoolModel)

public:
    enum Column
    {
        NameColumn,
        WorkspaceColumn,
        KindColumn,
        NodesNowColumn,
        IdleColumn,
        SkusColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit PoolModel(QObject* parent = nullptr);
    void setInstances(InstanceModel* instances);
    // The pool's idle capacity over the next 48 hours (empty for an unknown pool).
    IdleCapacity::PoolIdle idleOf(const QString& poolId) const { return m_idle.value(poolId); }
    // Counts the idle capacity again (the window moves with the hour).
    void recountIdle();

protected:
    // The idle window starts at the new clock's hour.
    void clockChanged() override { recountIdle(); }

private:
    QPointer<InstanceModel> m_instances;
    QHash<QString, IdleCapacity::PoolIdle> m_idle;
};

} // namespace sfdesk
