// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// InfinibandPartition rows for the views; see ResourceTableModel for the refresh rules.
class PartitionModel final : public ColumnTableModel<PartitionModel, InfinibandPartition>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PartitionModel)

public:
    enum Column
    {
        NameColumn,
        WorkspaceColumn,
        FabricColumn,
        ZoneColumn,
        InstancesColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit PartitionModel(QObject* parent = nullptr);
};

} // namespace sfdesk
