// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/replaceinstancedialog.h"

#include "common/constvalue.h"
#include "core/cli/sfcommand.h"
#include "core/model/names.h"
#include "core/models/imagemodel.h"
#include "core/models/session.h"
#include "gui/common/combos.h"
#include "gui/common/copyactions.h"
#include "gui/common/dialogrequest.h"
#include "gui/common/listwatch.h"
#include "gui/common/viewcontext.h"
#include "gui/common/windowfit.h"
#include "ui_replaceinstancedialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>

namespace sfdesk {

ReplaceInstanceDialog::ReplaceInstanceDialog(ViewContext* context, const Instance& instance, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ReplaceInstanceDialog>())
    , m_context(context)
    , m_instance(instance)
    , m_idempotencyKey(Session::newIdempotencyKey())
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("replaceInstanceDialog"));
    m_request = new DialogRequest(m_ui->errorLabel, [this] { updateState(); }, this);
    m_ui->keepNameCheck->setText(tr("&Keep the name %1").arg(instance.name));

    QStringList kept{tr("pool %1").arg(instance.pool.name), tr("SKU %1").arg(instance.sku.name)};
    if (instance.infinibandPartition)
        kept << tr("InfiniBand partition %1").arg(instance.infinibandPartition->name);
    kept << tr("its tags and priority");
    if (instance.managedBy)
        kept << tr("deployment %1").arg(instance.managedBy->name);
    m_ui->questionLabel->setText(
        tr("Replace %1? It is terminated now, and a new instance starts in its place with %2.")
            .arg(instance.name, kept.join(QStringLiteral(", "))));

    QPushButton* replace = m_ui->buttonBox->addButton(tr("&Replace"), QDialogButtonBox::DestructiveRole);
    replace->setObjectName(QStringLiteral("replaceButton"));
    auto* copy = m_ui->buttonBox->addButton(tr("Copy as sf &Command"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyCommandButton"));
    connect(copy, &QPushButton::clicked, this, [this] { CopyActions::copy(command()); });
    connect(replace, &QPushButton::clicked, this, &ReplaceInstanceDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &ReplaceInstanceDialog::reject);
    // Cancel is what Enter and Escape do: replacing is not undone.
    m_ui->buttonBox->button(QDialogButtonBox::Cancel)->setDefault(true);

    connect(m_ui->keepNameCheck, &QCheckBox::toggled, this, [this](bool keep) {
        m_ui->nameEdit->setEnabled(!keep);
        updateState();
    });
    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, &ReplaceInstanceDialog::updateState);
    connect(m_ui->imageCombo, &QComboBox::currentIndexChanged, this, &ReplaceInstanceDialog::updateState);
    m_lists = new ListWatch(
        context, {Session::Resource::Images}, [this](Session::Resource) { fillImages(); }, this);
    fillImages();
    readSource();
    updateState();
}

ReplaceInstanceDialog::~ReplaceInstanceDialog() = default;

void ReplaceInstanceDialog::readSource()
{
    showSource(tr("Reading what %1 started with…").arg(m_instance.name));
    Session* session = m_context->session();
    if (!session->canSend())
        return;
    const auto useInstance = [this, session] {
        const auto call = session->instanceWithUserData(m_instance.id);
        call.onSuccess(this, [this](const Instance& full) {
            m_sourceImage = full.image.id;
            m_sourceName = tr("the instance");
            m_userData = full.cloudInitUserData.value_or(QByteArray());
            fillImages();
            showSource(m_userData->isEmpty()
                           ? tr("None (the instance had none): the replacement cannot be reached by SSH "
                                "unless its image allows it.")
                           : tr("The instance's own (%n byte(s)).", nullptr, int(m_userData->size())));
            updateState();
            Q_EMIT ready();
        });
        call.onFailure(this, [this](const ApiError& error) {
            showSource(tr("The instance's cloud-init could not be read: %1").arg(error.message()));
        });
    };
    if (!m_instance.managedBy) {
        useInstance();
        return;
    }
    // A deployment's instance starts from the deployment's template, as its siblings do.
    const auto deployment = session->deployment(m_instance.managedBy->id);
    // The session goes with its connection, answers may come after it.
    deployment.onSuccess(this, [this, session = QPointer<Session>(session)](const Deployment& d) {
        if (!session)
            return;
        const auto call = session->instanceTemplate(d.instanceTemplate.id);
        call.onSuccess(this, [this](const InstanceTemplate& t) {
            m_sourceImage = t.image.id;
            m_sourceName = tr("template %1").arg(t.name);
            m_userData = t.cloudInitUserData.value_or(QByteArray());
            fillImages();
            showSource(tr("From template %1 of deployment %2 (%n byte(s)).", nullptr, int(m_userData->size()))
                           .arg(t.name, m_instance.managedBy->name));
            updateState();
            Q_EMIT ready();
        });
        call.onFailure(this, [this](const ApiError& error) {
            showSource(tr("The template could not be read: %1").arg(error.message()));
        });
    });
    deployment.onFailure(this, [useInstance](const ApiError&) { useInstance(); });
}

