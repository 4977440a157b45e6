// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

class QMenu;

namespace sfdesk {

// The "copy" entries every resource's context menu has: its ID, its resource path, and the exact
// `sf` command line for what the selection would do.
namespace CopyActions {

struct Command
{
    QString label; // "Copy as sf command: delete"
    QString line;
    QString objectName;
};

void add(QMenu* menu, const QString& viewName, const QString& id, const QString& resourcePath,
         const QList<Command>& commands);
void copy(const QString& text);

} // namespace CopyActions

} // namespace sfdesk
