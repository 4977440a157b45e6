// SPDX-License-Identifier: Apache-2.0

#include "gui/deployments/savetemplatedialog.h"

#include "core/cli/sfcommand.h"
#include "core/model/names.h"
#include "core/models/imagemodel.h"
#include "core/models/instancetemplatemodel.h"
#include "core/models/session.h"
#include "gui/common/combos.h"
#include "gui/common/copyactions.h"
#include "gui/common/dialogrequest.h"
#include "gui/common/listwatch.h"
#include "gui/common/viewcontext.h"
#include "ui_savetemplatedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>

namespace sfdesk {

SaveTemplateDialog::SaveTemplateDialog(ViewContext* context, const QByteArray& userData, const QString& title,
                                       const QString& savedFile, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SaveTemplateDialog>())
    , m_context(context)
    , m_userData(userData)
    , m_savedFile(savedFile)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("saveTemplateDialog"));
    m_request = new DialogRequest(m_ui->errorLabel, [this] { updateState(); }, this);
    m_ui->introLabel->setText(
        tr("A template keeps this cloud-init with an image, so that deployments (and "
           "anyone in workspace \"%1\") can start instances from it. The text is \"%2\", "
           "%n byte(s), checked without errors.",
           nullptr, static_cast<int>(userData.size()))
            .arg(context->workspace(), title));

    auto* copy = m_ui->buttonBox->addButton(tr("Copy as sf &Command"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyCommandButton"));
    connect(copy, &QPushButton::clicked, this, [this] { CopyActions::copy(command()); });
    m_ui->buttonBox->button(QDialogButtonBox::Save)->setText(tr("&Save Template"));
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SaveTemplateDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &SaveTemplateDialog::reject);

    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, &SaveTemplateDialog::updateState);
    connect(m_ui->imageCombo, &QComboBox::currentIndexChanged, this, &SaveTemplateDialog::updateState);
    m_lists = new ListWatch(
        context, {Session::Resource::Images, Session::Resource::InstanceTemplates},
        [this](Session::Resource) {
            fillImages();
            updateState();
        },
        this);
    connect(m_lists, &ListWatch::problemsChanged, this, &SaveTemplateDialog::updateState);
    fillImages();
    updateState();
    m_ui->nameEdit->setFocus();
}

SaveTemplateDialog::~SaveTemplateDialog() = default;

void SaveTemplateDialog::fillImages()
{
    if (!m_lists || !m_lists->session())
        return;
    QList<Image> images;
    for (const Image& image : m_lists->session()->images()->rows()) {
        const bool here = m_context->inChosenWorkspace(image.workspaceId, image.workspace);
        const bool usable =
            image.status == Image::UploadStatus::Completed || image.status == Image::UploadStatus::Unknown;
        if ((image.isPublic || here) && usable)
            images << image;
    }
    // The workspace's own images first, then the newest public ones.
    std::stable_sort(images.begin(), images.end(), [](const Image& a, const Image& b) {
        return a.isPublic != b.isPublic ? !a.isPublic : a.createdAt > b.createdAt;
    });
    QList<Combos::Choice> items;
    for (const Image& image : std::as_const(images))
        items.append({image.isPublic ? image.name : tr("%1 (this workspace)").arg(image.name), image.id});
    Combos::refill(m_ui->imageCombo, items);
}

QString SaveTemplateDialog::problem() const
{
    if (!m_context->session()->canSend())
        return tr("Not connected.");
    if (m_context->workspaceReference().isEmpty())
        return tr("Reading the workspaces…");
    const QString name = m_ui->nameEdit->text().trimmed();
    if (name.isEmpty())
        return tr("Name the template.");
    if (!Names::problem(name).isEmpty())
        return Names::problem(name);
    if (m_lists && m_lists->session()) {
        for (const InstanceTemplate& t : m_lists->session()->instanceTemplates()->rows())
            if (t.name == name && t.workspace == m_context->workspace())
                return tr("Workspace \"%1\" has a template named \"%2\" already.").arg(t.workspace, name);
    }
    if (m_ui->imageCombo->currentIndex() < 0)
        return m_lists && m_lists->isLoaded(Session::Resource::Images)
                   ? tr("No image to start instances from.")
                   : tr("Reading the images…");
    return {};
}

QString SaveTemplateDialog::command() const
{
    QString image = m_ui->imageCombo->currentIndex() >= 0 ? m_ui->imageCombo->currentData().toString()
                                                          : QStringLiteral("IMAGE");
    if (m_lists && m_lists->session())
        if (const Image* found = m_lists->session()->images()->find(image))
            image = found->name;
    const QString name = m_ui->nameEdit->text().trimmed();
    return SfCommand::instanceTemplateCreate({name.isEmpty() ? QStringLiteral("NAME") : name, image,
                                              m_savedFile.isEmpty() ? QStringLiteral("FILE") : m_savedFile});
}

void SaveTemplateDialog::updateState()
{
    // The list watch runs this once while it is being made.
    if (m_lists)
        m_lists->showNote(m_ui->noteLabel, problem());
    m_ui->buttonBox->button(QDialogButtonBox::Save)->setEnabled(problem().isEmpty() && !m_request->isOut());
}

void SaveTemplateDialog::accept()
{
    if (m_request->isOut() || !problem().isEmpty())
        return;
    NewInstanceTemplate tmpl;
    tmpl.workspace = m_context->workspaceReference();
    tmpl.image = m_ui->imageCombo->currentData().toString();
    tmpl.name = m_ui->nameEdit->text().trimmed();
    tmpl.cloudInitUserData = m_userData;
    m_request->start();
    m_request->watch(m_context->session()->createInstanceTemplate(tmpl),
                     [this](const InstanceTemplate& saved) {
                         // The session's list shows it at once, whether or not a page watches it.
                         if (m_lists && m_lists->session())
                             m_lists->session()->instanceTemplates()->upsert(saved);
                         m_context->reportMessage(tr("Saved instance template %1.").arg(saved.name));
                         Q_EMIT this->saved(saved);
                         QDialog::accept();
                     });
}

} // namespace sfdesk
