// SPDX-License-Identifier: Apache-2.0

#include "gui/settings/signindialog.h"

#include "core/connection/connection.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sfdesk {

SignInDialog::SignInDialog(Connection* connection, const QString& reason, QWidget* parent)
    : QDialog(parent)
    , m_connection(connection)
    , m_token(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("signInDialog"));
    const ConnectionProfile& profile = connection->profile();
    setWindowTitle(tr("Sign In to %1").arg(profile.name));

    auto* intro = new QLabel(this);
    intro->setObjectName(QStringLiteral("signInIntro"));
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    intro->setText(tr("Paste an API token for %1 (%2). It is checked with the server and then kept in the "
                      "system keychain.")
                       .arg(profile.name, connection->serverUrl().toDisplayString()));

    auto* where = new QLabel(this);
    where->setObjectName(QStringLiteral("signInTokenLink"));
    where->setWordWrap(true);
    where->setTextFormat(Qt::RichText);
    where->setOpenExternalLinks(true);
    where->setTextInteractionFlags(Qt::TextBrowserInteraction);
    where->setText(profile.kind == ConnectionProfile::Kind::SfCompute
                       ? tr("Create a token under <a href=\"%1\">API keys</a> in your SF Compute account, or "
                            "with <code>sf tokens create</code>.")
                             .arg(QLatin1StringView(tokenPage))
                       : tr("Ask the server's administrator for a token."));

    m_token->setObjectName(QStringLiteral("tokenField"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("sk_live_…"));
    m_token->setAccessibleName(tr("API token"));
    m_token->setClearButtonEnabled(true);

    m_status->setObjectName(QStringLiteral("signInStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText); // quotes the server
    m_status->setText(reason);
    m_status->setVisible(!reason.isEmpty());

    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Sign In"));
    m_buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("signInButton"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);

    auto* form = new QFormLayout;
    auto* tokenLabel = new QLabel(tr("API &token:"), this);
    tokenLabel->setBuddy(m_token);
    form->addRow(tokenLabel, m_token);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(where);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addStretch();
    layout->addWidget(m_buttons);

    connect(m_token, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SignInDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(connection, &Connection::signedIn, this, [this] {
        setBusy(false);
        QDialog::accept();
    });
    connect(connection, &Connection::signInFailed, this, [this](const QString& why) {
        setBusy(false);
        m_status->setText(why);
        m_status->show();
        m_token->selectAll();
        m_token->setFocus();
    });
    // A switch to another connection makes this one's question moot.
    connect(connection, &QObject::destroyed, this, &QDialog::reject);
    resize(qMax(sizeHint().width(), 460), sizeHint().height());
}

SignInDialog::~SignInDialog() = default;

void SignInDialog::accept()
{
    if (!m_connection || m_token->text().trimmed().isEmpty())
        return;
    setBusy(true);
    m_status->setText(tr("Checking the token with the server…"));
    m_status->show();
    m_connection->signIn(m_token->text());
}

void SignInDialog::setBusy(bool busy)
{
    m_token->setEnabled(!busy);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!busy && !m_token->text().trimmed().isEmpty());
}

} // namespace sfdesk
