// SPDX-License-Identifier: Apache-2.0

#include "gui/partitions/createpartitiondialog.h"

#include "core/util/plaintext.h"
#include "ui_createpartitiondialog.h"

#include "core/model/names.h"
#include "core/models/session.h"
#include "gui/common/dialogrequest.h"
#include "gui/common/viewcontext.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QPushButton>

namespace sfdesk {

namespace {

constexpr int FabricIdRole = Qt::UserRole;

} // namespace

CreatePartitionDialog::CreatePartitionDialog(ViewContext* context, const QList<InfinibandFabric>& fabrics,
                                             const QStringList& takenNames, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::CreatePartitionDialog>())
    , m_context(context)
    , m_fabrics(fabrics)
    , m_takenNames(takenNames)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("createPartitionDialog"));
    m_ui->nameProblemLabel->setForegroundRole(QPalette::PlaceholderText);
    m_request = new DialogRequest(m_ui->errorLabel, [this] { updateState(); }, this);
    fillFabrics();

    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, &CreatePartitionDialog::updateState);
    connect(m_ui->byFabricRadio, &QRadioButton::toggled, this, &CreatePartitionDialog::updateState);
    connect(m_ui->fabricTree, &QTreeWidget::currentItemChanged, this, &CreatePartitionDialog::updateState);
    connect(m_ui->regionCombo, &QComboBox::currentIndexChanged, this, [this] {
        fillZones();
        updateState();
    });
    connect(m_ui->zoneCombo, &QComboBox::currentIndexChanged, this, &CreatePartitionDialog::updateState);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &CreatePartitionDialog::accept);
    // Creating needs the workspace's ID, which comes with the account's workspaces.
    connect(context, &ViewContext::workspacesChanged, this, &CreatePartitionDialog::updateState);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &CreatePartitionDialog::reject);
    connect(m_ui->copyCommandButton, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_ui->commandEdit->text()); });
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setText(tr("&Create Partition"));
    updateState();
}

CreatePartitionDialog::~CreatePartitionDialog() = default;

void CreatePartitionDialog::fillFabrics()
{
    m_ui->fabricTree->clear();
    QStringList regions;
    for (const InfinibandFabric& fabric : std::as_const(m_fabrics)) {
        auto* item =
            new QTreeWidgetItem(m_ui->fabricTree, {fabric.name, fabric.region, fabric.availabilityZone});
        item->setData(0, FabricIdRole, fabric.id);
        if (fabric.instanceSkus.isEmpty()) {
            auto* none = new QTreeWidgetItem(item, {tr("(no SKUs on this fabric yet)")});
            none->setData(0, FabricIdRole, fabric.id);
            none->setDisabled(true);
        }
        for (const ObjectRef& sku : fabric.instanceSkus) {
            auto* child = new QTreeWidgetItem(item, {sku.name.isEmpty() ? sku.id : sku.name});
            child->setData(0, FabricIdRole, fabric.id);
            child->setToolTip(0, PlainText::toolTip(sku.id));
        }
        if (!regions.contains(fabric.region))
            regions << fabric.region;
    }
    m_ui->fabricTree->expandAll();
    m_ui->fabricTree->resizeColumnToContents(0);
    if (m_ui->fabricTree->topLevelItemCount() > 0)
        m_ui->fabricTree->setCurrentItem(m_ui->fabricTree->topLevelItem(0));
    regions.sort();
    m_ui->regionCombo->clear();
    m_ui->regionCombo->addItems(regions);
    fillZones();
}

void CreatePartitionDialog::fillZones()
{
    const QString region = m_ui->regionCombo->currentText();
    QStringList zones;
    for (const InfinibandFabric& fabric : std::as_const(m_fabrics))
        if (fabric.region == region && !zones.contains(fabric.availabilityZone))
            zones << fabric.availabilityZone;
    zones.sort();
    m_ui->zoneCombo->clear();
    m_ui->zoneCombo->addItems(zones);
}

void CreatePartitionDialog::restrictToFabric(const QString& fabricId)
{
    m_onlyFabric = fabricId;
    setFabrics(m_fabrics);
    m_ui->byFabricRadio->setChecked(true);
    m_ui->byZoneRadio->setEnabled(false);
    m_ui->fabricTree->setEnabled(false);
    updateState();
}

void CreatePartitionDialog::setFabrics(const QList<InfinibandFabric>& fabrics)
{
    const QString fabric = selectedFabricId();
    const QString region = m_ui->regionCombo->currentText();
    const QString zone = m_ui->zoneCombo->currentText();
    // Built apart: `fabrics` may be m_fabrics itself (restrictToFabric passes it).
    QList<InfinibandFabric> offered;
    for (const InfinibandFabric& known : fabrics)
        if (m_onlyFabric.isEmpty() || known.id == m_onlyFabric || known.name == m_onlyFabric)
            offered << known;
    m_fabrics = offered;
    {
        const QSignalBlocker treeBlocker(m_ui->fabricTree);
        const QSignalBlocker regionBlocker(m_ui->regionCombo);
        const QSignalBlocker zoneBlocker(m_ui->zoneCombo);
        fillFabrics();
        for (int i = 0; i < m_ui->fabricTree->topLevelItemCount(); ++i)
            if (m_ui->fabricTree->topLevelItem(i)->data(0, FabricIdRole).toString() == fabric)
                m_ui->fabricTree->setCurrentItem(m_ui->fabricTree->topLevelItem(i));
        if (const int index = m_ui->regionCombo->findText(region); index >= 0) {
            m_ui->regionCombo->setCurrentIndex(index);
            fillZones();
        }
        if (const int index = m_ui->zoneCombo->findText(zone); index >= 0)
            m_ui->zoneCombo->setCurrentIndex(index);
    }
    updateState();
}

