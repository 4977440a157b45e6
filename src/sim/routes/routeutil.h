// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "sim/routes/simrequest.h"
#include "sim/simhttp.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVariant>

#include <optional>

namespace sfsim::routeutil {

constexpr qint64 Day = 86400;
// Far enough for any window the market trades, small enough to keep arithmetic exact.
constexpr qint64 MaxTime = 4'102'444'800; // 2100-01-01

// Whether `value` is a cursor of the list whose cursors start with `prefix`.
bool isCursor(const QString& prefix, const QString& value);
// cloud_init_user_data of a body: base64 that decodes to at most 64 KiB, as it came; problems go
// to the body's details. Nothing when absent or null.
std::optional<QString> userData(BodyReader& body);
// A tags body value as its stored column: compact JSON, or null when absent.
QVariant tagsColumn(const std::optional<QJsonObject>& tags);

// The Idempotency-Key of a request to `route`: per token, kept a day of wall-clock time (a client
// retries after real time passes, however fast the simulated clock runs), with the first
// request's body. A repeated key with the same body names what the first request made; with
// another body it is refused (422).
class IdempotencyKey final
{
public:
    // `made` names what the route makes, for the refusal ("order", "replacement").
    IdempotencyKey(const SimRequestContext& c, QString route, QString canonicalBody, QString made);
    bool isEmpty() const { return m_digest.isEmpty(); }
    // The id the first request with this key made; nothing for a new key (or none).
    std::optional<QString> previous() const;
    void remember(const QString& resourceId) const;

private:
    const SimRequestContext& m_context;
    QString m_route;
    QString m_body;
    QString m_made;
    QString m_key;
    QString m_digest;
    qint64 m_wallNow = 0;
};

} // namespace sfsim::routeutil
