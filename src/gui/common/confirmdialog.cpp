// SPDX-License-Identifier: Apache-2.0

#include "gui/common/confirmdialog.h"

#include "gui/common/messageboxes.h"

#include <QPushButton>

namespace sfdesk {

QMessageBox* ConfirmDialog::ask(QWidget* parent, const QString& title, const QString& text,
                                const QString& confirmText, Answer answer)
{
    QMessageBox* box =
        MessageBoxes::make(parent, QStringLiteral("confirmDialog"), QMessageBox::Warning, title, text);
    QAbstractButton* yes = box->addButton(confirmText, QMessageBox::DestructiveRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    // The box is the context: it is the parent's child, so the answer never outlives the parent.
    QObject::connect(box, &QDialog::finished, box,
                     [box, yes, answer = std::move(answer)] { answer(box->clickedButton() == yes); });
    box->open();
    return box;
}

QMessageBox* ConfirmDialog::askYes(QWidget* parent, const QString& title, const QString& text,
                                   QMessageBox::StandardButton no, Answer answer)
{
    QMessageBox* box = MessageBoxes::make(parent, QStringLiteral("confirmDialog"), QMessageBox::Question,
                                          title, text, QMessageBox::Yes | no);
    box->setDefaultButton(no);
    box->setEscapeButton(no);
    QObject::connect(box, &QDialog::finished, box, [box, answer = std::move(answer)] {
        answer(box->clickedButton() == box->button(QMessageBox::Yes));
    });
    box->open();
    return box;
}

QMessageBox* ConfirmDialog::askUnsaved(QWidget* parent, const QString& objectName, const QString& question,
                                       const QString& keepText, std::function<void(Unsaved)> answer)
{
    QMessageBox* box = MessageBoxes::make(parent, objectName, QMessageBox::Warning, tr("Unsaved Changes"),
                                          question, QMessageBox::Discard | QMessageBox::Cancel);
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
    box->open();
    return box;
}

} // namespace sfdesk
