// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>

class QMessageBox;
class QWidget;

namespace sfdesk {

// Asks the user to confirm something that cannot be undone. Tests preset the answer with
// setNextAnswer, so that no modal box blocks them; the question is kept for them to check.
class ConfirmDialog final
{
    Q_DECLARE_TR_FUNCTIONS(ConfirmDialog)

public:
    // True when the user chose the action. confirmText labels the button that does it.
    static bool ask(QWidget* parent, const QString& title, const QString& text, const QString& confirmText);

    // Called once with the user's choice, unless the parent goes first.
    using Answer = std::function<void(bool confirmed)>;
    // The same without a nested event loop: the question (a child of `parent` named "confirmDialog",
    // window-modal, plain text, Cancel the default) opens and this returns at once; `answer` gets
    // the choice later and never runs after the parent is gone. Tests click its buttons.
    static QMessageBox* ask(QWidget* parent, const QString& title, const QString& text,
                            const QString& confirmText, Answer answer);

    // The next ask() returns this without showing anything (tests only).
    static void setNextAnswer(bool answer);
    // The text of the last question asked.
    static QString lastText();

private:
    static std::optional<bool>& nextAnswer();
    static QString& lastTextRef();
};

} // namespace sfdesk
