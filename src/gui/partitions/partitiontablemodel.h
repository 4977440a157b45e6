#pragma once

#include "core/model/resources.h"
#include "gui/common/resourcelistmodel.h"

class PartitionTableModel final : public ResourceListModel<InfinibandPartition>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PartitionTableModel)

public:
    enum Column
    {
        Name,
        Fabric,
        Region,
        Zone,
        Instances,
        Workspace,
        Created,
        Id,
    };

    explicit PartitionTableModel(QObject* parent = nullptr);
    ~PartitionTableModel() override;

protected:
    QStringList headers() const override;
    QVariant display(const InfinibandPartition& partition, int column) const override;
    QVariant sortValue(const InfinibandPartition& partition, int column) const override;
};
