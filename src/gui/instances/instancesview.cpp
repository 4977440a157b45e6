#include "gui/instances/instancesview.h"

#include "core/api/apiclient.h"
#include "core/cli/sfcommand.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/session.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/instances/consolelogdialog.h"
#include "gui/instances/createinstancewizard.h"
#include "gui/instances/sshdetailsdialog.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

InstancesView::InstancesView(ViewContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(context->session()->instances())
    , m_table(new ResourceTableView(QStringLiteral("instances"), context->settings(), this))
    , m_refresh(new ListRefresh(QStringLiteral("instances"), tr("Loading instances"), context, m_table,
                                {Session::Resource::Instances}, this))
    , m_details(new QLabel(this))
    , m_createButton(new QPushButton(QIcon::fromTheme(QStringLiteral("list-add")), tr("&Create…"), this))
    , m_terminateButton(new QPushButton(tr("&Terminate…"), this))
    , m_deleteButton(new QPushButton(QIcon::fromTheme(QStringLiteral("edit-delete")), tr("&Delete…"), this))
    , m_logsButton(new QPushButton(tr("Console &Log"), this))
    , m_sshButton(new QPushButton(tr("SS&H…"), this))
{
    setObjectName(QStringLiteral("instancesPage"));
    m_createButton->setObjectName(QStringLiteral("instancesCreateButton"));
    m_terminateButton->setObjectName(QStringLiteral("instancesTerminateButton"));
    m_deleteButton->setObjectName(QStringLiteral("instancesDeleteButton"));
    m_logsButton->setObjectName(QStringLiteral("instancesLogsButton"));
    m_sshButton->setObjectName(QStringLiteral("instancesSshButton"));
    m_details->setObjectName(QStringLiteral("instanceDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new WorkspaceBar(QStringLiteral("instances"), context, this));
    toolbar->addStretch(1);
    toolbar->addWidget(m_refresh->label());
    toolbar->addWidget(m_refresh->button());
    toolbar->addWidget(m_createButton);
    toolbar->addWidget(m_terminateButton);
    toolbar->addWidget(m_deleteButton);
    toolbar->addWidget(m_logsButton);
    toolbar->addWidget(m_sshButton);

    m_table->setSourceModel(m_model);
    m_table->setAccessibleNames(tr("Instances"));
    m_table->proxy()->setSortRole(ResourceRole::RawRole);
    m_table->setDefaultHiddenColumns({InstanceModel::IdColumn});
    m_table->setPlaceholderText(
        tr("No instances here. Create instances into a pool; they run while the pool has "
           "compute allocated for their SKU."));
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList& rows) { fillMenu(menu, rows); });

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(toolbar);
    layout->addWidget(splitter, 1);

    connect(m_refresh, &ListRefresh::finished, this, [this] {
        updateActions();
        Q_EMIT refreshed();
    });
    connect(m_refresh, &ListRefresh::sessionChanged, this, [this](Session* session) {
        disconnect(m_model, nullptr, this, nullptr);
        m_model = session->instances();
        m_table->setSourceModel(m_model);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::updateDetails);
        updateActions();
        updateDetails();
    });
    connect(m_createButton, &QPushButton::clicked, this, &InstancesView::createInstances);
    connect(m_terminateButton, &QPushButton::clicked, this, &InstancesView::terminateSelected);
    connect(m_deleteButton, &QPushButton::clicked, this, &InstancesView::deleteSelected);
    connect(m_logsButton, &QPushButton::clicked, this, &InstancesView::showConsoleLog);
    connect(m_sshButton, &QPushButton::clicked, this, &InstancesView::showSshDetails);
    connect(m_table->table()->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateActions();
        updateDetails();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &InstancesView::updateDetails);
    // The partition field stays hidden until the account is in the preview.
    auto showPartitionColumn = [this] {
        m_table->setColumnAvailable(InstanceModel::PartitionColumn, m_context->infinibandEnabled());
    };
    connect(m_context, &ViewContext::enrolmentChanged, this, showPartitionColumn);
    showPartitionColumn();
    updateActions();
    updateDetails();
}

