#pragma once

#include "core/api/apierror.h"
#include "core/model/resources.h"

#include <QByteArray>
#include <QList>

// The Idempotency-Keys of the user's attempts at placing orders. The client repeats one call with
// one key by itself; this carries a key over to the user's next attempt at the identical order
// while nobody knows whether the last one was placed (the answer was lost, came too late, was a
// 5xx or could not be read): the server then answers with the order it already placed instead of
// placing a second. A changed order, or an attempt whose outcome is known, gets a new key.
class OrderAttempts final
{
public:
    // At most this many orders of unknown outcome are remembered; the oldest goes first.
    static constexpr int MaxUnknown = 32;

    // The key to send for `request`: that of the last attempt at the identical order if its
    // outcome is unknown, a new one otherwise.
    QByteArray keyFor(const OrderRequest& request) const;
    // How an attempt sent with `key` ended; a default ApiError (Kind::None) is success.
    void finished(const OrderRequest& request, const QByteArray& key, const ApiError& error);
    // Whether the last attempt at `request` may or may not have placed it.
    bool isOutcomeUnknown(const OrderRequest& request) const;
    int unknownCount() const { return int(m_unknown.size()); }

    // Whether the server may have placed an order although the call failed: anything but an
    // answer that refuses the order (a 4xx, except those that say the request was not looked at
    // yet: 408, 409, 425, 429) or a request the client never sent.
    static bool leavesOutcomeUnknown(const ApiError& error);

private:
    struct Attempt
    {
        OrderRequest request;
        QByteArray key;
    };
    QList<Attempt> m_unknown;
};
