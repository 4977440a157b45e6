// SPDX-License-Identifier: Apache-2.0

#include "gui/partitions/partitionsview.h"

#include "common/constvalue.h"
#include "core/cli/sfcommand.h"
#include "core/models/fabricmodel.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/session.h"
#include "core/util/plaintext.h"
#include "gui/common/bulkaction.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/messagebar.h"
#include "gui/common/namedialog.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/partitions/createpartitiondialog.h"
#include "gui/partitions/deleteblockersdialog.h"
#include "gui/partitions/infinibandcheckdialog.h"
#include "gui/partitions/launchcommanddialog.h"
#include "gui/partitions/topologydialog.h"

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

namespace {

QLabel* selectableLabel(QWidget* parent, const QString& objectName)
{
    auto* label = PlainText::label(parent);
    label->setObjectName(objectName);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

PartitionsView::PartitionsView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("partitions"),
                tr("P&artitions"),
                tr("Loading partitions"),
                {Session::Resource::Partitions, Session::Resource::Fabrics},
                {PartitionModel::IdColumn},
                tr("No partitions here yet. A partition is an isolated InfiniBand network: create "
                   "one on the fabric of your SKU, then attach instances when you create them.")},
               parent)
    , m_banner(new MessageBar(this))
    , m_bannerText(m_banner->label())
    , m_intro(new QLabel(this))
    , m_enrolButton(new QPushButton(ThemeIcons::icon(QStringLiteral("dialog-ok-apply")),
                                    tr("&Enrol in the Preview"), m_banner))
    , m_workspaceBar(new WorkspaceBar(QStringLiteral("partitions"), context, content()))
    , m_fabricFilter(new QComboBox(content()))
    , m_create(new QAction(ThemeIcons::icon(QStringLiteral("list-add")), tr("&New Partition…"), this))
    , m_rename(new QAction(ThemeIcons::icon(QStringLiteral("edit-rename")), tr("Rena&me…"), this))
    , m_delete(new QAction(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("&Delete…"), this))
    , m_launch(
          new QAction(ThemeIcons::icon(QStringLiteral("utilities-terminal")), tr("&Launch Command…"), this))
    , m_check(new QAction(ThemeIcons::icon(QStringLiteral("network-wired")), tr("Check &InfiniBand…"), this))
    , m_topology(new QAction(ThemeIcons::icon(QStringLiteral("network-workgroup")), tr("&Topology…"), this))
    , m_model(context->session()->partitions())
    , m_details(new QWidget(content()))
    , m_detailTitle(PlainText::label(m_details))
    , m_detailFabric(selectableLabel(m_details, QStringLiteral("partitionDetailFabric")))
    , m_detailZone(selectableLabel(m_details, QStringLiteral("partitionDetailZone")))
    , m_detailPath(selectableLabel(m_details, QStringLiteral("partitionDetailPath")))
    , m_detailCreated(selectableLabel(m_details, QStringLiteral("partitionDetailCreated")))
    , m_detailId(selectableLabel(m_details, QStringLiteral("partitionDetailId")))
    , m_instancesModel(new InstanceModel(this))
    , m_instancesTable(
          new ResourceTableView(QStringLiteral("partitionInstances"), context->settings(), m_details))
{

    m_banner->setObjectName(QStringLiteral("partitionsEnrolBanner"));
    m_bannerText->setObjectName(QStringLiteral("partitionsEnrolText"));
    m_enrolButton->setObjectName(QStringLiteral("partitionsEnrolButton"));
    m_enrolButton->setToolTip(
        PlainText::toolTip(SfCommand::previewEnroll(QStringLiteral("infiniband-preview"))));
    m_banner->addButton(m_enrolButton);
    m_intro->setObjectName(QStringLiteral("partitionsIntro"));
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::RichText);
    m_intro->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_intro->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_intro->setContentsMargins(4, 8, 4, 0);
    // Long lines are hard to read on a wide window.
    m_intro->setMaximumWidth(m_intro->fontMetrics().averageCharWidth() * 100);
    m_intro->setText(
        tr("<h3>InfiniBand partitions</h3>"
           "<p>A partition is an isolated InfiniBand network for RDMA between your instances. It lives on "
           "one fabric, a physical InfiniBand network in one availability zone; separate partitions and "
           "separate fabrics cannot reach each other.</p>"
           "<p>An instance joins a partition only when it is created, on an InfiniBand SKU whose fabric "
           "is the partition's, and stays in it for its whole life. An instance created without a "
           "partition has no InfiniBand, even on an InfiniBand SKU.</p>"
           "<p>Creating a partition buys nothing and starts nothing. It can be deleted once no instance "
           "is attached, including terminated instances whose node has not released it yet.</p>"
           "<p>Until the account is in the preview, the partition list and the partition step of the "
           "instance wizard stay hidden.</p>"));

    m_fabricFilter->setObjectName(QStringLiteral("partitionsFabricFilter"));
    m_fabricFilter->setToolTip(tr("Show the partitions on one fabric"));
    m_fabricFilter->addItem(tr("All fabrics"), QString());
    m_fabricFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* fabricLabel = new QLabel(tr("Fa&bric:"), content());
    fabricLabel->setBuddy(m_fabricFilter);
    addToolbarWidget(m_workspaceBar);
    addToolbarWidget(fabricLabel);
    addToolbarWidget(m_fabricFilter);
    m_create->setShortcut(QKeySequence::New);
    m_rename->setShortcut(Qt::Key_F2);
    m_delete->setShortcut(QKeySequence::Delete);
    addPageAction(m_create, QStringLiteral("partitionsCreateButton"), Scope::Page);
    addPageAction(m_rename, QStringLiteral("partitionsRenameButton"), Scope::Row);
    addPageAction(m_delete, QStringLiteral("partitionsDeleteButton"), Scope::Row);
    m_launch->setToolTip(tr("Hostfile, torchrun line per node, NCCL settings and ssh commands for the "
                            "partition's running instances"));
    m_check->setToolTip(tr("Whether each worker's InfiniBand port came up, from ibv_devinfo in its console"));
    // They work on the attached instances, so their buttons stand above that list (the toolbar
    // would no longer fit a 1,280 px window); the page menu and the context menu have them too.
    pageMenu()->addSeparator();
    pageMenu()->addAction(m_launch);
    pageMenu()->addAction(m_check);
    m_topology->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_topology->setToolTip(tr("Fabrics, their partitions and the instances in each, with port state and "
                              "release times"));
    pageMenu()->addAction(m_topology);
    setTableModel(m_model);
    table()->setAccessibleNames(tr("InfiniBand partitions"));

    m_details->setObjectName(QStringLiteral("partitionDetails"));
    m_detailTitle->setObjectName(QStringLiteral("partitionDetailName"));
    QFont titleFont = m_detailTitle->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_detailTitle->setFont(titleFont);
    auto* form = new QFormLayout;
    form->addRow(tr("Fabric:"), m_detailFabric);
    form->addRow(tr("Region and zone:"), m_detailZone);
    form->addRow(tr("Resource path:"), m_detailPath);
    form->addRow(tr("Created:"), m_detailCreated);
    form->addRow(tr("ID:"), m_detailId);
    m_instancesTable->setSourceModel(m_instancesModel);
    m_instancesTable->setAccessibleNames(tr("Instances in the partition"));
    m_instancesTable->proxy()->setSortRole(ResourceRole::RawRole);
    m_instancesTable->setDefaultHiddenColumns({InstanceModel::PartitionColumn, InstanceModel::IdColumn});
    m_instancesTable->setPlaceholderText(
        tr("No instances attached. Attach instances by choosing this partition "
           "when you create them."));
    auto* detailsLayout = new QVBoxLayout(m_details);
    detailsLayout->setContentsMargins(0, 6, 0, 0);
    detailsLayout->addWidget(m_detailTitle);
    detailsLayout->addLayout(form);
    auto* attachedCaption =
        new QLabel(tr("Attached instances (a terminated instance drops out once its node releases "
                      "the partition):"),
                   m_details);
    attachedCaption->setObjectName(QStringLiteral("partitionAttachedCaption"));
    attachedCaption->setWordWrap(true);
    // The caption on a line of its own, so that it wraps rather than widening the page.
    detailsLayout->addWidget(attachedCaption);
    auto* attachedRow = new QHBoxLayout;
    attachedRow->addStretch(1);
    for (const auto& [action, name] : {std::pair{m_launch, QStringLiteral("partitionsLaunchButton")},
                                       std::pair{m_check, QStringLiteral("partitionsCheckButton")},
                                       std::pair{m_topology, QStringLiteral("partitionsTopologyButton")}}) {
        auto* button = new QPushButton(action->icon(), action->text(), m_details);
        button->setObjectName(name);
        button->setToolTip(action->toolTip());
        button->setAccessibleName(action->text().remove(u'&').remove(u'…'));
        button->setEnabled(action->isEnabled());
        connect(button, &QPushButton::clicked, action, &QAction::trigger);
        connect(action, &QAction::enabledChanged, button, &QPushButton::setEnabled);
        attachedRow->addWidget(button);
    }
    detailsLayout->addLayout(attachedRow);
    detailsLayout->addWidget(m_instancesTable, 1);

    setDetails(m_details, 3, 2);

    // Until the account is enrolled, the banner and what partitions are take the page; the
    // stretch keeps them at the top.
    pageLayout()->insertWidget(0, m_banner);
    pageLayout()->insertWidget(1, m_intro);
    pageLayout()->insertStretch(2, 1);

    connect(m_enrolButton, &QPushButton::clicked, this, [this] {
        m_enrolButton->setEnabled(false);
        this->context()->enrolInfiniband();
    });
    connect(context, &ViewContext::enrolmentFailed, this, [this](const QString& reason) {
        m_enrolButton->setEnabled(true);
        m_banner->setKind(MessageBar::Kind::Warning);
        // The reason quotes the server, whose text is data: never markup or a link.
        m_bannerText->setText(reason.toHtmlEscaped());
    });
    connect(context, &ViewContext::enrolmentChanged, this, &PartitionsView::updateEnrolment);
    connect(context, &ViewContext::clientChanged, this, &PartitionsView::updateEnrolment);
    listRefresh()->setAction(Session::Resource::Fabrics, tr("Loading fabrics"));
    table()->proxy()->setRowFilter([this](const QVariant& object) {
        const QString fabric = m_fabricFilter->currentData().toString();
        return fabric.isEmpty() || object.value<InfinibandPartition>().fabric.name == fabric;
    });
    connect(m_fabricFilter, &QComboBox::currentIndexChanged, table()->proxy(),
            &ResourceProxyModel::invalidateRowFilter);
    connect(context->session(), &Session::listLoaded, this, &PartitionsView::onListLoaded);
    connect(m_create, &QAction::triggered, this, &PartitionsView::createPartition);
    connect(m_rename, &QAction::triggered, this, &PartitionsView::renameCurrent);
    connect(m_delete, &QAction::triggered, this, &PartitionsView::deleteCurrent);
    connect(m_launch, &QAction::triggered, this, &PartitionsView::launchCurrent);
    connect(m_check, &QAction::triggered, this, &PartitionsView::checkCurrent);
    connect(m_topology, &QAction::triggered, this, &PartitionsView::showTopology);
    connect(table(), &ResourceTableView::currentSourceRowChanged, this, &PartitionsView::showDetails);
    bindModel();
    readFabrics();
    showDetails();
    updateEnrolment();
}

