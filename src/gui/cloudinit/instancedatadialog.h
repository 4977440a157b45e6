// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>
#include <QJsonObject>
#include <QString>

#include <memory>
#include <optional>

namespace Ui {
class InstanceDataDialog;
}

namespace sfdesk {

// The Jinja Instance Data dialog of the Cloud-init editor: the instance data templates are
// rendered with, as JSON to edit. Cancel, Escape and closing it with edited JSON ask first: use the
// changes, discard them, or go back to them.
class InstanceDataDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceDataDialog)

public:
    explicit InstanceDataDialog(const QJsonObject& inUse, QWidget* parent = nullptr);
    ~InstanceDataDialog() override;

    void reject() override;

Q_SIGNALS:
    // OK, or Use Changes in the question: the edited data, which is a JSON object. The dialog
    // closes after it.
    void used(const QJsonObject& data);

private:
    // The text as a JSON object, or why it is not one.
    std::optional<QJsonObject> parse(QString* problem) const;
    // Uses the text (it is usable) and closes.
    void use();

    std::unique_ptr<Ui::InstanceDataDialog> m_ui;
    // The data in use when the dialog opened, as first shown: the text is edited when it differs.
    QString m_inUse;
};

} // namespace sfdesk
