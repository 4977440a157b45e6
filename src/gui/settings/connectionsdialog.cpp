// SPDX-License-Identifier: Apache-2.0

#include "gui/settings/connectionsdialog.h"

#include "common/constvalue.h"
#include "core/util/plaintext.h"

#include "core/connection/connection.h"
#include "core/connection/connectionmanager.h"
#include "core/settings/settings.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/themeicons.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace sfdesk {

ConnectionsDialog::ConnectionsDialog(ConnectionManager* connections, QWidget* parent)
    : QDialog(parent)
    , m_connections(connections)
    , m_list(new QListWidget(this))
    , m_details(new QLabel(this))
    , m_connect(new QPushButton(ThemeIcons::icon(QStringLiteral("network-connect")), tr("&Connect"), this))
    , m_signIn(new QPushButton(ThemeIcons::icon(QStringLiteral("dialog-password")), tr("Sign &In…"), this))
    , m_signOut(new QPushButton(ThemeIcons::icon(QStringLiteral("system-log-out")), tr("Sign &Out"), this))
    , m_remove(new QPushButton(ThemeIcons::icon(QStringLiteral("list-remove")), tr("&Remove…"), this))
    , m_reset(
          new QPushButton(ThemeIcons::icon(QStringLiteral("document-revert")), tr("Reset Si&mulator…"), this))
    , m_notice(new QLabel(this))
    , m_network(new QGroupBox(this))
    , m_caCertificates(new QLineEdit(this))
    , m_chooseCaCertificates(
          new QPushButton(ThemeIcons::icon(QStringLiteral("document-open")), tr("C&hoose…"), this))
    , m_proxy(new QLineEdit(this))
    , m_saveNetwork(new QPushButton(ThemeIcons::icon(QStringLiteral("document-save")), tr("Sa&ve"), this))
    , m_networkProblem(new QLabel(this))
    , m_customName(new QLineEdit(this))
    , m_customUrl(new QLineEdit(this))
    , m_add(new QPushButton(ThemeIcons::icon(QStringLiteral("list-add")), tr("&Add"), this))
    , m_addProblem(new QLabel(this))
{
    setObjectName(QStringLiteral("connectionsDialog"));
    setWindowTitle(tr("Connections"));

    m_list->setObjectName(QStringLiteral("connectionsList"));
    m_list->setAccessibleName(tr("Connections"));
    m_details->setObjectName(QStringLiteral("connectionDetails"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::PlainText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_details->setFocusPolicy(Qt::TabFocus);
    m_details->setMinimumHeight(5 * fontMetrics().lineSpacing());
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_signIn->setObjectName(QStringLiteral("signInButton"));
    m_signOut->setObjectName(QStringLiteral("signOutButton"));
    m_remove->setObjectName(QStringLiteral("removeConnectionButton"));
    m_reset->setObjectName(QStringLiteral("resetSimulatorButton"));
    m_reset->setToolTip(tr("Start the local simulator again with the demo world or an empty account"));
    m_customName->setObjectName(QStringLiteral("customNameField"));
    m_customName->setPlaceholderText(tr("Staging"));
    m_customUrl->setObjectName(QStringLiteral("customUrlField"));
    m_customUrl->setPlaceholderText(tr("https://api.example.com"));
    m_add->setObjectName(QStringLiteral("addConnectionButton"));
    m_addProblem->setObjectName(QStringLiteral("addConnectionProblem"));
    m_addProblem->setWordWrap(true);
    m_addProblem->setTextFormat(Qt::PlainText);
    m_addProblem->hide();
    // What became of a token: said where the user acted, and kept until the next action.
    m_notice->setObjectName(QStringLiteral("connectionsNotice"));
    m_notice->setWordWrap(true);
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_notice->setFocusPolicy(Qt::TabFocus);
    m_notice->hide();

    m_network->setObjectName(QStringLiteral("networkSettings"));
    m_caCertificates->setObjectName(QStringLiteral("caCertificatesField"));
    m_caCertificates->setPlaceholderText(tr("None: the system's CA certificates only"));
    m_caCertificates->setAccessibleName(tr("Extra CA certificates file"));
    m_caCertificates->setToolTip(tr("A PEM file of CA certificates trusted for this server besides the "
                                    "system's, such as a company's own CA"));
    m_caCertificates->setClearButtonEnabled(true);
    m_chooseCaCertificates->setObjectName(QStringLiteral("chooseCaCertificatesButton"));
    m_chooseCaCertificates->setAccessibleName(tr("Choose a CA certificates file"));
    m_proxy->setObjectName(QStringLiteral("proxyField"));
    m_proxy->setPlaceholderText(tr("None: the system's proxy settings"));
    m_proxy->setAccessibleName(tr("Proxy"));
    m_proxy->setToolTip(tr("http://host:port or socks5://host:port, for this server only. Proxies that ask "
                           "for a user name and password are not supported."));
    m_proxy->setClearButtonEnabled(true);
    m_saveNetwork->setObjectName(QStringLiteral("saveNetworkSettingsButton"));
    m_networkProblem->setObjectName(QStringLiteral("networkSettingsProblem"));
    m_networkProblem->setWordWrap(true);
    m_networkProblem->setTextFormat(Qt::PlainText);
    m_networkProblem->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_networkProblem->hide();

    auto* actions = new QVBoxLayout;
    for (QPushButton* button : {m_connect, m_signIn, m_signOut, m_remove, m_reset})
        actions->addWidget(button);
    actions->addStretch();

    auto* top = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    left->addWidget(m_details);
    left->addWidget(m_notice);
    top->addLayout(left, 1);
    top->addLayout(actions);

    auto* networkForm = new QFormLayout(m_network);
    auto* caLabel = new QLabel(tr("Extra &CA certificates:"), m_network);
    caLabel->setBuddy(m_caCertificates);
    auto* caRow = new QHBoxLayout;
    caRow->addWidget(m_caCertificates, 1);
    caRow->addWidget(m_chooseCaCertificates);
    networkForm->addRow(caLabel, caRow);
    auto* proxyLabel = new QLabel(tr("&Proxy:"), m_network);
    proxyLabel->setBuddy(m_proxy);
    networkForm->addRow(proxyLabel, m_proxy);
    auto* saveRow = new QHBoxLayout;
    saveRow->addWidget(m_networkProblem, 1);
    saveRow->addWidget(m_saveNetwork, 0, Qt::AlignTop);
    networkForm->addRow(saveRow);

    auto* custom = new QGroupBox(tr("Add a custom server"), this);
    auto* form = new QFormLayout(custom);
    auto* nameLabel = new QLabel(tr("&Name:"), custom);
    nameLabel->setBuddy(m_customName);
    auto* urlLabel = new QLabel(tr("A&ddress:"), custom);
    urlLabel->setBuddy(m_customUrl);
    form->addRow(nameLabel, m_customName);
    form->addRow(urlLabel, m_customUrl);
    auto* addRow = new QHBoxLayout;
    addRow->addWidget(m_addProblem, 1);
    addRow->addWidget(m_add);
    form->addRow(addRow);

    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addWidget(m_network);
    layout->addWidget(custom);
    layout->addWidget(close);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::currentRowChanged, this, &ConnectionsDialog::updateDetails);
    connect(m_list, &QListWidget::itemActivated, this, [this] { m_connect->click(); });
    connect(m_connect, &QPushButton::clicked, this, [this] { m_connections->connectTo(selectedProfile()); });
    connect(m_signIn, &QPushButton::clicked, this, [this] {
        const ConnectionProfile profile = selectedProfile();
        if (!selectedIsCurrent())
            m_connections->connectTo(profile);
        Q_EMIT signInRequested();
    });
    connect(m_signOut, &QPushButton::clicked, this, [this] {
        showNotice({});
        m_connections->signOut();
    });
    connect(m_remove, &QPushButton::clicked, this, &ConnectionsDialog::removeSelected);
    connect(m_reset, &QPushButton::clicked, this, &ConnectionsDialog::askToResetSimulator);
    connect(m_add, &QPushButton::clicked, this, &ConnectionsDialog::addCustom);
    for (QLineEdit* field : {m_customName, m_customUrl, m_caCertificates, m_proxy})
        field->installEventFilter(this);
    connect(connections, &ConnectionManager::currentChanged, this, &ConnectionsDialog::reload);
    connect(connections, &ConnectionManager::stateChanged, this, &ConnectionsDialog::updateDetails);
    connect(connections, &ConnectionManager::accountChanged, this, &ConnectionsDialog::updateDetails);
    connect(connections->settings(), &Settings::profilesChanged, this, &ConnectionsDialog::reload);
    connect(connections, &ConnectionManager::profileForgotten, this,
            [this](const ConnectionProfile&, const QString& outcome) { showNotice(outcome); });
    connect(m_chooseCaCertificates, &QPushButton::clicked, this, &ConnectionsDialog::chooseCaCertificates);
    connect(m_saveNetwork, &QPushButton::clicked, this, &ConnectionsDialog::saveNetworkSettings);
    connect(m_list, &QListWidget::currentRowChanged, this, &ConnectionsDialog::showNetworkSettings);
    reload();
    resize(600, 560);
}

ConnectionsDialog::~ConnectionsDialog() = default;

bool ConnectionsDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            if (watched == m_customName && m_customUrl->text().trimmed().isEmpty()) {
                m_customUrl->setFocus(Qt::TabFocusReason);
                return true;
            }
            if (watched == m_customName || watched == m_customUrl) {
                addCustom();
                return true;
            }
            if (watched == m_caCertificates || watched == m_proxy) {
                saveNetworkSettings();
                return true;
            }
        }
    }
    return QDialog::eventFilter(watched, event);
}

