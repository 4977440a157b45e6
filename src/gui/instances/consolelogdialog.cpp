// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/consolelogdialog.h"

#include "ui_consolelogdialog.h"

#include "gui/common/viewcontext.h"

#include <QFontDatabase>
#include <QPushButton>

namespace sfdesk {

ConsoleLogDialog::ConsoleLogDialog(ViewContext* context, const QString& instanceId,
                                   const QString& instanceName, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ConsoleLogDialog>())
    , m_context(context)
    , m_instanceId(instanceId)
{
    m_ui->setupUi(this);
    // Server text is data: never markup or a link.
    m_ui->statusLabel->setTextFormat(Qt::PlainText);
    setObjectName(QStringLiteral("consoleLogDialog"));
    setWindowTitle(tr("Console Log of %1").arg(instanceName));
    m_ui->logText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->reloadButton, &QPushButton::clicked, this, &ConsoleLogDialog::reload);
    connect(m_ui->nextButton, &QPushButton::clicked, this, [this] { find(false); });
    connect(m_ui->previousButton, &QPushButton::clicked, this, [this] { find(true); });
    connect(m_ui->searchEdit, &QLineEdit::returnPressed, this, [this] { find(false); });
    connect(m_ui->searchEdit, &QLineEdit::textChanged, this, [this] {
        updateMatches();
        m_ui->logText->moveCursor(QTextCursor::Start);
        find(false);
    });
    reload();
}

ConsoleLogDialog::~ConsoleLogDialog() = default;

void ConsoleLogDialog::reload()
{
    if (!m_context->session()->canSend())
        return;
    m_ui->statusLabel->setText(tr("Loading…"));
    m_context->session()
        ->consoleLogs(m_instanceId)
        .onSuccess(this,
                   [this](const QList<ConsoleLine>& lines) {
                       QStringList text;
                       for (const ConsoleLine& line : lines)
                           text << line.text;
                       m_ui->logText->setPlainText(text.join(u'\n'));
                       m_ui->statusLabel->setText(
                           lines.isEmpty() ? tr("No console output yet: the instance may still "
                                                "be waiting for allocation or booting.")
                                           : tr("%n line(s)", nullptr, static_cast<int>(lines.size())));
                       updateMatches();
                       Q_EMIT loaded();
                   })
        .onFailure(this, [this](const ApiError& error) {
            m_ui->statusLabel->setText(error.message());
            Q_EMIT loaded();
        });
}

void ConsoleLogDialog::updateMatches()
{
    const QString needle = m_ui->searchEdit->text();
    m_matches = needle.isEmpty()
                    ? 0
                    : static_cast<int>(m_ui->logText->toPlainText().count(needle, Qt::CaseInsensitive));
    m_ui->matchLabel->setText(needle.isEmpty() ? QString() : tr("%n match(es)", nullptr, m_matches));
    m_ui->nextButton->setEnabled(m_matches > 0);
    m_ui->previousButton->setEnabled(m_matches > 0);
}

void ConsoleLogDialog::find(bool backward)
{
    const QString needle = m_ui->searchEdit->text();
    if (needle.isEmpty())
        return;
    const QTextDocument::FindFlags flags =
        backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (!m_ui->logText->find(needle, flags)) {
        // Wrap around.
        m_ui->logText->moveCursor(backward ? QTextCursor::End : QTextCursor::Start);
        m_ui->logText->find(needle, flags);
    }
}

} // namespace sfdesk
