// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/cloudinitpage.h"

#include "common/constvalue.h"
#include "core/cloudinit/cloudconfigschema.h"
#include "core/cloudinit/jinja.h"
#include "core/cloudinit/multipart.h"
#include "core/cloudinit/templates.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "core/util/plaintext.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/multipartdialog.h"
#include "gui/cloudinit/sshbootstrapdialog.h"
#include "gui/common/accessibleviews.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"

#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLockFile>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStandardPaths>
#include <QThreadPool>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace sfdesk {

using namespace Qt::StringLiterals;

void CloudInitPage::claimRecoveryFile()
{
    QDir directory(m_recoveryDirectory);
    directory.mkpath(u"."_s);
    // User data can hold password hashes: keep the copies private.
    QFile::setPermissions(m_recoveryDirectory,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    const auto lock = [](const QString& file) {
        auto lockFile = std::make_unique<QLockFile>(file + u".lock"_s);
        // Stale only when its process is gone: a window may stay open for days.
        lockFile->setStaleLockTime(0);
        return lockFile->tryLock(0) ? std::move(lockFile) : nullptr;
    };
    // Work left by a window that is gone (it crashed, or quit before the autosave was dealt with) is
    // taken over, newest first; the files of open windows are locked.
    const QStringList left = directory.entryList({u"unsaved-*.yaml"_s}, QDir::Files, QDir::Time);
    for (const QString& name : left) {
        if (auto lockFile = lock(directory.filePath(name))) {
            m_recoveryFile = directory.filePath(name);
            m_recoveryLock = std::move(lockFile);
            return;
        }
    }
    m_recoveryFile =
        directory.filePath(u"unsaved-%1.yaml"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces)));
    m_recoveryLock = lock(m_recoveryFile);
}

QString CloudInitPage::recoveryFile() const
{
    return m_recoveryFile;
}

void CloudInitPage::autosaveNow()
{
    m_autosaveTimer->stop();
    if (!m_editor->document()->isModified())
        return;
    QDir().mkpath(m_recoveryDirectory);
    // User data can hold password hashes: keep the copy private.
    QFile::setPermissions(m_recoveryDirectory,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QSaveFile file(recoveryFile());
    if (!file.open(QIODevice::WriteOnly))
        return;
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(m_editor->toPlainText().toUtf8());
    file.commit();
    QSaveFile origin(recoveryFile() + u".origin"_s);
    if (origin.open(QIODevice::WriteOnly)) {
        origin.write(m_fileName.toUtf8());
        origin.commit();
    }
}

void CloudInitPage::discardRecovery()
{
    QFile::remove(recoveryFile());
    QFile::remove(recoveryFile() + u".origin"_s);
    m_recoveryBanner->hide();
    m_recovered = false;
}

void CloudInitPage::restoreRecovery()
{
    QFile file(recoveryFile());
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QString text = QString::fromUtf8(file.readAll());
    QFile origin(recoveryFile() + u".origin"_s);
    if (origin.open(QIODevice::ReadOnly))
        m_fileName = QString::fromUtf8(origin.readAll());
    replaceText(text);
    m_editor->document()->setModified(true);
    m_recovered = true;
    const QDateTime when = QFileInfo(file).lastModified();
    m_recoveryLabel->setText(
        tr("Recovered unsaved work from %1%2. Save it, or discard it.")
            .arg(QLocale().toString(when, QLocale::ShortFormat),
                 m_fileName.isEmpty() ? QString() : tr(" (%1)").arg(QFileInfo(m_fileName).fileName())));
    m_recoveryBanner->show();
    updateFileLabel();
}

bool CloudInitPage::openFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (file.size() > CloudInit::maxUserDataFileBytes) {
        if (error)
            *error = tr("The file is larger than 4 MiB; user data is limited to 64 KiB.");
        return false;
    }
    replaceText(QString::fromUtf8(file.readAll()));
    m_fileName = QFileInfo(path).absoluteFilePath();
    m_editor->document()->setModified(false);
    m_autosaveTimer->stop();
    discardRecovery();
    validateNow();
    updateFileLabel();
    return true;
}

