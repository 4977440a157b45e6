// SPDX-License-Identifier: Apache-2.0

#pragma once

// Every line of a wrapped text is shown: a label given less height than its text needs at its
// width clips the lines above and below (a window sized for a shorter text than it shows).
#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QStringList>
#include <QWidget>

namespace WrappedTexts {

// The visible wrapped labels under `root` that are lower than their text needs, one line each
// (object name, height, width, height needed, the text's start); laid out first.
inline QStringList clipped(const QWidget* root)
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QStringList found;
    for (const QLabel* label : root->findChildren<QLabel*>()) {
        if (!label->isVisibleTo(root) || !label->wordWrap() || label->text().isEmpty())
            continue;
        const int needed = label->heightForWidth(label->width());
        if (label->height() < needed)
            found << QStringLiteral("%1 is clipped (%2 px high at %3 px wide, %4 needed): %5")
                         .arg(label->objectName())
                         .arg(label->height())
                         .arg(label->width())
                         .arg(needed)
                         .arg(label->text().left(60));
    }
    return found;
}

} // namespace WrappedTexts
