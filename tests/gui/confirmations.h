// SPDX-License-Identifier: Apache-2.0

#pragma once

// The questions ConfirmDialog asks, answered as a user would: found as the asking widget's child
// named "confirmDialog" once it is open, and answered with its buttons.

#include <QAbstractButton>
#include <QMessageBox>
#include <QPointer>
#include <QTest>
#include <QWidget>

namespace sfdesk {

// The question `parent` shows (waiting up to timeoutMs for it to open); null when none opens.
// Questions about unsaved changes have names of their own.
inline QMessageBox* openConfirmation(QWidget* parent, int timeoutMs = 5000,
                                     const QString& name = QStringLiteral("confirmDialog"))
{
    QMessageBox* found = nullptr;
    // The parent may close (and go) instead of asking.
    const QPointer<QWidget> asker(parent);
    [[maybe_unused]] const bool opened = QTest::qWaitFor(
        [&] {
            if (!asker)
                return true;
            const auto boxes = asker->findChildren<QMessageBox*>(name, Qt::FindDirectChildrenOnly);
            for (QMessageBox* box : boxes)
                if (box->isVisible())
                    found = box;
            return found != nullptr;
        },
        timeoutMs);
    return found;
}

// Clicks the button that confirms (the destructive one or Yes), or the one that does not.
inline void answerConfirmation(QMessageBox* box, bool confirm)
{
    const auto buttons = box->buttons();
    for (QAbstractButton* button : buttons) {
        const QMessageBox::ButtonRole role = box->buttonRole(button);
        const bool yes = role == QMessageBox::DestructiveRole || role == QMessageBox::YesRole
                         || role == QMessageBox::AcceptRole;
        if (yes == confirm) {
            button->click();
            return;
        }
    }
    QFAIL("the question has no such button");
}

// Both: the question's text, after answering it; empty when `parent` asked nothing.
inline QString answerConfirmation(QWidget* parent, bool confirm)
{
    QMessageBox* box = openConfirmation(parent);
    if (!box)
        return {};
    const QString text = box->text();
    answerConfirmation(box, confirm);
    return text;
}

} // namespace sfdesk
