// SPDX-License-Identifier: Apache-2.0

#include "gui/settings/connectionsdialog.h"

#include "common/constvalue.h"
#include "core/util/plaintext.h"

#include "core/connection/connection.h"
#include "core/connection/connectionmanager.h"
#include "core/settings/settings.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/messageboxes.h"
#include "gui/common/themeicons.h"
#include "ui_connectionsdialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>

namespace sfdesk {

ConnectionsDialog::ConnectionsDialog(ConnectionManager* connections, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ConnectionsDialog>())
    , m_connections(connections)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("connectionsDialog"));
    m_ui->connectButton->setIcon(ThemeIcons::icon(QStringLiteral("network-connect")));
    m_ui->signInButton->setIcon(ThemeIcons::icon(QStringLiteral("dialog-password")));
    m_ui->signOutButton->setIcon(ThemeIcons::icon(QStringLiteral("system-log-out")));
    m_ui->removeConnectionButton->setIcon(ThemeIcons::icon(QStringLiteral("list-remove")));
    m_ui->resetSimulatorButton->setIcon(ThemeIcons::icon(QStringLiteral("document-revert")));
    m_ui->chooseCaCertificatesButton->setIcon(ThemeIcons::icon(QStringLiteral("document-open")));
    m_ui->saveNetworkSettingsButton->setIcon(ThemeIcons::icon(QStringLiteral("document-save")));
    m_ui->addConnectionButton->setIcon(ThemeIcons::icon(QStringLiteral("list-add")));
    m_ui->connectionDetails->setMinimumHeight(5 * fontMetrics().lineSpacing());
    m_ui->addConnectionProblem->hide();
    // What became of a token: said where the user acted, and kept until the next action.
    m_ui->connectionsNotice->hide();
    m_ui->networkSettingsProblem->hide();

    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->connectionsList, &QListWidget::currentRowChanged, this, &ConnectionsDialog::updateDetails);
    connect(m_ui->connectionsList, &QListWidget::itemActivated, this,
            [this] { m_ui->connectButton->click(); });
    connect(m_ui->connectButton, &QPushButton::clicked, this,
            [this] { m_connections->connectTo(selectedProfile()); });
    connect(m_ui->signInButton, &QPushButton::clicked, this, [this] {
        const ConnectionProfile profile = selectedProfile();
        if (!selectedIsCurrent())
            m_connections->connectTo(profile);
        Q_EMIT signInRequested();
    });
    connect(m_ui->signOutButton, &QPushButton::clicked, this, [this] {
        showNotice({});
        m_connections->signOut();
    });
    connect(m_ui->removeConnectionButton, &QPushButton::clicked, this, &ConnectionsDialog::removeSelected);
    connect(m_ui->resetSimulatorButton, &QPushButton::clicked, this, &ConnectionsDialog::askToResetSimulator);
    connect(m_ui->addConnectionButton, &QPushButton::clicked, this, &ConnectionsDialog::addCustom);
    for (QLineEdit* field :
         {m_ui->customNameField, m_ui->customUrlField, m_ui->caCertificatesField, m_ui->proxyField})
        field->installEventFilter(this);
    connect(connections, &ConnectionManager::currentChanged, this, &ConnectionsDialog::reload);
    connect(connections, &ConnectionManager::stateChanged, this, &ConnectionsDialog::updateDetails);
    connect(connections, &ConnectionManager::accountChanged, this, &ConnectionsDialog::updateDetails);
    connect(connections->settings(), &Settings::profilesChanged, this, &ConnectionsDialog::reload);
    connect(connections, &ConnectionManager::profileForgotten, this,
            [this](const ConnectionProfile&, const QString& outcome) { showNotice(outcome); });
    connect(m_ui->chooseCaCertificatesButton, &QPushButton::clicked, this,
            &ConnectionsDialog::chooseCaCertificates);
    connect(m_ui->saveNetworkSettingsButton, &QPushButton::clicked, this,
            &ConnectionsDialog::saveNetworkSettings);
    connect(m_ui->connectionsList, &QListWidget::currentRowChanged, this,
            &ConnectionsDialog::showNetworkSettings);
    reload();
}

ConnectionsDialog::~ConnectionsDialog() = default;

bool ConnectionsDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            if (watched == m_ui->customNameField && m_ui->customUrlField->text().trimmed().isEmpty()) {
                m_ui->customUrlField->setFocus(Qt::TabFocusReason);
                return true;
            }
            if (watched == m_ui->customNameField || watched == m_ui->customUrlField) {
                addCustom();
                return true;
            }
            if (watched == m_ui->caCertificatesField || watched == m_ui->proxyField) {
                saveNetworkSettings();
                return true;
            }
        }
    }
    return QDialog::eventFilter(watched, event);
}

