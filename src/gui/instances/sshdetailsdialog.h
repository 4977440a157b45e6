// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>

#include <memory>

namespace Ui {
class SshDetailsDialog;
}

namespace sfdesk {

class ViewContext;

// How to reach an instance: a copyable ssh command and the host keys to check it against.
class SshDetailsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshDetailsDialog)

public:
    SshDetailsDialog(ViewContext* context, const QString& instanceId, const QString& instanceName,
                     QWidget* parent = nullptr);
    ~SshDetailsDialog() override;

    QString command() const;

Q_SIGNALS:
    void loaded();

private:
    std::unique_ptr<Ui::SshDetailsDialog> m_ui;
};

} // namespace sfdesk
