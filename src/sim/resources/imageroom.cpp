// SPDX-License-Identifier: Apache-2.0

// Images: references (launchable ones too), JSON, and where their bytes are kept.

#include "sim/resources/imageroom.h"

#include "sim/market/marketjson.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simjsonwriter.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"

#include <QJsonDocument>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

const QString imageSelect =
    u"SELECT im.*, w.name AS workspace, w.account_id FROM images im JOIN workspaces w ON w.id = im.workspace_id"_s;

} // namespace

QSqlRecord ImageRoom::findImage(const QString& ref, const QString& field)
{
    const QString id = canonicalId(ref, imageIds);
    std::optional<QSqlRecord> row;
    if (id.startsWith(u"image_"_s)) {
        row = m_store.row(imageSelect + u" WHERE im.id = ? AND im.deleted_at IS NULL"_s, {id});
    } else if (const auto path = m_res.access().splitPath(u"image"_s, ref, false)) {
        const auto& [account, workspace, name] = *path;
        row = m_store.row(imageSelect
                              + u" WHERE w.account_id = ? AND w.name = ? AND im.name = ? "
                                "AND im.deleted_at IS NULL"_s,
                          {account, workspace, name});
    } else {
        // A bare name: the public images first, then the caller's.
        row = m_store.row(imageSelect
                              + u" WHERE im.name = ? AND (im.is_public = 1 OR w.account_id = ?) "
                                "AND im.deleted_at IS NULL ORDER BY im.is_public DESC LIMIT 1"_s,
                          {ref, m_res.caller().account});
    }
    const bool visible =
        row && (row->value(u"is_public"_s).toBool() || resourcerows::readable(m_res.caller(), row));
    if (!visible) {
        throw resourcerows::notFound(u"Image %1 not found."_s.arg(ref), field);
    }
    return *row;
}

QSqlRecord ImageRoom::findLaunchableImage(const QString& ref, const QString& field)
{
    const QSqlRecord image = findImage(ref, field);
    const QString status = image.value(u"upload_status"_s).toString();
    if (status == u"completed"_s)
        return image;
    const QString name = image.value(u"name"_s).toString();
    const QString message =
        status == u"revoked"_s
            ? u"Image %1 is revoked: it cannot start new instances until it is reinstated."_s.arg(name)
            : u"Image %1 is %2: only a completed upload can start instances."_s.arg(name, status);
    throw SimApiError::unprocessable(
        message, {{field, status == u"revoked"_s ? u"image_revoked"_s : u"image_not_ready"_s, message}});
}

QJsonObject ImageRoom::imageJson(const QSqlRecord& r) const
{
    const auto nullable = [&r](const QString& column) {
        const QString value = r.value(column).toString();
        return value.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(value);
    };
    return resourcerows::json(u"image"_s, r,
                              {{u"is_public"_s, r.value(u"is_public"_s).toBool()},
                               {u"upload_status"_s, r.value(u"upload_status"_s).toString()},
                               {u"created_at"_s, r.value(u"created_at"_s).toLongLong()},
                               {u"provider"_s, nullable(u"provider"_s)},
                               {u"sha256"_s, nullable(u"sha256"_s)}});
}

const QString& ImageRoom::imageSelectSql()
{
    return imageSelect;
}

} // namespace sfsim
