// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simcaller.h"
#include "sim/api/simhttp.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QSqlRecord>
#include <QString>
#include <QVariant>

#include <initializer_list>
#include <optional>
#include <utility>

namespace sfsim {

class SimStore;

// What the rooms and routes share about the rows of the API's resources: who may read one, how a
// lookup that finds none answers, the keys every resource of a workspace shows, and its name.
namespace resourcerows {

// Whether the caller may read `row`, a resource of a workspace: of the caller's account
// (account_id) and in a workspace (workspace_id) it may read. False without a row.
bool readable(const Caller& caller, const std::optional<QSqlRecord>& row);
// The 404 of a lookup; with a `field` (where the request named what was looked up), `message` is
// that field's detail too.
SimApiError notFound(const QString& message, const QString& field);
// A resource of a workspace as the API shows it: object, id, resource_path, owner, workspace,
// workspace_id and name from its row (which selects the workspace's account_id and its name as
// workspace), then `fields`.
QJsonObject json(const QString& object, const QSqlRecord& r,
                 std::initializer_list<std::pair<QString, QJsonValue>> fields);
// Whether a live row (deleted_at null) of `table` in the workspace is named `name`: a name is
// unique among the live resources of its kind in a workspace.
bool nameTaken(SimStore& store, const QString& table, const QVariant& workspaceId, const QString& name);
// A name for a resource created without one: `prefix` and characters of an id, lowercase as names
// are ('_' and '-' become '0' and '1').
QString defaultName(const QString& prefix, const QString& idPart);

} // namespace resourcerows

} // namespace sfsim
