// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

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

    // The next ask() returns this without showing anything (tests only).
    static void setNextAnswer(bool answer);
    // The text of the last question asked.
    static QString lastText();

private:
    static std::optional<bool>& nextAnswer();
    static QString& lastTextRef();
};

} // namespace sfdesk
