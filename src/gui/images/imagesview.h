// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/imagemodel.h"

#include "gui/common/listpage.h"

#include <optional>

class QAction;
class QLabel;

namespace sfdesk {

class ImageUploadsPanel;
class UploadImageDialog;

// Images instances boot from: SF Compute's public ones and the workspace's own, which are uploaded
// here (Upload Image…, with the uploads' progress above the table), revoked (no new instance starts
// from a revoked image; those running keep running) and reinstated, deleted, and downloaded
// through a link that expires (Copy Download Link).
class ImagesView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImagesView)

public:
    explicit ImagesView(ViewContext* context, QWidget* parent = nullptr);
    ~ImagesView() override;

    ImageModel* model() const { return m_model; }
    ImageUploadsPanel* uploadsPanel() const { return m_uploads; }
    std::optional<Image> currentImage() const;
    void selectImage(const QString& id);

    // Opens Upload Image (window-modal; returns at once). Returns the dialog, for tests.
    UploadImageDialog* uploadImage();
    void revokeCurrent();
    void reinstateCurrent();
    // Asks first (it cannot be undone).
    void deleteCurrent();
    // Asks the server for a download link, copies it and shows when it expires.
    void copyDownloadLink();

protected:
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    // The result of an action under the table: what happened, or why not (plain text).
    void showOutcome(const QString& text, bool failed);
    QStringList namesInWorkspace() const;
    void bindUploads(Session* session);

    ImageModel* m_model;
    ImageUploadsPanel* m_uploads;
    QLabel* m_outcome;
    QAction* m_upload;
    QAction* m_revoke;
    QAction* m_reinstate;
    QAction* m_downloadLink;
    QAction* m_delete;
};

} // namespace sfdesk
