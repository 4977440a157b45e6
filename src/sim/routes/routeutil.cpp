// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/routeutil.h"

#include "common/constvalue.h"
#include "sim/resources/accessrules.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

#include <QByteArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sfsim::routeutil {

bool isCursor(const QString& prefix, const QString& value)
{
    if (!value.startsWith(prefix) || value.size() == prefix.size())
        return false;
    return static_cast<bool>(QByteArray::fromBase64Encoding(value.sliced(prefix.size()).toLatin1(),
                                                            QByteArray::Base64UrlEncoding
                                                                | QByteArray::AbortOnBase64DecodingErrors));
}

QString cursorParameter(QueryReader& query, const QString& key, const QString& prefix)
{
    const QString value = query.string(key).value_or(QString());
    if (!value.isEmpty() && !isCursor(prefix, value))
        query.addError(key, u"invalid_cursor"_s,
                       u"%1 is not a cursor of this list (expected %2...)."_s.arg(key, prefix));
    return value;
}

std::optional<QString> userData(BodyReader& body)
{
    // The document: "Base64-encoded cloud-init user data. Maximum 64KB." The field holds the base64
    // text, so the limit is on its length (about 48 KiB of user data), as the app reads it too.
    constexpr qint64 maxUserDataLength = 64 * 1024;
    if (!body.has(u"cloud_init_user_data"_s) || body.isNull(u"cloud_init_user_data"_s))
        return std::nullopt;
    auto userData = body.string(u"cloud_init_user_data"_s, false, 4 * maxUserDataLength);
    if (!userData)
        return std::nullopt; // string() reported the type
    const auto result =
        QByteArray::fromBase64Encoding(userData->toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!result)
        body.addError(u"cloud_init_user_data"_s, u"invalid_base64"_s,
                      u"cloud_init_user_data must be base64."_s);
    else if (userData->size() > maxUserDataLength)
        body.addError(u"cloud_init_user_data"_s, u"too_large"_s,
                      u"cloud_init_user_data is %1 characters of base64 (%2 bytes of user data); the "
                      u"maximum is 65536 (64 KiB)."_s.arg(userData->size())
                          .arg(result.decoded.size()));
    return userData;
}

QVariant tagsColumn(const std::optional<QJsonObject>& tags)
{
    if (!tags)
        return QVariant(QMetaType(QMetaType::QString));
    return QString::fromUtf8(QJsonDocument(*tags).toJson(QJsonDocument::Compact));
}

NameAndTags readNameAndTags(BodyReader& body)
{
    NameAndTags change;
    change.name = body.name(u"name"_s, false);
    change.tags = tagsColumn(body.tags(u"tags"_s));
    change.hasTags = body.has(u"tags"_s);
    return change;
}

void storeNameAndTags(const SimRequestContext& c, const QString& table, const QSqlRecord& row,
                      const NameAndTags& change, const NameTakenAnswer& taken, bool stamped)
{
    const QVariant id = row.value(u"id"_s);
    const QVariant workspaceId = row.value(u"workspace_id"_s);
    c.resources.access().requireWrite(workspaceId.toString());
    const QString stamp = stamped ? u", updated_at = ?"_s : QString();
    const auto store = [&](const QString& column, const QVariant& value) {
        QVariantList binds{value};
        if (stamped)
            binds.append(c.now);
        binds.append(id);
        c.store.exec(u"UPDATE %1 SET %2 = ?%3 WHERE id = ?"_s.arg(table, column, stamp), binds);
    };
    if (change.name && *change.name != row.value(u"name"_s).toString()) {
        const QString& name = *change.name;
        if (resourcerows::nameTaken(c.store, table, workspaceId, name))
            throw taken.error(
                u"%1 named %2 already exists in this workspace."_s.arg(taken.noun, name),
                {{u"name"_s, u"name_taken"_s, u"%1 named %2 already exists."_s.arg(taken.noun, name)}});
        store(u"name"_s, name);
    }
    if (change.hasTags)
        store(u"tags"_s, change.tags);
}

QSqlRecord writableWorkspace(AccessRules& access, const QString& ref)
{
    QSqlRecord workspace = access.readableWorkspace(ref, u"workspace"_s);
    access.requireWrite(workspace.value(u"id"_s).toString());
    return workspace;
}

QStringList liveInWorkspace(QueryReader& query, AccessRules& access, const QString& alias,
                            QVariantList& binds)
{
    return {alias + u".deleted_at IS NULL"_s,
            access.workspaceFilter(query.string(u"workspace"_s), alias + u".workspace_id"_s, binds)};
}

QVariantList resolvedIds(const QStringList& refs, const std::function<QVariant(const QString&)>& find)
{
    QVariantList ids;
    for (const auto& ref : refs) {
        try {
            ids.append(find(ref));
        } catch (const SimApiError&) {
            ids.append(QString()); // an unknown reference matches nothing
        }
    }
    return ids;
}

QString inCondition(const QString& column, const QVariantList& values, QVariantList& binds)
{
    QStringList marks;
    for (const auto& value : values) {
        marks.append(u"?"_s);
        binds.append(value);
    }
    return column + u" IN ("_s + marks.join(u", "_s) + u')';
}

void addTagConditions(QueryReader& query, const QString& tags, QStringList& where, QVariantList& binds)
{
    for (const auto& tag : sfdesk::constValue(query.list(u"tag"_s))) {
        const qsizetype eq = tag.indexOf(u'=');
        if (eq <= 0) {
            query.addError(u"tag"_s, u"invalid_value"_s, u"tag must be key=value."_s);
            continue;
        }
        where.append(u"EXISTS (SELECT 1 FROM json_each("_s + tags + u") WHERE key = ? AND value = ?)"_s);
        binds << tag.left(eq) << tag.mid(eq + 1);
    }
    for (const auto& key : sfdesk::constValue(query.list(u"tag_key"_s))) {
        where.append(u"EXISTS (SELECT 1 FROM json_each("_s + tags + u") WHERE key = ?)"_s);
        binds << key;
    }
}

void addEqualsCondition(const QueryReader& query, const QString& key, const QString& column,
                        QStringList& where, QVariantList& binds)
{
    if (const auto value = query.string(key)) {
        where.append(column + u" = ?"_s);
        binds.append(*value);
    }
}

} // namespace sfsim::routeutil
