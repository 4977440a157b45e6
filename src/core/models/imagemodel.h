#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

// Image rows for the views; see ResourceTableModel for the refresh rules.
class ImageModel final : public ResourceTableModel<Image>
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

protected:
    int columns() const override { return ColumnCount; }
    QString header(int column) const override;
    QVariant cell(const Image& item, int column, int role) const override;
};
