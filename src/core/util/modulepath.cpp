// SPDX-License-Identifier: Apache-2.0

#include "core/util/modulepath.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace sfdesk::ModulePath {

QString find(const QString& file)
{
    const QDir here(QCoreApplication::applicationDirPath());
    QString beside = here.filePath(file);
    QString installed = QDir::cleanPath(here.filePath(QStringLiteral("../lib/sfdesk/") + file));
    if (!QFileInfo::exists(beside) && QFileInfo::exists(installed))
        return installed;
    return beside;
}

} // namespace sfdesk::ModulePath
