// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QIcon>
#include <QString>

namespace sfdesk {

// Icons by their freedesktop names. The desktop's icon theme draws them where it has the name;
// sfdesk's own theme, bundled in the binary, draws the rest, so every action has an icon on any
// desktop and in a bare build root.
namespace ThemeIcons {

// Registers the bundled theme as the fallback of whatever theme is current. Idempotent.
void installFallback();

// The icon of that name: the desktop's, else the bundled one. Installs the fallback first.
QIcon icon(const QString& name);

} // namespace ThemeIcons

} // namespace sfdesk
