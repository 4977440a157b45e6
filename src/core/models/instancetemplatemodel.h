// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// Instance template rows for the views; see ResourceTableModel for the refresh rules.
class InstanceTemplateModel final : public ColumnTableModel<InstanceTemplateModel, InstanceTemplate>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceTemplateModel)

public:
    enum Column
    {
        NameColumn,
        WorkspaceColumn,
        ImageColumn,
        CloudInitColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit InstanceTemplateModel(QObject* parent = nullptr);
};

} // namespace sfdesk
