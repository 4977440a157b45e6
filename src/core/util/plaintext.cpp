// SPDX-License-Identifier: Apache-2.0

#include "core/util/plaintext.h"

namespace sfdesk {

namespace PlainText {

QString toolTip(const QString& text)
{
    if (!text.contains(u'<') && !text.contains(u'&'))
        return text;
    return QStringLiteral("<p style=\"white-space:pre-wrap\">") + text.toHtmlEscaped()
           + QStringLiteral("</p>");
}

QString markupEscaped(const QString& text)
{
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar c : text) {
        if (c == u'&')
            escaped += QStringLiteral("&amp;");
        else if (c == u'<')
            escaped += QStringLiteral("&lt;");
        else if (c == u'>')
            escaped += QStringLiteral("&gt;");
        else
            escaped += c;
    }
    return escaped;
}

} // namespace PlainText

} // namespace sfdesk
