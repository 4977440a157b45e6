// SPDX-License-Identifier: Apache-2.0

// Must not compile: a handler for pools on the call that answers the account. Built only by the
// compile_fail_apireply test, which expects the compiler to stop with ApiReply's message.

#include "core/api/apiclient.h"

using namespace sfdesk;

void handleTheWrongType(ApiClient* client, QObject* context)
{
    client->me().onSuccess(context, [](const QList<Pool>&) {});
}
