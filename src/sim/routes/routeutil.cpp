// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/routeutil.h"

#include "sim/simids.h"
#include "sim/simstore.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim::routeutil {

bool isCursor(const QString& prefix, const QString& value)
{
    if (!value.startsWith(prefix) || value.size() == prefix.size())
        return false;
    return static_cast<bool>(QByteArray::fromBase64Encoding(value.sliced(prefix.size()).toLatin1(),
                                                            QByteArray::Base64UrlEncoding
                                                                | QByteArray::AbortOnBase64DecodingErrors));
}

std::optional<QString> userData(BodyReader& body)
{
    constexpr qint64 maxUserDataBytes = 64 * 1024;
    if (!body.has(u"cloud_init_user_data"_s) || body.isNull(u"cloud_init_user_data"_s))
        return std::nullopt;
    const auto userData = body.string(u"cloud_init_user_data"_s, false, 4 * maxUserDataBytes);
    if (!userData)
        return std::nullopt; // string() reported the type
    const auto result =
        QByteArray::fromBase64Encoding(userData->toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!result)
        body.addError(u"cloud_init_user_data"_s, u"invalid_base64"_s,
                      u"cloud_init_user_data must be base64."_s);
    else if (result.decoded.size() > maxUserDataBytes)
        body.addError(u"cloud_init_user_data"_s, u"too_large"_s,
                      u"cloud_init_user_data decodes to %1 bytes; the maximum is 65536 (64 KiB)."_s.arg(
                          result.decoded.size()));
    return userData;
}

QVariant tagsColumn(const std::optional<QJsonObject>& tags)
{
    if (!tags)
        return QVariant(QMetaType(QMetaType::QString));
    return QString::fromUtf8(QJsonDocument(*tags).toJson(QJsonDocument::Compact));
}

IdempotencyKey::IdempotencyKey(const SimRequestContext& c, QString route, QString canonicalBody, QString made)
    : m_context(c)
    , m_route(std::move(route))
    , m_body(std::move(canonicalBody))
    , m_made(std::move(made))
    , m_key(QString::fromUtf8(c.request.idempotencyKey).trimmed())
    , m_wallNow(QDateTime::currentSecsSinceEpoch())
{
    if (m_key.size() > 255)
        throw SimApiError::unprocessable(
            u"Idempotency-Key must be at most 255 characters."_s,
            {{u"Idempotency-Key"_s, u"too_long"_s, u"Idempotency-Key must be at most 255 characters."_s}});
    if (!m_key.isEmpty())
        m_digest = secretDigest(m_key);
}

std::optional<QString> IdempotencyKey::previous() const
{
    if (m_digest.isEmpty())
        return std::nullopt;
    m_context.store.exec(u"DELETE FROM idempotency_keys WHERE created_at < ?"_s, {m_wallNow - Day});
    const auto seen = m_context.store.row(
        u"SELECT body, resource_id FROM idempotency_keys WHERE token = ? AND route = ? AND key = ?"_s,
        {m_context.caller.token, m_route, m_digest});
    if (!seen)
        return std::nullopt;
    if (seen->value(0).toString() != m_body)
        throw SimApiError::unprocessable(
            u"This Idempotency-Key was used with a different request body."_s,
            {{u"Idempotency-Key"_s, u"idempotency_key_reused"_s,
              u"The key %1 already made %2 %3 with another body; use a new key for a new request."_s.arg(
                  m_key, m_made, seen->value(1).toString())}});
    return seen->value(1).toString();
}

void IdempotencyKey::remember(const QString& resourceId) const
{
    if (m_digest.isEmpty())
        return;
    m_context.store.exec(u"INSERT INTO idempotency_keys(token, route, key, body, resource_id, created_at) "
                         "VALUES(?, ?, ?, ?, ?, ?)"_s,
                         {m_context.caller.token, m_route, m_digest, m_body, resourceId, m_wallNow});
}

} // namespace sfsim::routeutil