PartitionsView::~PartitionsView() = default;

void PartitionsView::listsFinished()
{
    if (!m_selectAfterRefresh.isEmpty())
        selectPartition(m_selectAfterRefresh);
    loadDetailInstances();
}

void PartitionsView::takeModels(Session* session)
{
    disconnect(m_model, nullptr, this, nullptr);
    m_model = session->partitions();
    setTableModel(m_model);
    bindModel();
    connect(session, &Session::listLoaded, this, &PartitionsView::onListLoaded);
    readFabrics();
    showDetails();
}

void PartitionsView::updateEnrolment()
{
    using E = ViewContext::Enrolment;
    const E enrolment = context()->infinibandEnrolment();
    const bool connected = context()->session()->canSend();
    m_enrolButton->setEnabled(true);
    m_enrolButton->setVisible(connected && enrolment == E::NotEnrolled);
    const bool enrolled = connected && enrolment == E::Enrolled;
    m_banner->setVisible(!enrolled);
    m_intro->setVisible(!enrolled);
    content()->setVisible(enrolled);
    // Without the content the stretch keeps the banner and the explanation at the top.
    static_cast<QVBoxLayout*>(layout())->setStretch(2, enrolled ? 0 : 1);
    m_banner->setKind(MessageBar::Kind::Information);
    if (!connected) {
        m_banner->setKind(MessageBar::Kind::Warning);
        m_bannerText->setText(tr("Not connected. Choose a connection to see InfiniBand partitions."));
    } else if (enrolment == E::Unknown) {
        m_bannerText->setText(tr("Checking whether this account is in the InfiniBand preview…"));
    } else if (enrolment == E::NotEnrolled) {
        m_bannerText->setText(
            tr("<b>InfiniBand partitions are in public preview.</b> Enrol this account to use them "
               "(the same as <code>%1</code>).")
                .arg(SfCommand::previewEnroll(QStringLiteral("infiniband-preview")).toHtmlEscaped()));
    } else if (enrolment == E::NotSelfEnrollable) {
        m_banner->setKind(MessageBar::Kind::Warning);
        m_bannerText->setText(
            tr("<b>InfiniBand partitions are in public preview</b>, and this account cannot enrol "
               "itself: the preview is not self-enrollable here. Contact SF Compute and they will "
               "set you up."));
    }
}

