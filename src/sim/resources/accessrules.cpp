// SPDX-License-Identifier: Apache-2.0

// The rules of access for the request's m_res.caller(grants, workspace isolation, feature flags),
// references to workspaces, and the account objects' JSON (workspaces, users).

#include "sim/resources/accessrules.h"

#include "common/constvalue.h"
#include "sim/market/marketjson.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simjsonwriter.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace sfsim {

AccessRules::AccessRules(SimResources& resources)
    : SimRoom(resources)
{}

bool AccessRules::flagEnrolled(const QString& account, const QString& flag)
{
    return m_store
        .scalar(u"SELECT enrolled FROM flag_enrollments WHERE flag = ? AND account_id = ?"_s, {flag, account})
        .toBool();
}

void AccessRules::requireFlag(const QString& flag)
{
    if (!flagEnrolled(m_res.caller().account, flag))
        throw SimApiError::forbidden(u"Feature not enabled."_s);
}

void AccessRules::requireAccountWrite()
{
    if (m_res.caller().accountLevel < 2)
        throw SimApiError::forbidden(u"This token has no account-wide write permission."_s);
}

void AccessRules::requireWrite(const QString& workspaceId)
{
    if (m_res.caller().level(workspaceId) < 2)
        throw SimApiError::forbidden(u"This token has no write permission in this workspace."_s);
}

std::optional<std::tuple<QString, QString, QString>>
AccessRules::splitPath(const QString& type, const QString& ref, bool allowSlash) const
{
    const QString head = u"sfc:"_s + type + u':';
    if (ref.startsWith(head)) {
        const QStringList p = ref.mid(head.size()).split(u':');
        if (p.size() == 3 && !p.contains(QString()))
            return std::tuple{p.at(0), p.at(1), p.at(2)};
        return std::nullopt;
    }
    if (allowSlash && ref.count(u'/') == 2) {
        const QStringList p = ref.split(u'/');
        if (!p.contains(QString()))
            return std::tuple{p.at(0), p.at(1), p.at(2)};
    }
    return std::nullopt;
}

QSqlRecord AccessRules::readableWorkspace(const QString& ref, const QString& field)
{
    std::optional<QSqlRecord> row;
    static const QString select = u"SELECT * FROM workspaces WHERE deleted_at IS NULL AND "_s;
    if (ref.startsWith(u"wksp_"_s)) {
        row = m_store.row(select + u"id = ?"_s, {ref});
    } else if (ref.startsWith(u"sfc:workspace:"_s)) {
        const QStringList p = ref.mid(14).split(u':');
        if (p.size() == 2)
            row = m_store.row(select + u"account_id = ? AND name = ?"_s, {p.at(0), p.at(1)});
    } else if (isValidName(ref)) {
        row = m_store.row(select + u"account_id = ? AND name = ?"_s, {m_res.caller().account, ref});
    }
    if (!row || row->value(u"account_id"_s).toString() != m_res.caller().account
        || m_res.caller().level(row->value(u"id"_s).toString()) < 1) {
        throw resourcerows::notFound(u"Workspace %1 not found."_s.arg(ref), field);
    }
    return *row;
}

QString AccessRules::workspaceFilter(const std::optional<QString>& workspace, const QString& column,
                                     QVariantList& binds)
{
    if (!workspace)
        return readableWorkspacesCondition(column, binds);
    binds.append(readableWorkspace(*workspace, u"workspace"_s).value(u"id"_s));
    return column + u" = ?"_s;
}

QString AccessRules::readableWorkspacesCondition(const QString& column, QVariantList& binds) const
{
    // The unary + keeps SQLite from using a workspace index here, so that a list walks its rows
    // in seq order and stops at the limit instead of sorting every row of the account.
    if (m_res.caller().accountLevel >= 1) {
        binds.append(m_res.caller().account);
        return u"+"_s + column
               + u" IN (SELECT id FROM workspaces WHERE account_id = ? AND deleted_at IS NULL)"_s;
    }
    QStringList marks;
    for (auto it = m_res.caller().workspaceLevels.cbegin(); it != m_res.caller().workspaceLevels.cend();
         ++it) {
        if (it.value() >= 1) {
            marks.append(u"?"_s);
            binds.append(it.key());
        }
    }
    if (marks.isEmpty())
        return u"0"_s;
    return u"+"_s + column + u" IN ("_s + marks.join(u", "_s) + u')';
}

QJsonObject AccessRules::workspaceJson(const QSqlRecord& r) const
{
    const QString account = r.value(u"account_id"_s).toString();
    const QString name = r.value(u"name"_s).toString();
    return {{u"object"_s, u"workspace"_s},
            {u"id"_s, r.value(u"id"_s).toString()},
            {u"resource_path"_s, u"sfc:workspace:%1:%2"_s.arg(account, name)},
            {u"owner"_s, account},
            {u"name"_s, name},
            {u"created_at"_s, r.value(u"created_at"_s).toLongLong()}};
}

QJsonObject AccessRules::userJson(const QSqlRecord& r) const
{
    const QString id = r.value(u"id"_s).toString();
    return {{u"object"_s, u"user"_s},
            {u"id"_s, id},
            {u"resource_path"_s, QString(u"sfc:user:"_s + id)},
            {u"created_at"_s, r.value(u"created_at"_s).toLongLong()},
            {u"email"_s, r.value(u"email"_s).toString()},
            {u"first_name"_s, r.value(u"first_name"_s).toString()},
            {u"last_name"_s, r.value(u"last_name"_s).toString()}};
}

} // namespace sfsim
