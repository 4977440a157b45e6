// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/createinstancewizard.h"

#include "common/constvalue.h"
#include "core/util/plaintext.h"
#include "ui_createinstancewizard.h"

#include "core/cli/sfcommand.h"
#include "core/cloudinit/jinja.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "core/model/names.h"
#include "core/models/fabricmodel.h"
#include "core/models/imagemodel.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "gui/common/combos.h"
#include "gui/common/copyactions.h"
#include "gui/common/filedialogs.h"
#include "gui/common/messagebar.h"
#include "gui/common/viewcontext.h"
#include "gui/partitions/createpartitiondialog.h"

#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QSignalBlocker>

#include <algorithm>
#include <utility>

namespace sfdesk {

namespace {

QString skuLabel(const InstanceSku& sku)
{
    QString label = sku.alias.isEmpty() ? sku.id : sku.alias;
    QStringList parts;
    if (!sku.displayProperty(QStringLiteral("accelerator")).isEmpty())
        parts << sku.displayProperty(QStringLiteral("accelerator"));
    parts << QStringLiteral("%1-%2").arg(sku.property(QStringLiteral("region")),
                                         sku.property(QStringLiteral("availability_zone")));
    if (sku.isInfiniband())
        parts << CreateInstanceWizard::tr("InfiniBand, fabric %1")
                     .arg(sku.displayProperty(QStringLiteral("infiniband_fabric")).isEmpty()
                              ? sku.property(QStringLiteral("infiniband_fabric"))
                              : sku.displayProperty(QStringLiteral("infiniband_fabric")));
    return QStringLiteral("%1 (%2)").arg(label, parts.join(u", "));
}

using ComboItem = Combos::Choice;

// The session's lists the wizard shows; instances for the pre-flight's count of busy nodes.
const QList<Session::Resource>& wizardLists()
{
    static const QList<Session::Resource> lists = {
        Session::Resource::Pools,   Session::Resource::Skus,       Session::Resource::Images,
        Session::Resource::Fabrics, Session::Resource::Partitions, Session::Resource::Instances};
    return lists;
}

} // namespace

CreateInstanceWizard::CreateInstanceWizard(ViewContext* context, QWidget* parent)
    : QWizard(parent)
    , m_ui(std::make_unique<Ui::CreateInstanceWizard>())
    , m_context(context)
{
    m_ui->setupUi(this);
    setTitleFormat(Qt::PlainText);
    setSubTitleFormat(Qt::PlainText);
    // The editor's text is checked off the UI thread: a large document must not stall the wizard.
    m_userDataCheck = std::make_unique<BackgroundCheck<CloudInit::ValidationResult>>(
        this,
        [this]() -> BackgroundCheck<CloudInit::ValidationResult>::Work {
            return [data = m_editorData, instanceData = m_editorInstanceData] {
                return CloudInit::validateUserData(data, instanceData);
            };
        },
        [this](const CloudInit::ValidationResult& result) {
            m_checking = false;
            m_editorChecked = true;
            m_editorCheck = result;
            updateCloudInitNote();
            Q_EMIT userDataChecked();
            if (std::exchange(m_nextWhenChecked, false) && currentId() == NamesPage
                && userDataSource() == UserDataSource::Editor && userData().has_value())
                next();
        });
    // The partition page is always the last before creating.
    m_ui->partitionPage->setButtonText(QWizard::NextButton, tr("&Create"));
    m_namesPreflight = new MessageBar(m_ui->namesPage);
    m_partitionPreflight = new MessageBar(m_ui->partitionPage);
    m_namesPreflight->setObjectName(QStringLiteral("namesPreflight"));
    m_partitionPreflight->setObjectName(QStringLiteral("partitionPreflight"));
    for (MessageBar* bar : {m_namesPreflight, m_partitionPreflight}) {
        bar->setKind(MessageBar::Kind::Warning);
        bar->label()->setTextFormat(Qt::PlainText);
        bar->label()->setAccessibleDescription(tr("Before you create"));
        bar->hide();
    }
    m_ui->namesLayout->addWidget(m_namesPreflight, 7, 0, 1, 3);
    m_ui->partitionLayout->addWidget(m_partitionPreflight, 5, 0, 1, 2);
    // Server text is data: never markup or a link.
    m_ui->machineErrorLabel->setTextFormat(Qt::PlainText);
    m_ui->partitionNoteLabel->setTextFormat(Qt::PlainText);
    setObjectName(QStringLiteral("createInstanceWizard"));
    setOption(QWizard::NoBackButtonOnLastPage);
    setOption(QWizard::NoCancelButtonOnLastPage);
    m_ui->machineErrorLabel->hide();
    m_ui->namesPreviewLabel->setForegroundRole(QPalette::PlaceholderText);
    m_ui->cloudInitNoteLabel->setForegroundRole(QPalette::PlaceholderText);

    connect(m_ui->skuCombo, &QComboBox::currentIndexChanged, this, &CreateInstanceWizard::updateSkuNote);
    connect(m_ui->singleRadio, &QRadioButton::toggled, this, &CreateInstanceWizard::updateNames);
    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, &CreateInstanceWizard::updateNames);
    connect(m_ui->countSpin, &QSpinBox::valueChanged, this, &CreateInstanceWizard::updateNames);
    connect(m_ui->patternEdit, &QLineEdit::textChanged, this, &CreateInstanceWizard::updateNames);
    m_ui->cloudInitSourceCombo->addItem(tr("None (you will not be able to log in)"),
                                        QVariant::fromValue(UserDataSource::None));
    m_ui->cloudInitSourceCombo->addItem(tr("From a file"), QVariant::fromValue(UserDataSource::File));
    if (m_context->hasCloudInitSource())
        m_ui->cloudInitSourceCombo->addItem(tr("From the Cloud-init editor"),
                                            QVariant::fromValue(UserDataSource::Editor));
    connect(m_ui->cloudInitSourceCombo, &QComboBox::currentIndexChanged, this,
            &CreateInstanceWizard::updateCloudInitSource);
    connect(m_ui->cloudInitEdit, &QLineEdit::textChanged, this, [this](const QString& path) {
        // A path typed or picked means the user wants that file.
        if (!path.isEmpty())
            setUserDataSource(UserDataSource::File);
        updateCloudInitNote();
    });
    connect(m_ui->cloudInitBrowseButton, &QPushButton::clicked, this, [this] {
        FileDialogs::toOpen(this, QStringLiteral("wizardUserDataOpenDialog"), tr("Cloud-init User Data"), {},
                            tr("Cloud-init (*.yaml *.yml *.sh *.txt);;All files (*)"),
                            [this](const QString& file) { m_ui->cloudInitEdit->setText(file); })
            ->open();
    });
    for (auto* radio : {m_ui->pickPartitionRadio, m_ui->newPartitionRadio, m_ui->noPartitionRadio})
        connect(radio, &QRadioButton::toggled, this, &CreateInstanceWizard::updatePartitionNote);
    connect(m_ui->partitionCombo, &QComboBox::currentIndexChanged, this,
            &CreateInstanceWizard::updatePartitionNote);
    connect(m_ui->newPartitionButton, &QPushButton::clicked, this, [this] {
        const auto sku = currentSku();
        if (!sku)
            return;
        QStringList taken;
        for (const InfinibandPartition& partition : constValue(partitionsOnSkuFabric()))
            taken << partition.name;
        auto* dialog = new CreatePartitionDialog(m_context, m_session->fabrics()->rows(), taken, this);
        m_partitionDialog = dialog;
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->restrictToFabric(sku->property(QStringLiteral("infiniband_fabric")));
        connect(dialog, &QDialog::accepted, this, [this, dialog] {
            m_createdPartitions.append(dialog->createdPartition());
            fillPartitions();
            m_ui->partitionCombo->setCurrentIndex(
                m_ui->partitionCombo->findData(dialog->createdPartition().id));
            m_ui->pickPartitionRadio->setChecked(true);
        });
        dialog->open();
    });
    connect(m_ui->copyCommandButton, &QPushButton::clicked, this, &CreateInstanceWizard::copyCommand);
    for (QComboBox* combo : {m_ui->poolCombo, m_ui->skuCombo, m_ui->imageCombo, m_ui->partitionCombo})
        connect(combo, &QComboBox::currentIndexChanged, this, &CreateInstanceWizard::updatePreflight);
    for (QComboBox* combo : {m_ui->poolCombo, m_ui->skuCombo, m_ui->imageCombo})
        connect(combo, &QComboBox::currentIndexChanged, this, &CreateInstanceWizard::showLoadProblems);
    for (auto* radio : {m_ui->singleRadio, m_ui->pickPartitionRadio, m_ui->noPartitionRadio})
        connect(radio, &QRadioButton::toggled, this, &CreateInstanceWizard::updatePreflight);
    connect(m_ui->countSpin, &QSpinBox::valueChanged, this, &CreateInstanceWizard::updatePreflight);
    updateNames();
    updateCloudInitSource();
    connect(m_context, &ViewContext::clientChanged, this, &CreateInstanceWizard::bindSession);
    bindSession();
}