void PartitionsView::bindModel()
{
    // A refresh that changes the current row's values updates the details in place.
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& topLeft) {
        if (table()->currentSourceRow().row() == topLeft.row())
            showDetails();
    });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &PartitionsView::showDetails);
}

void PartitionsView::onListLoaded(Session::Resource resource)
{
    if (resource == Session::Resource::Fabrics)
        readFabrics();
}

void PartitionsView::readFabrics()
{
    m_fabrics.clear();
    for (const InfinibandFabric& fabric : context()->session()->fabrics()->rows())
        m_fabrics.append(fabric);
    const QString current = m_fabricFilter->currentData().toString();
    const QSignalBlocker block(m_fabricFilter);
    m_fabricFilter->clear();
    m_fabricFilter->addItem(tr("All fabrics"), QString());
    for (const InfinibandFabric& fabric : std::as_const(m_fabrics))
        m_fabricFilter->addItem(fabric.name, fabric.name);
    m_fabricFilter->setCurrentIndex(qMax(0, m_fabricFilter->findData(current)));
    table()->proxy()->invalidateRowFilter();
    if (m_createDialog)
        m_createDialog->setFabrics(m_fabrics);
}

std::optional<InfinibandPartition> PartitionsView::currentPartition() const
{
    const QModelIndex row = table()->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount())
        return std::nullopt;
    return m_model->at(row.row());
}

