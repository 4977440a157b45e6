// SPDX-License-Identifier: Apache-2.0

#include "gui/common/namedialog.h"

#include "ui_namedialog.h"

#include "core/api/apicall.h"
#include "core/model/names.h"
#include "gui/common/errorlabel.h"

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
    m_ui->errorLabel->hide();
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
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(nameOk && !m_sending);
}

void NameDialog::accept()
{
    if (m_sending || !m_ui->buttonBox->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    ApiCall* call = m_submit ? m_submit(name()) : nullptr;
    if (!call) {
        QDialog::accept();
        return;
    }
    m_sending = true;
    m_ui->errorLabel->hide();
    updateState();
    call->onFailure(this, [this](const ApiError& error) {
        m_sending = false;
        showRefusal(m_ui->errorLabel, error);
        updateState();
    });
    connect(call, &ApiCall::succeeded, this, [this] {
        m_sending = false;
        QDialog::accept();
    });
}

} // namespace sfdesk
