// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>
#include <QPointer>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace sfdesk {

class Connection;

// Asks for an API token for one connection and signs in with it: the token is checked with the
// server (GET /me) and kept in the keychain only once the server accepts it. Closes itself when
// signed in; a refused token is said so and nothing is stored.
class SignInDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignInDialog)

public:
    // Where SF Compute creates API tokens.
    static constexpr const char* tokenPage = "https://sfcompute.com/account/api-keys";

    explicit SignInDialog(Connection* connection, const QString& reason = {}, QWidget* parent = nullptr);
    ~SignInDialog() override;

    void accept() override;

private:
    void setBusy(bool busy);

    QPointer<Connection> m_connection;
    QLineEdit* m_token;
    QLabel* m_status;
    QDialogButtonBox* m_buttons;
};

} // namespace sfdesk