void ConnectionsDialog::reload()
{
    const QString selected = m_list->currentItem() ? m_list->currentItem()->data(Qt::UserRole).toString()
                                                   : m_connections->profile().id;
    const QSignalBlocker block(m_list);
    m_list->clear();
    const QString current = m_connections->profile().id;
    for (const ConnectionProfile& profile : constValue(m_connections->profiles())) {
        const QString text = profile.id == current ? tr("%1 (current)").arg(profile.name) : profile.name;
        auto* item = new QListWidgetItem(text, m_list);
        item->setData(Qt::UserRole, profile.id);
        item->setToolTip(PlainText::toolTip(
            profile.kind == ConnectionProfile::Kind::LocalSimulator ? tr("The simulator inside sfdesk")
            : profile.isForServerOption() ? tr("%1, given with --server").arg(profile.url.toDisplayString())
                                          : profile.url.toDisplayString()));
        if (profile.id == selected)
            m_list->setCurrentItem(item);
    }
    if (!m_list->currentItem() && m_list->count() > 0)
        m_list->setCurrentRow(0);
    updateDetails();
    showNetworkSettings();
}

ConnectionProfile ConnectionsDialog::selectedProfile() const
{
    const QString id =
        m_list->currentItem() ? m_list->currentItem()->data(Qt::UserRole).toString() : QString();
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
    m_details->setText(lines.join(u'\n'));
    m_connect->setEnabled(!profile.id.isEmpty() && !current);
    m_signIn->setEnabled(!profile.id.isEmpty() && !local);
    m_signIn->setText(current && signedIn ? tr("Change &Token…") : tr("Sign &In…"));
    // Also when signed out: it removes a token the keychain may still hold (a locked keyring).
    m_signOut->setEnabled(current && !local && connection
                          && connection->state() != Connection::State::Starting);
    m_remove->setEnabled(profile.kind == ConnectionProfile::Kind::Custom && !current);
    m_reset->setVisible(local);
    m_reset->setEnabled(local && current && signedIn && connection->canResetWorld());
}

