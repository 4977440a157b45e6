#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QVariant>

namespace sfsim::jsonout {

// Compact JSON written straight into bytes, for the list pages: the object model (a QJsonObject
// per item, then the document) took most of a page's time. The output is what
// QJsonDocument::toJson(Compact) writes: the caller writes keys in sorted order; strings Qt would
// escape (quotes, backslashes, control and non-ASCII characters) are escaped by Qt.
void appendString(QByteArray& out, QStringView s);
// {"id":…,"name":…}
void appendIdName(QByteArray& out, const QString& id, const QString& name);
void appendInteger(QByteArray& out, qint64 value);
// An integer column, or null.
void appendOptionalInteger(QByteArray& out, const QVariant& value);
// A stored tags column: the object, or `null` when the column is null (and empty, when
// `emptyIsNull`).
void appendTags(QByteArray& out, const QVariant& stored, bool emptyIsNull);
void appendValue(QByteArray& out, const QJsonValue& value);
// {"cursor":…,"data":[items],"has_more":…,"object":"list"}; `items` are the written objects,
// comma separated.
QByteArray list(const QJsonValue& cursor, const QByteArray& items, bool hasMore);

} // namespace sfsim::jsonout
