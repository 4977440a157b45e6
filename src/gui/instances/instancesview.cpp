// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/instancesview.h"

#include "common/constvalue.h"
#include "core/cli/sfcommand.h"
#include "core/models/deploymentmodel.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/session.h"
#include "gui/common/bulkaction.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/instances/consolelogdialog.h"
#include "gui/instances/createinstancewizard.h"
#include "gui/instances/prioritydelegate.h"
#include "gui/instances/replaceinstancedialog.h"
#include "gui/instances/sshdetailsdialog.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

namespace sfdesk {

InstancesView::InstancesView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("instances"),
                tr("&Instances"),
                tr("Loading instances"),
                {Session::Resource::Instances},
                {InstanceModel::IdColumn},
                tr("No instances here. Create instances into a pool; they run while the pool has "
                   "compute allocated for their SKU.")},
               parent)
    , m_model(context->session()->instances())
    , m_details(new QLabel(this))
    , m_create(new QAction(ThemeIcons::icon(QStringLiteral("list-add")), tr("&Create…"), this))
    , m_terminate(new QAction(ThemeIcons::icon(QStringLiteral("process-stop")), tr("&Terminate…"), this))
    , m_delete(new QAction(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("&Delete…"), this))
    , m_logs(new QAction(ThemeIcons::icon(QStringLiteral("text-x-log")), tr("Console &Log"), this))
    , m_ssh(new QAction(ThemeIcons::icon(QStringLiteral("utilities-terminal")), tr("&SSH…"), this))
    , m_replace(new QAction(ThemeIcons::icon(QStringLiteral("document-revert")), tr("Re&place…"), this))
    , m_priority(new QAction(ThemeIcons::icon(QStringLiteral("go-up")), tr("Priorit&y"), this))
    , m_deploymentFilter(new QComboBox(this))
    , m_priorityDelegate(new PriorityDelegate(this))
{
    // Rich text: every server value in it is escaped.
    m_details->setTextFormat(Qt::RichText);
    m_details->setObjectName(QStringLiteral("instanceDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    addToolbarWidget(new WorkspaceBar(QStringLiteral("instances"), context, this));
    m_deploymentFilter->setObjectName(QStringLiteral("instancesDeploymentFilter"));
    m_deploymentFilter->setAccessibleName(tr("Deployment"));
    m_deploymentFilter->setToolTip(tr("Shows the instances of one deployment, as a group"));
    // As wide as a short name: a long deployment name must not widen the window. It has a row of
    // its own above the toolbar, which is full.
    m_deploymentFilter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_deploymentFilter->setMinimumContentsLength(20);
    auto* groupRow = new QHBoxLayout;
    auto* groupLabel = new QLabel(tr("Deploy&ment:"), this);
    groupLabel->setBuddy(m_deploymentFilter);
    groupRow->addWidget(groupLabel);
    groupRow->addWidget(m_deploymentFilter);
    groupRow->addStretch(1);
    pageLayout()->insertLayout(0, groupRow);
    m_create->setShortcut(QKeySequence::New);
    m_delete->setShortcut(QKeySequence::Delete);
    m_replace->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_replace->setToolTip(tr("Terminates the instance and starts a new one in its place: same pool, SKU, "
                             "partition, tags and priority"));
    m_priority->setShortcut(Qt::Key_F2);
    m_priority->setToolTip(tr("Sets the priority of every selected instance in one request"));
    addPageAction(m_create, QStringLiteral("instancesCreateButton"), Scope::Page);
    addPageAction(m_terminate, QStringLiteral("instancesTerminateButton"), Scope::Row);
    addPageAction(m_delete, QStringLiteral("instancesDeleteButton"), Scope::Row);
    addPageAction(m_logs, QStringLiteral("instancesLogsButton"), Scope::Row);
    addPageAction(m_ssh, QStringLiteral("instancesSshButton"), Scope::Row);
    // Replace and Priority: Ctrl+R and F2, the menu and the row's menu; a button more would make
    // the toolbar wider than a laptop's window.
    addPageAction(m_replace, QStringLiteral("instancesReplaceButton"), Scope::Row)->hide();
    addPageAction(m_priority, QStringLiteral("instancesPriorityButton"), Scope::Row)->hide();
    setTableModel(m_model);
    // The Priority cell opens its editor by F2 (the action above) or a double click.
    table()->table()->setItemDelegateForColumn(InstanceModel::PriorityColumn, m_priorityDelegate);
    table()->table()->setEditTriggers(QAbstractItemView::DoubleClicked);
    connect(m_priorityDelegate, &PriorityDelegate::prioritySelected, this,
            [this](const QString& priority) { setPriority(selectedInstances(), priority); });
    table()->setAccessibleNames(tr("Instances"));
    setDetails(m_details);

    connect(m_create, &QAction::triggered, this, &InstancesView::createInstances);
    connect(m_terminate, &QAction::triggered, this, &InstancesView::terminateSelected);
    connect(m_delete, &QAction::triggered, this, &InstancesView::deleteSelected);
    connect(m_logs, &QAction::triggered, this, &InstancesView::showConsoleLog);
    connect(m_ssh, &QAction::triggered, this, &InstancesView::showSshDetails);
    connect(m_replace, &QAction::triggered, this, &InstancesView::replaceSelected);
    connect(m_priority, &QAction::triggered, this, &InstancesView::editPriority);
    connect(m_deploymentFilter, &QComboBox::currentIndexChanged, this, &InstancesView::applyDeploymentFilter);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::updateDetails);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &InstancesView::fillDeploymentFilter);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &InstancesView::fillDeploymentFilter);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::fillDeploymentFilter);
    // The details follow the selection (the selection model stays when the session's model changes).
    connect(table()->table()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &InstancesView::updateDetails);
    // The partition field stays hidden until the account is in the preview.
    auto showPartitionColumn = [this] {
        table()->setColumnAvailable(InstanceModel::PartitionColumn, this->context()->infinibandEnabled());
    };
    connect(context, &ViewContext::enrolmentChanged, this, showPartitionColumn);
    showPartitionColumn();
    fillDeploymentFilter();
    updateActions();
    updateDetails();
}