void CreatePartitionDialog::setName(const QString& name)
{
    m_ui->nameEdit->setText(name);
}

QList<InfinibandFabric> CreatePartitionDialog::fabricsInZone(const QString& region, const QString& zone) const
{
    QList<InfinibandFabric> found;
    for (const InfinibandFabric& fabric : m_fabrics)
        if (fabric.region == region && fabric.availabilityZone == zone)
            found << fabric;
    return found;
}

QString CreatePartitionDialog::selectedFabricId() const
{
    const auto* item = m_ui->fabricTree->currentItem();
    return item ? item->data(0, FabricIdRole).toString() : QString();
}

SfCommand::PartitionCreate CreatePartitionDialog::request() const
{
    SfCommand::PartitionCreate request;
    request.name = m_ui->nameEdit->text();
    if (m_ui->byFabricRadio->isChecked()) {
        const QString id = selectedFabricId();
        for (const InfinibandFabric& fabric : m_fabrics)
            if (fabric.id == id)
                request.fabric = fabric.name;
    } else {
        request.region = m_ui->regionCombo->currentText();
        request.availabilityZone = m_ui->zoneCombo->currentText();
    }
    return request;
}

void CreatePartitionDialog::updateState()
{
    // The API names the workspace by its ID, which comes with the account's workspaces.
    const bool workspaceKnown = !m_context->workspaceReference().isEmpty();
    m_ui->workspaceLabel->setText(
        workspaceKnown
            ? m_context->workspace()
            : tr("%1 (its ID is not known yet: creating waits until the account's workspaces are read)")
                  .arg(m_context->workspace()));
    const QString name = m_ui->nameEdit->text();
    QString nameProblem = name.isEmpty() ? QString() : Names::problem(name);
    if (nameProblem.isEmpty() && m_takenNames.contains(name))
        nameProblem = tr("Workspace \"%1\" already has a partition named \"%2\" (names are unique across all "
                         "fabrics).")
                          .arg(m_context->workspace(), name);
    m_ui->nameProblemLabel->setText(nameProblem);
    m_ui->nameProblemLabel->setVisible(!nameProblem.isEmpty());

    const bool byFabric = m_ui->byFabricRadio->isChecked();
    m_ui->fabricTree->setEnabled(byFabric && m_ui->byZoneRadio->isEnabled());
    m_ui->regionCombo->setEnabled(!byFabric);
    m_ui->zoneCombo->setEnabled(!byFabric);

    bool locationOk = false;
    QString zoneNote;
    if (m_fabrics.isEmpty() && m_onlyFabric.isEmpty()) {
        zoneNote = tr("The InfiniBand fabrics are not known yet. They show here once they are read.");
    } else if (byFabric) {
        locationOk = !selectedFabricId().isEmpty();
    } else {
        const auto inZone = fabricsInZone(m_ui->regionCombo->currentText(), m_ui->zoneCombo->currentText());
        QStringList names;
        for (const InfinibandFabric& fabric : inZone)
            names << fabric.name;
        if (inZone.size() == 1) {
            locationOk = true;
            zoneNote = tr("This zone has one fabric: %1.").arg(names.first());
        } else if (inZone.size() > 1) {
            zoneNote = tr("This zone has %n fabrics (%1): a region and zone cannot say which one. Pick the "
                          "fabric of your SKU above.",
                          nullptr, static_cast<int>(inZone.size()))
                           .arg(names.join(u", "));
        } else {
            zoneNote = tr("No InfiniBand fabric is known in this zone.");
        }
    }
    m_ui->zoneNoteLabel->setText(zoneNote);
    m_ui->zoneNoteLabel->setVisible(!zoneNote.isEmpty());

    // A command without a place to create the partition would be refused: none until there is one.
    const SfCommand::PartitionCreate wanted = request();
    const bool placed =
        !wanted.fabric.isEmpty() || (!wanted.region.isEmpty() && !wanted.availabilityZone.isEmpty());
    m_ui->commandEdit->setText(placed ? SfCommand::partitionCreate(wanted) : QString());
    m_ui->commandEdit->setPlaceholderText(
        placed ? QString() : tr("Choose a fabric, or a region and zone, for the sf command."));
    m_ui->copyCommandButton->setEnabled(placed);
    m_ui->buttonBox->button(QDialogButtonBox::Ok)
        ->setEnabled(!m_request->isOut() && !name.isEmpty() && nameProblem.isEmpty() && locationOk
                     && m_context->session()->canSend() && workspaceKnown);
}

void CreatePartitionDialog::accept()
{
    if (m_request->isOut() || !m_ui->buttonBox->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    const auto wanted = request();
    InfinibandAdapter::NewPartition partition;
    // The API names a workspace by its ID (or resource path), never by a bare name.
    partition.workspace = m_context->workspaceReference();
    partition.name = wanted.name;
    partition.fabric = wanted.fabric;
    partition.region = wanted.region;
    partition.availabilityZone = wanted.availabilityZone;
    m_request->start();
    const auto call = m_context->session()->createInfinibandPartition(partition);
    // Before the refusal shows: a name the server says is taken is marked so as it is typed.
    call.onFailure(this, [this](const ApiError& error) {
        if (error.reason() == ApiError::Reason::Conflict)
            m_takenNames << m_ui->nameEdit->text();
    });
    m_request->watch(call, [this](const InfinibandPartition& created) {
        m_created = created;
        m_context->reportMessage(tr("Created partition %1 on %2.").arg(created.name, created.fabric.name));
        QDialog::accept();
    });
}

} // namespace sfdesk
