// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace sfdesk {

// One validation problem in the API's error-detail shape: {field, code, message}.
// `field` is a JSON path into the request body ("allocation_schedule_delta[0].end_at"), empty for
// problems of the whole request (serialised as null).
struct FieldError
{
    QString field;
    QString code;
    QString message;

    QJsonObject toJson() const;
    friend bool operator==(const FieldError&, const FieldError&) = default;
};

using FieldErrors = QList<FieldError>;

QJsonArray fieldErrorsToJson(const FieldErrors& errors);

} // namespace sfdesk
