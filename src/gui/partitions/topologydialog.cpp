// SPDX-License-Identifier: Apache-2.0

#include "gui/partitions/topologydialog.h"

#include "core/cluster/partitionrelease.h"
#include "core/models/fabricmodel.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/session.h"
#include "core/util/plaintext.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "ui_topologydialog.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMap>
#include <QPushButton>
#include <QTreeWidget>

#include <algorithm>

namespace sfdesk {

namespace {

// Consoles read at once at most; a large cluster is read in turns as the user asks again.
constexpr int MaxPortReads = 64;

QString portText(const IbCheck::Result& result)
{
    switch (result.state) {
    case IbCheck::PortState::Active:
        return TopologyDialog::tr("Active");
    case IbCheck::PortState::Down:
        return TopologyDialog::tr("Down");
    case IbCheck::PortState::NotReported:
        break;
    }
    return TopologyDialog::tr("Not reported yet");
}

} // namespace

TopologyDialog::TopologyDialog(ViewContext* context, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::TopologyDialog>())
    , m_context(context)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("topologyDialog"));
    m_ui->topologyReadPortsButton->setIcon(ThemeIcons::icon(QStringLiteral("view-refresh")));
    QDialogButtonBox* buttons = m_ui->buttonBox;
    buttons->button(QDialogButtonBox::Close)->setObjectName(QStringLiteral("topologyCloseButton"));

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->topologyReadPortsButton, &QPushButton::clicked, this, &TopologyDialog::readPorts);
    for (QComboBox* filter : {m_ui->topologyFabricFilter, m_ui->topologyWorkspaceFilter})
        connect(filter, &QComboBox::currentIndexChanged, this, &TopologyDialog::scheduleRebuild);
    m_rebuild.setSingleShot(true);
    m_rebuild.setInterval(0);
    connect(&m_rebuild, &QTimer::timeout, this, &TopologyDialog::rebuild);
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &TopologyDialog::rebuild);
    connect(context, &ViewContext::clientChanged, this, &TopologyDialog::bindSession);
    bindSession();
}

TopologyDialog::~TopologyDialog()
{
    if (m_watched) {
        for (const auto resource :
             {Session::Resource::Fabrics, Session::Resource::Partitions, Session::Resource::Instances})
            m_watched->unwatch(resource);
    }
}

QTreeWidget* TopologyDialog::tree() const
{
    return m_ui->topologyTree;
}

void TopologyDialog::bindSession()
{
    Session* session = m_context->session();
    if (session == m_session)
        return;
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    m_ports.clear();
    m_portErrors.clear();
    m_latestPorts.drop();
    m_releaseDelay.reset();
    m_portsReadOnce = false;
    const QList<QAbstractItemModel*> models = {session->fabrics(), session->partitions(),
                                               session->instances()};
    for (QAbstractItemModel* model : models) {
        connect(model, &QAbstractItemModel::modelReset, this, &TopologyDialog::scheduleRebuild);
        connect(model, &QAbstractItemModel::rowsInserted, this, &TopologyDialog::scheduleRebuild);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &TopologyDialog::scheduleRebuild);
        connect(model, &QAbstractItemModel::dataChanged, this, &TopologyDialog::scheduleRebuild);
    }
    updateWatch();
    scheduleRebuild();
}

void TopologyDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    updateWatch();
}

void TopologyDialog::hideEvent(QHideEvent* event)
{
    QDialog::hideEvent(event);
    updateWatch();
}

void TopologyDialog::updateWatch()
{
    const QList<Session::Resource> resources = {Session::Resource::Fabrics, Session::Resource::Partitions,
                                                Session::Resource::Instances};
    Session* wanted = isVisible() && m_session && m_session->canSend() ? m_session.data() : nullptr;
    if (m_watched == wanted)
        return;
    if (m_watched)
        for (const auto resource : resources)
            m_watched->unwatch(resource);
    m_watched = wanted;
    if (wanted)
        for (const auto resource : resources)
            wanted->watch(resource);
}

void TopologyDialog::scheduleRebuild()
{
    m_rebuild.start();
}

void TopologyDialog::updateFilters()
{
    const auto refill = [](QComboBox* combo, const QString& all, const QStringList& values) {
        const QString current = combo->currentData().toString();
        QStringList shown;
        for (int i = 1; i < combo->count(); ++i)
            shown << combo->itemData(i).toString();
        if (combo->count() > 0 && shown == values)
            return;
        const QSignalBlocker block(combo);
        combo->clear();
        combo->addItem(all, QString());
        for (const QString& value : values)
            combo->addItem(value, value);
        combo->setCurrentIndex(std::max(0, combo->findData(current)));
    };
    QStringList fabrics;
    for (const InfinibandFabric& fabric : m_session->fabrics()->rows())
        fabrics << fabric.name;
    for (const InfinibandPartition& partition : m_session->partitions()->rows())
        if (!fabrics.contains(partition.fabric.name))
            fabrics << partition.fabric.name;
    fabrics.sort();
    QStringList workspaces;
    for (const InfinibandPartition& partition : m_session->partitions()->rows())
        if (!workspaces.contains(partition.workspace))
            workspaces << partition.workspace;
    workspaces.sort();
    refill(m_ui->topologyFabricFilter, tr("All fabrics"), fabrics);
    refill(m_ui->topologyWorkspaceFilter, tr("All workspaces shown"), workspaces);
}

