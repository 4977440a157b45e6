// SPDX-License-Identifier: Apache-2.0

#include "gui/deployments/createdeploymentdialog.h"

#include "core/cli/sfcommand.h"
#include "core/model/names.h"
#include "core/models/instancetemplatemodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/models/skumodel.h"
#include "gui/common/combos.h"
#include "gui/common/copyactions.h"
#include "gui/common/dialogrequest.h"
#include "gui/common/listwatch.h"
#include "gui/common/viewcontext.h"
#include "ui_createdeploymentdialog.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSpinBox>

namespace sfdesk {

namespace {

// The default of the API document would do too; a deployment's workers read better with its name.
QString nameTemplateFor(const QString& name)
{
    return (name.isEmpty() ? QStringLiteral("{{adjective}}-{{noun}}") : name)
           + QStringLiteral("-{{nanoid(10)}}");
}

} // namespace

CreateDeploymentDialog::CreateDeploymentDialog(ViewContext* context, const QString& templateId,
                                               QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::CreateDeploymentDialog>())
    , m_context(context)
    , m_templateId(templateId)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("createDeploymentDialog"));
    m_request = new DialogRequest(m_ui->errorLabel, [this] { updateState(); }, this);

    m_ui->kindCombo->addItem(tr("Generic: run on the pool's nodes"), QStringLiteral("generic"));
    m_ui->kindCombo->addItem(tr("Spot: buy nodes up to a price"), QStringLiteral("spot"));
    m_ui->nameTemplateEdit->setText(nameTemplateFor({}));
    m_ui->maxPriceEdit->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("\\d{0,9}(\\.\\d{0,6})?")), m_ui->maxPriceEdit));

    auto* copy = m_ui->buttonBox->addButton(tr("Copy as sf &Command"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyCommandButton"));
    copy->setToolTip(tr("Copies the sf command that creates this deployment"));
    connect(copy, &QPushButton::clicked, this, [this] { CopyActions::copy(command()); });
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setText(tr("C&reate"));
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &CreateDeploymentDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &CreateDeploymentDialog::reject);

    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, [this](const QString& name) {
        if (!m_nameTemplateEdited) {
            const QSignalBlocker block(m_ui->nameTemplateEdit);
            m_ui->nameTemplateEdit->setText(nameTemplateFor(name));
        }
        updateState();
    });
    connect(m_ui->nameTemplateEdit, &QLineEdit::textEdited, this, [this] {
        m_nameTemplateEdited = true;
        updateState();
    });
    connect(m_ui->maxPriceEdit, &QLineEdit::textChanged, this, &CreateDeploymentDialog::updateState);
    connect(m_ui->kindCombo, &QComboBox::currentIndexChanged, this, &CreateDeploymentDialog::updateState);
    connect(m_ui->templateCombo, &QComboBox::currentIndexChanged, this, &CreateDeploymentDialog::updateState);
    connect(m_ui->poolCombo, &QComboBox::currentIndexChanged, this, [this] {
        fillSkus(true);
        updateState();
    });
    connect(m_ui->skuCombo, &QComboBox::currentIndexChanged, this, [this] {
        fillPartitions();
        updateState();
    });
    connect(m_ui->partitionCombo, &QComboBox::currentIndexChanged, this,
            &CreateDeploymentDialog::updateState);
    connect(m_ui->partitionCombo, &QComboBox::activated, this, [this] { m_partitionChosen = true; });
    connect(context, &ViewContext::enrolmentChanged, this, [this] {
        fillPartitions();
        updateState();
    });
    connect(m_ui->targetSpin, &QSpinBox::valueChanged, this, &CreateDeploymentDialog::updateState);

    m_lists = new ListWatch(
        context,
        {Session::Resource::InstanceTemplates, Session::Resource::Pools, Session::Resource::Skus,
         Session::Resource::Partitions},
        [this](Session::Resource) { listLoaded(); }, this);
    connect(m_lists, &ListWatch::problemsChanged, this, &CreateDeploymentDialog::updateState);
    listLoaded();
    m_ui->nameEdit->setFocus();
}

CreateDeploymentDialog::~CreateDeploymentDialog() = default;

