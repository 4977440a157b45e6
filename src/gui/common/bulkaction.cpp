// SPDX-License-Identifier: Apache-2.0

#include "gui/common/bulkaction.h"

#include "core/api/apicall.h"

#include <memory>

namespace sfdesk {

namespace BulkAction {

void run(QObject* receiver, const QList<Item>& items, std::function<void(const Outcome&)> finished,
         std::function<void(const QString& name, const ApiError& error)> failed)
{
    struct State
    {
        Outcome result;
        int remaining = 0;
        std::function<void(const Outcome&)> finished;
        std::function<void(const QString&, const ApiError&)> failed;
    };
    auto state = std::make_shared<State>();
    state->result.total = static_cast<int>(items.size());
    state->remaining = state->result.total;
    state->finished = std::move(finished);
    state->failed = std::move(failed);
    for (const Item& item : items) {
        ApiCall* call = item.start();
        const QString name = item.name;
        QObject::connect(call, &ApiCall::succeeded, receiver, [state] { ++state->result.done; });
        QObject::connect(call, &ApiCall::failed, receiver, [state, name](const ApiError& error) {
            state->result.failures << QStringLiteral("%1 (%2)").arg(name, error.message());
            if (state->failed)
                state->failed(name, error);
        });
        QObject::connect(call, &ApiCall::finished, receiver, [state] {
            if (--state->remaining == 0 && state->finished)
                state->finished(state->result);
        });
    }
}

} // namespace BulkAction

} // namespace sfdesk
