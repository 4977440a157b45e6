// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/createinstancewizard.h"

#include "common/constvalue.h"
#include "core/util/plaintext.h"
#include "ui_createinstancewizard.h"

#include "core/cli/sfcommand.h"
#include "core/cloudinit/jinja.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "core/model/names.h"
#include "core/models/fabricmodel.h"
#include "core/models/imagemodel.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "gui/common/combos.h"
#include "gui/common/copyactions.h"
#include "gui/common/filedialogs.h"
#include "gui/common/messagebar.h"
#include "gui/common/messageboxes.h"
#include "gui/common/viewcontext.h"
#include "gui/partitions/createpartitiondialog.h"

#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QSignalBlocker>

#include <algorithm>
#include <utility>

namespace sfdesk {

namespace {

// cloud_init_user_data holds at most 64 KiB of base64 (CloudInit::PayloadSize): 48 KiB of data.
constexpr qint64 maxUserData = CloudInit::PayloadSize::limit / 4 * 3;

} // namespace

using namespace Qt::StringLiterals;

CreateInstanceWizard::UserDataSource CreateInstanceWizard::userDataSource() const
{
    return m_ui->cloudInitSourceCombo->currentData().value<UserDataSource>();
}

void CreateInstanceWizard::setUserDataSource(UserDataSource source)
{
    const int index = m_ui->cloudInitSourceCombo->findData(QVariant::fromValue(source));
    if (index >= 0)
        m_ui->cloudInitSourceCombo->setCurrentIndex(index);
}

void CreateInstanceWizard::updateCloudInitSource()
{
    const bool file = userDataSource() == UserDataSource::File;
    m_ui->cloudInitEdit->setVisible(file);
    m_ui->cloudInitBrowseButton->setVisible(file);
    if (userDataSource() == UserDataSource::Editor)
        reloadEditorUserData();
    updateCloudInitNote();
}

void CreateInstanceWizard::reloadEditorUserData()
{
    const auto draft = m_context->cloudInitDraft();
    m_editorTitle = draft ? draft->title : QString();
    m_editorFile = draft ? draft->savedFile : QString();
    const QByteArray data = draft ? draft->userData : QByteArray();
    // Jinja templates are rendered with the editor's instance data, as the editor renders them.
    const QJsonObject instanceData =
        draft && !draft->instanceData.isEmpty() ? draft->instanceData : CloudInit::sampleInstanceData();
    if ((m_editorChecked || m_checking) && data == m_editorData && instanceData == m_editorInstanceData) {
        updateCloudInitNote();
        return; // checked already, or being checked
    }
    m_editorData = data;
    m_editorInstanceData = instanceData;
    m_editorChecked = false;
    m_checking = true;
    m_userDataCheck->inputChanged();
    m_userDataCheck->run();
    updateCloudInitNote();
}

std::optional<QByteArray> CreateInstanceWizard::userData(QString* problem) const
{
    const auto fail = [problem](const QString& why) -> std::optional<QByteArray> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    switch (userDataSource()) {
    case UserDataSource::None:
        return QByteArray();
    case UserDataSource::File: {
        const QString path = m_ui->cloudInitEdit->text();
        if (path.isEmpty())
            return fail(tr("Choose a cloud-init file."));
        const QFileInfo info(path);
        if (!info.isFile())
            return fail(tr("No such file."));
        if (info.size() > maxUserData)
            return fail(
                tr("%1 bytes: user data may be at most 64 KiB in base64 as it is sent, 48 KiB of data.")
                    .arg(info.size()));
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return fail(tr("Cannot read the file: %1").arg(file.errorString()));
        return file.read(maxUserData + 1);
    }
    case UserDataSource::Editor: {
        if (m_checking)
            return fail(tr("Checking the text of %1…").arg(m_editorTitle));
        if (m_editorData.trimmed().isEmpty())
            return fail(tr("The Cloud-init editor is empty."));
        if (!m_editorCheck.valid()) {
            for (const CloudInit::Diagnostic& d : m_editorCheck.diagnostics)
                if (d.severity == CloudInit::Severity::Error)
                    return fail(tr("Line %1: %2").arg(d.range.start.line + 1).arg(d.message));
            return fail(tr("The editor's text is not valid user data."));
        }
        if (m_editorData.size() > maxUserData)
            return fail(
                tr("%1 bytes: user data may be at most 64 KiB in base64 as it is sent, 48 KiB of data.")
                    .arg(m_editorData.size()));
        return m_editorData;
    }
    }
    return QByteArray();
}

void CreateInstanceWizard::updateCloudInitNote()
{
    // Marks that read on light and dark backgrounds.
    const QString bad = QStringLiteral("<span style=\"color:#d93f3f\"><b>✗</b></span> ");
    const QString good = QStringLiteral("<span style=\"color:#2fb37a\"><b>✓</b></span> ");
    QString problem;
    const auto data = userData(&problem);
    const UserDataSource source = userDataSource();
    QString note;
    if (source == UserDataSource::None) {
        note = tr("Without user data you cannot log in: public images ship without a password or SSH "
                  "key. Add your SSH public key with a cloud-init file or the Cloud-init editor.");
    } else if (source == UserDataSource::File) {
        note = data ? tr("%1 bytes of user data.").arg(data->size()) : bad + problem.toHtmlEscaped();
    } else {
        const qsizetype errors = m_editorCheck.count(CloudInit::Severity::Error);
        const qsizetype warnings = m_editorCheck.count(CloudInit::Severity::Warning);
        const QString title = m_editorTitle.toHtmlEscaped();
        if (m_checking) {
            note = tr("Checking the text of %1…").arg(title);
        } else if (!data && errors == 1) {
            note = bad
                   + tr("<b>Not valid</b> (%1). %2. Fix it in the Cloud-init section.")
                         .arg(title, problem.toHtmlEscaped());
        } else if (!data && errors > 1) {
            note = bad
                   + tr("<b>Not valid</b> (%1, %2 errors). First: %3. Fix them in the Cloud-init section.")
                         .arg(title)
                         .arg(errors)
                         .arg(problem.toHtmlEscaped());
        } else if (!data) {
            note = bad + problem.toHtmlEscaped();
        } else if (warnings > 0) {
            QString first;
            for (const CloudInit::Diagnostic& d : std::as_const(m_editorCheck.diagnostics))
                if (d.severity == CloudInit::Severity::Warning) {
                    first = tr("line %1: %2").arg(d.range.start.line + 1).arg(d.message);
                    break;
                }
            const QString warned =
                warnings == 1 ? tr("with a warning: %1").arg(first.toHtmlEscaped())
                              : tr("with %1 warnings; first: %2").arg(warnings).arg(first.toHtmlEscaped());
            note = good + tr("<b>Valid</b>, %1 bytes from %2, %3.").arg(data->size()).arg(title, warned);
        } else {
            note = good + tr("<b>Valid</b>: %1 bytes from %2.").arg(data->size()).arg(title);
        }
    }
    // A problem is read in full colour; the rest is a quiet note.
    m_ui->cloudInitNoteLabel->setForegroundRole(source != UserDataSource::None && !data && !m_checking
                                                    ? QPalette::WindowText
                                                    : QPalette::PlaceholderText);
    m_ui->cloudInitNoteLabel->setText(note);
}

QString CreateInstanceWizard::sfCommand() const
{
    SfCommand::InstanceCreate create;
    create.pool = m_ui->poolCombo->currentText();
    const auto sku = currentSku();
    create.sku = sku ? (sku->alias.isEmpty() ? sku->id : sku->alias) : QString();
    create.image = m_ui->imageCombo->currentText();
    if (userDataSource() == UserDataSource::File) {
        create.cloudInitFile = QFileInfo(m_ui->cloudInitEdit->text()).absoluteFilePath();
    } else if (userDataSource() == UserDataSource::Editor) {
        // The CLI reads a file: the editor's when it is saved and holds this text; otherwise there is
        // no command until the text is saved.
        create.cloudInitFile = editorUserDataFile();
        if (create.cloudInitFile.isEmpty())
            return {};
    }
    create.partition = chosenPartitionName();
    QStringList lines;
    for (const QString& name : constValue(instanceNames())) {
        create.name = name;
        lines << SfCommand::instanceCreate(create);
    }
    return lines.join(u" && ");
}

QString CreateInstanceWizard::editorUserDataFile() const
{
    if (m_editorFile.isEmpty())
        return {};
    // Named only while it exists and holds what was sent: it may have been changed or removed since.
    QFile file(m_editorFile);
    if (!file.open(QIODevice::ReadOnly) || file.read(maxUserData + 1) != m_editorData)
        return {};
    return QFileInfo(m_editorFile).absoluteFilePath();
}

bool CreateInstanceWizard::saveUserDataTo(const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_editorData) != m_editorData.size()
        || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_editorFile = QFileInfo(path).absoluteFilePath();
    updateCommand();
    return true;
}

