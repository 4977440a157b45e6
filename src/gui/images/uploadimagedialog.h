// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>
#include <QPointer>
#include <QStringList>

#include <memory>

namespace Ui {
class UploadImageDialog;
}

namespace sfdesk {

class ImageUpload;
class ImageUploads;

// Upload Image: a file and the image's name in the workspace, checked as they are typed (the
// file readable and at most 128 GiB, the name the API's and not taken there), with the sf command
// that does the same. Accepting starts the upload in the connection's ImageUploads and closes; its
// progress shows in the Images page.
class UploadImageDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadImageDialog)

public:
    UploadImageDialog(ImageUploads* uploads, const QString& workspaceId, const QString& workspaceName,
                      const QStringList& takenNames, QWidget* parent = nullptr);
    ~UploadImageDialog() override;

    QString file() const;
    QString name() const;
    // Fills in the file (and, unless the user typed one, a name made from its base name).
    void setFile(const QString& path);
    // A name the API accepts, made from a file name: "Ubuntu 24.04 (CUDA).img" gives
    // "Ubuntu-24.04-CUDA".
    static QString nameFromFile(const QString& path);

    void accept() override;

Q_SIGNALS:
    void uploadStarted(sfdesk::ImageUpload* upload);

private:
    void updateState();
    void browse();

    std::unique_ptr<Ui::UploadImageDialog> m_ui;
    QPointer<ImageUploads> m_uploads;
    QString m_workspaceId;
    QStringList m_takenNames;
    QString m_suggestedName;
};

} // namespace sfdesk