void ConnectionsDialog::reload()
{
    const QString selected = m_ui->connectionsList->currentItem()
                                 ? m_ui->connectionsList->currentItem()->data(Qt::UserRole).toString()
                                 : m_connections->profile().id;
    const QSignalBlocker block(m_ui->connectionsList);
    m_ui->connectionsList->clear();
    const QString current = m_connections->profile().id;
    for (const ConnectionProfile& profile : constValue(m_connections->profiles())) {
        const QString text = profile.id == current ? tr("%1 (current)").arg(profile.name) : profile.name;
        auto* item = new QListWidgetItem(text, m_ui->connectionsList);
        item->setData(Qt::UserRole, profile.id);
        item->setToolTip(PlainText::toolTip(
            profile.kind == ConnectionProfile::Kind::LocalSimulator ? tr("The simulator inside sfdesk")
            : profile.isForServerOption() ? tr("%1, given with --server").arg(profile.url.toDisplayString())
                                          : profile.url.toDisplayString()));
        if (profile.id == selected)
            m_ui->connectionsList->setCurrentItem(item);
    }
    if (!m_ui->connectionsList->currentItem() && m_ui->connectionsList->count() > 0)
        m_ui->connectionsList->setCurrentRow(0);
    updateDetails();
    showNetworkSettings();
}

ConnectionProfile ConnectionsDialog::selectedProfile() const
{
    const QString id = m_ui->connectionsList->currentItem()
                           ? m_ui->connectionsList->currentItem()->data(Qt::UserRole).toString()
                           : QString();
    for (const ConnectionProfile& profile : constValue(m_connections->profiles()))
        if (profile.id == id)
            return profile;
    return {};
}

bool ConnectionsDialog::selectedIsCurrent() const
{
    return !selectedProfile().id.isEmpty() && selectedProfile().id == m_connections->profile().id;
}

void ConnectionsDialog::updateDetails()
{
    const ConnectionProfile profile = selectedProfile();
    const bool current = selectedIsCurrent();
    const bool local = profile.kind == ConnectionProfile::Kind::LocalSimulator;
    Connection* connection = m_connections->connection();
    QStringList lines;
    lines << (local ? tr("Server: the simulator inside sfdesk, with its own account")
                    : tr("Server: %1").arg(profile.url.toDisplayString()));
    if (profile.isForServerOption())
        lines << tr("Given with sfdesk --server; kept with its own token until removed.");
    bool signedIn = false;
    if (current && connection) {
        switch (connection->state()) {
        case Connection::State::Starting:
            lines << tr("Starting…");
            break;
        case Connection::State::Checking:
            lines << tr("Signing in…");
            break;
        case Connection::State::SignedOut:
            lines << tr("Not signed in.");
            break;
        case Connection::State::Failed:
            lines << (local ? tr("Could not start.") : tr("Not connected."));
            break;
        case Connection::State::Ready: {
            signedIn = true;
            const Account account = connection->account();
            const QString who = !account.userEmail.isEmpty() ? account.userEmail : account.accountId;
            lines << (who.isEmpty() ? tr("Signed in.")
                                    : tr("Signed in as %1 (account %2).").arg(who, account.accountId));
            if (connection->tokenSource() == u"SF_API_KEY" || connection->tokenSource() == u"SF_BEARER_TOKEN")
                lines << tr("The token comes from %1.").arg(connection->tokenSource());
            break;
        }
        }
        if (!connection->problem().isEmpty())
            lines << connection->problem();
    } else if (!profile.id.isEmpty()) {
        lines << tr("Not the current connection.");
    }
    m_ui->connectionDetails->setText(lines.join(u'\n'));
    m_ui->connectButton->setEnabled(!profile.id.isEmpty() && !current);
    m_ui->signInButton->setEnabled(!profile.id.isEmpty() && !local);
    m_ui->signInButton->setText(current && signedIn ? tr("Change &Token…") : tr("Sign &In…"));
    // Also when signed out: it removes a token the keychain may still hold (a locked keyring).
    m_ui->signOutButton->setEnabled(current && !local && connection
                                    && connection->state() != Connection::State::Starting);
    m_ui->removeConnectionButton->setEnabled(profile.kind == ConnectionProfile::Kind::Custom && !current);
    m_ui->resetSimulatorButton->setVisible(local);
    m_ui->resetSimulatorButton->setEnabled(local && current && signedIn && connection->canResetWorld());
}

void ConnectionsDialog::showNotice(const QString& text)
{
    m_ui->connectionsNotice->setText(text);
    m_ui->connectionsNotice->setVisible(!text.isEmpty());
}

void ConnectionsDialog::showNetworkSettings()
{
    const ConnectionProfile profile = selectedProfile();
    // The local simulator runs inside the app, on this computer: no proxy, no CA of its own.
    const bool editable = !profile.id.isEmpty() && profile.kind != ConnectionProfile::Kind::LocalSimulator;
    m_ui->networkSettings->setTitle(editable ? tr("Network for %1").arg(profile.name) : tr("Network"));
    m_ui->networkSettings->setEnabled(editable);
    m_ui->caCertificatesField->setText(profile.caCertificates);
    m_ui->proxyField->setText(profile.proxy.toDisplayString());
    m_ui->networkSettingsProblem->hide();
}