void PartitionsView::selectPartition(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row < 0) {
        m_selectAfterRefresh = id;
        return;
    }
    m_selectAfterRefresh.clear();
    const QModelIndex proxyIndex = table()->proxy()->mapFromSource(m_model->index(row, 0));
    table()->table()->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect
                                                                        | QItemSelectionModel::Rows);
    showDetails();
}

void PartitionsView::showDetails()
{
    const auto partition = currentPartition();
    m_details->setEnabled(partition.has_value());
    // Nothing selected: no empty instance list that would read as "no instances attached".
    m_instancesTable->setVisible(partition.has_value());
    if (auto* caption = m_details->findChild<QLabel*>(QStringLiteral("partitionAttachedCaption")))
        caption->setVisible(partition.has_value());
    if (!partition) {
        m_detailTitle->setText(tr("Select a partition to see its details."));
        for (QLabel* label : {m_detailFabric, m_detailZone, m_detailPath, m_detailCreated, m_detailId})
            label->clear();
        m_instancesModel->refresh({});
        updateActions();
        return;
    }
    m_detailTitle->setText(partition->workspace.isEmpty()
                               ? partition->name
                               : tr("%1 (workspace %2)").arg(partition->name, partition->workspace));
    m_detailFabric->setText(partition->fabric.name);
    m_detailFabric->setToolTip(PlainText::toolTip(partition->fabric.id));
    m_detailZone->setText(QStringLiteral("%1 / %2").arg(partition->region, partition->availabilityZone));
    m_detailPath->setText(partition->resourcePath);
    m_detailCreated->setText(Format::dateTime(partition->createdAt));
    m_detailId->setText(partition->id);
    if (m_instancesModel->property("partitionId").toString() != partition->id) {
        m_instancesModel->refresh({});
        m_instancesTable->setLoadState(ResourceTableView::LoadState::Loading);
        m_instancesModel->setProperty("partitionId", partition->id);
        loadDetailInstances();
    }
    updateActions();
}

