#include "sim/routes/routeutil.h"

#include <QByteArray>

namespace sfsim::routeutil {

bool isCursor(const QString& prefix, const QString& value)
{
    if (!value.startsWith(prefix) || value.size() == prefix.size())
        return false;
    return static_cast<bool>(QByteArray::fromBase64Encoding(value.sliced(prefix.size()).toLatin1(),
                                                            QByteArray::Base64UrlEncoding
                                                                | QByteArray::AbortOnBase64DecodingErrors));
}

QList<ErrorDetail> toDetails(const FieldErrors& errors)
{
    QList<ErrorDetail> out;
    for (const FieldError& e : errors)
        out.append({e.field, e.code, e.message});
    return out;
}

} // namespace sfsim::routeutil
