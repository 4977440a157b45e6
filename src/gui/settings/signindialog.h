// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>
#include <QPointer>

#include <memory>

class QPushButton;

namespace Ui {
class SignInDialog;
}

namespace sfdesk {

class Connection;

// Asks for an API token for one connection and signs in with it: the token is checked with the
// server (GET /me) and kept in the keychain only once the server accepts it. Says what it waits
// for (the server, then the keychain, whose prompt may be up on the desktop). Closes itself when
// signed in and kept; when the keychain does not keep the token it says why and lets the user
// keep it for this run only, try again or cancel; when there is no keychain at all it says the
// token is kept for this run only. A refused token is said so and nothing is stored.
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
    void reject() override;

private:
    enum class Step
    {
        Entering,
        Checking,
        Keeping,
        NotKept,
        Done,
    };
    void setStep(Step step, const QString& status = {});

    std::unique_ptr<Ui::SignInDialog> m_ui;
    QPointer<Connection> m_connection;
    QPushButton* m_signIn = nullptr;
    QPushButton* m_thisRunOnly = nullptr;
    QPushButton* m_tryAgain = nullptr;
    // The user knows the token is kept for this run only (the intro said so, or they chose it).
    bool m_toldThisRunOnly = false;
    Step m_step = Step::Entering;
};

} // namespace sfdesk
