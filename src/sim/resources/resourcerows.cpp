// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/resourcerows.h"

#include "sim/store/simstore.h"

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

QJsonObject json(const QString& object, const QSqlRecord& r,
                 std::initializer_list<std::pair<QString, QJsonValue>> fields)
{
    const QString account = r.value(u"account_id"_s).toString();
    const QString workspace = r.value(u"workspace"_s).toString();
    const QString name = r.value(u"name"_s).toString();
    QJsonObject o{{u"object"_s, object},
                  {u"id"_s, r.value(u"id"_s).toString()},
                  {u"resource_path"_s, u"sfc:%1:%2:%3:%4"_s.arg(object, account, workspace, name)},
                  {u"owner"_s, account},
                  {u"workspace"_s, workspace},
                  {u"workspace_id"_s, r.value(u"workspace_id"_s).toString()},
                  {u"name"_s, name}};
    for (const auto& [key, value] : fields)
        o.insert(key, value);
    return o;
}

bool nameTaken(SimStore& store, const QString& table, const QVariant& workspaceId, const QString& name)
{
    return store
        .row(u"SELECT 1 FROM "_s + table + u" WHERE workspace_id = ? AND name = ? AND deleted_at IS NULL"_s,
             {workspaceId, name})
        .has_value();
}

QString defaultName(const QString& prefix, const QString& idPart)
{
    return prefix + idPart.toLower().replace(u'_', u'0').replace(u'-', u'1');
}

} // namespace sfsim::resourcerows