void CreateInstanceWizard::updateCommand()
{
    const QString command = sfCommand();
    const bool needsFile = command.isEmpty() && userDataSource() == UserDataSource::Editor;
    m_ui->commandEdit->setText(command);
    m_ui->commandEdit->setPlaceholderText(needsFile ? tr("Save the user data to get the sf command.")
                                                    : QString());
    m_ui->copyCommandButton->setText(needsFile ? tr("Save User Data and Copy sf &Command…")
                                               : tr("Copy as sf &command"));
}

void CreateInstanceWizard::copyCommand()
{
    if (!sfCommand().isEmpty() || userDataSource() != UserDataSource::Editor) {
        updateCommand();
        CopyActions::copy(m_ui->commandEdit->text());
        return;
    }
    // The user data is only in the editor: save what was sent, then copy a command naming that file.
    auto* dialog = FileDialogs::toSave(
        this, QStringLiteral("wizardUserDataSaveDialog"), tr("Save User Data"),
        QStringLiteral("user-data.yaml"), tr("Cloud-config (*.yaml *.yml);;All files (*)"),
        [this](const QString& path) {
            QString error;
            if (!saveUserDataTo(path, &error)) {
                MessageBoxes::warn(this, QStringLiteral("wizardUserDataErrorBox"), tr("Save User Data"),
                                   tr("Cannot save %1: %2").arg(path, error));
                return;
            }
            CopyActions::copy(m_ui->commandEdit->text());
        });
    dialog->open();
}