void TopologyDialog::rebuild()
{
    if (!m_session)
        return;
    updateFilters();
    const QString fabricFilter = m_ui->topologyFabricFilter->currentData().toString();
    const QString workspaceFilter = m_ui->topologyWorkspaceFilter->currentData().toString();
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const QList<Instance>& instances = m_session->instances()->rows();
    m_releaseDelay = PartitionRelease::observedDelay(instances, m_releaseDelay);

    // Partition ID → its attached instances (released ones have left it).
    QHash<QString, QList<Instance>> attached;
    for (const Instance& instance : instances) {
        if (instance.infinibandPartition && !instance.infinibandReleasedAt)
            attached[instance.infinibandPartition->id].append(instance);
    }
    // Fabric name → its partitions, in name order.
    QMap<QString, QList<InfinibandPartition>> byFabric;
    for (const InfinibandFabric& fabric : m_session->fabrics()->rows())
        byFabric[fabric.name];
    for (const InfinibandPartition& partition : m_session->partitions()->rows()) {
        if (!workspaceFilter.isEmpty() && partition.workspace != workspaceFilter)
            continue;
        byFabric[partition.fabric.name].append(partition);
    }
    QHash<QString, InfinibandFabric> fabrics;
    for (const InfinibandFabric& fabric : m_session->fabrics()->rows())
        fabrics.insert(fabric.name, fabric);

    // Rebuilt whole; which rows were collapsed and which was current survive it.
    QSet<QString> collapsed;
    QString currentId;
    for (QTreeWidgetItemIterator it(m_ui->topologyTree); *it; ++it) {
        if ((*it)->childCount() > 0 && !(*it)->isExpanded())
            collapsed.insert((*it)->text(IdColumn));
        if (*it == m_ui->topologyTree->currentItem())
            currentId = (*it)->text(IdColumn);
    }
    const QSignalBlocker block(m_ui->topologyTree);
    m_ui->topologyTree->clear();
    int partitionCount = 0;
    int instanceCount = 0;
    int active = 0;
    bool releasing = false;
    QTreeWidgetItem* current = nullptr;
    for (auto it = byFabric.cbegin(); it != byFabric.cend(); ++it) {
        if (!fabricFilter.isEmpty() && it.key() != fabricFilter)
            continue;
        const InfinibandFabric fabric = fabrics.value(it.key());
        auto* fabricItem = new QTreeWidgetItem(m_ui->topologyTree);
        fabricItem->setText(NameColumn, tr("Fabric %1").arg(it.key()));
        fabricItem->setText(StatusColumn, fabric.region.isEmpty()
                                              ? QString()
                                              : tr("%1 / %2").arg(fabric.region, fabric.availabilityZone));
        fabricItem->setText(IdColumn, fabric.id.isEmpty() ? it.key() : fabric.id);
        QList<InfinibandPartition> partitions = it.value();
        std::sort(partitions.begin(), partitions.end(),
                  [](const InfinibandPartition& a, const InfinibandPartition& b) { return a.name < b.name; });
        if (partitions.isEmpty())
            fabricItem->setText(PortColumn, tr("No partitions"));
        for (const InfinibandPartition& partition : std::as_const(partitions)) {
            ++partitionCount;
            auto* partitionItem = new QTreeWidgetItem(fabricItem);
            partitionItem->setText(NameColumn,
                                   m_context->allWorkspaces()
                                       ? tr("%1 (workspace %2)").arg(partition.name, partition.workspace)
                                       : partition.name);
            QList<Instance> members = attached.value(partition.id);
            std::sort(members.begin(), members.end(), [](const Instance& a, const Instance& b) {
                return a.name != b.name ? a.name < b.name : a.id < b.id;
            });
            partitionItem->setText(StatusColumn, tr("%n instance(s) attached", nullptr, int(members.size())));
            partitionItem->setText(IdColumn, partition.id);
            // A deployment's instances are a group of the partition.
            QMap<QString, QTreeWidgetItem*> groups;
            for (const Instance& instance : std::as_const(members)) {
                QTreeWidgetItem* parentItem = partitionItem;
                if (instance.managedBy) {
                    QTreeWidgetItem*& group = groups[instance.managedBy->id];
                    if (!group) {
                        group = new QTreeWidgetItem(partitionItem);
                        group->setText(NameColumn, tr("Deployment %1").arg(instance.managedBy->name));
                        group->setText(IdColumn, instance.managedBy->id);
                        group->setExpanded(true);
                    }
                    group->setData(StatusColumn, Qt::UserRole,
                                   group->data(StatusColumn, Qt::UserRole).toInt() + 1);
                    group->setText(StatusColumn, tr("%n instance(s)", nullptr,
                                                    group->data(StatusColumn, Qt::UserRole).toInt()));
                    parentItem = group;
                }
                ++instanceCount;
                auto* item = new QTreeWidgetItem(parentItem);
                item->setText(NameColumn, instance.name.isEmpty() ? instance.id : instance.name);
                const bool isReleasing = PartitionRelease::isReleasing(instance);
                releasing = releasing || isReleasing;
                item->setText(StatusColumn, isReleasing ? Format::releasing(instance, m_releaseDelay, now)
                                                        : Format::instanceStatus(instance));
                if (instance.status == Instance::Status::Running) {
                    if (const auto port = m_ports.constFind(instance.id); port != m_ports.cend()) {
                        item->setText(PortColumn, portText(*port));
                        item->setToolTip(PortColumn, PlainText::toolTip(port->detail));
                        item->setText(PortSeenColumn, Format::dateTime(port->seenAt));
                        active += port->state == IbCheck::PortState::Active;
                    } else if (m_portErrors.contains(instance.id)) {
                        item->setText(PortColumn, tr("Console not readable"));
                        item->setToolTip(PortColumn, PlainText::toolTip(m_portErrors.value(instance.id)));
                    } else {
                        item->setText(PortColumn, tr("Not read"));
                    }
                } else {
                    item->setText(PortColumn, isReleasing ? tr("Releasing") : tr("None yet"));
                }
                item->setText(IdColumn, instance.id);
                if (instance.id == currentId)
                    current = item;
            }
            for (QTreeWidgetItem* group : std::as_const(groups)) {
                group->setExpanded(!collapsed.contains(group->text(IdColumn)));
                if (group->text(IdColumn) == currentId)
                    current = group;
            }
            partitionItem->setExpanded(!collapsed.contains(partition.id));
            if (partition.id == currentId)
                current = partitionItem;
        }
        fabricItem->setExpanded(!collapsed.contains(fabricItem->text(IdColumn)));
        if (fabricItem->text(IdColumn) == currentId)
            current = fabricItem;
    }
    if (current)
        m_ui->topologyTree->setCurrentItem(current);
    for (int column = 0; column < IdColumn; ++column)
        m_ui->topologyTree->resizeColumnToContents(column);

    if (!m_context->infinibandEnabled()) {
        m_ui->topologySummary->setText(
            tr("The InfiniBand preview is not enabled for this account: enrol on the "
               "Partitions page to see its fabrics and partitions."));
    } else {
        m_ui->topologySummary->setText(
            tr("Partitions: %1. Attached instances: %2. Ports reported active: %3. A "
               "terminated instance holds its partition until its node releases it.")
                .arg(partitionCount)
                .arg(instanceCount)
                .arg(active));
    }
    // The ports are read once by themselves, when the instances are first known.
    if (!m_portsReadOnce && isVisible() && m_session->isLoaded(Session::Resource::Instances)) {
        m_portsReadOnce = true;
        QTimer::singleShot(0, this, &TopologyDialog::readPorts);
    }
    m_ui->topologyReadPortsButton->setEnabled(m_portReads == 0 && m_session->canSend());
    if (releasing && !m_tick.isActive())
        m_tick.start();
    else if (!releasing)
        m_tick.stop();
}