CreateInstanceWizard::~CreateInstanceWizard()
{
    watchLists(false);
}

void CreateInstanceWizard::bindSession()
{
    Session* session = m_context->session();
    if (session == m_session)
        return;
    watchLists(false);
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    m_loadErrors.clear();
    m_createdPartitions.clear();
    connect(session, &Session::listLoaded, this, &CreateInstanceWizard::listLoaded);
    connect(session, &Session::listFailed, this, [this](Session::Resource resource, const ApiError& error) {
        if (!wizardLists().contains(resource) || resource == Session::Resource::Instances)
            return;
        m_loadErrors.insert(resource, error.message());
        showLoadProblems();
        Q_EMIT loaded();
    });
    for (const Session::Resource resource : wizardLists())
        if (session->isLoaded(resource))
            listLoaded(resource);
    showLoadProblems();
    watchLists(true);
}

void CreateInstanceWizard::watchLists(bool watch)
{
    Session* wanted = watch && m_session && m_session->canSend() ? m_session.data() : nullptr;
    if (m_watched == wanted)
        return;
    if (m_watched)
        for (const Session::Resource resource : wizardLists())
            m_watched->unwatch(resource);
    m_watched = wanted;
    if (wanted)
        for (const Session::Resource resource : wizardLists())
            wanted->watch(resource);
}