void CreateDeploymentDialog::listLoaded()
{
    if (!m_lists || !m_lists->session())
        return;
    fillTemplates();
    fillPools();
    fillSkus(false);
    fillPartitions();
    updateState();
}

void CreateDeploymentDialog::fillTemplates()
{
    QList<Combos::Choice> items;
    for (const InstanceTemplate& tmpl : m_lists->session()->instanceTemplates()->rows())
        if (m_context->inChosenWorkspace(tmpl.workspaceId, tmpl.workspace))
            items.append({tr("%1 (image %2)").arg(tmpl.name, tmpl.image.name), tmpl.id});
    Combos::refill(m_ui->templateCombo, items);
    if (!m_templateId.isEmpty() && m_ui->templateCombo->findData(m_templateId) >= 0) {
        m_ui->templateCombo->setCurrentIndex(m_ui->templateCombo->findData(m_templateId));
        m_templateId.clear();
    }
}

void CreateDeploymentDialog::fillPools()
{
    QList<Combos::Choice> items;
    for (const Pool& pool : m_lists->session()->pools()->rows())
        if (m_context->inChosenWorkspace(pool.workspaceId, pool.workspace))
            items.append({pool.name, pool.id});
    Combos::refill(m_ui->poolCombo, items);
}

void CreateDeploymentDialog::fillSkus(bool poolChanged)
{
    const Pool* pool = m_lists->session()->pools()->find(m_ui->poolCombo->currentData().toString());
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QList<Combos::Choice> items;
    QString most;
    int mostNodes = 0;
    for (const InstanceSku& sku : m_lists->session()->skus()->rows()) {
        const int owned = pool ? scheduleNodesAt(pool->bySku.value(sku.id), now) : 0;
        items.append(
            {owned > 0 ? tr("%1 (the pool owns %n node(s) now)", nullptr, owned).arg(sku.alias) : sku.alias,
             sku.id});
        if (owned > mostNodes) {
            mostNodes = owned;
            most = sku.id;
        }
    }
    const bool first = m_ui->skuCombo->count() == 0;
    Combos::refill(m_ui->skuCombo, items);
    // Where the pool owns nodes is where a deployment can run them.
    if ((first || poolChanged) && !most.isEmpty())
        m_ui->skuCombo->setCurrentIndex(m_ui->skuCombo->findData(most));
}

void CreateDeploymentDialog::fillPartitions()
{
    const InstanceSku* sku = m_lists->session()->skus()->find(m_ui->skuCombo->currentData().toString());
    const bool infiniband = sku && sku->isInfiniband() && m_context->infinibandEnabled();
    QList<Combos::Choice> items{{tr("None (no InfiniBand)"), QString()}};
    if (infiniband) {
        const QString fabric = sku->property(QStringLiteral("infiniband_fabric"));
        for (const InfinibandPartition& partition : m_lists->session()->partitions()->rows())
            if ((partition.fabric.name == fabric || partition.fabric.id == fabric)
                && m_context->inChosenWorkspace(partition.workspaceId, partition.workspace))
                items.append({tr("%1 (fabric %2)").arg(partition.name, partition.fabric.name), partition.id});
    }
    Combos::refill(m_ui->partitionCombo, items);
    // A training job's workers want their fabric: the partition, when there is one and the user
    // has not chosen.
    if (!m_partitionChosen && items.size() > 1 && m_ui->partitionCombo->currentIndex() <= 0)
        m_ui->partitionCombo->setCurrentIndex(1);
    m_ui->partitionCombo->setVisible(infiniband);
    m_ui->partitionLabel->setVisible(infiniband);
}

