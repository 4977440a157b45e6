// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

#include <QHash>
#include <QPointer>

namespace sfdesk {

class InstanceModel;

// Deployment rows for the views; see ResourceTableModel for the refresh rules. How many of a
// deployment's instances run is counted from the session's instances (setInstances), so the
// column follows them without a request of its own.
class DeploymentModel final : public ColumnTableModel<DeploymentModel, Deployment>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeploymentModel)

public:
    enum Column
    {
        NameColumn,
        WorkspaceColumn,
        KindColumn,
        TargetColumn,
        RunningColumn,
        StateColumn,
        MessageColumn,
        TemplateColumn,
        PoolColumn,
        SkuColumn,
        PartitionColumn,
        MaxPriceColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit DeploymentModel(QObject* parent = nullptr);

    void setInstances(InstanceModel* instances);
    // Instances of the deployment that run now.
    int running(const QString& deploymentId) const { return m_running.value(deploymentId); }
    // Its instances that run or wait for allocation, by name: what deleting it stops.
    QList<Instance> activeInstances(const QString& deploymentId) const;

    static QString kindText(const Deployment& deployment);
    static QString stateText(const Deployment& deployment);

private:
    void recount();

    QPointer<InstanceModel> m_instances;
    QHash<QString, int> m_running;
};

} // namespace sfdesk