void CreateInstanceWizard::listLoaded(Session::Resource resource)
{
    if (!wizardLists().contains(resource))
        return;
    m_loadErrors.remove(resource);
    switch (resource) {
    case Session::Resource::Pools:
        fillPools();
        break;
    case Session::Resource::Skus:
        fillSkus();
        break;
    case Session::Resource::Images:
        fillImages();
        break;
    case Session::Resource::Fabrics:
        if (m_partitionDialog)
            m_partitionDialog->setFabrics(m_session->fabrics()->rows());
        break;
    case Session::Resource::Partitions:
        fillPartitions();
        break;
    default:
        break;
    }
    updatePreflight();
    showLoadProblems();
    Q_EMIT loaded();
}

void CreateInstanceWizard::fillPools()
{
    QList<ComboItem> items;
    for (const Pool& pool : m_session->pools()->rows())
        // The session lists every readable workspace when the user views them all.
        if (m_context->inChosenWorkspace(pool.workspaceId, pool.workspace))
            items.append({pool.name, pool.id});
    Combos::refill(m_ui->poolCombo, items);
}

void CreateInstanceWizard::fillSkus()
{
    QList<ComboItem> items;
    for (const InstanceSku& sku : m_session->skus()->rows())
        items.append({skuLabel(sku), sku.id});
    Combos::refill(m_ui->skuCombo, items);
    updateSkuNote();
}

