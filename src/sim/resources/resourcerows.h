// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simcaller.h"
#include "sim/api/simhttp.h"

#include <QSqlRecord>
#include <QString>

#include <optional>

namespace sfsim {

// What the rooms share about the rows of the API's resources: who may read one, and how a lookup
// that finds none answers.
namespace resourcerows {

// Whether the caller may read `row`, a resource of a workspace: of the caller's account
// (account_id) and in a workspace (workspace_id) it may read. False without a row.
bool readable(const Caller& caller, const std::optional<QSqlRecord>& row);
// The 404 of a lookup; with a `field` (where the request named what was looked up), `message` is
// that field's detail too.
SimApiError notFound(const QString& message, const QString& field);

} // namespace resourcerows

} // namespace sfsim