void ConnectionsDialog::chooseCaCertificates()
{
    const QString start = m_ui->caCertificatesField->text().isEmpty()
                              ? QString()
                              : QFileInfo(m_ui->caCertificatesField->text()).path();
    QFileDialog* chooser = FileDialogs::toOpen(
        this, QStringLiteral("caCertificatesDialog"), tr("Choose CA Certificates"), start,
        tr("PEM certificates (*.pem *.crt *.cer);;All files (*)"), [this](const QString& file) {
            m_ui->caCertificatesField->setText(file);
            // A file that will not do is said at once, before it is saved.
            QString why;
            const bool usable = m_connections->isUsableCaFile(file, &why);
            m_ui->networkSettingsProblem->setText(usable ? QString() : why);
            m_ui->networkSettingsProblem->setVisible(!usable);
        });
    chooser->open();
}

void ConnectionsDialog::saveNetworkSettings()
{
    ConnectionProfile profile = selectedProfile();
    if (profile.id.isEmpty() || profile.kind == ConnectionProfile::Kind::LocalSimulator)
        return;
    const QString file = m_ui->caCertificatesField->text().trimmed();
    const QString proxyText = m_ui->proxyField->text().trimmed();
    QString why;
    const QUrl proxy = proxyText.isEmpty() ? QUrl() : QUrl(proxyText, QUrl::StrictMode);
    if (!file.isEmpty())
        m_connections->isUsableCaFile(file, &why);
    if (why.isEmpty() && !proxyText.isEmpty())
        ConnectionManager::isUsableProxy(proxy, &why);
    m_ui->networkSettingsProblem->setText(why);
    m_ui->networkSettingsProblem->setVisible(!why.isEmpty());
    if (!why.isEmpty())
        return;
    profile.caCertificates = file;
    profile.proxy = proxy;
    m_connections->updateProfile(profile);
    showNotice(tr("Saved the network settings of %1.").arg(profile.name));
}

void ConnectionsDialog::askToResetSimulator()
{
    QMessageBox* box = MessageBoxes::make(
        this, QStringLiteral("resetSimulatorBox"), QMessageBox::Question, tr("Reset the Local Simulator"),
        tr("Replace everything in the local simulator? Its pools, instances, "
           "orders and partitions are deleted and cannot be brought back."),
        QMessageBox::Cancel);
    QPushButton* demo = box->addButton(tr("&Demo World"), QMessageBox::DestructiveRole);
    demo->setObjectName(QStringLiteral("resetToDemoButton"));
    demo->setToolTip(tr("Pools, orders, a partition with running workers and a market with history"));
    QPushButton* empty = box->addButton(tr("&Empty Account"), QMessageBox::DestructiveRole);
    empty->setObjectName(QStringLiteral("resetToEmptyButton"));
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::buttonClicked, this, [this, demo, empty](QAbstractButton* button) {
        Connection* connection = m_connections->connection();
        if (!connection || (button != demo && button != empty))
            return;
        connection->resetWorld(button == demo);
    });
    box->open();
}

void ConnectionsDialog::addCustom()
{
    const QString name = m_ui->customNameField->text().trimmed();
    const QUrl url = QUrl::fromUserInput(m_ui->customUrlField->text().trimmed());
    QString why;
    if (name.isEmpty())
        why = tr("Give the server a name.");
    else if (!ConnectionManager::isUsableServer(url, &why) && why.isEmpty())
        why = tr("That is not a server address.");
    m_ui->addConnectionProblem->setText(why);
    m_ui->addConnectionProblem->setVisible(!why.isEmpty());
    if (!why.isEmpty())
        return;
    const ConnectionProfile profile = ConnectionProfile::custom(name, url);
    m_connections->addProfile(profile);
    m_ui->customNameField->clear();
    m_ui->customUrlField->clear();
    reload();
    for (int row = 0; row < m_ui->connectionsList->count(); ++row)
        if (m_ui->connectionsList->item(row)->data(Qt::UserRole).toString() == profile.id)
            m_ui->connectionsList->setCurrentRow(row);
    // Added, not switched to: the account shown stays until the user connects.
    showNotice(tr("Added %1. Connect switches to it.").arg(profile.name));
}

void ConnectionsDialog::removeSelected()
{
    const ConnectionProfile profile = selectedProfile();
    if (profile.kind != ConnectionProfile::Kind::Custom || selectedIsCurrent())
        return;
    showNotice({});
    // The saved token goes with it: asked once, naming the connection and its server.
    ConfirmDialog::ask(this, tr("Remove Connection"),
                       tr("Remove the connection \"%1\" to %2, and the token saved for it?")
                           .arg(profile.name, profile.url.toDisplayString()),
                       tr("&Remove Connection"), [this, profile](bool confirmed) {
                           // Connecting to it meanwhile keeps it (forgetProfile refuses the current one).
                           if (confirmed)
                               m_connections->forgetProfile(profile);
                       });
}

} // namespace sfdesk
