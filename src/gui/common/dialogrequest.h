// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apireply.h"

#include <QObject>

#include <functional>
#include <type_traits>
#include <utility>

class QLabel;

namespace sfdesk {

class ApiError;

// The one request a dialog has out at a time. While it is out, the dialog's updateState() keeps
// the button that sends off (isOut()); when the server refuses, the dialog stays open, its error
// label shows why, and the user may try again. The dialog makes it after setupUi() and owns it.
class DialogRequest final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DialogRequest)

public:
    // errorLabel: where a refusal shows; updateState: the dialog's, run when isOut() changes.
    DialogRequest(QLabel* errorLabel, std::function<void()> updateState, QObject* parent);
    ~DialogRequest() override;

    bool isOut() const { return m_out; }

    // A request goes out: the last refusal is hidden and the dialog updated.
    void start();
    // The server answered: nothing is out.
    void finish();
    // The server (or a step before it) refused: the error's message with its field details under it,
    // or the text, shows in the error label.
    void refuse(const ApiError& error);
    void refuse(const QString& text);

    // After start(): `done` runs with the result when `reply` succeeds, a failure is refused.
    template <typename T, typename Fn> void watch(const ApiReply<T>& reply, Fn&& done)
    {
        reply.onSuccess(this, [this, done = std::forward<Fn>(done)](const auto&... result) {
            finish();
            done(result...);
        });
        reply.onFailure(this, [this](const ApiError& error) { refuse(error); });
    }

private:
    QLabel* m_errorLabel;
    std::function<void()> m_updateState;
    bool m_out = false;
};

} // namespace sfdesk
