// SPDX-License-Identifier: Apache-2.0

#include "gui/images/imageuploadspanel.h"

#include "common/constvalue.h"
#include "core/api/imageupload.h"
#include "core/models/format.h"
#include "gui/common/accessibleviews.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"

#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace sfdesk {

namespace {

QString speedText(double bytesPerSecond)
{
    return ImageUploadsPanel::tr("%1/s").arg(Format::bytes(qint64(bytesPerSecond)));
}

} // namespace

class ImageUploadsPanel::Row final : public QFrame
{
public:
    Row(ImageUploadsPanel* panel, ImageUpload* upload)
        : QFrame(panel)
        , m_panel(panel)
        , m_upload(upload)
        , m_title(PlainText::label(this))
        , m_progress(new ValueTextBar(this))
        , m_status(PlainText::label(this))
        , m_pause(new QPushButton(ThemeIcons::icon(QStringLiteral("media-playback-pause")),
                                  ImageUploadsPanel::tr("&Pause"), this))
        , m_resume(new QPushButton(ThemeIcons::icon(QStringLiteral("media-playback-start")),
                                   ImageUploadsPanel::tr("&Resume"), this))
        , m_cancel(new QPushButton(ThemeIcons::icon(QStringLiteral("process-stop")),
                                   ImageUploadsPanel::tr("Ca&ncel Upload…"), this))
    {
        setObjectName(QStringLiteral("imageUploadRow"));
        setFrameShape(QFrame::StyledPanel);
        // The image's and the file's names are data, never markup.
        for (QLabel* label : {m_title, m_status}) {
            label->setTextFormat(Qt::PlainText);
            label->setWordWrap(true);
        }
        m_title->setObjectName(QStringLiteral("imageUploadTitle"));
        m_status->setObjectName(QStringLiteral("imageUploadStatus"));
        m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_progress->setObjectName(QStringLiteral("imageUploadProgress"));
        m_progress->setRange(0, 1000);
        m_pause->setObjectName(QStringLiteral("imageUploadPauseButton"));
        m_resume->setObjectName(QStringLiteral("imageUploadResumeButton"));
        m_cancel->setObjectName(QStringLiteral("imageUploadCancelButton"));

        auto* layout = new QVBoxLayout(this);
        layout->addWidget(m_title);
        auto* line = new QHBoxLayout;
        line->addWidget(m_progress, 1);
        line->addWidget(m_pause);
        line->addWidget(m_resume);
        line->addWidget(m_cancel);
        layout->addLayout(line);
        layout->addWidget(m_status);

        connect(upload, &ImageUpload::changed, this, [this] { update(); });
        connect(m_pause, &QPushButton::clicked, this, [this] {
            if (ImageUploads* uploads = m_panel->uploads())
                uploads->pause(m_upload);
        });
        connect(m_resume, &QPushButton::clicked, this, [this] {
            if (ImageUploads* uploads = m_panel->uploads())
                uploads->resume(m_upload);
        });
        connect(m_cancel, &QPushButton::clicked, this, [this] { askCancel(); });
        update();
    }

private:
    void askCancel()
    {
        const ImageUpload::Record& r = m_upload->record();
        const QString name = r.imageName.isEmpty() ? QFileInfo(r.file).fileName() : r.imageName;
        ConfirmDialog::ask(
            this, ImageUploadsPanel::tr("Cancel Upload"),
            r.imageId.isEmpty()
                ? ImageUploadsPanel::tr("Stop uploading %1?").arg(name)
                : ImageUploadsPanel::tr("Stop uploading %1 and delete image %2 (%3) with the parts already "
                                        "uploaded?")
                      .arg(QFileInfo(r.file).fileName(), name, r.imageId),
            ImageUploadsPanel::tr("Cancel &Upload"),
            [panel = m_panel, upload = m_upload, name](bool confirmed) {
                if (confirmed)
                    panel->cancelUpload(upload, name);
            });
    }

