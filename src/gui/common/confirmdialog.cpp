// SPDX-License-Identifier: Apache-2.0

#include "gui/common/confirmdialog.h"

#include <QPushButton>

namespace sfdesk {

QMessageBox* ConfirmDialog::ask(QWidget* parent, const QString& title, const QString& text,
                                const QString& confirmText, Answer answer)
{
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::NoButton, parent);
    QAbstractButton* yes = box->addButton(confirmText, QMessageBox::DestructiveRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    // The box is the context: it is the parent's child, so the answer never outlives the parent.
    QObject::connect(box, &QDialog::finished, box,
                     [box, yes, answer = std::move(answer)] { answer(box->clickedButton() == yes); });
    return open(box, QStringLiteral("confirmDialog"));
}

QMessageBox* ConfirmDialog::askYes(QWidget* parent, const QString& title, const QString& text,
                                   QMessageBox::StandardButton no, Answer answer)
{
    auto* box = new QMessageBox(QMessageBox::Question, title, text, QMessageBox::Yes | no, parent);
    box->setDefaultButton(no);
    box->setEscapeButton(no);
    QObject::connect(box, &QDialog::finished, box, [box, answer = std::move(answer)] {
        answer(box->clickedButton() == box->button(QMessageBox::Yes));
    });
    return open(box, QStringLiteral("confirmDialog"));
}

QMessageBox* ConfirmDialog::askUnsaved(QWidget* parent, const QString& objectName, const QString& question,
                                       const QString& keepText, std::function<void(Unsaved)> answer)
{
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Unsaved Changes"), question,
                                QMessageBox::Discard | QMessageBox::Cancel, parent);
    QAbstractButton* keep = keepText.isEmpty() ? box->addButton(QMessageBox::Save)
                                               : box->addButton(keepText, QMessageBox::AcceptRole);
    box->setDefaultButton(qobject_cast<QPushButton*>(keep));
    box->setEscapeButton(QMessageBox::Cancel);
    QObject::connect(box, &QDialog::finished, box, [box, keep, answer = std::move(answer)] {
        QAbstractButton* clicked = box->clickedButton();
        answer(clicked == keep                                ? Unsaved::Keep
               : clicked == box->button(QMessageBox::Discard) ? Unsaved::Discard
                                                              : Unsaved::Cancel);
    });
    return open(box, objectName);
}

QMessageBox* ConfirmDialog::open(QMessageBox* box, const QString& objectName)
{
    box->setObjectName(objectName);
    // Names, messages and other server text in the question are data, never markup.
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

} // namespace sfdesk
