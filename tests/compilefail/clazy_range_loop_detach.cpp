// SPDX-License-Identifier: Apache-2.0

// Must not compile where clazy checks the build: a range-for over a non-const Qt container (here
// a call's result) may detach it. lint_clazy builds this file and expects clazy's own message.

#include <QStringList>

qsizetype letters(const QString& text)
{
    qsizetype count = 0;
    for (const QString& word : text.split(u' '))
        count += word.size();
    return count;
}
