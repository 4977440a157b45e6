#include "core/api/orderattempts.h"

#include "core/api/apiclient.h"

#include <algorithm>

QByteArray OrderAttempts::keyFor(const OrderRequest& request) const
{
    const auto it = std::find_if(m_unknown.cbegin(), m_unknown.cend(),
                                 [&request](const Attempt& attempt) { return attempt.request == request; });
    return it != m_unknown.cend() ? it->key : ApiClient::newIdempotencyKey();
}

void OrderAttempts::finished(const OrderRequest& request, const QByteArray& key, const ApiError& error)
{
    m_unknown.removeIf([&request](const Attempt& attempt) { return attempt.request == request; });
    if (!error.isError() || !leavesOutcomeUnknown(error))
        return;
    m_unknown.append({request, key});
    if (m_unknown.size() > MaxUnknown)
        m_unknown.removeFirst();
}

bool OrderAttempts::isOutcomeUnknown(const OrderRequest& request) const
{
    return std::any_of(m_unknown.cbegin(), m_unknown.cend(),
                       [&request](const Attempt& attempt) { return attempt.request == request; });
}

bool OrderAttempts::leavesOutcomeUnknown(const ApiError& error)
{
    switch (error.kind()) {
    case ApiError::Kind::None:
        return false;
    // Refused before anything was sent.
    case ApiError::Kind::InsecureUrl:
    case ApiError::Kind::Configuration:
    case ApiError::Kind::NotSignedIn:
        return false;
    // The request may have reached the server, and its answer got lost on the way back.
    case ApiError::Kind::Cancelled:
    case ApiError::Kind::Transport:
    case ApiError::Kind::Timeout:
    case ApiError::Kind::Tls:
    case ApiError::Kind::InvalidResponse:
        return true;
    case ApiError::Kind::Http:
        break;
    }
    const int status = error.httpStatus();
    if (status >= 500)
        return true;
    // Timeout, conflict (an attempt with the key still in progress), too early, too many requests:
    // the server set this request aside, and an earlier attempt of the same call may have placed it.
    return status == 408 || status == 409 || status == 425 || status == 429 || status < 400;
}
