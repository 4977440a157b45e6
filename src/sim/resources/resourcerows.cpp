// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/resourcerows.h"

using namespace Qt::StringLiterals;

namespace sfsim::resourcerows {

bool readable(const Caller& caller, const std::optional<QSqlRecord>& row)
{
    return row && row->value(u"account_id"_s).toString() == caller.account
           && caller.level(row->value(u"workspace_id"_s).toString()) >= 1;
}

SimApiError notFound(const QString& message, const QString& field)
{
    if (field.isEmpty())
        return SimApiError::notFound(message);
    return SimApiError(404, u"not_found"_s, message, {{field, u"not_found"_s, message}});
}

} // namespace sfsim::resourcerows
