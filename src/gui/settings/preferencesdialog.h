// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/notify/notice.h"

#include <QDialog>

#include <memory>

class QCheckBox;

namespace Ui {
class PreferencesDialog;
}

namespace sfdesk {

class Settings;

// Appearance, language and which notifications show. Applies to the settings on OK only.
class PreferencesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreferencesDialog)

public:
    explicit PreferencesDialog(Settings* settings, QWidget* parent = nullptr);
    ~PreferencesDialog() override;

    void accept() override;

    // Languages with a translation, as (code, native name); an empty code means "the system's".
    static QList<QPair<QString, QString>> availableLanguages();

private:
    // One box per kind of notice.
    QList<std::pair<Notice::Kind, QCheckBox*>> notificationBoxes() const;

    std::unique_ptr<Ui::PreferencesDialog> m_ui;
    Settings* m_settings;
};

} // namespace sfdesk
