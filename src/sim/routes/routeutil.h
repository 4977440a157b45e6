// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "sim/api/simhttp.h"
#include "sim/routes/simrequest.h"
#include "sim/world/simclock.h"

#include <QJsonObject>
#include <QList>
#include <QSqlRecord>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <functional>
#include <optional>

namespace sfsim {
class AccessRules;
}

namespace sfsim::routeutil {

using simtime::Day;
using simtime::MaxTime;

// Whether `value` is a cursor of the list whose cursors start with `prefix`.
bool isCursor(const QString& prefix, const QString& value);
// The query's cursor `key` of a list whose cursors start with `prefix`, or an empty string; a
// value that is no such cursor is reported to the query.
QString cursorParameter(QueryReader& query, const QString& key, const QString& prefix);
// cloud_init_user_data of a body: base64 that decodes to at most 64 KiB, as it came; problems go
// to the body's details. Nothing when absent or null.
std::optional<QString> userData(BodyReader& body);
// A tags body value as its stored column: compact JSON, or null when absent.
QVariant tagsColumn(const std::optional<QJsonObject>& tags);
// The `name` and `tags` a PATCH of a workspace's resource may change, read in that order (the
// caller finishes the body).
struct NameAndTags
{
    std::optional<QString> name;
    bool hasTags = false;
    QVariant tags; // the stored column (tagsColumn)
};
NameAndTags readNameAndTags(BodyReader& body);
// How a kind of resource refuses a name already taken in its workspace: `noun` begins the message
// ("A pool", "An instance"), `error` gives the status the API document gives that kind (pools 422,
// partitions 409, instances 400).
struct NameTakenAnswer
{
    QString noun;
    SimApiError (*error)(const QString& message, QList<sfdesk::FieldError> details);
};
// Stores `change` on `row`, a live resource of `table`: the caller must be able to write in its
// workspace, and a name other than the row's own must be free there. `stamped`: the table keeps
// an updated_at, which each change sets to the request's time.
void storeNameAndTags(const SimRequestContext& c, const QString& table, const QSqlRecord& row,
                      const NameAndTags& change, const NameTakenAnswer& taken, bool stamped = false);
// The workspace a create's body names in `workspace`; the caller must be able to write in it.
QSqlRecord writableWorkspace(AccessRules& access, const QString& ref);

// The conditions a list of a workspace's resources starts with: live rows (`alias`.deleted_at is
// null) in the workspace the query names, else in any workspace the caller may read.
QStringList liveInWorkspace(QueryReader& query, AccessRules& access, const QString& alias,
                            QVariantList& binds);

// The ids that `refs` name, in their order, as `find` resolves them; a reference it does not find
// stands as an empty id, which matches no row.
QVariantList resolvedIds(const QStringList& refs, const std::function<QVariant(const QString&)>& find);
// `column IN (?, ...)` over `values`, which are appended to `binds`.
QString inCondition(const QString& column, const QVariantList& values, QVariantList& binds);
// The conditions of a list's `tag` (key=value) and `tag_key` filters over the JSON object column
// `tags`; a tag without its key is reported to the query.
void addTagConditions(QueryReader& query, const QString& tags, QStringList& where, QVariantList& binds);
// `column = ?` when the query has `key`.
void addEqualsCondition(const QueryReader& query, const QString& key, const QString& column,
                        QStringList& where, QVariantList& binds);

} // namespace sfsim::routeutil
