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
    m_name = m_ui->nameEdit;
    m_kind = m_ui->kindCombo;
    m_template = m_ui->templateCombo;
    m_pool = m_ui->poolCombo;
    m_sku = m_ui->skuCombo;
    m_partition = m_ui->partitionCombo;
    m_partitionLabel = m_ui->partitionLabel;
    m_target = m_ui->targetSpin;
    m_nameTemplate = m_ui->nameTemplateEdit;
    m_maxPrice = m_ui->maxPriceEdit;
    m_maxPriceLabel = m_ui->maxPriceLabel;
    m_note = m_ui->noteLabel;
    m_error = m_ui->errorLabel;
    m_buttons = m_ui->buttonBox;
    m_error->hide();

    m_kind->addItem(tr("Generic: run on the pool's nodes"), QStringLiteral("generic"));
    m_kind->addItem(tr("Spot: buy nodes up to a price"), QStringLiteral("spot"));
    m_nameTemplate->setText(nameTemplateFor({}));
    m_maxPrice->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("\\d{0,9}(\\.\\d{0,6})?")), m_maxPrice));

    auto* copy = m_buttons->addButton(tr("Copy &Command"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyCommandButton"));
    copy->setToolTip(tr("Copies the sf command that creates this deployment"));
    connect(copy, &QPushButton::clicked, this, [this] { CopyActions::copy(command()); });
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("C&reate"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CreateDeploymentDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &CreateDeploymentDialog::reject);

    connect(m_name, &QLineEdit::textChanged, this, [this](const QString& name) {
        if (!m_nameTemplateEdited) {
            const QSignalBlocker block(m_nameTemplate);
            m_nameTemplate->setText(nameTemplateFor(name));
        }
        updateState();
    });
    connect(m_nameTemplate, &QLineEdit::textEdited, this, [this] {
        m_nameTemplateEdited = true;
        updateState();
    });
    connect(m_maxPrice, &QLineEdit::textChanged, this, &CreateDeploymentDialog::updateState);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &CreateDeploymentDialog::updateState);
    connect(m_template, &QComboBox::currentIndexChanged, this, &CreateDeploymentDialog::updateState);
    connect(m_pool, &QComboBox::currentIndexChanged, this, [this] {
        fillSkus(true);
        updateState();
    });
    connect(m_sku, &QComboBox::currentIndexChanged, this, [this] {
        fillPartitions();
        updateState();
    });
    connect(m_partition, &QComboBox::currentIndexChanged, this, &CreateDeploymentDialog::updateState);
    connect(m_partition, &QComboBox::activated, this, [this] { m_partitionChosen = true; });
    connect(context, &ViewContext::enrolmentChanged, this, [this] {
        fillPartitions();
        updateState();
    });
    connect(m_target, &QSpinBox::valueChanged, this, &CreateDeploymentDialog::updateState);

    m_lists = new ListWatch(
        context,
        {Session::Resource::InstanceTemplates, Session::Resource::Pools, Session::Resource::Skus,
         Session::Resource::Partitions},
        [this](Session::Resource) { listLoaded(); }, this);
    connect(m_lists, &ListWatch::problemsChanged, this, &CreateDeploymentDialog::updateState);
    listLoaded();
    m_name->setFocus();
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

namespace {

bool inWorkspace(const ViewContext* context, const QString& workspaceId, const QString& workspace)
{
    if (!workspaceId.isEmpty())
        return workspaceId == context->workspaceReference();
    return workspace == context->workspace();
}

} // namespace

void CreateDeploymentDialog::fillTemplates()
{
    QList<Combos::Choice> items;
    for (const InstanceTemplate& tmpl : m_lists->session()->instanceTemplates()->rows())
        if (inWorkspace(m_context, tmpl.workspaceId, tmpl.workspace))
            items.append({tr("%1 (image %2)").arg(tmpl.name, tmpl.image.name), tmpl.id});
    Combos::refill(m_template, items);
    if (!m_templateId.isEmpty() && m_template->findData(m_templateId) >= 0) {
        m_template->setCurrentIndex(m_template->findData(m_templateId));
        m_templateId.clear();
    }
}

void CreateDeploymentDialog::fillPools()
{
    QList<Combos::Choice> items;
    for (const Pool& pool : m_lists->session()->pools()->rows())
        if (inWorkspace(m_context, pool.workspaceId, pool.workspace))
            items.append({pool.name, pool.id});
    Combos::refill(m_pool, items);
}

void CreateDeploymentDialog::fillSkus(bool poolChanged)
{
    const Pool* pool = m_lists->session()->pools()->find(m_pool->currentData().toString());
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
    const bool first = m_sku->count() == 0;
    Combos::refill(m_sku, items);
    // Where the pool owns nodes is where a deployment can run them.
    if ((first || poolChanged) && !most.isEmpty())
        m_sku->setCurrentIndex(m_sku->findData(most));
}

void CreateDeploymentDialog::fillPartitions()
{
    const InstanceSku* sku = m_lists->session()->skus()->find(m_sku->currentData().toString());
    const bool infiniband = sku && sku->isInfiniband() && m_context->infinibandEnabled();
    QList<Combos::Choice> items{{tr("None (no InfiniBand)"), QString()}};
    if (infiniband) {
        const QString fabric = sku->property(QStringLiteral("infiniband_fabric"));
        for (const InfinibandPartition& partition : m_lists->session()->partitions()->rows())
            if ((partition.fabric.name == fabric || partition.fabric.id == fabric)
                && inWorkspace(m_context, partition.workspaceId, partition.workspace))
                items.append({tr("%1 (fabric %2)").arg(partition.name, partition.fabric.name), partition.id});
    }
    Combos::refill(m_partition, items);
    // A training job's workers want their fabric: the partition, when there is one and the user
    // has not chosen.
    if (!m_partitionChosen && items.size() > 1 && m_partition->currentIndex() <= 0)
        m_partition->setCurrentIndex(1);
    m_partition->setVisible(infiniband);
    m_partitionLabel->setVisible(infiniband);
}

NewDeployment CreateDeploymentDialog::request() const
{
    NewDeployment d;
    d.kind = m_kind->currentData().toString() == u"spot" ? Deployment::Kind::Spot : Deployment::Kind::Generic;
    d.name = m_name->text().trimmed();
    d.pool = m_pool->currentData().toString();
    d.sku = m_sku->currentData().toString();
    d.instanceTemplate = m_template->currentData().toString();
    d.targetInstanceCount = m_target->value();
    d.instanceNameTemplate = m_nameTemplate->text().trimmed();
    if (d.kind == Deployment::Kind::Spot) {
        QString price = m_maxPrice->text().trimmed();
        // The API's decimal needs a point and a digit after it.
        if (!price.contains(u'.'))
            price += QStringLiteral(".00");
        else if (price.endsWith(u'.'))
            price += u'0';
        d.maxBuyPrice = price;
    }
    if (m_partition->isVisible())
        d.infinibandPartition = m_partition->currentData().toString();
    return d;
}

QString CreateDeploymentDialog::command() const
{
    const NewDeployment d = request();
    const auto nameOf = [](const QComboBox* combo, const QString& fallback) {
        return combo->currentIndex() >= 0 ? combo->currentData().toString() : fallback;
    };
    QString tmpl = nameOf(m_template, QStringLiteral("TEMPLATE"));
    if (const InstanceTemplate* t =
            m_lists->session() ? m_lists->session()->instanceTemplates()->find(tmpl) : nullptr)
        tmpl = t->name;
    QString pool = nameOf(m_pool, QStringLiteral("POOL"));
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
    const QString name = m_name->text().trimmed();
    if (!name.isEmpty() && !Names::problem(name).isEmpty())
        return Names::problem(name);
    if (m_template->currentIndex() < 0)
        return m_lists->isLoaded(Session::Resource::InstanceTemplates)
                   ? tr("No instance template in workspace \"%1\": save one from the Cloud-init editor "
                        "(Cloud-init > Save as Instance Template…).")
                         .arg(m_context->workspace())
                   : tr("Reading the instance templates…");
    if (m_pool->currentIndex() < 0)
        return m_lists->isLoaded(Session::Resource::Pools)
                   ? tr("No pool in workspace \"%1\".").arg(m_context->workspace())
                   : tr("Reading the pools…");
    if (m_sku->currentIndex() < 0)
        return tr("Reading the SKUs…");
    if (m_nameTemplate->text().trimmed().isEmpty())
        return tr("Name the instances, e.g. worker-{{nanoid(10)}}.");
    if (m_kind->currentData().toString() == u"spot" && m_maxPrice->text().trimmed().isEmpty())
        return tr("A spot deployment needs the most it may pay per node-hour.");
    return {};
}

void CreateDeploymentDialog::updateState()
{
    const bool spot = m_kind->currentData().toString() == u"spot";
    m_maxPrice->setVisible(spot);
    m_maxPriceLabel->setVisible(spot);
    QString note = problem();
    if (!m_lists->problems().isEmpty())
        note += (note.isEmpty() ? QString() : QStringLiteral("\n")) + m_lists->problems();
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem().isEmpty() && !m_sending);
}

void CreateDeploymentDialog::accept()
{
    if (m_sending || !problem().isEmpty())
        return;
    m_sending = true;
    m_error->hide();
    updateState();
    const auto call = m_context->session()->createDeployment(request());
    call.onSuccess(this, [this](const Deployment& deployment) {
        m_sending = false;
        m_context->reportMessage(tr("Created deployment %1.").arg(deployment.name));
        Q_EMIT created(deployment);
        QDialog::accept();
    });
    call.onFailure(this, [this](const ApiError& error) {
        m_sending = false;
        QString text = error.message();
        text += error.detailLines();
        m_error->setText(text);
        m_error->show();
        updateState();
    });
}

} // namespace sfdesk