void CreateInstanceWizard::startCreating()
{
    updateCommand();
    const QStringList names = instanceNames();
    const QByteArray data = userData().value_or(QByteArray());
    NewInstance base;
    base.pool = m_ui->poolCombo->currentData().toString();
    base.sku = m_ui->skuCombo->currentData().toString();
    base.image = m_ui->imageCombo->currentData().toString();
    base.cloudInitUserData = data;
    base.infinibandPartition = chosenPartitionId();

    m_ui->resultTree->clear();
    m_ui->progressBar->setRange(0, static_cast<int>(names.size()));
    m_ui->progressBar->setValue(0);
    m_created.clear();
    m_pending = static_cast<int>(names.size());
    m_succeeded = m_failed = 0;
    button(QWizard::FinishButton)->setEnabled(false);
    for (const QString& name : names) {
        auto* item = new QTreeWidgetItem(
            m_ui->resultTree, {name.isEmpty() ? tr("(named by the server)") : name, tr("Creating…")});
        NewInstance instance = base;
        instance.name = name;
        auto done = [this] {
            --m_pending;
            m_ui->progressBar->setValue(m_succeeded + m_failed);
            if (m_pending == 0) {
                m_ui->resultPage->setTitle(
                    m_failed == 0
                        ? tr("Created %n instance(s)", nullptr, m_succeeded)
                        : tr("Created %1 of %2 instances").arg(m_succeeded).arg(m_succeeded + m_failed));
                button(QWizard::FinishButton)->setEnabled(true);
                Q_EMIT creationFinished(m_succeeded, m_failed);
            }
        };
        m_context->session()
            ->createInstance(instance)
            .onSuccess(this,
                       [this, item, done](const Instance& created) {
                           ++m_succeeded;
                           m_created.append(created);
                           item->setText(0, created.name);
                           item->setText(1, tr("Created %1, %2").arg(created.id, created.statusText));
                           done();
                       })
            .onFailure(this, [this, item, done](const ApiError& error) {
                ++m_failed;
                QString text = error.message();
                for (const FieldError& detail : error.details())
                    text += QStringLiteral(" ") + detail.message;
                // Creating is not idempotent: unless the server refused it, it may have created the
                // instance (an answer lost, a proxy's 502 or 504, a cancel), and creating it again
                // would make a second one.
                if (error.outcomeUnknown())
                    text += QStringLiteral(" ")
                            + tr("Whether it was created is not known: the instance may exist all the same. "
                                 "Look in Instances before you create it again.");
                item->setText(1, tr("Failed: %1").arg(text));
                item->setToolTip(1, PlainText::toolTip(text));
                done();
            });
    }
    m_ui->resultTree->resizeColumnToContents(0);
}

} // namespace sfdesk
