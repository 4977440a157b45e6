// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>
#include <QMessageBox>
#include <QString>

#include <functional>

class QWidget;

namespace sfdesk {

// Asks the user to confirm something, without a nested event loop: the question opens window-modal
// over its parent's window and returns at once; the answer comes later, to a callback. The question
// is a child of `parent`: it closes when the parent is deleted, and the callback never runs after
// that. Escape, the window's close button and the cancelling button all answer false; the
// cancelling button is the default. Tests find the question as the parent's child named
// "confirmDialog" and click its buttons.
class ConfirmDialog final
{
    Q_DECLARE_TR_FUNCTIONS(ConfirmDialog)

public:
    // Called once with the user's choice, unless the parent goes first.
    using Answer = std::function<void(bool confirmed)>;

    // Something that cannot be undone: a warning with the button confirmText (destructive) and
    // Cancel.
    static QMessageBox* ask(QWidget* parent, const QString& title, const QString& text,
                            const QString& confirmText, Answer answer);
    // A question answered Yes or `no` (Cancel or No).
    static QMessageBox* askYes(QWidget* parent, const QString& title, const QString& text,
                               QMessageBox::StandardButton no, Answer answer);

    // Edits that would be lost: keep them (the button keepText, or Save when it is empty; the
    // default), discard them, or go back to them (Cancel, Escape). The box is named objectName.
    enum class Unsaved
    {
        Keep,
        Discard,
        Cancel,
    };
    static QMessageBox* askUnsaved(QWidget* parent, const QString& objectName, const QString& question,
                                   const QString& keepText, std::function<void(Unsaved)> answer);
};

} // namespace sfdesk