void InstancesView::takeModels(Session* session)
{
    disconnect(m_model, nullptr, this, nullptr);
    m_model = session->instances();
    setTableModel(m_model);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::updateDetails);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &InstancesView::fillDeploymentFilter);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &InstancesView::fillDeploymentFilter);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::fillDeploymentFilter);
    fillDeploymentFilter();
    updateDetails();
}

InstancesView::~InstancesView() = default;

QList<Instance> InstancesView::selectedInstances() const
{
    QList<Instance> selected;
    for (const QModelIndex& row : constValue(table()->selectedSourceRows()))
        if (row.row() < m_model->rowCount())
            selected << m_model->at(row.row());
    return selected;
}

void InstancesView::selectInstance(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return;
    table()->table()->selectionModel()->setCurrentIndex(
        table()->proxy()->mapFromSource(m_model->index(row, 0)),
        QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

void InstancesView::updateActions()
{
    const auto selected = selectedInstances();
    const bool connected = context()->session()->canSend();
    bool anyLive = false;
    bool anyTerminated = false;
    for (const Instance& instance : selected) {
        const bool ended =
            instance.status == Instance::Status::Terminated || instance.status == Instance::Status::Failed;
        anyLive = anyLive || !ended;
        anyTerminated = anyTerminated || ended;
    }
    m_create->setEnabled(connected);
    m_terminate->setEnabled(connected && anyLive);
    m_delete->setEnabled(connected && anyTerminated);
    m_logs->setEnabled(connected && selected.size() == 1);
    m_ssh->setEnabled(connected && selected.size() == 1
                      && selected.first().status == Instance::Status::Running);
    const bool oneLive = selected.size() == 1 && selected.first().status != Instance::Status::Terminated
                         && selected.first().status != Instance::Status::Failed;
    m_replace->setEnabled(connected && oneLive);
    m_priority->setEnabled(connected && anyLive);
}

void InstancesView::updateDetails()
{
    const auto selected = selectedInstances();
    if (selected.size() != 1) {
        m_details->setText(selected.isEmpty()
                               ? tr("Select an instance to see its details.")
                               : tr("%n instances selected.", nullptr, static_cast<int>(selected.size())));
        return;
    }
    const Instance& i = selected.first();
    QString partition;
    if (context()->infinibandEnabled())
        partition = i.infinibandPartition
                        ? tr("<br>InfiniBand partition: <b>%1</b>%2")
                              .arg(i.infinibandPartition->name.toHtmlEscaped(),
                                   i.status == Instance::Status::Terminated && !i.infinibandReleasedAt
                                       ? tr(" (its node has not released the partition yet)")
                                       : QString())
                        : tr("<br>InfiniBand: none (created without a partition)");
    if (i.managedBy)
        partition += tr("<br>Kept by deployment <b>%1</b>; priority %2")
                         .arg(i.managedBy->name.toHtmlEscaped(),
                              InstanceModel::priorityText(i.priority).toHtmlEscaped());
    m_details->setText(
        tr("<b>%1</b> · %2 · %3<br>SKU %4 in pool %5, image %6<br>Resource path: %7<br>Created %8%9")
            .arg(i.name.toHtmlEscaped(), Format::instanceStatus(i).toHtmlEscaped(), i.id.toHtmlEscaped(),
                 i.sku.name.toHtmlEscaped(), i.pool.name.toHtmlEscaped(), i.image.name.toHtmlEscaped(),
                 i.resourcePath.toHtmlEscaped(), Format::dateTime(i.createdAt), partition));
}

void InstancesView::createInstances()
{
    if (!context()->session()->canSend())
        return;
    auto* wizard = new CreateInstanceWizard(context(), this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->open();
}

void InstancesView::runOnEach(const QList<Instance>& instances, bool terminate)
{
    QList<BulkAction::Item> items;
    for (const Instance& instance : instances) {
        const QString id = instance.id;
        items.append({instance.name.isEmpty() ? id : instance.name, [this, id, terminate] {
                          return terminate ? context()->session()->terminateInstance(id)
                                           : context()->session()->deleteInstance(id);
                      }});
    }
    BulkAction::run(
        this, items,
        [this, terminate](const BulkAction::Outcome& outcome) {
            QString result =
                terminate ? tr("Terminated %1 of %n instance(s).", nullptr, outcome.total).arg(outcome.done)
                          : tr("Deleted %1 of %n instance(s).", nullptr, outcome.total).arg(outcome.done);
            if (!outcome.failures.isEmpty())
                result +=
                    u' '
                    + tr("Not done, with the reason: %1.").arg(outcome.failures.join(QStringLiteral("; ")));
            m_lastResult = result;
            context()->reportMessage(result);
            Q_EMIT actionFinished();
        },
        [this, terminate](const QString& name, const ApiError& error) {
            context()->reportError((terminate ? tr("Terminating %1") : tr("Deleting %1")).arg(name), error);
        });
}

void InstancesView::terminateSelected()
{
    QList<Instance> targets;
    QStringList names;
    for (const Instance& instance : constValue(selectedInstances())) {
        if (instance.status == Instance::Status::Terminated || instance.status == Instance::Status::Failed)
            continue;
        targets << instance;
        names << instance.name;
    }
    if (targets.isEmpty())
        return;
    const QString text = tr("Terminate %n instance(s): %1? A terminated instance cannot be started again; an "
                            "InfiniBand partition keeps it attached until its node releases it.",
                            nullptr, static_cast<int>(targets.size()))
                             .arg(names.join(u", "));
    confirm(tr("Terminate Instances"), text, tr("&Terminate"), [this, targets] { runOnEach(targets, true); });
}

void InstancesView::deleteSelected()
{
    QList<Instance> targets;
    QStringList names;
    for (const Instance& instance : constValue(selectedInstances())) {
        if (instance.status != Instance::Status::Terminated && instance.status != Instance::Status::Failed)
            continue;
        targets << instance;
        names << instance.name;
    }
    if (targets.isEmpty())
        return;
    const QString text = tr("Delete %n terminated instance(s): %1? They disappear from every list.", nullptr,
                            static_cast<int>(targets.size()))
                             .arg(names.join(u", "));
    confirm(tr("Delete Instances"), text, tr("&Delete"), [this, targets] { runOnEach(targets, false); });
}

void InstancesView::showConsoleLog()
{
    const auto selected = selectedInstances();
    if (selected.size() != 1)
        return;
    auto* dialog = new ConsoleLogDialog(context(), selected.first().id, selected.first().name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void InstancesView::showSshDetails()
{
    const auto selected = selectedInstances();
    if (selected.size() != 1)
        return;
    auto* dialog = new SshDetailsDialog(context(), selected.first().id, selected.first().name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void InstancesView::replaceSelected()
{
    const auto selected = selectedInstances();
    if (selected.size() != 1 || !context()->session()->canSend())
        return;
    auto* dialog = new ReplaceInstanceDialog(context(), selected.first(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ReplaceInstanceDialog::replaced, this, [this](const Instance& replacement) {
        m_lastResult = tr("Replaced by %1.").arg(replacement.name);
        m_model->upsert(replacement);
        selectInstance(replacement.id);
        Q_EMIT actionFinished();
    });
    connect(dialog, &ReplaceInstanceDialog::failed, this, [this](const QString& why) {
        m_lastResult = why;
        Q_EMIT actionFinished();
    });
    dialog->open();
}

void InstancesView::editPriority()
{
    // The current row, or the first selected one (Ctrl+A selects without making a row current).
    QModelIndex current = table()->table()->currentIndex();
    if (!current.isValid() || !table()->table()->selectionModel()->isRowSelected(current.row())) {
        const QModelIndexList rows = table()->table()->selectionModel()->selectedRows();
        if (rows.isEmpty())
            return;
        current = rows.first();
    }
    const QModelIndex cell = current.siblingAtColumn(InstanceModel::PriorityColumn);
    table()->table()->scrollTo(cell);
    table()->table()->edit(cell);
}

void InstancesView::setPriority(const QList<Instance>& instances, const QString& priority)
{
    if (!context()->session()->canSend())
        return;
    // The API takes one workspace a batch.
    QMap<QString, QList<std::pair<QString, QString>>> byWorkspace;
    QMap<QString, QStringList> names;
    for (const Instance& instance : instances) {
        if (instance.status == Instance::Status::Terminated || instance.status == Instance::Status::Failed)
            continue;
        byWorkspace[instance.workspaceId].append({instance.id, priority});
        names[instance.workspaceId] << instance.name;
    }
    if (byWorkspace.isEmpty())
        return;
    auto remaining = std::make_shared<int>(int(byWorkspace.size()));
    for (auto it = byWorkspace.cbegin(); it != byWorkspace.cend(); ++it) {
        const QString who = names.value(it.key()).join(QStringLiteral(", "));
        const auto call = context()->session()->setInstancePriorities(it.value());
        call.onSuccess(this, [this, remaining, priority, who](const QList<Instance>& changed) {
            for (const Instance& instance : changed)
                m_model->upsert(instance);
            m_lastResult = tr("Priority %1 for %2.").arg(InstanceModel::priorityText(priority), who);
            context()->reportMessage(m_lastResult);
            if (--*remaining == 0)
                Q_EMIT actionFinished();
        });
        call.onFailure(this, [this, remaining, who](const ApiError& error) {
            m_lastResult = tr("The priority of %1 was not changed: %2").arg(who, error.message());
            context()->reportError(tr("Setting the priority of %1").arg(who), error);
            if (--*remaining == 0)
                Q_EMIT actionFinished();
        });
    }
}

void InstancesView::fillDeploymentFilter()
{
    // The deployments the listed instances belong to, by name; the choice survives a refresh.
    QMap<QString, QString> deployments;
    bool unmanaged = false;
    for (const Instance& instance : m_model->rows()) {
        if (instance.managedBy)
            deployments.insert(instance.managedBy->id, instance.managedBy->name.isEmpty()
                                                           ? instance.managedBy->id
                                                           : instance.managedBy->name);
        else
            unmanaged = true;
    }
    QList<std::pair<QString, QString>> items{{tr("All instances"), QString()}};
    if (!deployments.isEmpty() || unmanaged)
        items.append({tr("Not in a deployment"), QStringLiteral("-")});
    QList<std::pair<QString, QString>> named;
    for (auto it = deployments.cbegin(); it != deployments.cend(); ++it)
        named.append({tr("Deployment %1").arg(it.value()), it.key()});
    std::sort(named.begin(), named.end());
    items += named;
    const QString chosen = m_deploymentFilter->currentData().toString();
    // A deployment asked for before its instances are listed stays chosen.
    if (!chosen.isEmpty() && chosen != u"-" && !deployments.contains(chosen))
        items.append({m_deploymentFilter->currentText(), chosen});
    bool same = m_deploymentFilter->count() == items.size();
    for (int i = 0; same && i < items.size(); ++i)
        same = m_deploymentFilter->itemData(i).toString() == items.at(i).second
               && m_deploymentFilter->itemText(i) == items.at(i).first;
    if (same)
        return;
    const QSignalBlocker block(m_deploymentFilter);
    m_deploymentFilter->clear();
    for (const auto& [text, id] : std::as_const(items))
        m_deploymentFilter->addItem(text, id);
    m_deploymentFilter->setCurrentIndex(qMax(0, m_deploymentFilter->findData(chosen)));
}

void InstancesView::applyDeploymentFilter()
{
    const QString chosen = m_deploymentFilter->currentData().toString();
    if (chosen.isEmpty()) {
        table()->proxy()->setRowFilter({});
        return;
    }
    table()->proxy()->setRowFilter([chosen](const QVariant& object) {
        const Instance instance = object.value<Instance>();
        return chosen == u"-" ? !instance.managedBy : instance.managedBy && instance.managedBy->id == chosen;
    });
}

void InstancesView::showDeployment(const QString& deploymentId)
{
    int index = m_deploymentFilter->findData(deploymentId);
    if (index < 0 && !deploymentId.isEmpty()) {
        QString name = deploymentId;
        if (const Deployment* d = context()->session()->deployments()->find(deploymentId))
            name = d->name;
        m_deploymentFilter->addItem(tr("Deployment %1").arg(name), deploymentId);
        index = m_deploymentFilter->count() - 1;
    }
    m_deploymentFilter->setCurrentIndex(qMax(0, index));
    applyDeploymentFilter();
}

void InstancesView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const Instance instance = m_model->at(rows.first().row());
    const QString ref = instance.resourcePath.isEmpty() ? instance.id : instance.resourcePath;
    QStringList priorityTargets;
    for (const QModelIndex& row : rows)
        priorityTargets << m_model->at(row.row()).id;
    CopyActions::add(
        menu, QStringLiteral("instances"), instance.id, instance.resourcePath,
        {{tr("Copy as sf command: terminate"), SfCommand::instanceTerminate(ref),
          QStringLiteral("instancesCopyTerminateCommand")},
         {tr("Copy as sf command: delete"), SfCommand::instanceDelete(ref),
          QStringLiteral("instancesCopyDeleteCommand")},
         {tr("Copy as sf command: logs"), SfCommand::instanceLogs(ref),
          QStringLiteral("instancesCopyLogsCommand")},
         {tr("Copy as sf command: ssh"), SfCommand::instanceSsh(ref),
          QStringLiteral("instancesCopySshCommand")},
         {tr("Copy as sf command: replace"),
          SfCommand::instanceReplace({ref, instance.image.name, QStringLiteral("FILE"), {}}),
          QStringLiteral("instancesCopyReplaceCommand")},
         {tr("Copy as sf command: priority"), SfCommand::instancePriority(priorityTargets, instance.priority),
          QStringLiteral("instancesCopyPriorityCommand")}});
}

} // namespace sfdesk
