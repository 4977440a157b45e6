// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

namespace sfdesk {

// For parsers that say why they refused their input through an optional out-parameter.
inline void setError(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

} // namespace sfdesk
