// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QPointer>
#include <QWidget>

class QVBoxLayout;

namespace sfdesk {

class ImageUpload;
class ImageUploads;

// The connection's image uploads above the Images table, one line each: what goes where, a
// progress bar whose text says how much of how much (read by screen readers too), the speed and
// what is left, the SHA-256's progress, and Pause, Resume and Cancel. An upload an earlier run of
// the app left unfinished shows paused, with its reason, to be resumed or cancelled. Hidden while
// there is none.
class ImageUploadsPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImageUploadsPanel)

public:
    explicit ImageUploadsPanel(QWidget* parent = nullptr);
    ~ImageUploadsPanel() override;

    // The uploads of the connection now shown; null shows none.
    void setUploads(ImageUploads* uploads);
    ImageUploads* uploads() const;

Q_SIGNALS:
    // Cancel was chosen and confirmed: the view reports it.
    void cancelled(const QString& imageName);

private:
    class Row;
    void addRow(ImageUpload* upload);
    void removeRow(ImageUpload* upload);
    void cancelUpload(ImageUpload* upload, const QString& name);

    QPointer<ImageUploads> m_uploads;
    QVBoxLayout* m_layout;
    QHash<ImageUpload*, Row*> m_rows;
};

} // namespace sfdesk