bool CloudInitPage::saveGzipTo(const QString& path, QString* error)
{
    const QByteArray payload = CloudInit::gzipCompress(m_editor->toPlainText().toUtf8());
    QSaveFile file(path);
    if (payload.isEmpty() || !file.open(QIODevice::WriteOnly) || file.write(payload) != payload.size()
        || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void CloudInitPage::saveGzip()
{
    const QString base = m_fileName.isEmpty() ? u"user-data"_s : m_fileName;
    auto* dialog = FileDialogs::toSave(
        this, u"cloudInitGzipDialog"_s, tr("Save Gzip-Compressed User Data"), base + u".gz"_s,
        tr("Gzip-compressed user data (*.gz);;All files (*)"), [this](const QString& path) {
            QString error;
            if (!saveGzipTo(path, &error))
                showError(tr("Save Gzip-Compressed User Data"), tr("Cannot save %1: %2").arg(path, error));
        });
    dialog->open();
}

bool CloudInitPage::saveTo(const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_editor->toPlainText().toUtf8()) < 0
        || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_fileName = QFileInfo(path).absoluteFilePath();
    m_editor->document()->setModified(false);
    m_autosaveTimer->stop();
    discardRecovery();
    updateFileLabel();
    return true;
}

QString CloudInitPage::documentName() const
{
    return m_fileName.isEmpty() ? tr("Untitled") : QFileInfo(m_fileName).fileName();
}

void CloudInitPage::whenUnsavedHandled(const QString& question, std::function<void()> then)
{
    if (!m_editor->document()->isModified()) {
        then();
        return;
    }
    // The text is on disk while the question is open, whatever happens to the process meanwhile.
    autosaveNow();
    m_unsavedPrompt(this, question,
                    [page = QPointer<CloudInitPage>(this), then = std::move(then)](UnsavedAnswer answer) {
                        if (!page)
                            return;
                        switch (answer) {
                        case UnsavedAnswer::Save:
                            page->saveThen(then);
                            return;
                        case UnsavedAnswer::Discard:
                            page->discardRecovery();
                            page->m_editor->document()->setModified(false);
                            page->m_autosaveTimer->stop();
                            then();
                            return;
                        case UnsavedAnswer::Cancel:
                            return;
                        }
                    });
}

void CloudInitPage::saveThen(std::function<void()> then)
{
    if (m_fileName.isEmpty()) {
        saveAsThen(std::move(then));
        return;
    }
    QString error;
    if (!saveTo(m_fileName, &error)) {
        showError(tr("Save User Data"), tr("Cannot save %1: %2").arg(m_fileName, error));
        return;
    }
    if (then)
        then();
}

void CloudInitPage::saveAsThen(std::function<void()> then)
{
    auto* dialog = FileDialogs::toSave(this, u"cloudInitSaveDialog"_s, tr("Save User Data"),
                                       m_fileName.isEmpty() ? u"user-data.yaml"_s : m_fileName,
                                       tr("Cloud-config (*.yaml *.yml);;All files (*)"),
                                       [this, then = std::move(then)](const QString& path) {
                                           QString error;
                                           if (!saveTo(path, &error)) {
                                               showError(tr("Save User Data"),
                                                         tr("Cannot save %1: %2").arg(path, error));
                                               return;
                                           }
                                           if (then)
                                               then();
                                       });
    dialog->open();
}

void CloudInitPage::newDocument()
{
    whenUnsavedHandled(tr("Save the changes to %1 before starting a new cloud-config?").arg(documentName()),
                       [this] {
                           replaceText(u"#cloud-config\n"_s);
                           m_fileName.clear();
                           m_editor->document()->setModified(false);
                           m_autosaveTimer->stop();
                           updateFileLabel();
                           validateNow();
                       });
}

void CloudInitPage::openText(const QString& text)
{
    whenUnsavedHandled(tr("Save the changes to %1 before opening another text?").arg(documentName()),
                       [this, text] {
                           // A new document: Save must not write it over the file that was open.
                           replaceText(text);
                           m_fileName.clear();
                           m_editor->document()->setModified(false);
                           m_autosaveTimer->stop();
                           updateFileLabel();
                           validateNow();
                       });
}

void CloudInitPage::open()
{
    whenUnsavedHandled(tr("Save the changes to %1 before opening another file?").arg(documentName()), [this] {
        auto* dialog = FileDialogs::toOpen(
            this, u"cloudInitOpenDialog"_s, tr("Open User Data"), QFileInfo(m_fileName).absolutePath(),
            tr("User data (*.yaml *.yml *.cfg *.txt *.sh);;All files (*)"), [this](const QString& path) {
                QString error;
                if (!openFile(path, &error))
                    showError(tr("Open User Data"), tr("Cannot open %1: %2").arg(path, error));
            });
        dialog->open();
    });
}

void CloudInitPage::save()
{
    saveThen({});
}

void CloudInitPage::saveAs()
{
    saveAsThen({});
}

void CloudInitPage::closeEvent(QCloseEvent* event)
{
    if (!m_editor->document()->isModified()) {
        event->accept();
        return;
    }
    m_inCloseEvent = true;
    whenUnsavedHandled(tr("Save the changes to %1 before closing?").arg(documentName()),
                       [page = QPointer<CloudInitPage>(this)] {
                           // Answered later: ask the window to close again; the page agrees this time.
                           if (page && !page->m_inCloseEvent)
                               page->window()->close();
                       });
    m_inCloseEvent = false;
    // Answered at once (or not yet): the text is saved or discarded, or the window stays.
    event->setAccepted(!m_editor->document()->isModified());
}

void CloudInitPage::updateFileLabel()
{
    const QString name = m_fileName.isEmpty() ? tr("Untitled") : QFileInfo(m_fileName).fileName();
    m_fileLabel->setText(m_editor->document()->isModified() ? name + u" •"_s : name);
    m_fileLabel->setToolTip(PlainText::toolTip(m_fileName));
}

} // namespace sfdesk