void ConnectionsDialog::showNotice(const QString& text)
{
    m_notice->setText(text);
    m_notice->setVisible(!text.isEmpty());
}

void ConnectionsDialog::showNetworkSettings()
{
    const ConnectionProfile profile = selectedProfile();
    // The local simulator runs inside the app, on this computer: no proxy, no CA of its own.
    const bool editable = !profile.id.isEmpty() && profile.kind != ConnectionProfile::Kind::LocalSimulator;
    m_network->setTitle(editable ? tr("Network for %1").arg(profile.name) : tr("Network"));
    m_network->setEnabled(editable);
    m_caCertificates->setText(profile.caCertificates);
    m_proxy->setText(profile.proxy.toDisplayString());
    m_networkProblem->hide();
}

void ConnectionsDialog::chooseCaCertificates()
{
    const QString start =
        m_caCertificates->text().isEmpty() ? QString() : QFileInfo(m_caCertificates->text()).path();
    QFileDialog* chooser = FileDialogs::toOpen(
        this, QStringLiteral("caCertificatesDialog"), tr("Choose CA Certificates"), start,
        tr("PEM certificates (*.pem *.crt *.cer);;All files (*)"), [this](const QString& file) {
            m_caCertificates->setText(file);
            // A file that will not do is said at once, before it is saved.
            QString why;
            const bool usable = ConnectionManager::isUsableCaFile(file, &why);
            m_networkProblem->setText(usable ? QString() : why);
            m_networkProblem->setVisible(!usable);
        });
    chooser->open();
}

