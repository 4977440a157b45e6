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
    // Names, messages and other server text in the question are data, never markup.
    box.setTextFormat(Qt::PlainText);
    auto* yes = box.addButton(confirmText, QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == yes;
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
