// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

namespace sfdesk {

// Image rows for the views; see ResourceTableModel for the refresh rules.
class ImageModel final : public ColumnTableModel<ImageModel, Image>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImageModel)

public:
    enum Column
    {
        NameColumn,
        WorkspaceColumn,
        VisibilityColumn,
        StatusColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit ImageModel(QObject* parent = nullptr);
};

} // namespace sfdesk