    void update()
    {
        const ImageUpload::Record& r = m_upload->record();
        const QString file = QFileInfo(r.file).fileName();
        const QString name = r.imageName.isEmpty() ? file : r.imageName;
        const ImageUpload::State state = m_upload->state();
        const bool active = m_upload->isActive();
        m_title->setText(
            ImageUploadsPanel::tr("Image %1 from %2 (%3)").arg(name, file, Format::bytes(r.size)));

        const qint64 uploaded = m_upload->bytesUploaded();
        const int permille = r.size > 0 ? int(uploaded * 1000 / r.size) : (uploaded > 0 ? 1000 : 0);
        const QString amount = ImageUploadsPanel::tr("%1 of %2 (%3%)")
                                   .arg(Format::bytes(uploaded), Format::bytes(r.size))
                                   .arg(permille / 10);
        // Sizes and a percentage: nothing the bar's format would take for its %p, %v or %m. Screen
        // readers hear the text as the bar's value.
        m_progress->setReading(std::clamp(permille, 0, 1000), amount);
        m_progress->setAccessibleName(ImageUploadsPanel::tr("Upload of %1").arg(name));

        QString status;
        switch (state) {
        case ImageUpload::State::Preparing:
            status = ImageUploadsPanel::tr("Creating the image…");
            break;
        case ImageUpload::State::Uploading: {
            const double speed = m_upload->bytesPerSecond();
            status = speed > 0 ? speedText(speed) : ImageUploadsPanel::tr("Starting…");
            if (speed > 0 && uploaded < r.size)
                status += QStringLiteral(", ")
                          + ImageUploadsPanel::tr("about %1 left")
                                .arg(Format::duration(qint64((r.size - uploaded) / speed) + 1));
            if (r.sha256.isEmpty() && r.size > 0)
                status += QStringLiteral(" · ")
                          + ImageUploadsPanel::tr("SHA-256 %1%").arg(m_upload->bytesHashed() * 100 / r.size);
            break;
        }
        case ImageUpload::State::Completing:
            status = ImageUploadsPanel::tr("All parts are in; SF Compute checks the SHA-256…");
            break;
        case ImageUpload::State::Paused:
        case ImageUpload::State::Failed:
            status = m_upload->problem();
            break;
        }
        m_status->setText(status);
        m_progress->setAccessibleDescription(amount + QStringLiteral(". ") + status);
        m_status->setForegroundRole(state == ImageUpload::State::Failed ? QPalette::Text
                                                                        : QPalette::PlaceholderText);
        m_pause->setVisible(active);
        m_pause->setEnabled(state == ImageUpload::State::Uploading);
        m_resume->setVisible(!active);
        m_pause->setAccessibleName(ImageUploadsPanel::tr("Pause the upload of %1").arg(name));
        m_resume->setAccessibleName(ImageUploadsPanel::tr("Resume the upload of %1").arg(name));
        m_cancel->setAccessibleName(ImageUploadsPanel::tr("Cancel the upload of %1").arg(name));
    }

    ImageUploadsPanel* m_panel;
    ImageUpload* m_upload;
    QLabel* m_title;
    ValueTextBar* m_progress;
    QLabel* m_status;
    QPushButton* m_pause;
    QPushButton* m_resume;
    QPushButton* m_cancel;
};

ImageUploadsPanel::ImageUploadsPanel(QWidget* parent)
    : QWidget(parent)
    , m_layout(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("imageUploadsPanel"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    hide();
}

ImageUploadsPanel::~ImageUploadsPanel() = default;

ImageUploads* ImageUploadsPanel::uploads() const
{
    return m_uploads;
}

void ImageUploadsPanel::setUploads(ImageUploads* uploads)
{
    if (uploads == m_uploads)
        return;
    if (m_uploads)
        disconnect(m_uploads, nullptr, this, nullptr);
    qDeleteAll(std::exchange(m_rows, {}));
    m_uploads = uploads;
    if (uploads) {
        connect(uploads, &ImageUploads::uploadAdded, this, &ImageUploadsPanel::addRow);
        connect(uploads, &ImageUploads::uploadRemoved, this, &ImageUploadsPanel::removeRow);
        for (ImageUpload* upload : constValue(uploads->uploads()))
            addRow(upload);
    }
    setVisible(!m_rows.isEmpty());
}

void ImageUploadsPanel::addRow(ImageUpload* upload)
{
    if (m_rows.contains(upload))
        return;
    auto* row = new Row(this, upload);
    m_rows.insert(upload, row);
    m_layout->addWidget(row);
    show();
}

void ImageUploadsPanel::cancelUpload(ImageUpload* upload, const QString& name)
{
    // Later: the question that asked is the row's, and the row goes with the upload.
    QMetaObject::invokeMethod(
        this,
        [this, upload = QPointer<ImageUpload>(upload), name] {
            if (!upload || !m_uploads)
                return;
            m_uploads->cancel(upload);
            Q_EMIT cancelled(name);
        },
        Qt::QueuedConnection);
}

void ImageUploadsPanel::removeRow(ImageUpload* upload)
{
    delete m_rows.take(upload);
    setVisible(!m_rows.isEmpty());
}

} // namespace sfdesk
