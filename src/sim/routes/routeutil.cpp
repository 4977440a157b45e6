// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/routeutil.h"

#include <QByteArray>
#include <QJsonDocument>

namespace sfsim::routeutil {

bool isCursor(const QString& prefix, const QString& value)
{
    if (!value.startsWith(prefix) || value.size() == prefix.size())
        return false;
    return static_cast<bool>(QByteArray::fromBase64Encoding(value.sliced(prefix.size()).toLatin1(),
                                                            QByteArray::Base64UrlEncoding
                                                                | QByteArray::AbortOnBase64DecodingErrors));
}

QVariant tagsColumn(const std::optional<QJsonObject>& tags)
{
    if (!tags)
        return QVariant(QMetaType(QMetaType::QString));
    return QString::fromUtf8(QJsonDocument(*tags).toJson(QJsonDocument::Compact));
}

} // namespace sfsim::routeutil