void CreateInstanceWizard::fillImages()
{
    // Every readable image is listed: the public ones boot in every workspace.
    QList<Image> images;
    for (const Image& image : m_session->images()->rows())
        if (image.isPublic || m_context->inChosenWorkspace(image.workspaceId, image.workspace))
            images << image;
    // The workspace's own images first.
    std::stable_sort(images.begin(), images.end(),
                     [](const Image& a, const Image& b) { return !a.isPublic && b.isPublic; });
    QList<ComboItem> items;
    for (const Image& image : std::as_const(images))
        if (image.status == Image::UploadStatus::Completed || image.status == Image::UploadStatus::Unknown)
            items.append({image.name, image.id});
    Combos::refill(m_ui->imageCombo, items);
}

QList<InfinibandPartition> CreateInstanceWizard::partitionsOnSkuFabric() const
{
    const auto sku = currentSku();
    if (!sku || !m_session)
        return {};
    const QString fabric = sku->property(QStringLiteral("infiniband_fabric"));
    QList<InfinibandPartition> partitions;
    QSet<QString> listed;
    for (const InfinibandPartition& partition : m_session->partitions()->rows())
        // The SKU names its fabric by name or ID, as the API accepts either.
        if ((partition.fabric.id == fabric || partition.fabric.name == fabric)
            && m_context->inChosenWorkspace(partition.workspaceId, partition.workspace)) {
            partitions << partition;
            listed.insert(partition.id);
        }
    for (const InfinibandPartition& partition : m_createdPartitions)
        if (!listed.contains(partition.id))
            partitions << partition;
    return partitions;
}

void CreateInstanceWizard::fillPartitions()
{
    const QList<InfinibandPartition> partitions = partitionsOnSkuFabric();
    QList<ComboItem> items;
    for (const InfinibandPartition& partition : partitions)
        items.append(
            {tr("%1 (%n instance(s))", nullptr, partition.instanceCount).arg(partition.name), partition.id});
    Combos::refill(m_ui->partitionCombo, items);
    // With nothing to pick, the step starts at creating one.
    if (partitions.isEmpty() && currentId() == PartitionPage && m_ui->pickPartitionRadio->isChecked()
        && m_session->isLoaded(Session::Resource::Partitions))
        m_ui->newPartitionRadio->setChecked(true);
    updatePartitionNote();
}

void CreateInstanceWizard::showLoadProblems()
{
    QStringList problems;
    for (const Session::Resource resource : {Session::Resource::Pools, Session::Resource::Skus,
                                             Session::Resource::Images, Session::Resource::Fabrics})
        if (m_loadErrors.contains(resource))
            problems << m_loadErrors.value(resource);
    if (problems.isEmpty() && m_session && m_session->isLoaded(Session::Resource::Pools)
        && m_ui->poolCombo->count() == 0)
        problems << tr("This workspace has no pools. Instances run in a pool: create one on the Pools page, "
                       "or cancel and choose another workspace.");
    // Said after Next, until the lists bring what is missing and the user has it.
    if (m_askedToChoose
        && (m_ui->poolCombo->currentIndex() < 0 || m_ui->skuCombo->currentIndex() < 0
            || m_ui->imageCombo->currentIndex() < 0))
        problems << tr("Choose a pool, a SKU and an image.");
    problems.removeDuplicates();
    m_ui->machineErrorLabel->setText(problems.join(u'\n'));
    m_ui->machineErrorLabel->setVisible(!problems.isEmpty());
    if (m_loadErrors.contains(Session::Resource::Partitions))
        m_ui->partitionNoteLabel->setText(m_loadErrors.value(Session::Resource::Partitions));
}

std::optional<InstanceSku> CreateInstanceWizard::currentSku() const
{
    const QString id = m_ui->skuCombo->currentData().toString();
    if (!m_session)
        return std::nullopt;
    for (const InstanceSku& sku : m_session->skus()->rows())
        if (sku.id == id)
            return sku;
    return std::nullopt;
}

bool CreateInstanceWizard::partitionStepApplies() const
{
    const auto sku = currentSku();
    return sku && sku->isInfiniband() && m_context->infinibandEnabled();
}

