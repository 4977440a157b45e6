// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simcaller.h"
#include "sim/api/simhttp.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QSqlRecord>
#include <QString>

#include <initializer_list>
#include <optional>
#include <utility>

namespace sfsim {

// What the rooms share about the rows of the API's resources: who may read one, how a lookup that
// finds none answers, and the keys every resource of a workspace shows.
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

} // namespace resourcerows

} // namespace sfsim
