// SPDX-License-Identifier: Apache-2.0

#include "common/fielderror.h"

namespace sfdesk {

using namespace Qt::StringLiterals;

QJsonObject FieldError::toJson() const
{
    return QJsonObject{
        {u"field"_s, field.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(field)},
        {u"code"_s, code},
        {u"message"_s, message},
    };
}

QJsonArray fieldErrorsToJson(const FieldErrors& errors)
{
    QJsonArray array;
    for (const FieldError& error : errors)
        array.append(error.toJson());
    return array;
}

} // namespace sfdesk
