// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>

#include <memory>

namespace Ui {
class SshBootstrapDialog;
}

namespace sfdesk {

// Picks a public key from ~/.ssh or generates an Ed25519 key, shows its fingerprint, and builds the
// SSH bootstrap cloud-config for a chosen user.
class SshBootstrapDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshBootstrapDialog)

public:
    // sshDirectory: where keys are listed and generated (~/.ssh unless a test says otherwise).
    explicit SshBootstrapDialog(const QString& sshDirectory = {}, QWidget* parent = nullptr);
    ~SshBootstrapDialog() override;

    // The cloud-config for the current choices, empty (with statusText() saying why) when incomplete.
    QString config();
    QString statusText() const;
    QString selectedPublicKey() const;
    // Generates a key into the file named in the form and selects it. Returns false on failure.
    bool generateKey();

    void accept() override;

private:
    void reloadKeys(const QString& select = {});
    void updateFingerprint();
    // Shows what keeps OK disabled, or clears a problem that is gone.
    void checkChoices();

    std::unique_ptr<Ui::SshBootstrapDialog> m_ui;
    QString m_sshDirectory;
    bool m_showingProblem = false;
};

} // namespace sfdesk
