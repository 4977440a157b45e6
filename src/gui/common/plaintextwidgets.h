// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/util/plaintext.h"

#include <QString>

class QLabel;
class QWidget;

namespace sfdesk {

// The widget side of core/util/plaintext.h: labels that show their text as it is. A QLabel (and a
// QMessageBox) defaults to Qt::AutoText, which renders text as HTML when it looks like HTML; every
// label in src/gui either comes from here, sets its text format itself, or shows constant text
// only (tests/smoke/plain-text-check.py).
namespace PlainText {

// A label with Qt::PlainText, for text that is or holds server text.
QLabel* label(QWidget* parent, const QString& text = {});

} // namespace PlainText

} // namespace sfdesk