void CreateInstanceWizard::updateSkuNote()
{
    const auto sku = currentSku();
    QString note;
    if (sku && sku->isInfiniband())
        note =
            m_context->infinibandEnabled()
                ? tr("InfiniBand SKU: the next steps let you attach the instances to a partition on fabric "
                     "%1.")
                      .arg(sku->property(QStringLiteral("infiniband_fabric")))
                : tr("InfiniBand SKU. Enrol in the InfiniBand preview (InfiniBand Partitions view) to attach "
                     "instances to a partition; without one they have no InfiniBand.");
    else if (sku)
        note = tr("No InfiniBand on this SKU (RDMA: %1).")
                   .arg(sku->displayProperty(QStringLiteral("rdma_type")).isEmpty()
                            ? tr("none")
                            : sku->displayProperty(QStringLiteral("rdma_type")));
    m_ui->skuNoteLabel->setText(note);
}

QStringList CreateInstanceWizard::instanceNames() const
{
    if (m_ui->singleRadio->isChecked())
        return {m_ui->nameEdit->text()};
    return Names::expand(m_ui->patternEdit->text(), m_ui->countSpin->value());
}

void CreateInstanceWizard::updateNames()
{
    const bool single = m_ui->singleRadio->isChecked();
    m_ui->nameEdit->setEnabled(single);
    m_ui->countSpin->setEnabled(!single);
    m_ui->patternEdit->setEnabled(!single);
    const QStringList names = instanceNames();
    QString problem;
    for (const QString& name : names) {
        if (single && name.isEmpty())
            break; // the server names it
        problem = Names::problem(name);
        if (!problem.isEmpty()) {
            problem = tr("\"%1\": %2").arg(name, problem);
            break;
        }
    }
    if (!problem.isEmpty())
        m_ui->namesPreviewLabel->setText(problem);
    else if (single)
        m_ui->namesPreviewLabel->setText(
            names.first().isEmpty() ? tr("Leave empty and the server picks a name.") : QString());
    else {
        QStringList shown = names.mid(0, 4);
        if (names.size() > 4)
            shown << QStringLiteral("…") << names.last();
        m_ui->namesPreviewLabel->setText(
            tr("Creates %n instance(s): %1", nullptr, static_cast<int>(names.size())).arg(shown.join(u", ")));
    }
}

QString CreateInstanceWizard::chosenPartitionId() const
{
    if (!partitionStepApplies() || !m_ui->pickPartitionRadio->isChecked())
        return {};
    return m_ui->partitionCombo->currentData().toString();
}

QString CreateInstanceWizard::chosenPartitionName() const
{
    const QString id = chosenPartitionId();
    for (const InfinibandPartition& partition : constValue(partitionsOnSkuFabric()))
        if (partition.id == id)
            return partition.name;
    return {};
}

QStringList CreateInstanceWizard::preflightWarnings() const
{
    QStringList warnings;
    if (!chosenPartitionId().isEmpty()) {
        // The images the product documentation names for InfiniBand: they ship the drivers and run
        // ibv_devinfo at boot.
        static const QRegularExpression infinibandImage(
            QRegularExpression::anchoredPattern(QStringLiteral("ubuntu-24\\.04-cuda-13\\.\\d+")));
        const QString image = m_ui->imageCombo->currentText();
        if (!image.isEmpty() && !infinibandImage.match(image).hasMatch())
            warnings
                << tr("Image \"%1\" is not one of the InfiniBand images (ubuntu-24.04-cuda-13.x): instances "
                      "booted from it may not bring up their InfiniBand port.")
                       .arg(image);
    }
    const auto sku = currentSku();
    const QString poolId = m_ui->poolCombo->currentData().toString();
    const int count = static_cast<int>(instanceNames().size());
    for (const Pool& pool : m_session->pools()->rows()) {
        if (!sku || pool.id != poolId)
            continue;
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        const int owned = scheduleNodesAt(pool.bySku.value(sku->id, pool.bySku.value(sku->alias)), now);
        // Nodes of the pool already taken by its live instances of the SKU.
        int busy = 0;
        for (const Instance& instance : m_context->session()->instances()->rows())
            if (instance.pool.id == poolId && (instance.sku.id == sku->id || instance.sku.name == sku->alias)
                && (instance.status == Instance::Status::Running
                    || instance.status == Instance::Status::AwaitingAllocation))
                ++busy;
        const int free = std::max(0, owned - busy);
        if (count > free)
            warnings
                << tr("Pool \"%1\" has %2 free node(s) of %3 now, for %n instance(s): the others wait for "
                      "allocation until the pool owns more (buy them on the Reservations page).",
                      nullptr, count)
                       .arg(pool.name)
                       .arg(free)
                       .arg(sku->alias.isEmpty() ? sku->id : sku->alias);
    }
    return warnings;
}

