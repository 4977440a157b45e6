// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/simjsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace sfsim::jsonout {

void appendString(QByteArray& out, QStringView s)
{
    const qsizetype start = out.size();
    out.resize(start + s.size() + 2);
    char* p = out.data() + start;
    *p++ = '"';
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u >= 0x7f || u == u'"' || u == u'\\') {
            out.truncate(start);
            const QByteArray escaped = QJsonDocument(QJsonArray{s.toString()}).toJson(QJsonDocument::Compact);
            out.append(escaped.constData() + 1, escaped.size() - 2); // without the brackets
            return;
        }
        *p++ = char(u);
    }
    *p = '"';
}

void appendUtf8Content(QByteArray& out, QByteArrayView utf8)
{
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f || c == '"' || c == '\\') {
            // What Qt writes for it, without the quotes.
            const qsizetype start = out.size();
            appendString(out, QString::fromUtf8(utf8));
            out.remove(start, 1);
            out.chop(1);
            return;
        }
    }
    out.append(utf8);
}

void appendUtf8(QByteArray& out, QByteArrayView utf8)
{
    out.append('"');
    appendUtf8Content(out, utf8);
    out.append('"');
}

void appendResourcePath(QByteArray& out, QByteArrayView kind, QByteArrayView account,
                        QByteArrayView workspace, QByteArrayView name)
{
    out.append("\"sfc:").append(kind).append(':');
    appendUtf8Content(out, account);
    out.append(':');
    appendUtf8Content(out, workspace);
    out.append(':');
    appendUtf8Content(out, name);
    out.append('"');
}

void appendWorkspaceAndEnd(QByteArray& out, QByteArrayView workspace, QByteArrayView workspaceId)
{
    out.append(",\"workspace\":");
    appendUtf8(out, workspace);
    out.append(",\"workspace_id\":");
    appendUtf8(out, workspaceId);
    out.append('}');
}

void appendInteger(QByteArray& out, qint64 value)
{
    out.append(QByteArray::number(value));
}

void appendValue(QByteArray& out, const QJsonValue& value)
{
    if (value.isObject())
        out.append(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    else if (value.isArray())
        out.append(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    else if (value.isNull() || value.isUndefined())
        out.append("null");
    else if (value.isString())
        appendString(out, value.toString());
    else if (value.isBool())
        out.append(value.toBool() ? "true" : "false");
    else {
        // A number, as Qt writes it.
        const QByteArray one = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        out.append(one.constData() + 1, one.size() - 2);
    }
}

void appendSchedule(QByteArray& out, const QList<sfdesk::ScheduleEntry>& entries)
{
    out.append('[');
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const sfdesk::ScheduleEntry& entry = entries.at(i);
        if (i > 0)
            out.append(',');
        out.append("{\"end_at\":");
        if (entry.endAt)
            appendInteger(out, *entry.endAt);
        else
            out.append("null");
        out.append(",\"node_count\":");
        appendInteger(out, entry.nodeCount);
        out.append(",\"start_at\":");
        appendInteger(out, entry.startAt);
        out.append('}');
    }
    out.append(']');
}

QByteArray list(const QJsonValue& cursor, const QByteArray& items, bool hasMore)
{
    QByteArray out;
    out.reserve(items.size() + 96);
    out.append("{\"cursor\":");
    appendValue(out, cursor);
    out.append(",\"data\":[").append(items);
    out.append("],\"has_more\":").append(hasMore ? "true" : "false").append(",\"object\":\"list\"}");
    return out;
}

} // namespace sfsim::jsonout
