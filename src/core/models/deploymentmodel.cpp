// SPDX-License-Identifier: Apache-2.0

#include "core/models/deploymentmodel.h"

#include "core/models/format.h"
#include "core/models/instancemodel.h"

#include <algorithm>
#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<DeploymentModel, Deployment>;

const std::array<Column, DeploymentModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Name"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return item.name.isEmpty() ? item.id : item.name;
     },
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return item.name; }},
    // WorkspaceColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Workspace"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return item.workspace; }},
    // KindColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Kind"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return DeploymentModel::kindText(item);
     }},
    // TargetColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Target"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return item.targetInstanceCount; }},
    // RunningColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Running"),
     [](const DeploymentModel& model, const Deployment& item) -> QVariant { return model.running(item.id); }},
    // StateColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Status"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return DeploymentModel::stateText(item);
     },
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return item.enabled ? item.stateText : QStringLiteral("paused");
     }},
    // MessageColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Message"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return item.statusMessage; }},
    // TemplateColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Template"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return Format::refName(item.instanceTemplate);
     }},
    // PoolColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Pool"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return Format::refName(item.pool); }},
    // SkuColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "SKU"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return Format::refName(item.sku); }},
    // PartitionColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Partition"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return item.infinibandPartition ? Format::refName(*item.infinibandPartition) : QString();
     }},
    // MaxPriceColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Max Price"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return item.maxBuyPrice ? Format::pricePerNodeHour(*item.maxBuyPrice) : QString();
     },
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return item.maxBuyPrice ? item.maxBuyPrice->micros : -1;
     }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "Created"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant {
         return Format::dateTime(item.createdAt);
     },
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::DeploymentModel", "ID"),
     [](const DeploymentModel&, const Deployment& item) -> QVariant { return item.id; }},
}};

bool isActive(const Instance& instance)
{
    return instance.status == Instance::Status::Running
           || instance.status == Instance::Status::AwaitingAllocation;
}

} // namespace

DeploymentModel::DeploymentModel(QObject* parent)
    : ColumnTableModel<DeploymentModel, Deployment>(columnTable, parent)
{}

void DeploymentModel::setInstances(InstanceModel* instances)
{
    if (m_instances)
        m_instances->disconnect(this);
    m_instances = instances;
    if (instances) {
        connect(instances, &QAbstractItemModel::rowsInserted, this, &DeploymentModel::recount);
        connect(instances, &QAbstractItemModel::rowsRemoved, this, &DeploymentModel::recount);
        connect(instances, &QAbstractItemModel::dataChanged, this, &DeploymentModel::recount);
        connect(instances, &QAbstractItemModel::modelReset, this, &DeploymentModel::recount);
    }
    recount();
}

QList<Instance> DeploymentModel::activeInstances(const QString& deploymentId) const
{
    QList<Instance> out;
    if (!m_instances)
        return out;
    for (const Instance& instance : m_instances->rows())
        if (instance.managedBy && instance.managedBy->id == deploymentId && isActive(instance))
            out.append(instance);
    std::sort(out.begin(), out.end(), [](const Instance& a, const Instance& b) { return a.name < b.name; });
    return out;
}

QString DeploymentModel::kindText(const Deployment& deployment)
{
    return deployment.kind == Deployment::Kind::Spot ? tr("Spot") : tr("Generic");
}

QString DeploymentModel::stateText(const Deployment& deployment)
{
    if (!deployment.enabled)
        return tr("Paused");
    switch (deployment.state) {
    case Deployment::State::Info:
        return tr("OK");
    case Deployment::State::Warning:
        return tr("Warning");
    case Deployment::State::Error:
        return tr("Error");
    case Deployment::State::Unknown:
        break;
    }
    return deployment.stateText;
}

void DeploymentModel::recount()
{
    QHash<QString, int> running;
    if (m_instances) {
        for (const Instance& instance : m_instances->rows())
            if (instance.managedBy && instance.status == Instance::Status::Running)
                ++running[instance.managedBy->id];
    }
    if (running == m_running)
        return;
    m_running = running;
    for (int row = 0; row < rowCount(); ++row) {
        const QModelIndex cell = index(row, RunningColumn);
        Q_EMIT dataChanged(cell, cell);
    }
}

} // namespace sfdesk
