// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QMessageBox>
#include <QString>

class QWidget;

namespace sfdesk {

// Message boxes as every page and dialog shows them: a child of `parent` named objectName (tests
// find it so), deleted when closed, its text plain (names, paths and server messages in it are
// data, never markup). They open window-modal with open(), never with a nested event loop.
namespace MessageBoxes {

// A box to add buttons and connections to; the caller opens it.
QMessageBox* make(QWidget* parent, const QString& objectName, QMessageBox::Icon icon, const QString& title,
                  const QString& text, QMessageBox::StandardButtons buttons = QMessageBox::NoButton);
// A warning with OK, open at once.
QMessageBox* warn(QWidget* parent, const QString& objectName, const QString& title, const QString& text);

} // namespace MessageBoxes

} // namespace sfdesk
