// SPDX-License-Identifier: Apache-2.0

#include "gui/common/namedialog.h"

#include "ui_namedialog.h"

#include "core/api/apicall.h"
#include "core/model/names.h"
#include "gui/common/dialogrequest.h"

#include <QPushButton>

namespace sfdesk {

NameDialog::NameDialog(const QString& title, const QString& prompt, const QString& initial,
                       const QStringList& takenNames, Submit submit, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::NameDialog>())
    , m_takenNames(takenNames)
    , m_initial(initial)
    , m_submit(std::move(submit))
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("nameDialog"));
    setWindowTitle(title);
    m_ui->promptLabel->setText(prompt);
    m_ui->nameEdit->setAccessibleDescription(prompt);
    m_ui->nameEdit->setText(initial);
    m_ui->nameEdit->selectAll();
    m_ui->nameProblemLabel->setForegroundRole(QPalette::PlaceholderText);
    m_request = new DialogRequest(m_ui->errorLabel, [this] { updateState(); }, this);
    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, &NameDialog::updateState);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &NameDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &NameDialog::reject);
    updateState();
}

NameDialog::~NameDialog() = default;

QString NameDialog::name() const
{
    return m_ui->nameEdit->text();
}

void NameDialog::setEmptyAllowed(bool allowed)
{
    m_emptyAllowed = allowed;
    updateState();
}

void NameDialog::updateState()
{
    const QString name = m_ui->nameEdit->text();
    QString problem;
    if (!name.isEmpty()) {
        problem = Names::problem(name);
        if (problem.isEmpty() && name != m_initial && m_takenNames.contains(name))
            problem = tr("\"%1\" is already taken here.").arg(name);
    }
    m_ui->nameProblemLabel->setText(problem);
    m_ui->nameProblemLabel->setVisible(!problem.isEmpty());
    const bool nameOk = problem.isEmpty() && (m_emptyAllowed || !name.isEmpty())
                        && (m_initial.isEmpty() || name != m_initial);
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(nameOk && !m_request->isOut());
}

void NameDialog::accept()
{
    if (m_request->isOut() || !m_ui->buttonBox->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    ApiCall* call = m_submit ? m_submit(name()) : nullptr;
    if (!call) {
        QDialog::accept();
        return;
    }
    m_request->start();
    // What the call answers is not read: the caller has it.
    m_request->watch(ApiReply<void>(call), [this] { QDialog::accept(); });
}

} // namespace sfdesk
