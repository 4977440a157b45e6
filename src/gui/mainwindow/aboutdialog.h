// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>
#include <QList>
#include <QPair>

#include <memory>

namespace Ui {
class AboutDialog;
}

namespace sfdesk {

class AboutDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)

public:
    explicit AboutDialog(QWidget* parent = nullptr);
    ~AboutDialog() override;

    // Library name and version, in the order shown.
    static QList<QPair<QString, QString>> libraryVersions();

private:
    std::unique_ptr<Ui::AboutDialog> m_ui;
};

} // namespace sfdesk