void CreateInstanceWizard::updatePreflight()
{
    const QStringList warnings = preflightWarnings();
    for (MessageBar* bar : {m_namesPreflight, m_partitionPreflight}) {
        bar->setText(warnings.join(u'\n'));
        bar->setVisible(!warnings.isEmpty());
    }
}

void CreateInstanceWizard::updatePartitionNote()
{
    const auto sku = currentSku();
    const QString fabric = sku ? sku->property(QStringLiteral("infiniband_fabric")) : QString();
    m_ui->partitionCombo->setEnabled(m_ui->pickPartitionRadio->isChecked());
    m_ui->newPartitionButton->setEnabled(m_ui->newPartitionRadio->isChecked());
    if (m_ui->noPartitionRadio->isChecked())
        m_ui->partitionNoteLabel->setText(
            tr("Without a partition these instances have no InfiniBand connectivity, "
               "even though the SKU supports it. Membership cannot be added later: "
               "you would have to terminate and create them again."));
    else if (m_ui->partitionCombo->count() == 0)
        m_ui->partitionNoteLabel->setText(
            tr("Workspace \"%1\" has no partition on fabric %2 yet: create one.")
                .arg(m_context->workspace(), fabric));
    else
        m_ui->partitionNoteLabel->setText(
            tr("Partitions of workspace \"%1\" on fabric %2, the fabric of this SKU.")
                .arg(m_context->workspace(), fabric));
}

int CreateInstanceWizard::nextId() const
{
    switch (currentId()) {
    case MachinePage:
        return NamesPage;
    case NamesPage:
        return partitionStepApplies() ? PartitionPage : ResultPage;
    case PartitionPage:
        return ResultPage;
    default:
        return -1;
    }
}

void CreateInstanceWizard::initializePage(int id)
{
    QWizard::initializePage(id);
    if (id == NamesPage)
        m_ui->namesPage->setButtonText(QWizard::NextButton,
                                       partitionStepApplies() ? tr("&Next >") : tr("&Create"));
    if (id == PartitionPage)
        fillPartitions();
    if (id == NamesPage || id == PartitionPage)
        updatePreflight();
    if (id == ResultPage)
        startCreating();
}

bool CreateInstanceWizard::validateCurrentPage()
{
    switch (currentId()) {
    case MachinePage:
        if (m_ui->poolCombo->currentIndex() < 0 || m_ui->skuCombo->currentIndex() < 0
            || m_ui->imageCombo->currentIndex() < 0) {
            m_askedToChoose = true;
            showLoadProblems();
            return false;
        }
        return true;
    case NamesPage: {
        const QStringList names = instanceNames();
        for (const QString& name : names)
            if (!(m_ui->singleRadio->isChecked() && name.isEmpty()) && !Names::isValid(name))
                return false;
        m_nextWhenChecked = false;
        if (userDataSource() == UserDataSource::Editor) {
            reloadEditorUserData(); // send what the editor holds now, checked
            if (m_checking) {
                // The check runs off the UI thread; the wizard goes on when it ends, if the text is valid.
                m_nextWhenChecked = true;
                return false;
            }
        }
        return userData().has_value();
    }
    case PartitionPage:
        if (m_ui->newPartitionRadio->isChecked())
            return false; // create it first; the new one is then picked
        return !m_ui->pickPartitionRadio->isChecked() || m_ui->partitionCombo->currentIndex() >= 0;
    default:
        return true;
    }
}

} // namespace sfdesk
