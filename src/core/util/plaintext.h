// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

namespace sfdesk {

// Server text (names, e-mails, messages, console lines) is shown as the text itself, never as
// markup: a name such as "x<b>bold</b><!--" must not turn a tooltip, a label, a confirmation or a
// desktop notification into HTML. This header holds the text transformations, usable in core (the
// models' tooltips, the notifier); gui/common/plaintextwidgets.h holds the widget side. The lint
// plain_text (tests/smoke/plain-text-check.py) keeps every place on one or the other.
namespace PlainText {

// A tooltip that shows text as it is. QToolTip renders text as rich text when Qt::mightBeRichText
// says so (a tag-like '<', or "&lt;", on its first line): such text is escaped and wrapped in a
// paragraph that keeps its line breaks; other text is returned unchanged (and stays plain).
QString toolTip(const QString& text);

// Text for a freedesktop notification's body, which the notification service reads as markup when
// it advertises "body-markup": '&', '<' and '>' as entities.
QString markupEscaped(const QString& text);

} // namespace PlainText

} // namespace sfdesk
