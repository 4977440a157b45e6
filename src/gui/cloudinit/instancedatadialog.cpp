// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/instancedatadialog.h"

#include "common/constvalue.h"
#include "core/cloudinit/jinja.h"
#include "gui/common/confirmdialog.h"
#include "ui_instancedatadialog.h"

#include <QAbstractButton>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>

namespace sfdesk {

using namespace Qt::StringLiterals;

InstanceDataDialog::InstanceDataDialog(const QJsonObject& inUse, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::InstanceDataDialog>())
    , m_inUse(QString::fromUtf8(QJsonDocument(inUse).toJson(QJsonDocument::Indented)))
{
    m_ui->setupUi(this);
    setObjectName(u"cloudInitInstanceDataDialog"_s);
    QPlainTextEdit* edit = m_ui->cloudInitInstanceDataEdit;
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setPlainText(m_inUse);
    QDialogButtonBox* buttons = m_ui->cloudInitInstanceDataButtons;
    buttons->button(QDialogButtonBox::Ok)->setObjectName(u"cloudInitInstanceDataOk"_s);
    QPushButton* sample = buttons->addButton(tr("&Sample Data"), QDialogButtonBox::ResetRole);
    sample->setObjectName(u"cloudInitInstanceDataSample"_s);
    sample->setAccessibleName(tr("Go back to the sample instance data"));
    connect(sample, &QPushButton::clicked, edit, [edit] {
        edit->setPlainText(QString::fromUtf8(
            QJsonDocument(CloudInit::sampleInstanceData()).toJson(QJsonDocument::Indented)));
    });
    connect(edit, &QPlainTextEdit::textChanged, this, [this] {
        QString problem;
        const bool ok = parse(&problem).has_value();
        m_ui->cloudInitInstanceDataStatus->setText(ok ? tr("✓ Valid JSON") : problem);
        m_ui->cloudInitInstanceDataButtons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &InstanceDataDialog::use);
    connect(buttons, &QDialogButtonBox::rejected, this, &InstanceDataDialog::reject);
}

InstanceDataDialog::~InstanceDataDialog() = default;

std::optional<QJsonObject> InstanceDataDialog::parse(QString* problem) const
{
    QJsonParseError error;
    const QJsonDocument document =
        QJsonDocument::fromJson(m_ui->cloudInitInstanceDataEdit->toPlainText().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError) {
        *problem = tr("Not JSON: %1 (at character %2)").arg(error.errorString()).arg(error.offset);
        return std::nullopt;
    }
    if (!document.isObject()) {
        *problem = tr("The instance data must be a JSON object, such as {\"v1\": {...}}.");
        return std::nullopt;
    }
    return document.object();
}

void InstanceDataDialog::use()
{
    QString problem;
    if (const auto data = parse(&problem)) {
        Q_EMIT used(*data);
        accept();
    }
}

void InstanceDataDialog::reject()
{
    if (m_ui->cloudInitInstanceDataEdit->toPlainText() == m_inUse) {
        QDialog::reject();
        return;
    }
    // One question at a time (Escape pressed again while it is open).
    if (findChild<QMessageBox*>(u"cloudInitInstanceDataUnsavedBox"_s, Qt::FindDirectChildrenOnly))
        return;
    QString problem;
    const bool canUse = parse(&problem).has_value();
    QMessageBox* box = ConfirmDialog::askUnsaved(
        this, u"cloudInitInstanceDataUnsavedBox"_s,
        canUse ? tr("The instance data was changed. Use the changes before closing?")
               : tr("The instance data was changed but is not valid JSON, so it cannot be "
                    "used. Discard the changes?"),
        tr("&Use Changes"), [this](ConfirmDialog::Unsaved answer) {
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

} // namespace sfdesk
