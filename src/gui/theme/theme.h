// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/settings/settings.h"

#include <QObject>
#include <QPalette>

namespace sfdesk {

// Applies a light or dark palette: the user's choice, or the system's scheme when they chose "System".
class Theme final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Theme)

public:
    explicit Theme(Settings* settings, QObject* parent = nullptr);

    // An explicit scheme from the command line wins over the settings for this run.
    void setOverride(Settings::ColorScheme scheme);
    void apply();

    bool isDark() const { return m_dark; }

    static QPalette lightPalette();
    static QPalette darkPalette();

Q_SIGNALS:
    void changed(bool dark);

private:
    bool systemPrefersDark() const;

    Settings* m_settings;
    Settings::ColorScheme m_override = Settings::ColorScheme::System;
    bool m_dark = false;
};

} // namespace sfdesk
