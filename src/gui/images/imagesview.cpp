// SPDX-License-Identifier: Apache-2.0

#include "gui/images/imagesview.h"

#include "common/constvalue.h"
#include "core/api/imageupload.h"
#include "core/cli/sfcommand.h"
#include "core/models/format.h"
#include "core/models/session.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/copyactions.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/images/imageuploadspanel.h"
#include "gui/images/uploadimagedialog.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QTableView>

namespace sfdesk {

namespace {

// How the API and the sf command name an image: its ID.
QString reference(const Image& image)
{
    return image.id.isEmpty() ? image.resourcePath : image.id;
}

} // namespace

ImagesView::ImagesView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("images"),
                tr("I&mages"),
                tr("Loading images"),
                {Session::Resource::Images},
                {ImageModel::IdColumn},
                tr("No images in this workspace, and no public images.")},
               parent)
    , m_model(context->session()->images())
    , m_uploads(new ImageUploadsPanel(this))
    , m_outcome(new QLabel(this))
    , m_upload(new QAction(ThemeIcons::icon(QStringLiteral("document-send")), tr("&Upload Image…"), this))
    , m_revoke(new QAction(ThemeIcons::icon(QStringLiteral("process-stop")), tr("Re&voke"), this))
    , m_reinstate(new QAction(ThemeIcons::icon(QStringLiteral("view-refresh")), tr("Rei&nstate"), this))
    , m_downloadLink(
          new QAction(ThemeIcons::icon(QStringLiteral("edit-copy")), tr("Copy Do&wnload Link"), this))
    , m_delete(new QAction(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("&Delete…"), this))
{
    addToolbarWidget(new WorkspaceBar(QStringLiteral("images"), context, this));
    m_upload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_U));
    m_delete->setShortcut(QKeySequence::Delete);
    m_upload->setToolTip(tr("Upload a disk image into this workspace, in parts, resumable"));
    m_revoke->setToolTip(tr("No new instance starts from a revoked image; running ones keep running"));
    m_downloadLink->setToolTip(tr("Copy a link that downloads the image until it expires"));
    addPageAction(m_upload, QStringLiteral("imagesUploadButton"), Scope::Page);
    addPageAction(m_revoke, QStringLiteral("imagesRevokeButton"), Scope::Row);
    addPageAction(m_reinstate, QStringLiteral("imagesReinstateButton"), Scope::Row);
    addPageAction(m_downloadLink, QStringLiteral("imagesDownloadLinkButton"), Scope::Row);
    addPageAction(m_delete, QStringLiteral("imagesDeleteButton"), Scope::Row);
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Images"));

    addFooter(m_uploads);
    m_outcome->setObjectName(QStringLiteral("imagesOutcomeLabel"));
    m_outcome->setWordWrap(true);
    // Image names and the server's reasons are data, never markup.
    m_outcome->setTextFormat(Qt::PlainText);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_outcome->hide();
    addFooter(m_outcome);
    auto* note =
        new QLabel(tr("The Ubuntu images with CUDA 13.1 or 13.2 ship the InfiniBand stack (DOCA-OFED, "
                      "perftest, nvidia-peermem); other images and older builds do not."),
                   this);
    note->setObjectName(QStringLiteral("imagesNote"));
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    addFooter(note);

    // Public images boot in every workspace, so a workspace's list shows them too; the session
    // reads the account's own images of every workspace, and they are filtered here.
    table()->proxy()->setRowFilter([this](const QVariant& object) {
        const auto image = object.value<Image>();
        return this->context()->allWorkspaces() || image.isPublic
               || image.workspace == this->context()->workspace();
    });
    connect(context, &ViewContext::scopeChanged, table()->proxy(), &ResourceProxyModel::invalidateRowFilter);
    connect(m_upload, &QAction::triggered, this, &ImagesView::uploadImage);
    connect(m_revoke, &QAction::triggered, this, &ImagesView::revokeCurrent);
    connect(m_reinstate, &QAction::triggered, this, &ImagesView::reinstateCurrent);
    connect(m_downloadLink, &QAction::triggered, this, &ImagesView::copyDownloadLink);
    connect(m_delete, &QAction::triggered, this, &ImagesView::deleteCurrent);
    connect(m_uploads, &ImageUploadsPanel::cancelled, this, [this](const QString& name) {
        showOutcome(tr("Upload of %1 cancelled; its partial image is deleted.").arg(name), false);
    });
    bindUploads(context->session());
    updateActions();
}

