// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/instancesview.h"

#include "common/constvalue.h"
#include "core/api/apiclient.h"
#include "core/cli/sfcommand.h"
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
#include "gui/instances/sshdetailsdialog.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

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
{
    // Rich text: every server value in it is escaped.
    m_details->setTextFormat(Qt::RichText);
    m_details->setObjectName(QStringLiteral("instanceDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    addToolbarWidget(new WorkspaceBar(QStringLiteral("instances"), context, this));
    m_create->setShortcut(QKeySequence::New);
    m_delete->setShortcut(QKeySequence::Delete);
    addPageAction(m_create, QStringLiteral("instancesCreateButton"), Scope::Page);
    addPageAction(m_terminate, QStringLiteral("instancesTerminateButton"), Scope::Row);
    addPageAction(m_delete, QStringLiteral("instancesDeleteButton"), Scope::Row);
    addPageAction(m_logs, QStringLiteral("instancesLogsButton"), Scope::Row);
    addPageAction(m_ssh, QStringLiteral("instancesSshButton"), Scope::Row);
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Instances"));
    setDetails(m_details);

    connect(m_create, &QAction::triggered, this, &InstancesView::createInstances);
    connect(m_terminate, &QAction::triggered, this, &InstancesView::terminateSelected);
    connect(m_delete, &QAction::triggered, this, &InstancesView::deleteSelected);
    connect(m_logs, &QAction::triggered, this, &InstancesView::showConsoleLog);
    connect(m_ssh, &QAction::triggered, this, &InstancesView::showSshDetails);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::updateDetails);
    // The details follow the selection (the selection model stays when the session's model changes).
    connect(table()->table()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &InstancesView::updateDetails);
    // The partition field stays hidden until the account is in the preview.
    auto showPartitionColumn = [this] {
        table()->setColumnAvailable(InstanceModel::PartitionColumn, this->context()->infinibandEnabled());
    };
    connect(context, &ViewContext::enrolmentChanged, this, showPartitionColumn);
    showPartitionColumn();
    updateActions();
    updateDetails();
}

void InstancesView::takeModels(Session* session)
{
    disconnect(m_model, nullptr, this, nullptr);
    m_model = session->instances();
    setTableModel(m_model);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::updateDetails);
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
    const bool connected = context()->client() != nullptr;
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
    m_details->setText(
        tr("<b>%1</b> · %2 · %3<br>SKU %4 in pool %5, image %6<br>Resource path: %7<br>Created %8%9")
            .arg(i.name.toHtmlEscaped(), Format::instanceStatus(i).toHtmlEscaped(), i.id.toHtmlEscaped(),
                 i.sku.name.toHtmlEscaped(), i.pool.name.toHtmlEscaped(), i.image.name.toHtmlEscaped(),
                 i.resourcePath.toHtmlEscaped(), Format::dateTime(i.createdAt), partition));
}

void InstancesView::createInstances()
{
    if (!context()->client())
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
                          return terminate ? context()->client()->terminateInstance(id)
                                           : context()->client()->deleteInstance(id);
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

void InstancesView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const Instance instance = m_model->at(rows.first().row());
    const QString ref = instance.resourcePath.isEmpty() ? instance.id : instance.resourcePath;
    CopyActions::add(menu, QStringLiteral("instances"), instance.id, instance.resourcePath,
                     {{tr("Copy as sf command: terminate"), SfCommand::instanceTerminate(ref),
                       QStringLiteral("instancesCopyTerminateCommand")},
                      {tr("Copy as sf command: delete"), SfCommand::instanceDelete(ref),
                       QStringLiteral("instancesCopyDeleteCommand")},
                      {tr("Copy as sf command: logs"), SfCommand::instanceLogs(ref),
                       QStringLiteral("instancesCopyLogsCommand")},
                      {tr("Copy as sf command: ssh"), SfCommand::instanceSsh(ref),
                       QStringLiteral("instancesCopySshCommand")}});
}

} // namespace sfdesk
