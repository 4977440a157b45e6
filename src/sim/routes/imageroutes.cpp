// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/imageroutes.h"

#include "common/constvalue.h"
#include "common/sha256.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simresources.h"
#include "sim/routes/routeutil.h"
#include "sim/store/simimagefiles.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"
#include "sim/world/simids.h"

#include <QRandomGenerator>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

namespace {

const QString publicWorkspace = u"sfc:workspace:sfcompute:public"_s;

// Public images are SF Compute's: nobody uploads to, revokes or deletes them.
void refusePublic(const QSqlRecord& image, const QString& what)
{
    if (image.value(u"is_public"_s).toBool())
        throw SimApiError::forbidden(u"%1 is a public image of SF Compute; public images cannot be %2."_s.arg(
            image.value(u"name"_s).toString(), what));
}

// The image the path names, for a write by the caller: not public, and in a workspace the caller
// may write in.
QSqlRecord writableImage(const SimRequestContext& c, const QString& refusedWhat)
{
    const QSqlRecord image = c.resources.images().findImage(c.params.at(0));
    refusePublic(image, refusedWhat);
    c.resources.access().requireWrite(image.value(u"workspace_id"_s).toString());
    return image;
}

// Revoking and reinstating: the image in the path goes from upload status `from` to `to`; `done` is
// what that does to it, in the refusal of a public image and in the conflict.
ApiResponse moveUploadStatus(const SimRequestContext& c, const QString& from, const QString& to,
                             const QString& done)
{
    const QSqlRecord image = writableImage(c, done);
    const QString status = image.value(u"upload_status"_s).toString();
    if (status != from)
        throw SimApiError::conflict(u"Image %1 is %2: only a %3 image can be %4."_s.arg(
            image.value(u"name"_s).toString(), status, from, done));
    const QString id = image.value(u"id"_s).toString();
    c.store.exec(u"UPDATE images SET upload_status = ? WHERE id = ?"_s, {to, id});
    return ApiResponse::ok(c.resources.images().imageJson(c.resources.images().findImage(id)));
}

SimImageFiles& files(const SimRequestContext& c)
{
    SimImageFiles* files = c.resources.images().imageFiles();
    if (!files || c.resources.images().transferBase().isEmpty())
        throw SimApiError(503, u"service_unavailable"_s,
                          u"This simulator keeps no image bytes (it runs without its transfer listener)."_s);
    return *files;
}

// A presigned URL: a random token (the store keeps its digest) on the transfer listener.
QString newTransferUrl(const SimRequestContext& c, const QString& imageId, int part, qint64 expiresAt)
{
    QByteArray random(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32*>(random.data()), random.size() / 4);
    const QString token =
        QString::fromLatin1(random.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    c.store.exec(u"DELETE FROM image_transfers WHERE expires_at < ?"_s, {c.now});
    c.store.exec(u"INSERT INTO image_transfers(token, image_id, part_id, expires_at) VALUES(?, ?, ?, ?)"_s,
                 {secretDigest(token), imageId,
                  part > 0 ? QVariant(part) : QVariant(QMetaType(QMetaType::Int)), expiresAt});
    QUrl url = c.resources.images().transferBase();
    url.setPath((part > 0 ? u"/upload/"_s : u"/download/"_s) + token);
    return url.toString(QUrl::FullyEncoded);
}

QList<std::pair<int, qint64>> storedParts(SimStore& store, const QString& imageId)
{
    QList<std::pair<int, qint64>> parts;
    for (const QSqlRecord& r : constValue(store.rows(
             u"SELECT part_id, size FROM image_parts WHERE image_id = ? ORDER BY part_id"_s, {imageId})))
        parts.append({r.value(0).toInt(), r.value(1).toLongLong()});
    return parts;
}

bool takesParts(const QString& status)
{
    return status == u"started"_s || status == u"uploading"_s;
}

// What still uses an image: instances that have not ended, and instance templates where the
// world has them (their table comes with the templates' routes).
QList<FieldError> imageUsers(SimStore& store, const QString& imageId)
{
    QList<FieldError> users;
    for (const QSqlRecord& r :
         constValue(store.rows(u"SELECT name FROM instances WHERE image_id = ? AND deleted_at IS NULL "
                               "AND status NOT IN ('terminated', 'failed') ORDER BY seq LIMIT 20"_s,
                               {imageId})))
        users.append({u"id"_s, u"image_in_use"_s, u"Instance %1 runs from it."_s.arg(r.value(0).toString())});
    QStringList columns;
    for (const QSqlRecord& r :
         constValue(store.rows(u"SELECT name FROM pragma_table_info('instance_templates')"_s)))
        columns.append(r.value(0).toString());
    if (columns.contains(u"image_id"_s) && columns.contains(u"name"_s)) {
        const QString live = columns.contains(u"deleted_at"_s) ? u" AND deleted_at IS NULL"_s : QString();
        for (const QSqlRecord& r : constValue(store.rows(
                 u"SELECT name FROM instance_templates WHERE image_id = ?"_s + live + u" LIMIT 20"_s,
                 {imageId})))
            users.append({u"id"_s, u"image_in_use"_s,
                          u"Instance template %1 refers to it."_s.arg(r.value(0).toString())});
    }
    return users;
}

} // namespace

void SimImageRoutes::add(SimRouter& router)
{
    router.add("POST", "images", &SimImageRoutes::createImage);
    router.add("GET", "images", &SimImageRoutes::listImages);
    router.add("GET", "images/{}", &SimImageRoutes::getImage);
    router.add("DELETE", "images/{}", &SimImageRoutes::deleteImage);
    router.add("POST", "images/{}/parts", &SimImageRoutes::partUrl);
    router.add("POST", "images/{}/complete", &SimImageRoutes::completeUpload);
    router.add("GET", "images/{}/download", &SimImageRoutes::download);
    router.add("POST", "images/{}/revoke", &SimImageRoutes::revoke);
    router.add("POST", "images/{}/reinstate", &SimImageRoutes::reinstate);
}

ApiResponse SimImageRoutes::createImage(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto workspaceRef = body.string(u"workspace"_s, true, 512);
    const auto name = body.name(u"name"_s, false);
    body.finishAsBadRequest();
    const QSqlRecord workspace = routeutil::writableWorkspace(c.resources.access(), *workspaceRef);
    const QString workspaceId = workspace.value(u"id"_s).toString();

    const QString id = c.resources.ids().make(u"image"_s);
    const QString imageName = name.value_or(resourcerows::defaultName(u"image-"_s, id.mid(6, 10)));
    if (resourcerows::nameTaken(c.store, u"images"_s, workspaceId, imageName)) {
        const QString message = u"An image named %1 already exists in workspace %2."_s.arg(
            imageName, workspace.value(u"name"_s).toString());
        throw SimApiError::conflict(message, {{u"name"_s, u"name_taken"_s, message}});
    }
    c.store.exec(u"INSERT INTO images(id, workspace_id, name, is_public, upload_status, created_at) "
                 "VALUES(?, ?, ?, 0, 'started', ?)"_s,
                 {id, workspaceId, imageName, c.now});
    return ApiResponse::created(c.resources.images().imageJson(c.resources.images().findImage(id)));
}

ApiResponse SimImageRoutes::listImages(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QStringList where{u"im.deleted_at IS NULL"_s};
    QVariantList binds;
    if (const auto ws = query.string(u"workspace"_s)) {
        if (*ws == publicWorkspace) {
            where.append(u"im.is_public = 1"_s);
        } else {
            where.append(u"im.workspace_id = ?"_s);
            binds.append(c.resources.access().readableWorkspace(*ws, u"workspace"_s).value(u"id"_s));
        }
    } else {
        // Every workspace the caller may read; the public images only through their workspace.
        where.append(u"im.is_public = 0"_s);
        where.append(c.resources.access().readableWorkspacesCondition(u"im.workspace_id"_s, binds));
    }
    QVariantList ids;
    for (const auto& id : constValue(query.list(u"id"_s)))
        ids.append(canonicalId(id, imageIds));
    if (!ids.isEmpty())
        where.append(routeutil::inCondition(u"im.id"_s, ids, binds));
    return ApiResponse::ok(c.resources.pages().page(
        ImageRoom::imageSelectSql(), where, binds, u"im.seq"_s, false, query, u"imagec"_s, 50, 200,
        [&c](const QSqlRecord& r) { return c.resources.images().imageJson(r); }));
}

ApiResponse SimImageRoutes::getImage(const SimRequestContext& c)
{
    return ApiResponse::ok(c.resources.images().imageJson(c.resources.images().findImage(c.params.at(0))));
}

ApiResponse SimImageRoutes::deleteImage(const SimRequestContext& c)
{
    const QSqlRecord image = writableImage(c, u"deleted"_s);
    const QString id = image.value(u"id"_s).toString();
    const QString name = image.value(u"name"_s).toString();
    const QList<FieldError> users = imageUsers(c.store, id);
    if (!users.isEmpty())
        throw SimApiError::conflict(
            u"Image %1 is in use: it cannot be deleted while an instance runs from it or a template refers "
            "to it."_s.arg(name),
            users);
    c.store.exec(u"UPDATE images SET deleted_at = ? WHERE id = ?"_s, {c.now, id});
    c.store.exec(u"DELETE FROM image_transfers WHERE image_id = ?"_s, {id});
    c.store.exec(u"DELETE FROM image_parts WHERE image_id = ?"_s, {id});
    // Last: nothing after this can roll the deletion back but a failing commit.
    if (SimImageFiles* files = c.resources.images().imageFiles())
        files->remove(id);
    return ApiResponse::ok({{u"object"_s, u"image"_s}, {u"deleted"_s, true}, {u"name"_s, name}});
}

ApiResponse SimImageRoutes::partUrl(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto part = body.integer(u"part_id"_s, true, 1, SimImageFiles::MaxParts);
    body.finishAsBadRequest();
    const QSqlRecord image = writableImage(c, u"uploaded to"_s);
    const QString status = image.value(u"upload_status"_s).toString();
    if (!takesParts(status))
        throw SimApiError::badRequest(
            u"Image %1 is %2: its upload is over, and it takes no more parts."_s.arg(
                image.value(u"name"_s).toString(), status),
            {{u"id"_s, u"upload_closed"_s, u"The upload is %1."_s.arg(status)}});
    files(c);
    const qint64 expiresAt = c.now + TransferSeconds;
    return ApiResponse::ok(
        {{u"url"_s, newTransferUrl(c, image.value(u"id"_s).toString(), int(*part), expiresAt)},
         {u"expires_at"_s, expiresAt}});
}

ApiResponse SimImageRoutes::completeUpload(const SimRequestContext& c)
{
    BodyReader body = BodyReader::parse(c.request.body);
    const auto sha256 = body.string(u"sha256"_s, true, 64);
    if (sha256 && !sfdesk::Sha256::isHexDigest(sha256->toLatin1()))
        body.addError(u"sha256"_s, u"invalid_value"_s, u"sha256 must be 64 lowercase hex digits."_s);
    body.finishAsBadRequest();
    const QSqlRecord image = writableImage(c, u"uploaded to"_s);
    const QString id = image.value(u"id"_s).toString();
    const QString name = image.value(u"name"_s).toString();
    const QString status = image.value(u"upload_status"_s).toString();
    if (status == u"completed"_s && image.value(u"sha256"_s).toString() == *sha256)
        return ApiResponse::ok(
            c.resources.images().imageJson(image)); // a repeat of the request that completed it
    if (!takesParts(status))
        throw SimApiError::badRequest(u"Image %1 is %2: its upload is over."_s.arg(name, status),
                                      {{u"id"_s, u"upload_closed"_s, u"The upload is %1."_s.arg(status)}});

    const QList<std::pair<int, qint64>> parts = storedParts(c.store, id);
    if (parts.isEmpty())
        throw SimApiError::badRequest(u"No part of image %1 was uploaded."_s.arg(name),
                                      {{u"id"_s, u"no_parts"_s, u"Upload at least one part first."_s}});
    QList<FieldError> problems;
    qint64 size = 0;
    int expected = 1;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const auto& [part, bytes] = parts.at(i);
        size += bytes;
        for (; expected < part; ++expected) {
            if (problems.size() < 20)
                problems.append(
                    {u"part_id"_s, u"part_missing"_s, u"Part %1 was not uploaded."_s.arg(expected)});
        }
        expected = part + 1;
        if (i + 1 < parts.size() && bytes < SimImageFiles::MinPartBytes && problems.size() < 20)
            problems.append(
                {u"part_id"_s, u"part_too_small"_s,
                 u"Part %1 has %2 bytes; every part but the last needs at least %3 (5 MiB)."_s.arg(part)
                     .arg(bytes)
                     .arg(SimImageFiles::MinPartBytes)});
    }
    if (size > SimImageFiles::MaxImageBytes)
        problems.append({u"size"_s, u"too_large"_s,
                         u"The parts add up to %1 bytes; an image has at most 128 GiB."_s.arg(size)});
    if (!problems.isEmpty())
        throw SimApiError::badRequest(problems.first().message, problems);