ImagesView::~ImagesView() = default;

void ImagesView::takeModels(Session* session)
{
    m_model = session->images();
    setTableModel(m_model);
    bindUploads(session);
}

void ImagesView::bindUploads(Session* session)
{
    ImageUploads* uploads = session ? session->imageUploads() : nullptr;
    if (uploads == m_uploads->uploads())
        return;
    if (ImageUploads* old = m_uploads->uploads())
        disconnect(old, nullptr, this, nullptr);
    m_uploads->setUploads(uploads);
    if (!uploads)
        return;
    connect(uploads, &ImageUploads::uploadCompleted, this, [this](const Image& image) {
        const QString text =
            tr("Uploaded image %1; SF Compute checked its SHA-256 (%2).").arg(image.name, image.sha256);
        showOutcome(text, false);
        context()->reportMessage(tr("Uploaded image %1.").arg(image.name));
        Q_EMIT actionFinished();
    });
    // The list says "started" until the server has a part: read it again when the first one is in.
    const auto watch = [this](ImageUpload* upload) {
        connect(upload, &ImageUpload::partUploaded, this, [this, upload] {
            const int row = m_model->rowOf(upload->record().imageId);
            if (row >= 0 && m_model->at(row).status == Image::UploadStatus::Started)
                context()->session()->refresh(Session::Resource::Images);
        });
    };
    for (ImageUpload* upload : constValue(uploads->uploads()))
        watch(upload);
    connect(uploads, &ImageUploads::uploadAdded, this, watch);
    connect(uploads, &ImageUploads::cancelFailed, this, [this](const QString& name, const ApiError& error) {
        showOutcome(tr("The partial image %1 was not deleted: %2").arg(name, error.message()), true);
        context()->reportError(tr("Deleting image %1").arg(name), error);
    });
}

std::optional<Image> ImagesView::currentImage() const
{
    const QModelIndex row = table()->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount())
        return std::nullopt;
    return m_model->at(row.row());
}

