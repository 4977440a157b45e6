// SPDX-License-Identifier: Apache-2.0

#include "gui/common/themeicons.h"

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr QLatin1StringView bundledSearchPath(":/icons/theme");
constexpr QLatin1StringView bundledThemeName("sfdesk");

} // namespace

void ThemeIcons::installFallback()
{
    QStringList paths = QIcon::themeSearchPaths();
    if (paths.contains(bundledSearchPath))
        return;
    paths << bundledSearchPath;
    QIcon::setThemeSearchPaths(paths);
    QIcon::setFallbackThemeName(bundledThemeName);
    // Without a desktop (a build root, the offscreen platform) there is no theme at all, and Qt looks
    // in no theme's parents; the bundled set is then the theme.
    if (QIcon::themeName().isEmpty())
        QIcon::setThemeName(bundledThemeName);
}

QIcon ThemeIcons::icon(const QString& name)
{
    installFallback();
    return QIcon::fromTheme(name);
}

} // namespace sfdesk