    QString error;
    const auto digest = files(c).digest(id, parts, &error);
    if (!digest)
        throw SimApiError::badRequest(
            u"The bytes of image %1 cannot be read back: %2; upload the part again."_s.arg(name, error),
            {{u"part_id"_s, u"part_unreadable"_s, error}});
    if (*digest != sha256->toLatin1()) {
        const QString message = u"The uploaded bytes of image %1 have SHA-256 %2, not %3."_s.arg(
            name, QString::fromLatin1(*digest), *sha256);
        throw SimApiError::badRequest(message, {{u"sha256"_s, u"sha256_mismatch"_s, message}});
    }
    c.store.exec(u"UPDATE images SET upload_status = 'completed', sha256 = ?, size = ? WHERE id = ?"_s,
                 {*sha256, size, id});
    c.store.exec(u"DELETE FROM image_transfers WHERE image_id = ? AND part_id IS NOT NULL"_s, {id});
    return ApiResponse::ok(c.resources.images().imageJson(c.resources.images().findImage(id)));
}

ApiResponse SimImageRoutes::download(const SimRequestContext& c)
{
    const QSqlRecord image = c.resources.images().findImage(c.params.at(0));
    refusePublic(image, u"downloaded"_s);
    const QString status = image.value(u"upload_status"_s).toString();
    if (status != u"completed"_s && status != u"revoked"_s)
        throw SimApiError::conflict(
            u"Image %1 is %2: it can be downloaded once its upload is completed."_s.arg(
                image.value(u"name"_s).toString(), status));
    files(c);
    const qint64 expiresAt = c.now + TransferSeconds;
    return ApiResponse::ok({{u"url"_s, newTransferUrl(c, image.value(u"id"_s).toString(), 0, expiresAt)},
                            {u"expires_at"_s, expiresAt},
                            {u"sha256"_s, image.value(u"sha256"_s).toString()},
                            {u"size"_s, image.value(u"size"_s).toLongLong()}});
}

