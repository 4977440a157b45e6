// SPDX-License-Identifier: Apache-2.0

#include "gui/settings/signindialog.h"

#include "core/connection/connection.h"
#include "ui_signindialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace sfdesk {

SignInDialog::SignInDialog(Connection* connection, const QString& reason, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SignInDialog>())
    , m_connection(connection)
{
    m_ui->setupUi(this);
    m_signIn = m_ui->buttonBox->button(QDialogButtonBox::Ok);
    m_thisRunOnly = m_ui->buttonBox->addButton(tr("Use for This &Run Only"), QDialogButtonBox::ActionRole);
    m_tryAgain = m_ui->buttonBox->addButton(tr("&Try Again"), QDialogButtonBox::ActionRole);
    setObjectName(QStringLiteral("signInDialog"));
    const ConnectionProfile& profile = connection->profile();
    setWindowTitle(tr("Sign In to %1").arg(profile.name));

    m_toldThisRunOnly = !connection->keepsTokensAcrossRuns();
    // A --server connection is named by its address: said once.
    const QString address = connection->serverUrl().toDisplayString();
    const QString server = profile.name == address ? address : tr("%1 (%2)").arg(profile.name, address);
    m_ui->signInIntro->setText(
        m_toldThisRunOnly ? tr("Paste an API token for %1. It is checked with the server. There is no "
                               "system keychain on this desktop, so it is kept for this run only.")
                                .arg(server)
                          : tr("Paste an API token for %1. It is checked with the server and then "
                               "kept in the system keychain.")
                                .arg(server));

    m_ui->signInTokenLink->setText(
        profile.kind == ConnectionProfile::Kind::SfCompute
            ? tr("Create a token under <a href=\"%1\">API keys</a> in your SF Compute account, or "
                 "with <code>sf tokens create</code>.")
                  .arg(QLatin1StringView(tokenPage))
            : tr("Ask the server's administrator for a token."));

    m_ui->signInStatus->setText(reason);
    m_ui->signInStatus->setVisible(!reason.isEmpty());

    m_signIn->setText(tr("Sign In"));
    m_signIn->setObjectName(QStringLiteral("signInButton"));
    m_signIn->setEnabled(false);
    m_ui->buttonBox->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("signInCancelButton"));
    m_thisRunOnly->setObjectName(QStringLiteral("thisRunOnlyButton"));
    m_thisRunOnly->setToolTip(
        tr("Sign in with this token now, without the keychain: sfdesk asks for it again "
           "next time"));
    m_tryAgain->setObjectName(QStringLiteral("tryKeychainAgainButton"));
    m_tryAgain->setToolTip(tr("Ask the system keychain again to keep the token"));
    m_thisRunOnly->hide();
    m_tryAgain->hide();
    // The token page's link comes last, after the buttons added here: the form cannot name them.
    setTabOrder(m_tryAgain, m_ui->signInTokenLink);

    connect(m_ui->tokenField, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_signIn->setEnabled(m_step == Step::Entering && !text.trimmed().isEmpty());
    });
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SignInDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &SignInDialog::reject);
    connect(m_thisRunOnly, &QPushButton::clicked, this, [this] {
        m_toldThisRunOnly = true;
        if (m_connection)
            m_connection->keepTokenForThisRun();
    });
    connect(m_tryAgain, &QPushButton::clicked, this, [this] {
        if (m_connection)
            m_connection->retryKeepingToken();
    });
    connect(connection, &Connection::keepingToken, this, [this] {
        setStep(
            Step::Keeping,
            tr("The server accepted the token. Waiting for the system keychain to keep it: if your desktop "
               "asks you to choose a password for a new keyring, or to unlock one, answer it there."));
    });
    connect(connection, &Connection::tokenNotKept, this,
            [this](const QString& why) { setStep(Step::NotKept, why); });
    connect(connection, &Connection::signedIn, this, [this] {
        if (m_connection && m_connection->tokenSource() == u"memory" && !m_toldThisRunOnly) {
            // Signed in, but not as the intro said: there turned out to be no keychain.
            setStep(Step::Done, tr("Signed in. %1").arg(m_connection->problem()));
            return;
        }
        QDialog::accept();
    });
    connect(connection, &Connection::signInFailed, this, [this](const QString& why) {
        setStep(Step::Entering, why);
        m_ui->tokenField->selectAll();
        m_ui->tokenField->setFocus();
    });
    // Signed out meanwhile (from Connections, say): the sign-in under way is over.
    connect(connection, &Connection::stateChanged, this, [this](Connection::State state) {
        if (state == Connection::State::SignedOut
            && (m_step == Step::Checking || m_step == Step::Keeping || m_step == Step::NotKept))
            setStep(Step::Entering, m_connection ? m_connection->problem() : QString());
    });
    // A switch to another connection makes this one's question moot.
    connect(connection, &QObject::destroyed, this, &QDialog::reject);
    resize(qMax(sizeHint().width(), 480), sizeHint().height());
}

SignInDialog::~SignInDialog() = default;

void SignInDialog::accept()
{
    if (m_step == Step::Done) {
        QDialog::accept();
        return;
    }
    if (!m_connection || m_step != Step::Entering || m_ui->tokenField->text().trimmed().isEmpty())
        return;
    setStep(Step::Checking, tr("Checking the token with the server…"));
    m_connection->signIn(m_ui->tokenField->text());
}

void SignInDialog::reject()
{
    // Cancel while signing in gives the sign-in up: nothing is kept.
    if (m_connection && m_step != Step::Done && m_step != Step::Entering)
        m_connection->cancelSignIn();
    QDialog::reject();
}

void SignInDialog::setStep(Step step, const QString& status)
{
    m_step = step;
    m_ui->signInStatus->setText(status);
    m_ui->signInStatus->setVisible(!status.isEmpty());
    m_ui->tokenField->setEnabled(step == Step::Entering);
    m_signIn->setVisible(step != Step::Done);
    m_signIn->setEnabled(step == Step::Entering && !m_ui->tokenField->text().trimmed().isEmpty());
    m_thisRunOnly->setVisible(step == Step::Keeping || step == Step::NotKept);
    m_tryAgain->setVisible(step == Step::NotKept);
    QPushButton* cancel = m_ui->buttonBox->button(QDialogButtonBox::Cancel);
    cancel->setText(step == Step::Done ? tr("Close") : tr("Cancel"));
    if (step == Step::NotKept)
        m_thisRunOnly->setFocus();
    else if (step == Step::Done)
        cancel->setFocus();
    // A longer status (the keychain's error) makes the dialog taller rather than being cut off.
    layout()->activate();
    const int needed = layout()->totalHeightForWidth(width());
    if (needed > height())
        resize(width(), needed);
}

} // namespace sfdesk