void TopologyDialog::readPorts()
{
    Session* session = m_session.data();
    if (!session || !session->canSend())
        return;
    const LatestAnswer::Ticket generation = m_latestPorts.next();
    QStringList ids;
    for (QTreeWidgetItemIterator it(m_ui->topologyTree); *it && ids.size() < MaxPortReads; ++it) {
        const QString id = (*it)->text(IdColumn);
        if (const Instance* instance = m_session->instances()->find(id);
            instance && instance->status == Instance::Status::Running)
            ids << id;
    }
    m_portReads = int(ids.size());
    m_ui->topologyReadPortsButton->setEnabled(m_portReads == 0);
    for (const QString& id : std::as_const(ids)) {
        session->consoleLogs(id)
            .onSuccess(this,
                       [this, id, generation](const QList<ConsoleLine>& lines) {
                           if (!m_latestPorts.isLatest(generation))
                               return;
                           --m_portReads;
                           m_portErrors.remove(id);
                           m_ports.insert(id, IbCheck::fromConsole(lines));
                           scheduleRebuild();
                       })
            .onFailure(this, [this, id, generation](const ApiError& error) {
                if (!m_latestPorts.isLatest(generation))
                    return;
                --m_portReads;
                m_portErrors.insert(id, error.message());
                scheduleRebuild();
            });
    }
}

} // namespace sfdesk
