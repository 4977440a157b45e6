// SPDX-License-Identifier: Apache-2.0

#include "gui/images/uploadimagedialog.h"

#include "ui_uploadimagedialog.h"

#include "core/api/imageupload.h"
#include "core/cli/sfcommand.h"
#include "core/model/names.h"
#include "core/models/format.h"
#include "gui/common/copyactions.h"
#include "gui/common/filedialogs.h"
#include "gui/common/themeicons.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>
#include <QRegularExpression>

#include <algorithm>

namespace sfdesk {

UploadImageDialog::UploadImageDialog(ImageUploads* uploads, const QString& workspaceId,
                                     const QString& workspaceName, const QStringList& takenNames,
                                     QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::UploadImageDialog>())
    , m_uploads(uploads)
    , m_workspaceId(workspaceId)
    , m_takenNames(takenNames)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("uploadImageDialog"));
    const ImageUploads::Options options = uploads ? uploads->options() : ImageUploads::Options();
    m_ui->introLabel->setText(tr("The file goes up in parts of %2, %n at a time, into workspace \"%1\"; SF "
                                 "Compute checks its SHA-256 "
                                 "when the last part is in. An interrupted upload goes on from where it "
                                 "stopped, also after the app "
                                 "was closed.",
                                 nullptr, options.parallelParts)
                                  .arg(workspaceName, Format::bytes(options.partSize)));
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setText(tr("&Upload"));
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("uploadImageStartButton"));
    m_ui->problemLabel->setForegroundRole(QPalette::PlaceholderText);
    m_ui->fileInfoLabel->setForegroundRole(QPalette::PlaceholderText);
    m_ui->errorLabel->hide();
    m_ui->browseButton->setIcon(ThemeIcons::icon(QStringLiteral("document-open")));
    m_ui->copyCommandButton->setIcon(ThemeIcons::icon(QStringLiteral("utilities-terminal")));
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setIcon(ThemeIcons::icon(QStringLiteral("document-send")));
    connect(m_ui->fileEdit, &QLineEdit::textChanged, this, [this] {
        const QString suggestion = nameFromFile(file());
        // The name follows the file until the user types one of their own.
        if (m_ui->nameEdit->text().isEmpty() || m_ui->nameEdit->text() == m_suggestedName)
            m_ui->nameEdit->setText(suggestion);
        m_suggestedName = suggestion;
        updateState();
    });
    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, &UploadImageDialog::updateState);
    connect(m_ui->browseButton, &QPushButton::clicked, this, &UploadImageDialog::browse);
    connect(m_ui->copyCommandButton, &QPushButton::clicked, this,
            [this] { CopyActions::copy(m_ui->commandLabel->text()); });
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &UploadImageDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &UploadImageDialog::reject);
    updateState();
}

UploadImageDialog::~UploadImageDialog() = default;

QString UploadImageDialog::file() const
{
    return QDir::fromNativeSeparators(m_ui->fileEdit->text().trimmed());
}

QString UploadImageDialog::name() const
{
    return m_ui->nameEdit->text().trimmed();
}

void UploadImageDialog::setFile(const QString& path)
{
    m_ui->fileEdit->setText(QDir::toNativeSeparators(path));
}

QString UploadImageDialog::nameFromFile(const QString& path)
{
    static const QRegularExpression invalid(QStringLiteral("[^A-Za-z0-9._-]+"));
    static const QRegularExpression leading(QStringLiteral("^[^A-Za-z0-9]+"));
    static const QRegularExpression trailing(QStringLiteral("[-.]+$"));
    QString name = QFileInfo(path).completeBaseName();
    name.replace(invalid, QStringLiteral("-"));
    name.remove(leading);
    name.remove(trailing);
    return name.left(255);
}

void UploadImageDialog::browse()
{
    const QFileInfo current(file());
    auto* dialog =
        FileDialogs::toOpen(this, QStringLiteral("uploadImageFileDialog"), tr("Choose the Image File"),
                            current.exists() ? current.absolutePath() : QDir::homePath(),
                            tr("Disk images (*.img *.raw *.qcow2 *.iso);;All files (*)"),
                            [this](const QString& path) { setFile(path); });
    dialog->open();
}

void UploadImageDialog::updateState()
{
    QString problem;
    QString info;
    const QString path = file();
    const QString imageName = name();
    if (!path.isEmpty()) {
        const QFileInfo fileInfo(path);
        if (!fileInfo.exists())
            problem = tr("There is no file %1.").arg(path);
        else if (!fileInfo.isFile() || !fileInfo.isReadable())
            problem = tr("%1 is not a file this app can read.").arg(path);
        else if (fileInfo.size() > ImageUploads::MaxImageBytes)
            problem = tr("%1 is %2; an image has at most 128 GiB.").arg(path, Format::bytes(fileInfo.size()));
        else if (m_uploads) {
            const qint64 partSize = ImageUploads::partSizeFor(fileInfo.size(), m_uploads->options().partSize);
            const qint64 parts = std::max<qint64>(1, (fileInfo.size() + partSize - 1) / partSize);
            info = tr("%1 in %n part(s) of up to %2.", nullptr, int(parts))
                       .arg(Format::bytes(fileInfo.size()), Format::bytes(partSize));
        }
    }
    if (problem.isEmpty() && !imageName.isEmpty()) {
        problem = Names::problem(imageName);
        if (problem.isEmpty() && m_takenNames.contains(imageName))
            problem = tr("An image named \"%1\" is already in this workspace.").arg(imageName);
    }
    m_ui->problemLabel->setText(problem);
    m_ui->problemLabel->setVisible(!problem.isEmpty());
    m_ui->fileInfoLabel->setText(info);
    m_ui->fileInfoLabel->setVisible(!info.isEmpty());
    m_ui->commandLabel->setText(SfCommand::imageUpload(path.isEmpty() ? tr("FILE") : path, imageName));
    m_ui->buttonBox->button(QDialogButtonBox::Ok)
        ->setEnabled(problem.isEmpty() && !path.isEmpty() && !imageName.isEmpty() && m_uploads
                     && !m_workspaceId.isEmpty());
}

void UploadImageDialog::accept()
{
    if (!m_ui->buttonBox->button(QDialogButtonBox::Ok)->isEnabled() || !m_uploads)
        return;
    QString error;
    ImageUpload* upload = m_uploads->start(file(), m_workspaceId, name(), &error);
    if (!upload) {
        m_ui->errorLabel->setText(error);
        m_ui->errorLabel->show();
        return;
    }
    Q_EMIT uploadStarted(upload);
    QDialog::accept();
}

} // namespace sfdesk
