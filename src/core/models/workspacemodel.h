// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// Workspace rows for the views; see ResourceTableModel for the refresh rules.
class WorkspaceModel final : public ColumnTableModel<WorkspaceModel, Workspace>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceModel)

public:
    enum Column
    {
        NameColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit WorkspaceModel(QObject* parent = nullptr);

protected:
    QVariant otherRole(const Workspace& item, int role) const override;
};

} // namespace sfdesk
