// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/routeutil.h"

#include <QByteArray>
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

} // namespace sfsim::routeutil
