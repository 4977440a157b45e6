// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/api/apireply.h"

#include <QDebug>
#include <QObject>
#include <QTest>

#include <optional>

namespace sfdesk {

// The result of one API call, waited for in the event loop (20 s at most): a test's own setup,
// where the call is not what is under test. A failure is logged and gives nullopt.
template <typename T> std::optional<T> waitForResult(ApiReply<T> call)
{
    std::optional<T> result;
    bool done = false;
    QObject context;
    call.onSuccess(&context, [&](const T& value) {
        result = value;
        done = true;
    });
    call.onFailure(&context, [&](const ApiError& error) {
        qWarning() << error.message();
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 20000))
        qWarning("no answer within 20 s");
    return result;
}

} // namespace sfdesk
