// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/schedule.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QString>
#include <QVariant>

namespace sfsim::jsonout {

// Compact JSON written straight into bytes, for the list pages: the object model (a QJsonObject
// per item, then the document) took most of a page's time. The output is what
// QJsonDocument::toJson(Compact) writes: the caller writes keys in sorted order; strings Qt would
// escape (quotes, backslashes, control and non-ASCII characters) are escaped by Qt.
void appendString(QByteArray& out, QStringView s);
// Where a page's late value goes (SimApi::writtenPage): a control character, which every written
// string escapes.
inline constexpr char lateValue = '\x01';

// UTF-8 text (as SQLite stores it) as a JSON string, the same as appendString writes for it.
void appendUtf8(QByteArray& out, QByteArrayView utf8);
// The same without the quotes, for a string written in parts.
void appendUtf8Content(QByteArray& out, QByteArrayView utf8);
// "sfc:<kind>:<account>:<workspace>:<name>", quoted.
void appendResourcePath(QByteArray& out, QByteArrayView kind, QByteArrayView account,
                        QByteArrayView workspace, QByteArrayView name);
// The last keys of every workspace's resource, which sort after all others, and the object's end:
// ,"workspace":…,"workspace_id":…}
void appendWorkspaceAndEnd(QByteArray& out, QByteArrayView workspace, QByteArrayView workspaceId);
void appendInteger(QByteArray& out, qint64 value);
void appendValue(QByteArray& out, const QJsonValue& value);
// A schedule's entries as Schedule::toJson() writes them compactly: keys in order, end_at null on
// an unbounded run.
void appendSchedule(QByteArray& out, const QList<sfdesk::ScheduleEntry>& entries);
// {"cursor":…,"data":[items],"has_more":…,"object":"list"}; `items` are the written objects,
// comma separated.
QByteArray list(const QJsonValue& cursor, const QByteArray& items, bool hasMore);

} // namespace sfsim::jsonout