InstancesView::~InstancesView() = default;

void InstancesView::refresh()
{
    m_refresh->refresh();
}

QList<Instance> InstancesView::selectedInstances() const
{
    QList<Instance> selected;
    for (const QModelIndex& row : m_table->selectedSourceRows())
        if (row.row() < m_model->rowCount())
            selected << m_model->at(row.row());
    return selected;
}

void InstancesView::selectInstance(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return;
    m_table->table()->selectionModel()->setCurrentIndex(
        m_table->proxy()->mapFromSource(m_model->index(row, 0)),
        QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

void InstancesView::updateActions()
{
    const auto selected = selectedInstances();
    const bool connected = m_context->client() != nullptr;
    bool anyLive = false;
    bool anyTerminated = false;
    for (const Instance& instance : selected) {
        const bool ended =
            instance.status == Instance::Status::Terminated || instance.status == Instance::Status::Failed;
        anyLive = anyLive || !ended;
        anyTerminated = anyTerminated || ended;
    }
    m_createButton->setEnabled(connected);
    m_terminateButton->setEnabled(connected && anyLive);
    m_deleteButton->setEnabled(connected && anyTerminated);
    m_logsButton->setEnabled(connected && selected.size() == 1);
    m_sshButton->setEnabled(connected && selected.size() == 1
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
    if (m_context->infinibandEnabled())
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
    if (!m_context->client())
        return;
    auto* wizard = new CreateInstanceWizard(m_context, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->open();
}

void InstancesView::runOnEach(const QList<Instance>& instances, bool terminate)
{
    auto remaining = std::make_shared<int>(static_cast<int>(instances.size()));
    for (const Instance& instance : instances) {
        ApiCall* call = terminate ? m_context->client()->terminateInstance(instance.id)
                                  : m_context->client()->deleteInstance(instance.id);
        connect(call, &ApiCall::failed, this, [this, instance, terminate](const ApiError& error) {
            m_context->reportError((terminate ? tr("Terminating %1") : tr("Deleting %1")).arg(instance.name),
                                   error);
        });
        connect(call, &ApiCall::finished, this, [this, remaining] {
            if (--*remaining == 0)
                Q_EMIT actionFinished();
        });
    }
}

void InstancesView::terminateSelected()
{
    QList<Instance> targets;
    QStringList names;
    for (const Instance& instance : selectedInstances()) {
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
    if (!ConfirmDialog::ask(this, tr("Terminate Instances"), text, tr("&Terminate")))
        return;
    runOnEach(targets, true);
}

void InstancesView::deleteSelected()
{
    QList<Instance> targets;
    QStringList names;
    for (const Instance& instance : selectedInstances()) {
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
    if (!ConfirmDialog::ask(this, tr("Delete Instances"), text, tr("&Delete")))
        return;
    runOnEach(targets, false);
}

void InstancesView::showConsoleLog()
{
    const auto selected = selectedInstances();
    if (selected.size() != 1)
        return;
    auto* dialog = new ConsoleLogDialog(m_context, selected.first().id, selected.first().name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void InstancesView::showSshDetails()
{
    const auto selected = selectedInstances();
    if (selected.size() != 1)
        return;
    auto* dialog = new SshDetailsDialog(m_context, selected.first().id, selected.first().name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void InstancesView::fillMenu(QMenu* menu, const QModelIndexList& rows)
{
    if (rows.isEmpty())
        return;
    const Instance instance = m_model->at(rows.first().row());
    menu->addAction(tr("Console &Log"), this, &InstancesView::showConsoleLog);
    menu->addAction(tr("SS&H…"), this, &InstancesView::showSshDetails);
    menu->addAction(tr("&Terminate…"), this, &InstancesView::terminateSelected);
    menu->addAction(tr("&Delete…"), this, &InstancesView::deleteSelected);
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
