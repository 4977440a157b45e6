// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>
#include <QStringList>

#include <functional>
#include <memory>

namespace Ui {
class NameDialog;
}

namespace sfdesk {

class ApiCall;
class DialogRequest;

// Asks for a Name (create or rename), checks it as it is typed against the API's pattern and the
// names already taken, then runs the given call; the server's refusal stays in the dialog.
class NameDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NameDialog)

public:
    using Submit = std::function<ApiCall*(const QString& name)>;

    NameDialog(const QString& title, const QString& prompt, const QString& initial,
               const QStringList& takenNames, Submit submit, QWidget* parent = nullptr);
    ~NameDialog() override;

    QString name() const;
    // Lets the name be empty (the server picks one).
    void setEmptyAllowed(bool allowed);

    void accept() override;

private:
    void updateState();

    std::unique_ptr<Ui::NameDialog> m_ui;
    QStringList m_takenNames;
    QString m_initial;
    Submit m_submit;
    DialogRequest* m_request = nullptr;
    bool m_emptyAllowed = false;
};

} // namespace sfdesk
