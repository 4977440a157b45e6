// SPDX-License-Identifier: Apache-2.0

#include "gui/common/plaintextwidgets.h"

#include <QLabel>

namespace sfdesk {

namespace PlainText {

QLabel* label(QWidget* parent, const QString& text)
{
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setText(text);
    return label;
}

} // namespace PlainText

} // namespace sfdesk
