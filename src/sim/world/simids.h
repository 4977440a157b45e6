// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QRandomGenerator>
#include <QString>

#include <optional>

namespace sfsim {

// IDs of the API: a canonical prefix and a 21-character suffix from [0-9A-Za-z_-], like nanoid.
class IdGenerator final
{
public:
    // A seeded generator makes the same world for the same seed.
    explicit IdGenerator(quint64 seed);
    IdGenerator();

    QString make(const QString& prefix);
    QString token();
    quint32 bounded(quint32 highest) { return m_random.bounded(highest); }
    double uniform() { return m_random.generateDouble(); }

private:
    QString suffix(int length);
    QRandomGenerator m_random;
};

// Cursors: "<prefix>_<base64url of the row's sequence number>", opaque to clients and stable
// while rows are added, since sequence numbers never move.
QString encodeCursor(const QString& prefix, qint64 seq);
std::optional<qint64> decodeCursor(const QString& prefix, const QString& cursor);

// What the store keeps of a secret (a token, an idempotency key): its SHA-256 as hex, so that
// reading the database file does not give away a token.
QString secretDigest(const QString& secret);

} // namespace sfsim