ApiResponse SimImageRoutes::revoke(const SimRequestContext& c)
{
    return moveUploadStatus(c, u"completed"_s, u"revoked"_s, u"revoked"_s);
}

ApiResponse SimImageRoutes::reinstate(const SimRequestContext& c)
{
    return moveUploadStatus(c, u"revoked"_s, u"completed"_s, u"reinstated"_s);
}

SimImageRoutes::Transfer SimImageRoutes::openTransfer(SimResources& resources, const QByteArray& token,
                                                      bool upload, qint64 now)
{
    SimStore& store = resources.store();
    const auto row = store.row(
        u"SELECT t.image_id, t.part_id, t.expires_at, im.upload_status, im.deleted_at, im.size, im.name "
        "FROM image_transfers t JOIN images im ON im.id = t.image_id WHERE t.token = ?"_s,
        {secretDigest(QString::fromLatin1(token))});
    if (!row || row->value(u"part_id"_s).isNull() == upload || row->value(u"expires_at"_s).toLongLong() < now)
        throw SimApiError::forbidden(
            u"This transfer URL is not valid or has expired; ask the API for a new one."_s);
    if (!row->value(u"deleted_at"_s).isNull())
        throw SimApiError::notFound(u"Image %1 was deleted."_s.arg(row->value(u"name"_s).toString()));
    Transfer transfer;
    transfer.imageId = row->value(u"image_id"_s).toString();
    const QString status = row->value(u"upload_status"_s).toString();
    if (upload) {
        if (!takesParts(status))
            throw SimApiError::badRequest(
                u"Image %1 is %2: it takes no more parts."_s.arg(row->value(u"name"_s).toString(), status));
        transfer.part = row->value(u"part_id"_s).toInt();
        return transfer;
    }
    transfer.parts = storedParts(store, transfer.imageId);
    transfer.size = row->value(u"size"_s).toLongLong();
    return transfer;
}

