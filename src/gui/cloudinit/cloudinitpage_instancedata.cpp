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

namespace {

// The Jinja Instance Data dialog. Cancel, Escape and closing it with edited JSON ask first: use the
// changes, discard them, or go back to them.
class InstanceDataDialog final : public QDialog
{
public:
    using QDialog::QDialog;

    // Whether the text differs from the data in use, and whether it is JSON that can be used.
    std::function<bool()> edited;
    std::function<bool()> usable;
    // Uses the text (it is usable) and closes.
    std::function<void()> use;

    void reject() override
    {
        if (!edited || !edited()) {
            QDialog::reject();
            return;
        }
        // One question at a time (Escape pressed again while it is open).
        if (findChild<QMessageBox*>(u"cloudInitInstanceDataUnsavedBox"_s, Qt::FindDirectChildrenOnly))
            return;
        const bool canUse = usable();
        QMessageBox* box = ConfirmDialog::askUnsaved(
            this, u"cloudInitInstanceDataUnsavedBox"_s,
            canUse ? CloudInitPage::tr("The instance data was changed. Use the changes before closing?")
                   : CloudInitPage::tr("The instance data was changed but is not valid JSON, so it cannot be "
                                       "used. Discard the changes?"),
            CloudInitPage::tr("&Use Changes"), [this](ConfirmDialog::Unsaved answer) {
                switch (answer) {
                case ConfirmDialog::Unsaved::Keep:
                    use();
                    return;
                case ConfirmDialog::Unsaved::Discard:
                    QDialog::reject();
                    return;
                case ConfirmDialog::Unsaved::Cancel:
                    return;
                }
            });
        if (!canUse) {
            for (QAbstractButton* button : constValue(box->buttons()))
                if (box->buttonRole(button) == QMessageBox::AcceptRole)
                    button->setEnabled(false);
            box->setDefaultButton(QMessageBox::Cancel);
        }
    }
};

} // namespace

void CloudInitPage::setInstanceData(const QJsonObject& data)
{
    m_instanceData = data;
    validateNow();
}

void CloudInitPage::editInstanceData()
{
    auto* dialog = new InstanceDataDialog(this);
    dialog->setObjectName(u"cloudInitInstanceDataDialog"_s);
    dialog->setWindowTitle(tr("Jinja Instance Data"));
    dialog->setAccessibleName(tr("Instance data for Jinja templates"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* note =
        new QLabel(tr("Templates (\"## template: jinja\") are rendered with this instance data before "
                      "they are checked, as cloud-init renders them with the instance's "
                      "instance-data.json. Edit the values to try other instances."),
                   dialog);
    note->setWordWrap(true);
    auto* edit = new QPlainTextEdit(dialog);
    edit->setObjectName(u"cloudInitInstanceDataEdit"_s);
    edit->setAccessibleName(tr("Instance data as JSON"));
    edit->setTabChangesFocus(true);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const QString inUse = QString::fromUtf8(QJsonDocument(m_instanceData).toJson(QJsonDocument::Indented));
    edit->setPlainText(inUse);
    auto* status = new QLabel(dialog);
    status->setObjectName(u"cloudInitInstanceDataStatus"_s);
    status->setAccessibleName(tr("Instance data check"));
    status->setTextFormat(Qt::PlainText);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->setObjectName(u"cloudInitInstanceDataButtons"_s);
    buttons->button(QDialogButtonBox::Ok)->setObjectName(u"cloudInitInstanceDataOk"_s);
    QPushButton* sample = buttons->addButton(tr("&Sample Data"), QDialogButtonBox::ResetRole);
    sample->setObjectName(u"cloudInitInstanceDataSample"_s);
    sample->setAccessibleName(tr("Go back to the sample instance data"));
    connect(sample, &QPushButton::clicked, edit, [edit] {
        edit->setPlainText(QString::fromUtf8(
            QJsonDocument(CloudInit::sampleInstanceData()).toJson(QJsonDocument::Indented)));
    });
    const auto parse = [edit](QString* problem) -> std::optional<QJsonObject> {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(edit->toPlainText().toUtf8(), &error);
        if (error.error != QJsonParseError::NoError) {
            *problem = tr("Not JSON: %1 (at character %2)").arg(error.errorString()).arg(error.offset);
            return std::nullopt;
        }
        if (!document.isObject()) {
            *problem = tr("The instance data must be a JSON object, such as {\"v1\": {...}}.");
            return std::nullopt;
        }
        return document.object();
    };
    connect(edit, &QPlainTextEdit::textChanged, dialog, [status, buttons, parse] {
        QString problem;
        const bool ok = parse(&problem).has_value();
        status->setText(ok ? tr("✓ Valid JSON") : problem);
        buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    });
    dialog->edited = [edit, inUse] { return edit->toPlainText() != inUse; };
    dialog->usable = [parse] {
        QString problem;
        return parse(&problem).has_value();
    };
    dialog->use = [this, dialog, parse] {
        QString problem;
        if (const auto data = parse(&problem)) {
            setInstanceData(*data);
            dialog->accept();
        }
    };
    connect(buttons, &QDialogButtonBox::accepted, dialog, [dialog] { dialog->use(); });
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(note);
    layout->addWidget(edit, 1);
    layout->addWidget(status);
    layout->addWidget(buttons);
    dialog->resize(560, 480);
    dialog->open();
}

} // namespace sfdesk
