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
        ColumnCount
    };
    Q_ENUM(Column)

    explicit InstanceModel(QObject* parent = nullptr);
};

} // namespace sfdesk