void PartitionsView::loadDetailInstances()
{
    const auto partition = currentPartition();
    if (!partition || !context()->session()->canSend())
        return;
    const LatestAnswer::Ticket generation = m_latestDetail.next();
    context()
        ->session()
        ->infinibandPartitionInstances(partition->id)
        .onSuccess(this,
                   [this, generation](const QList<Instance>& instances) {
                       if (!m_latestDetail.isLatest(generation))
                           return;
                       m_instancesModel->refresh(instances);
                       m_instancesTable->setLoadState(ResourceTableView::LoadState::Loaded);
                       Q_EMIT refreshed();
                   })
        .onFailure(this, [this, generation](const ApiError& error) {
            if (!m_latestDetail.isLatest(generation))
                return;
            if (error.isNotFound()) {
                // Deleted since the list was read, here or elsewhere: the list's next read drops it.
                // Not an error of the user's; it must not cover what a delete just reported.
                m_instancesModel->refresh({});
                m_instancesTable->setLoadState(ResourceTableView::LoadState::Failed,
                                               tr("This partition no longer exists."));
                Q_EMIT refreshed();
                return;
            }
            m_instancesTable->setLoadState(ResourceTableView::LoadState::Failed, error.message());
            context()->reportError(tr("Loading the partition's instances"), error);
        });
}

void PartitionsView::updateActions()
{
    const bool selected = currentPartition().has_value();
    m_rename->setEnabled(selected);
    m_delete->setEnabled(selected);
    m_launch->setEnabled(selected);
    m_check->setEnabled(selected);
    m_create->setEnabled(context()->session()->canSend());
}

QStringList PartitionsView::namesInWorkspace(const QString& workspace) const
{
    QStringList names;
    for (const InfinibandPartition& partition : m_model->rows())
        if (partition.workspace == workspace || partition.workspace.isEmpty())
            names << partition.name;
    return names;
}

void PartitionsView::createPartition()
{
    if (!context()->session()->canSend())
        return;
    auto* dialog =
        new CreatePartitionDialog(context(), m_fabrics, namesInWorkspace(context()->workspace()), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_selectAfterRefresh = dialog->createdPartition().id;
        refresh();
    });
    m_createDialog = dialog;
    dialog->open();
}

void PartitionsView::renameCurrent()
{
    const auto partition = currentPartition();
    if (!partition)
        return;
    const QString id = partition->id;
    auto* dialog = new NameDialog(
        tr("Rename Partition"),
        tr("New name for partition \"%1\" in workspace \"%2\". Instances stay attached; its resource path "
           "changes with the name.")
            .arg(partition->name, partition->workspace),
        partition->name, namesInWorkspace(partition->workspace),
        [this, id](const QString& name) { return context()->session()->renameInfinibandPartition(id, name); },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, &PartitionsView::refresh);
    dialog->open();
}

void PartitionsView::deleteCurrent()
{
    const auto partition = currentPartition();
    if (!partition || !context()->session()->canSend())
        return;
    QList<InfinibandPartition> selected;
    for (const QModelIndex& row : constValue(table()->selectedSourceRows()))
        selected << m_model->at(row.row());
    if (selected.size() > 1) {
        deleteMany(selected);
        return;
    }
    const QString question =
        tr("Delete InfiniBand partition \"%1\" (%2) in workspace \"%3\" on fabric %4? Instances still "
           "attached "
           "to it block the deletion.")
            .arg(partition->name, partition->id, partition->workspace, partition->fabric.name);
    confirm(tr("Delete Partition"), question, tr("&Delete Partition"),
            [this, target = *partition] { deletePartition(target); });
}

