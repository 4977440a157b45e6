// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// Instance rows for the views; see ResourceTableModel for the refresh rules.
class InstanceModel final : public ColumnTableModel<InstanceModel, Instance>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceModel)

public:
    enum Column
    {
        NameColumn,
        StatusColumn,
        WorkspaceColumn,
        SkuColumn,
        PoolColumn,
        ImageColumn,
        PartitionColumn,
        PriorityColumn,
        CreatedColumn,
        IdColumn,
        DeploymentColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit InstanceModel(QObject* parent = nullptr);

    // The priority of a live instance can be edited; the view sends it (setData changes nothing).
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // The API's priority levels, lowest first.
    static const QStringList& priorities();
    static QString priorityText(const QString& priority);
};

} // namespace sfdesk
