// SPDX-License-Identifier: Apache-2.0

// Must not compile where clazy checks the build: a range-for over a non-const Qt container may
// detach it. lint_clazy builds this file and expects clazy's own message.

#include <QStringList>

QString joined(QStringList parts)
{
    QString all;
    for (const QString& part : parts)
        all += part;
    return all;
}