void ReplaceInstanceDialog::showSource(const QString& text)
{
    m_ui->cloudInitLabel->setText(text);
    // The answer is often longer than "Reading…", which the dialog was sized for: it grows to show
    // the whole text rather than clip its lines.
    WindowFit::growToText(this);
}

void ReplaceInstanceDialog::fillImages()
{
    if (!m_lists || !m_lists->session())
        return;
    QList<Combos::Choice> items;
    for (const Image& image : m_lists->session()->images()->rows()) {
        const bool usable =
            image.status == Image::UploadStatus::Completed || image.status == Image::UploadStatus::Unknown;
        const bool here = image.isPublic || image.workspaceId == m_instance.workspaceId;
        if (usable && here)
            items.append({image.name, image.id});
    }
    const QString wanted = m_sourceImage.isEmpty() ? m_instance.image.id : m_sourceImage;
    if (!wanted.isEmpty()
        && std::none_of(items.cbegin(), items.cend(),
                        [&wanted](const Combos::Choice& item) { return item.id == wanted; }))
        items.prepend({m_sourceImage.isEmpty() ? m_instance.image.name : wanted, wanted});
    const bool first = m_ui->imageCombo->count() == 0 || !m_sourceImage.isEmpty();
    Combos::refill(m_ui->imageCombo, items);
    if (first && m_ui->imageCombo->findData(wanted) >= 0)
        m_ui->imageCombo->setCurrentIndex(m_ui->imageCombo->findData(wanted));
}

QString ReplaceInstanceDialog::command() const
{
    const QString ref = m_instance.resourcePath.isEmpty() ? m_instance.id : m_instance.resourcePath;
    QString image = m_ui->imageCombo->currentText();
    return SfCommand::instanceReplace(
        {ref, image.isEmpty() ? QStringLiteral("IMAGE") : image,
         m_userData && m_userData->isEmpty() ? QString() : QStringLiteral("FILE"),
         m_ui->keepNameCheck->isChecked() ? QString() : m_ui->nameEdit->text().trimmed()});
}

void ReplaceInstanceDialog::updateState()
{
    QPushButton* replace = nullptr;
    for (QAbstractButton* button : constValue(m_ui->buttonBox->buttons()))
        if (button->objectName() == u"replaceButton")
            replace = qobject_cast<QPushButton*>(button);
    const QString name = m_ui->nameEdit->text().trimmed();
    const bool nameOk = m_ui->keepNameCheck->isChecked() || name.isEmpty() || Names::problem(name).isEmpty();
    if (replace)
        replace->setEnabled(!m_request->isOut() && isReady() && m_ui->imageCombo->currentIndex() >= 0
                            && nameOk && m_context->session()->canSend());
}

void ReplaceInstanceDialog::fail(const QString& step, const ApiError& error)
{
    const QString text = tr("%1: %2").arg(step, error.message()) + error.detailLines();
    m_request->refuse(text);
    m_context->reportError(step, error);
    Q_EMIT failed(text);
}

void ReplaceInstanceDialog::accept()
{
    if (m_request->isOut() || !isReady() || !m_context->session()->canSend())
        return;
    m_request->start();
    InstanceReplacement replacement;
    replacement.image = m_ui->imageCombo->currentData().toString();
    replacement.cloudInitUserData = *m_userData;
    if (!m_ui->keepNameCheck->isChecked())
        replacement.name = m_ui->nameEdit->text().trimmed();
    // The same key on every attempt of this dialog: a retry gets the first replacement back.
    const auto call = m_context->session()->replaceInstance(m_instance.id, replacement, m_idempotencyKey);
    call.onSuccess(this, [this](const Instance& replacementInstance) {
        if (m_ui->keepNameCheck->isChecked())
            finishName(replacementInstance);
        else {
            m_request->finish();
            m_context->reportMessage(tr("Replaced %1 by %2.").arg(m_instance.name, replacementInstance.name));
            Q_EMIT replaced(replacementInstance);
            QDialog::accept();
        }
    });
    call.onFailure(this,
                   [this](const ApiError& error) { fail(tr("Replacing %1").arg(m_instance.name), error); });
}

void ReplaceInstanceDialog::finishName(const Instance& replacement)
{
    Session* session = m_context->session();
    if (!session->canSend())
        return;
    // The replaced instance is terminated: its record goes, and its name with it.
    const auto removed = session->deleteInstance(m_instance.id);
    removed.onSuccess(this, [this, session = QPointer<Session>(session), replacement] {
        if (!session)
            return;
        const auto renamed = session->renameInstance(replacement.id, m_instance.name);
        renamed.onSuccess(this, [this](const Instance& named) {
            m_request->finish();
            m_context->reportMessage(
                tr("Replaced %1: the new instance %2 runs under its name.").arg(named.name, named.id));
            Q_EMIT replaced(named);
            QDialog::accept();
        });
        renamed.onFailure(this, [this, replacement](const ApiError& error) {
            fail(tr("The replacement %1 could not take the name %2").arg(replacement.name, m_instance.name),
                 error);
        });
    });
    removed.onFailure(this, [this, replacement](const ApiError& error) {
        fail(tr("The replacement %1 runs, but %2 could not be deleted to free its name")
                 .arg(replacement.name, m_instance.name),
             error);
    });
}

} // namespace sfdesk
