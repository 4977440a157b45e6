// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apicall.h"

#include <QJsonDocument>
#include <QObject>
#include <QVariant>

#include <functional>
#include <optional>
#include <type_traits>

namespace sfdesk {

// Turns a response body into a call's result of type T: the one place where a call's result type
// is decided. ApiClient's calls are built from these, so the result an ApiReply<T> hands over is
// always the T its call was declared with.
template <typename T> struct ResultParser
{
    std::function<std::optional<T>(const JsonNode&, QString* error)> parse;
};

// The typed handle of one call, as ApiClient's calls return it: onSuccess() takes a function of
// the call's own result type, so a handler written for another type does not compile. T is void
// for calls that answer nothing. The handle is a pointer's worth: copy it freely; the call it
// names reports once and then deletes itself (see ApiCall).
template <typename T> class ApiReply final
{
public:
    using Result = T;

    explicit ApiReply(ApiCall* call)
        : m_call(call)
    {}

    template <typename Fn> ApiReply onSuccess(QObject* context, Fn&& fn) const
    {
        if constexpr (std::is_void_v<T>) {
            static_assert(std::is_invocable_v<Fn>, "this call answers nothing: the handler takes no result");
            QObject::connect(m_call, &ApiCall::succeeded, context, [fn = std::forward<Fn>(fn)] { fn(); });
        } else {
            static_assert(std::is_invocable_v<Fn, const T&>,
                          "the handler does not take this call's result type");
            QObject::connect(m_call, &ApiCall::succeeded, context,
                             [fn = std::forward<Fn>(fn)](const QVariant& value) { fn(value.value<T>()); });
        }
        return *this;
    }
    template <typename Fn> ApiReply onFailure(QObject* context, Fn&& fn) const
    {
        QObject::connect(m_call, &ApiCall::failed, context, std::forward<Fn>(fn));
        return *this;
    }

    ApiCall* call() const { return m_call; }
    // For what handles any call alike: the activity list, pollers, bulk actions, cancel().
    operator ApiCall*() const { return m_call; }

private:
    ApiCall* m_call;
};

} // namespace sfdesk
