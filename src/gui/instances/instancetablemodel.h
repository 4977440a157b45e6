#pragma once

#include "core/model/resources.h"
#include "gui/common/resourcelistmodel.h"

// Instances in the columns of `sf instances list`; the partition details reuse it, as the guide
// promises the same columns there.
class InstanceTableModel final : public ResourceListModel<Instance>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceTableModel)

public:
    enum Column
    {
        Name,
        Status,
        Sku,
        Pool,
        Partition,
        Workspace,
        PublicIp,
        Created,
        Id,
    };

    explicit InstanceTableModel(QObject* parent = nullptr);
    ~InstanceTableModel() override;

protected:
    QStringList headers() const override;
    QVariant display(const Instance& instance, int column) const override;
    QVariant sortValue(const Instance& instance, int column) const override;
    QVariant toolTip(const Instance& instance, int column) const override;
};
