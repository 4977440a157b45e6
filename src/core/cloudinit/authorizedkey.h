// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

namespace sfdesk {

namespace CloudInit {

// A parsed authorized_keys line: [options] type base64 [comment].
struct AuthorizedKey
{
    QString options;
    QString type;
    QByteArray blob;
    QString comment;
};

// Parses an authorized_keys line. On failure returns false and says why in *problem.
bool parseAuthorizedKey(const QString& line, AuthorizedKey* key, QString* problem);

} // namespace CloudInit

} // namespace sfdesk
