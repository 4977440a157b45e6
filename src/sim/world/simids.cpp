// SPDX-License-Identifier: Apache-2.0

#include "sim/world/simids.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QtEndian>

#include <algorithm>
#include <iterator>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {
constexpr char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-";
}

IdGenerator::IdGenerator(quint64 seed)
    : m_random(static_cast<quint32>(seed ^ (seed >> 32)) ^ 0x5f3759dfu)
{}

IdGenerator::IdGenerator()
    : m_random(QRandomGenerator::securelySeeded())
{}

QString IdGenerator::suffix(int length)
{
    QString out(length, Qt::Uninitialized);
    for (int i = 0; i < length; ++i)
        out[i] = QLatin1Char(alphabet[m_random.bounded(64)]);
    return out;
}

QString IdGenerator::make(const QString& prefix)
{
    // The API document accepts the legacy aliases as unanchored patterns next to the canonical
    // ones (oneOf): an id whose random part spelled one, like inst_...vm_x, would match both.
    static const QString legacy[] = {u"vm_"_s, u"vmi_"_s, u"cap_"_s, u"clus_"_s};
    QString s = suffix(21);
    while (
        std::any_of(std::begin(legacy), std::end(legacy), [&s](const QString& l) { return s.contains(l); }))
        s = suffix(21);
    return prefix + u'_' + s;
}

QString IdGenerator::token()
{
    return u"sk_live_"_s + suffix(40).replace(u'-', u'x').replace(u'_', u'y');
}

QString encodeCursor(const QString& prefix, qint64 seq)
{
    QByteArray raw(8, Qt::Uninitialized);
    qToBigEndian(static_cast<quint64>(seq) ^ 0x5a5a5a5a5a5a5a5aull, raw.data());
    return prefix + u'_'
           + QString::fromLatin1(
               raw.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<qint64> decodeCursor(const QString& prefix, const QString& cursor)
{
    const QString head = prefix + u'_';
    if (!cursor.startsWith(head))
        return std::nullopt;
    const auto decoded = QByteArray::fromBase64Encoding(cursor.mid(head.size()).toLatin1(),
                                                        QByteArray::Base64UrlEncoding
                                                            | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() != 8)
        return std::nullopt;
    const quint64 value = qFromBigEndian<quint64>(decoded.decoded.constData()) ^ 0x5a5a5a5a5a5a5a5aull;
    return static_cast<qint64>(value);
}

QString secretDigest(const QString& secret)
{
    return QString::fromLatin1(QCryptographicHash::hash(secret.toUtf8(), QCryptographicHash::Sha256).toHex());
}

} // namespace sfsim
