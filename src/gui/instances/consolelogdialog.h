// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>

#include <memory>

namespace Ui {
class ConsoleLogDialog;
}

namespace sfdesk {

class ViewContext;

// An instance's console output, with search (next, previous, match count) and reload.
class ConsoleLogDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConsoleLogDialog)

public:
    ConsoleLogDialog(ViewContext* context, const QString& instanceId, const QString& instanceName,
                     QWidget* parent = nullptr);
    ~ConsoleLogDialog() override;

    void reload();
    int matchCount() const { return m_matches; }

Q_SIGNALS:
    void loaded();

private:
    void find(bool backward);
    void updateMatches();

    std::unique_ptr<Ui::ConsoleLogDialog> m_ui;
    ViewContext* m_context;
    QString m_instanceId;
    int m_matches = 0;
};

} // namespace sfdesk