void PartitionsView::deletePartition(const InfinibandPartition& target)
{
    const auto call = context()->session()->deleteInfinibandPartition(target.id);
    call.onSuccess(this, [this, target] {
        context()->reportMessage(tr("Deleted partition %1.").arg(target.name));
        refresh();
    });
    call.onFailure(this, [this, target](const ApiError& error) {
        if (error.reason() == ApiError::Reason::Conflict && !error.details().isEmpty()) {
            auto* dialog = new DeleteBlockersDialog(context(), target, error, this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            connect(dialog, &QDialog::finished, this, &PartitionsView::refresh);
            dialog->open();
            Q_EMIT refreshed();
            return;
        }
        context()->reportError(tr("Deleting partition %1").arg(target.name), error);
        Q_EMIT refreshed();
    });
}

void PartitionsView::deleteMany(const QList<InfinibandPartition>& partitions)
{
    QStringList names;
    QList<BulkAction::Item> items;
    for (const InfinibandPartition& partition : partitions) {
        names << partition.name;
        const QString id = partition.id;
        items.append(
            {partition.name, [this, id] { return context()->session()->deleteInfinibandPartition(id); }});
    }
    confirm(tr("Delete Partitions"),
            tr("Delete %n InfiniBand partition(s): %1? Instances still attached to one block "
               "its deletion.",
               nullptr, static_cast<int>(partitions.size()))
                .arg(names.join(QStringLiteral(", "))),
            tr("&Delete %n Partition(s)", nullptr, static_cast<int>(partitions.size())), [this, items] {
                BulkAction::run(this, items, [this](const BulkAction::Outcome& outcome) {
                    QString result =
                        tr("Deleted %1 of %n partition(s).", nullptr, outcome.total).arg(outcome.done);
                    if (!outcome.failures.isEmpty())
                        result +=
                            u' '
                            + tr("Not deleted, with the reason: %1. Delete one alone to see what blocks it "
                                 "and clear it.")
                                  .arg(outcome.failures.join(QStringLiteral("; ")));
                    m_lastResult = result;
                    context()->reportMessage(result);
                    refresh();
                    Q_EMIT refreshed();
                });
            });
}

LaunchCommandDialog* PartitionsView::launchCurrent()
{
    const auto partition = currentPartition();
    if (!partition || !context()->session()->canSend())
        return nullptr;
    auto* dialog = new LaunchCommandDialog(context(), *partition, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

InfinibandCheckDialog* PartitionsView::checkCurrent()
{
    const auto partition = currentPartition();
    if (!partition || !context()->session()->canSend())
        return nullptr;
    auto* dialog = new InfinibandCheckDialog(context(), *partition, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

TopologyDialog* PartitionsView::showTopology()
{
    // One topology window; asking again brings it forward.
    if (m_topologyDialog) {
        m_topologyDialog->raise();
        m_topologyDialog->activateWindow();
        return m_topologyDialog;
    }
    m_topologyDialog = new TopologyDialog(context(), this);
    m_topologyDialog->setAttribute(Qt::WA_DeleteOnClose);
    m_topologyDialog->show();
    return m_topologyDialog;
}

void PartitionsView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    menu->addAction(m_launch);
    menu->addAction(m_check);
    menu->addSeparator();
    const InfinibandPartition partition = m_model->at(rows.first().row());
    const QString ref = partition.resourcePath.isEmpty() ? partition.id : partition.resourcePath;
    CopyActions::add(
        menu, QStringLiteral("partitions"), partition.id, partition.resourcePath,
        {{tr("Copy as sf command: get"), SfCommand::partitionGet(ref),
          QStringLiteral("partitionsCopyGetCommand")},
         {tr("Copy as sf command: instances"), SfCommand::partitionInstances(ref),
          QStringLiteral("partitionsCopyInstancesCommand")},
         {tr("Copy as sf command: delete"), SfCommand::partitionDelete(ref),
          QStringLiteral("partitionsCopyDeleteCommand")},
         {tr("Copy as sf command: list"),
          SfCommand::partitionList(context()->allWorkspaces(), m_fabricFilter->currentData().toString()),
          QStringLiteral("partitionsCopyListCommand")}});
}

} // namespace sfdesk
