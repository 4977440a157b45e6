// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrequest.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace sfsim {

// The Idempotency-Key of a POST that takes one (orders, pool transfers): per token and route, the
// first request's body and the id of what it made. A repeated key with the same body answers with
// that object as it stands now; with another body it is refused (422). Keys live a day of
// wall-clock time: a client retries after real time passes, however fast the simulated clock runs.
class IdempotencyKey final
{
public:
    // Reads the key of the request (422 when it is too long) and forgets keys older than a day.
    // `noun` names what the route makes ("order", "transfer") in the refusal.
    IdempotencyKey(const SimRequestContext& c, QString route, QString noun);

    bool isSet() const { return !m_key.isEmpty(); }
    // The id of what the first request with this key and body made; nullopt for a new key (or
    // none). Throws 422 when the key came with another body.
    std::optional<QString> previous() const;
    // Remembers that this key made `resourceId`.
    void remember(const QString& resourceId) const;

private:
    const SimRequestContext& m_context;
    QString m_route;
    QString m_noun;
    QString m_key;
    QString m_digest;
    QString m_body;
    qint64 m_wallNow = 0;
};

} // namespace sfsim