void ImagesView::selectImage(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row >= 0)
        table()->table()->selectionModel()->setCurrentIndex(
            table()->proxy()->mapFromSource(m_model->index(row, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void ImagesView::updateActions()
{
    const bool connected = context()->session()->canSend();
    const auto image = currentImage();
    const bool own = connected && image && !image->isPublic;
    const auto status = image ? image->status : Image::UploadStatus::Unknown;
    m_upload->setEnabled(connected && !context()->workspaceReference().isEmpty());
    m_revoke->setEnabled(own && status == Image::UploadStatus::Completed);
    m_reinstate->setEnabled(own && status == Image::UploadStatus::Revoked);
    m_downloadLink->setEnabled(
        own && (status == Image::UploadStatus::Completed || status == Image::UploadStatus::Revoked));
    m_delete->setEnabled(own);
}

QStringList ImagesView::namesInWorkspace() const
{
    QStringList names;
    for (const Image& image : m_model->rows()) {
        if (!image.isPublic && image.workspace == context()->workspace())
            names << image.name;
    }
    if (ImageUploads* uploads = m_uploads->uploads()) {
        for (const ImageUpload* upload : constValue(uploads->uploads()))
            names << upload->record().imageName;
    }
    return names;
}

UploadImageDialog* ImagesView::uploadImage()
{
    Session* session = context()->session();
    const QString workspace = context()->workspaceReference();
    if (!context()->session()->canSend() || !session || workspace.isEmpty())
        return nullptr;
    auto* dialog = new UploadImageDialog(session->imageUploads(), workspace, context()->workspace(),
                                         namesInWorkspace(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &UploadImageDialog::uploadStarted, this, [this](ImageUpload* upload) {
        showOutcome(tr("Uploading %1…").arg(upload->record().imageName), false);
    });
    dialog->open();
    return dialog;
}

void ImagesView::showOutcome(const QString& text, bool failed)
{
    m_outcome->setText(text);
    m_outcome->setForegroundRole(failed ? QPalette::Text : QPalette::WindowText);
    m_outcome->setVisible(!text.isEmpty());
}

void ImagesView::revokeCurrent()
{
    const auto image = currentImage();
    if (!image || !context()->session()->canSend())
        return;
    const QString name = image->name;
    const auto call = context()->session()->revokeImage(image->id);
    call.onSuccess(this, [this, name](const Image&) {
        showOutcome(tr("Revoked image %1: no new instance starts from it until it is reinstated; instances "
                       "running from it keep running.")
                        .arg(name),
                    false);
        context()->reportMessage(tr("Revoked image %1.").arg(name));
        Q_EMIT actionFinished();
    });
    call.onFailure(this, [this, name](const ApiError& error) {
        showOutcome(tr("Image %1 was not revoked: %2").arg(name, error.message()), true);
        context()->reportError(tr("Revoking image %1").arg(name), error);
        Q_EMIT actionFinished();
    });
}

void ImagesView::reinstateCurrent()
{
    const auto image = currentImage();
    if (!image || !context()->session()->canSend())
        return;
    const QString name = image->name;
    const auto call = context()->session()->reinstateImage(image->id);
    call.onSuccess(this, [this, name](const Image&) {
        showOutcome(tr("Reinstated image %1: new instances can start from it again.").arg(name), false);
        context()->reportMessage(tr("Reinstated image %1.").arg(name));
        Q_EMIT actionFinished();
    });
    call.onFailure(this, [this, name](const ApiError& error) {
        showOutcome(tr("Image %1 was not reinstated: %2").arg(name, error.message()), true);
        context()->reportError(tr("Reinstating image %1").arg(name), error);
        Q_EMIT actionFinished();
    });
}

void ImagesView::deleteCurrent()
{
    const auto image = currentImage();
    if (!image || image->isPublic || !context()->session()->canSend())
        return;
    const Image& target = *image;
    ConfirmDialog::ask(
        this, tr("Delete Image"),
        tr("Delete image %1 (%2) in workspace %3? SF Compute refuses while an instance runs from "
           "it or an instance template refers to it.")
            .arg(target.name, target.id, target.workspace),
        tr("&Delete Image"), [this, target](bool confirmed) {
            if (!confirmed || !context()->session()->canSend())
                return;
            const auto call = context()->session()->deleteImage(target.id);
            call.onSuccess(this, [this, target] {
                showOutcome(tr("Deleted image %1.").arg(target.name), false);
                context()->reportMessage(tr("Deleted image %1.").arg(target.name));
                Q_EMIT actionFinished();
            });
            call.onFailure(this, [this, target](const ApiError& error) {
                QString text = tr("Image %1 was not deleted: %2").arg(target.name, error.message());
                text += error.detailLines();
                showOutcome(text, true);
                context()->reportError(tr("Deleting image %1").arg(target.name), error);
                Q_EMIT actionFinished();
            });
        });
}

void ImagesView::copyDownloadLink()
{
    const auto image = currentImage();
    if (!image || !context()->session()->canSend())
        return;
    const QString name = image->name;
    const auto call = context()->session()->imageDownload(image->id);
    call.onSuccess(this, [this, name](const ImageDownload& download) {
        CopyActions::copy(download.url.toString(QUrl::FullyEncoded));
        showOutcome(tr("The download link of %1 (%2, SHA-256 %3) is on the clipboard; it expires at %4.")
                        .arg(name, Format::bytes(download.size), download.sha256,
                             Format::dateTime(download.expiresAt)),
                    false);
        context()->reportMessage(tr("Copied the download link of %1; it expires at %2.")
                                     .arg(name, Format::dateTime(download.expiresAt)));
        Q_EMIT actionFinished();
    });
    call.onFailure(this, [this, name](const ApiError& error) {
        showOutcome(tr("No download link for %1: %2").arg(name, error.message()), true);
        context()->reportError(tr("Getting the download link of %1").arg(name), error);
        Q_EMIT actionFinished();
    });
}

void ImagesView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const Image image = m_model->at(rows.first().row());
    QList<CopyActions::Command> commands;
    if (!image.isPublic) {
        const QString ref = reference(image);
        commands = {{tr("Copy as sf command: get with download link"), SfCommand::imageGet(ref),
                     QStringLiteral("imagesCopyGetCommand")},
                    {tr("Copy as sf command: revoke"), SfCommand::imageRevoke(ref),
                     QStringLiteral("imagesCopyRevokeCommand")},
                    {tr("Copy as sf command: reinstate"), SfCommand::imageReinstate(ref),
                     QStringLiteral("imagesCopyReinstateCommand")},
                    {tr("Copy as sf command: delete"), SfCommand::imageDelete(ref),
                     QStringLiteral("imagesCopyDeleteCommand")}};
    }
    CopyActions::add(menu, QStringLiteral("images"), image.id, image.resourcePath, commands);
}

} // namespace sfdesk
