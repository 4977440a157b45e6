// SPDX-License-Identifier: Apache-2.0

#include "gui/common/messageboxes.h"

namespace sfdesk {

namespace MessageBoxes {

QMessageBox* make(QWidget* parent, const QString& objectName, QMessageBox::Icon icon, const QString& title,
                  const QString& text, QMessageBox::StandardButtons buttons)
{
    auto* box = new QMessageBox(icon, title, text, buttons, parent);
    box->setObjectName(objectName);
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    return box;
}

QMessageBox* warn(QWidget* parent, const QString& objectName, const QString& title, const QString& text)
{
    QMessageBox* box = make(parent, objectName, QMessageBox::Warning, title, text, QMessageBox::Ok);
    box->open();
    return box;
}

} // namespace MessageBoxes

} // namespace sfdesk
