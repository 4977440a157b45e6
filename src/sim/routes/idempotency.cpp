// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/idempotency.h"

#include "sim/api/simhttp.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"
#include "sim/world/simids.h"

#include <QDateTime>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim {

IdempotencyKey::IdempotencyKey(const SimRequestContext& c, QString route, QString noun)
    : m_context(c)
    , m_route(std::move(route))
    , m_noun(std::move(noun))
    , m_key(QString::fromUtf8(c.request.idempotencyKey).trimmed())
    , m_wallNow(QDateTime::currentSecsSinceEpoch())
{
    if (m_key.size() > 255)
        throw SimApiError::unprocessable(
            u"Idempotency-Key must be at most 255 characters."_s,
            {{u"Idempotency-Key"_s, u"too_long"_s, u"Idempotency-Key must be at most 255 characters."_s}});
    if (m_key.isEmpty())
        return;
    m_digest = secretDigest(m_key);
    m_body = QString::fromUtf8(
        QJsonDocument(QJsonDocument::fromJson(c.request.body).object()).toJson(QJsonDocument::Compact));
    c.store.exec(u"DELETE FROM idempotency_keys WHERE created_at < ?"_s, {m_wallNow - routeutil::Day});
}

std::optional<QString> IdempotencyKey::previous() const
{
    if (m_key.isEmpty())
        return std::nullopt;
    const auto seen = m_context.store.row(
        u"SELECT body, resource_id FROM idempotency_keys WHERE token = ? AND route = ? AND key = ?"_s,
        {m_context.caller.token, m_route, m_digest});
    if (!seen)
        return std::nullopt;
    if (seen->value(0).toString() != m_body)
        throw SimApiError::unprocessable(
            u"This Idempotency-Key was used with a different request body."_s,
            {{u"Idempotency-Key"_s, u"idempotency_key_reused"_s,
              u"The key %1 already placed %2 %3 with another body; use a new key for a new %2."_s.arg(
                  m_key, m_noun, seen->value(1).toString())}});
    return seen->value(1).toString();
}

void IdempotencyKey::remember(const QString& resourceId) const
{
    if (m_key.isEmpty())
        return;
    m_context.store.exec(u"INSERT INTO idempotency_keys(token, route, key, body, resource_id, created_at) "
                         "VALUES(?, ?, ?, ?, ?, ?)"_s,
                         {m_context.caller.token, m_route, m_digest, m_body, resourceId, m_wallNow});
}

} // namespace sfsim
