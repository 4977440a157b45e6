// SPDX-License-Identifier: Apache-2.0

#include "core/model/names.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace sfdesk {

namespace Names {

QString patternText()
{
    return QStringLiteral("[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}");
}

bool isValid(const QString& name)
{
    static const QRegularExpression rule(QRegularExpression::anchoredPattern(patternText()));
    return rule.match(name).hasMatch();
}

QString problem(const QString& name)
{
    if (name.isEmpty())
        return QCoreApplication::translate("Names", "Enter a name.");
    if (name.size() > 255)
        return QCoreApplication::translate("Names", "A name has at most 255 characters.");
    const QChar first = name.front();
    if (!(first.isLetterOrNumber() && first.unicode() < 128))
        return QCoreApplication::translate("Names", "A name starts with a letter or a digit.");
    if (!isValid(name))
        return QCoreApplication::translate("Names",
                                           "A name may only contain letters, digits, '.', '_' and '-'.");
    return {};
}

QStringList expand(const QString& pattern, int count, int first)
{
    QStringList names;
    if (count <= 0)
        return names;
    const bool hasPlaceholder = pattern.contains(u"{n}");
    if (count == 1 && !hasPlaceholder)
        return {pattern};
    for (int i = 0; i < count; ++i) {
        const QString n = QString::number(first + i);
        names << (hasPlaceholder ? QString(pattern).replace(QStringLiteral("{n}"), n) : pattern + u'-' + n);
    }
    return names;
}

} // namespace Names

} // namespace sfdesk
