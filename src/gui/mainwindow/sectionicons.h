// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QIcon>
#include <QStringList>

namespace sfdesk {

// The sidebar's icons: the desktop theme's icon when it has one, else the one we ship, so every
// section has an icon in light and dark even where no icon theme is installed.
namespace SectionIcons {

// The sections that have an icon of their own, in sidebar order.
QStringList sectionIds();
// The icon for a section id; an unknown id gets a null icon.
QIcon icon(const QString& sectionId);
// The shipped icon alone (what icon() falls back to).
QIcon fallback(const QString& sectionId);

} // namespace SectionIcons

} // namespace sfdesk
