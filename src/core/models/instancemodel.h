#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

// Instance rows for the views; see ResourceTableModel for the refresh rules.
class InstanceModel final : public ResourceTableModel<Instance>
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

protected:
    int columns() const override { return ColumnCount; }
    QString header(int column) const override;
    QVariant cell(const Instance& item, int column, int role) const override;
};