void ConnectionsDialog::saveNetworkSettings()
{
    ConnectionProfile profile = selectedProfile();
    if (profile.id.isEmpty() || profile.kind == ConnectionProfile::Kind::LocalSimulator)
        return;
    const QString file = m_caCertificates->text().trimmed();
    const QString proxyText = m_proxy->text().trimmed();
    QString why;
    const QUrl proxy = proxyText.isEmpty() ? QUrl() : QUrl(proxyText, QUrl::StrictMode);
    if (!file.isEmpty())
        ConnectionManager::isUsableCaFile(file, &why);
    if (why.isEmpty() && !proxyText.isEmpty())
        ConnectionManager::isUsableProxy(proxy, &why);
    m_networkProblem->setText(why);
    m_networkProblem->setVisible(!why.isEmpty());
    if (!why.isEmpty())
        return;
    profile.caCertificates = file;
    profile.proxy = proxy;
    m_connections->updateProfile(profile);
    showNotice(tr("Saved the network settings of %1.").arg(profile.name));
}

void ConnectionsDialog::askToResetSimulator()
{
    auto* box = new QMessageBox(QMessageBox::Question, tr("Reset the Local Simulator"),
                                tr("Replace everything in the local simulator? Its pools, instances, "
                                   "orders and partitions are deleted and cannot be brought back."),
                                QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("resetSimulatorBox"));
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
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
    const QString name = m_customName->text().trimmed();
    const QUrl url = QUrl::fromUserInput(m_customUrl->text().trimmed());
    QString why;
    if (name.isEmpty())
        why = tr("Give the server a name.");
    else if (!ConnectionManager::isUsableServer(url, &why) && why.isEmpty())
        why = tr("That is not a server address.");
    m_addProblem->setText(why);
    m_addProblem->setVisible(!why.isEmpty());
    if (!why.isEmpty())
        return;
    const ConnectionProfile profile = ConnectionProfile::custom(name, url);
    m_connections->addProfile(profile);
    m_customName->clear();
    m_customUrl->clear();
    reload();
    for (int row = 0; row < m_list->count(); ++row)
        if (m_list->item(row)->data(Qt::UserRole).toString() == profile.id)
            m_list->setCurrentRow(row);
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
