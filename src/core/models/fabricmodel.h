// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// InfinibandFabric rows for the views; see ResourceTableModel for the refresh rules.
class FabricModel final : public ColumnTableModel<FabricModel, InfinibandFabric>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FabricModel)

public:
    enum Column
    {
        NameColumn,
        RegionColumn,
        ZoneColumn,
        SkusColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit FabricModel(QObject* parent = nullptr);
};

} // namespace sfdesk
