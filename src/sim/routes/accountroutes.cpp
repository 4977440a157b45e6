// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/accountroutes.h"

#include "common/constvalue.h"
#include "sim/resources/simresources.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simstore.h"

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

void SimAccountRoutes::add(SimRouter& router)
{
    router.add("GET", "me", &SimAccountRoutes::getMe);
    router.add("GET", "users", &SimAccountRoutes::listUsers);
    router.add("GET", "users/{}", &SimAccountRoutes::getUser);
}

ApiResponse SimAccountRoutes::getMe(const SimRequestContext& c)
{
    const auto account = c.store.row(u"SELECT * FROM accounts WHERE id = ?"_s, {c.caller.account});
    if (!account)
        throw SimApiError::notFound(u"Account not found."_s);
    QJsonObject me{{u"object"_s, u"account"_s},
                   {u"account_id"_s, c.caller.account},
                   {u"created_at"_s, account->value(u"created_at"_s).toLongLong()},
                   {u"entity_type"_s, account->value(u"entity_type"_s).toString()},
                   {u"user"_s, QJsonValue::Null}};
    if (!c.caller.userId.isEmpty()) {
        if (const auto user = c.store.row(u"SELECT * FROM users WHERE id = ?"_s, {c.caller.userId}))
            me.insert(u"user"_s, c.resources.access().userJson(*user));
    }
    return ApiResponse::ok(me);
}

ApiResponse SimAccountRoutes::listUsers(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QStringList where{u"account_id = ?"_s};
    QVariantList binds{c.caller.account};
    QVariantList ids;
    for (const auto& id : constValue(query.list(u"id"_s)))
        ids.append(id.startsWith(u"sfc:user:"_s) ? id.mid(9) : id);
    if (!ids.isEmpty())
        where.append(routeutil::inCondition(u"id"_s, ids, binds));
    if (const auto email = query.string(u"email"_s)) {
        where.append(u"lower(email) = lower(?)"_s);
        binds.append(*email);
    }
    return ApiResponse::ok(c.resources.pages().page(
        u"SELECT * FROM users"_s, where, binds, u"seq"_s, false, query, u"usrc"_s, 50, 200,
        [&c](const QSqlRecord& r) { return c.resources.access().userJson(r); }));
}

ApiResponse SimAccountRoutes::getUser(const SimRequestContext& c)
{
    const QString id = c.params.at(0).startsWith(u"sfc:user:"_s) ? c.params.at(0).mid(9) : c.params.at(0);
    const auto row =
        c.store.row(u"SELECT * FROM users WHERE id = ? AND account_id = ?"_s, {id, c.caller.account});
    if (!row)
        throw SimApiError::notFound(u"User %1 not found."_s.arg(c.params.at(0)));
    return ApiResponse::ok(c.resources.access().userJson(*row));
}

} // namespace sfsim