void SimImageRoutes::recordPart(SimResources& resources, const QString& imageId, int part, qint64 size,
                                qint64 now)
{
    SimStore& store = resources.store();
    const auto image =
        store.row(u"SELECT upload_status, deleted_at, name FROM images WHERE id = ?"_s, {imageId});
    if (!image || !image->value(u"deleted_at"_s).isNull())
        throw SimApiError::notFound(u"Image %1 was deleted."_s.arg(imageId));
    const QString status = image->value(u"upload_status"_s).toString();
    if (!takesParts(status))
        throw SimApiError::badRequest(
            u"Image %1 is %2: it takes no more parts."_s.arg(image->value(u"name"_s).toString(), status));
    const qint64 others =
        store
            .scalar(u"SELECT COALESCE(SUM(size), 0) FROM image_parts WHERE image_id = ? AND part_id != ?"_s,
                    {imageId, part})
            .toLongLong();
    if (others + size > SimImageFiles::MaxImageBytes)
        throw SimApiError::tooLarge(
            u"With this part the image would have %1 bytes; an image has at most 128 GiB."_s.arg(others
                                                                                                 + size));
    store.exec(
        u"INSERT OR REPLACE INTO image_parts(image_id, part_id, size, uploaded_at) VALUES(?, ?, ?, ?)"_s,
        {imageId, part, size, now});
    if (status == u"started"_s)
        store.exec(u"UPDATE images SET upload_status = 'uploading' WHERE id = ?"_s, {imageId});
}

} // namespace sfsim
