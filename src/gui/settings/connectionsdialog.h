// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/settings/connectionprofile.h"

#include <QDialog>

#include <memory>

namespace Ui {
class ConnectionsDialog;
}

namespace sfdesk {

class ConnectionManager;

// File > Connections…: the servers the app knows (the local simulator, SF Compute, custom
// addresses and those given with --server), which one it is on and as whom; connect to another,
// sign in or out, add and remove custom servers, and give a server extra CA certificates and a
// proxy. Every change applies at once, without a restart. What became of a token on sign-out or
// removal is said here.
class ConnectionsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionsDialog)

public:
    explicit ConnectionsDialog(ConnectionManager* connections, QWidget* parent = nullptr);
    ~ConnectionsDialog() override;

Q_SIGNALS:
    // Sign In… on the current connection (after connecting to the selected one): the app asks for
    // the token.
    void signInRequested();

protected:
    // Enter in a field does what the field is for (adds the server, saves its network settings),
    // never what the dialog's default button does (connect to the selected server).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void reload();
    void updateDetails();
    ConnectionProfile selectedProfile() const;
    bool selectedIsCurrent() const;
    void addCustom();
    void removeSelected();
    void askToResetSimulator();
    void showNetworkSettings();
    void chooseCaCertificates();
    void saveNetworkSettings();
    void showNotice(const QString& text);

    std::unique_ptr<Ui::ConnectionsDialog> m_ui;
    ConnectionManager* m_connections;
};

} // namespace sfdesk