NewDeployment CreateDeploymentDialog::request() const
{
    NewDeployment d;
    d.kind = m_ui->kindCombo->currentData().toString() == u"spot" ? Deployment::Kind::Spot
                                                                  : Deployment::Kind::Generic;
    d.name = m_ui->nameEdit->text().trimmed();
    d.pool = m_ui->poolCombo->currentData().toString();
    d.sku = m_ui->skuCombo->currentData().toString();
    d.instanceTemplate = m_ui->templateCombo->currentData().toString();
    d.targetInstanceCount = m_ui->targetSpin->value();
    d.instanceNameTemplate = m_ui->nameTemplateEdit->text().trimmed();
    if (d.kind == Deployment::Kind::Spot) {
        QString price = m_ui->maxPriceEdit->text().trimmed();
        // The API's decimal needs a point and a digit after it.
        if (!price.contains(u'.'))
            price += QStringLiteral(".00");
        else if (price.endsWith(u'.'))
            price += u'0';
        d.maxBuyPrice = price;
    }
    if (m_ui->partitionCombo->isVisible())
        d.infinibandPartition = m_ui->partitionCombo->currentData().toString();
    return d;
}

QString CreateDeploymentDialog::command() const
{
    const NewDeployment d = request();
    const auto nameOf = [](const QComboBox* combo, const QString& fallback) {
        return combo->currentIndex() >= 0 ? combo->currentData().toString() : fallback;
    };
    QString tmpl = nameOf(m_ui->templateCombo, QStringLiteral("TEMPLATE"));
    if (const InstanceTemplate* t =
            m_lists->session() ? m_lists->session()->instanceTemplates()->find(tmpl) : nullptr)
        tmpl = t->name;
    QString pool = nameOf(m_ui->poolCombo, QStringLiteral("POOL"));
    if (const Pool* p = m_lists->session() ? m_lists->session()->pools()->find(pool) : nullptr)
        pool = p->name;
    QString partition;
    if (!d.infinibandPartition.isEmpty()) {
        partition = d.infinibandPartition;
        if (const InfinibandPartition* p = m_lists->session()->partitions()->find(partition))
            partition = p->name;
    }
    return SfCommand::deploymentCreate({d.name.isEmpty() ? QStringLiteral("NAME") : d.name, pool,
                                        d.sku.isEmpty() ? QStringLiteral("SKU") : d.sku, tmpl,
                                        d.targetInstanceCount, d.instanceNameTemplate, partition,
                                        d.kind == Deployment::Kind::Spot, d.maxBuyPrice});
}

QString CreateDeploymentDialog::problem() const
{
    if (!m_context->session()->canSend())
        return tr("Not connected.");
    const QString name = m_ui->nameEdit->text().trimmed();
    if (!name.isEmpty() && !Names::problem(name).isEmpty())
        return Names::problem(name);
    if (m_ui->templateCombo->currentIndex() < 0)
        return m_lists->isLoaded(Session::Resource::InstanceTemplates)
                   ? tr("No instance template in workspace \"%1\": save one from the Cloud-init editor "
                        "(Cloud-init > Save as Instance Template…).")
                         .arg(m_context->workspace())
                   : tr("Reading the instance templates…");
    if (m_ui->poolCombo->currentIndex() < 0)
        return m_lists->isLoaded(Session::Resource::Pools)
                   ? tr("No pool in workspace \"%1\".").arg(m_context->workspace())
                   : tr("Reading the pools…");
    if (m_ui->skuCombo->currentIndex() < 0)
        return tr("Reading the SKUs…");
    if (m_ui->nameTemplateEdit->text().trimmed().isEmpty())
        return tr("Name the instances, e.g. worker-{{nanoid(10)}}.");
    if (m_ui->kindCombo->currentData().toString() == u"spot"
        && m_ui->maxPriceEdit->text().trimmed().isEmpty())
        return tr("A spot deployment needs the most it may pay per node-hour.");
    return {};
}

void CreateDeploymentDialog::updateState()
{
    const bool spot = m_ui->kindCombo->currentData().toString() == u"spot";
    m_ui->maxPriceEdit->setVisible(spot);
    m_ui->maxPriceLabel->setVisible(spot);
    m_lists->showNote(m_ui->noteLabel, problem());
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(problem().isEmpty() && !m_request->isOut());
}

void CreateDeploymentDialog::accept()
{
    if (m_request->isOut() || !problem().isEmpty())
        return;
    m_request->start();
    m_request->watch(m_context->session()->createDeployment(request()), [this](const Deployment& deployment) {
        m_context->reportMessage(tr("Created deployment %1.").arg(deployment.name));
        Q_EMIT created(deployment);
        QDialog::accept();
    });
}

} // namespace sfdesk
