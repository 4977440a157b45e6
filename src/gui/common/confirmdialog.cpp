// SPDX-License-Identifier: Apache-2.0

#include "gui/common/confirmdialog.h"

#include <QMessageBox>
#include <QPushButton>

namespace sfdesk {

bool ConfirmDialog::ask(QWidget* parent, const QString& title, const QString& text,
                        const QString& confirmText)
{
    lastTextRef() = text;
    if (auto answer = nextAnswer()) {
        nextAnswer().reset();
        return *answer;
    }
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("confirmDialog"));
    auto* yes = box.addButton(confirmText, QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == yes;
}

QMessageBox* ConfirmDialog::ask(QWidget* parent, const QString& title, const QString& text,
                                const QString& confirmText, Answer answer)
{
    lastTextRef() = text;
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::NoButton, parent);
    QAbstractButton* yes = box->addButton(confirmText, QMessageBox::DestructiveRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    // The box is the context: it is the parent's child, so the answer never outlives the parent.
    QObject::connect(box, &QDialog::finished, box,
                     [box, yes, answer = std::move(answer)] { answer(box->clickedButton() == yes); });
    box->setObjectName(QStringLiteral("confirmDialog"));
    // Names, messages and other server text in the question are data, never markup.
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

void ConfirmDialog::setNextAnswer(bool answer)
{
    nextAnswer() = answer;
}

QString ConfirmDialog::lastText()
{
    return lastTextRef();
}

std::optional<bool>& ConfirmDialog::nextAnswer()
{
    static std::optional<bool> answer;
    return answer;
}

QString& ConfirmDialog::lastTextRef()
{
    static QString text;
    return text;
}

} // namespace sfdesk
