// SPDX-License-Identifier: Apache-2.0

#include "gui/common/copyactions.h"
#include "core/util/plaintext.h"
#include "gui/common/themeicons.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace sfdesk {

namespace CopyActions {

void copy(const QString& text)
{
    QGuiApplication::clipboard()->setText(text);
}

void add(QMenu* menu, const QString& viewName, const QString& id, const QString& resourcePath,
         const QList<Command>& commands)
{
    if (!menu->isEmpty())
        menu->addSeparator();
    auto* copyId = menu->addAction(ThemeIcons::icon(QStringLiteral("edit-copy")), QMenu::tr("Copy &ID"));
    copyId->setObjectName(viewName + QStringLiteral("CopyId"));
    copyId->setEnabled(!id.isEmpty());
    QObject::connect(copyId, &QAction::triggered, menu, [id] { copy(id); });
    auto* copyPath =
        menu->addAction(ThemeIcons::icon(QStringLiteral("edit-copy")), QMenu::tr("Copy &Resource Path"));
    copyPath->setObjectName(viewName + QStringLiteral("CopyPath"));
    copyPath->setEnabled(!resourcePath.isEmpty());
    QObject::connect(copyPath, &QAction::triggered, menu, [resourcePath] { copy(resourcePath); });
    for (const Command& command : commands) {
        auto* action = menu->addAction(ThemeIcons::icon(QStringLiteral("utilities-terminal")), command.label);
        action->setObjectName(command.objectName);
        action->setToolTip(PlainText::toolTip(command.line));
        action->setStatusTip(command.line);
        QObject::connect(action, &QAction::triggered, menu, [line = command.line] { copy(line); });
    }
}

} // namespace CopyActions

} // namespace sfdesk
