// SPDX-License-Identifier: Apache-2.0

#include "common/constvalue.h"
#include "common/sha256.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 MiB = 1024 * 1024;

QByteArray randomBytes(qint64 size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator random(seed);
    random.fillRange(reinterpret_cast<quint32*>(bytes.data()), size / 4);
    return bytes;
}

QString sha256Of(const QByteArray& bytes)
{
    Sha256 hash;
    hash.addData(bytes);
    return QString::fromLatin1(hash.hexDigest());
}

// One exchange with a presigned transfer URL. Not recorded for the contract check: these URLs are
// the object store's, not the API's.
struct Transfer
{
    int status = 0;
    QByteArray body;
    QJsonObject error() const { return QJsonDocument::fromJson(body).object().value(u"error").toObject(); }
};

Transfer transfer(const QByteArray& method, const QString& url, const QByteArray& body = {})
{
    QNetworkAccessManager network;
    QNetworkRequest request{QUrl(url)};
    if (method == "PUT")
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
    QNetworkReply* reply = network.sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
    Transfer out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = reply->readAll();
    delete reply;
    return out;
}

// Raw bytes to the transfer listener and whatever it answers until it closes (or 10 s pass).
QByteArray rawExchange(const QUrl& base, const QByteArray& bytes)
{
    QTcpSocket socket;
    socket.connectToHost(base.host(), quint16(base.port()));
    if (!socket.waitForConnected(5000))
        return {};
    socket.write(bytes);
    QByteArray answer;
    QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired() && socket.state() == QAbstractSocket::ConnectedState) {
        socket.waitForReadyRead(200);
        answer += socket.readAll();
        if (answer.contains("\r\n\r\n") && !answer.contains("Content-Length: 0") && answer.endsWith('}'))
            break;
    }
    return answer + socket.readAll();
}

} // namespace

// Images over real HTTP: create, list, get and delete, the multipart upload through presigned URLs
// on sfsim's transfer listener, the SHA-256 check at completion, downloads, revoke and reinstate,
// and a revoked image refused at instance creation (and by templates and deployments).
class TestSimImages final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        m_workspace = m_api.get(u"/preview/v2/workspaces/sfc:workspace:acme:default"_s).id();
        QVERIFY(!m_workspace.isEmpty());
    }

    void createListGetDelete()
    {
        auto r =
            m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, u"cuda13-ib"_s}});
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        QVERIFY(id.startsWith(u"image_"_s));
        QCOMPARE(r.json.value(u"upload_status").toString(), u"started"_s);
        QCOMPARE(r.json.value(u"is_public").toBool(), false);
        QCOMPARE(r.json.value(u"resource_path").toString(), u"sfc:image:acme:default:cuda13-ib"_s);
        QVERIFY(r.json.value(u"sha256").isNull());

        // The name is taken in that workspace; a bad name or a missing workspace is a 400.
        r = m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, u"cuda13-ib"_s}});
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorType(), u"conflict"_s);
        QCOMPARE(r.detailCodes(), QStringList{u"name_taken"_s});
        r = m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, u"-bad name"_s}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.detailCodes(), QStringList{u"invalid_name"_s});
        QCOMPARE(m_api.post(u"/preview/v2/images"_s, {{u"name"_s, u"x"_s}}).status, 400);
        QCOMPARE(
            m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, u"sfc:workspace:acme:nowhere"_s}}).status,
            404);
        // A reader may not create one; a name is made up when none is given.
        r = m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, u"sfc:workspace:acme:production"_s}},
                       m_sim.token(u"acme-viewer"_s));
        QCOMPARE(r.status, 403);
        r = m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, m_workspace}});
        QCOMPARE(r.status, 201);
        QVERIFY(r.json.value(u"name").toString().startsWith(u"image-"_s));
        const QString unnamed = r.id();

        // Lists: the account's own without a workspace, the public ones in theirs; pages by imagec_.
        r = m_api.get(u"/preview/v2/images"_s);
        QStringList ids;
        for (const auto& v : constValue(r.data()))
            ids.append(v.toObject().value(u"id").toString());
        QVERIFY(ids.contains(id) && ids.contains(unnamed));
        for (const auto& v : constValue(r.data()))
            QVERIFY(!v.toObject().value(u"is_public").toBool());
        QCOMPARE(m_api.get(u"/preview/v2/images?workspace=sfc:workspace:sfcompute:public"_s).data().size(),
                 3);
        r = m_api.get(u"/preview/v2/images?workspace="_s + m_workspace + u"&limit=1"_s);
        QCOMPARE(r.data().size(), 1);
        QVERIFY(r.json.value(u"has_more").toBool());
        const QString cursor = r.json.value(u"cursor").toString();
        QVERIFY2(cursor.startsWith(u"imagec_"_s), qPrintable(cursor));
        r = m_api.get(u"/preview/v2/images?workspace="_s + m_workspace + u"&limit=1&starting_after="_s
                      + cursor);
        QCOMPARE(r.data().size(), 1);
        QVERIFY(r.data().at(0).toObject().value(u"id").toString() != ids.first());
        QCOMPARE(m_api.get(u"/preview/v2/images?id="_s + id).data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/images/sfc:image:acme:default:cuda13-ib"_s).id(), id);

        // Deleted: gone from the lists and by id; its name is free again.
        r = m_api.del(u"/preview/v2/images/"_s + id);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json,
                 (QJsonObject{{u"object"_s, u"image"_s}, {u"deleted"_s, true}, {u"name"_s, u"cuda13-ib"_s}}));
        QCOMPARE(m_api.get(u"/preview/v2/images/"_s + id).status, 404);
        QCOMPARE(m_api.del(u"/preview/v2/images/"_s + id).status, 404);
        QCOMPARE(m_api.get(u"/preview/v2/images?id="_s + id).data().size(), 0);
        QCOMPARE(
            m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, u"cuda13-ib"_s}})
                .status,
            201);
        QCOMPARE(m_api.del(u"/preview/v2/images/"_s + unnamed).status, 200);

        // Public images: not deletable, not revocable, not to be uploaded to.
        const QString ubuntu = m_api.get(u"/preview/v2/images/ubuntu-24.04-cuda-13.2"_s).id();
        for (const auto& [method, suffix] : {std::pair{"DELETE", u""_s}, std::pair{"POST", u"/revoke"_s},
                                             std::pair{"POST", u"/reinstate"_s}}) {
            r = m_api.send(method, u"/preview/v2/images/"_s + ubuntu + suffix,
                           method == QByteArray("POST") ? "{}" : "", {});
            QCOMPARE(r.status, 403);
            QCOMPARE(r.errorType(), u"forbidden"_s);
        }
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + ubuntu + u"/parts"_s, {{u"part_id"_s, 1}}).status,
                 403);
    }

    void uploadInPartsCheckedAtCompleteAndDownloaded()
    {
        const QString id = createImage(u"trainer"_s);
        const QByteArray first = randomBytes(6 * MiB, 1);
        const QByteArray second = randomBytes(1 * MiB + 12, 2);

        // A presigned URL per part, on sfsim's own loopback transfer listener, for an hour.
        auto r = m_api.post(u"/preview/v2/images/"_s + id + u"/parts"_s, {{u"part_id"_s, 1}});
        QCOMPARE(r.status, 200);
        const QUrl url(r.json.value(u"url").toString());
        QCOMPARE(url.host(), u"127.0.0.1"_s);
        QVERIFY(url.port() != m_sim.baseUrl().port());
        QVERIFY(qAbs(r.json.value(u"expires_at").toInteger() - (m_api.now() + 3600)) <= 5);
        QCOMPARE(transfer("PUT", url.toString(), first).status, 200);
        QCOMPARE(imageStatus(id), u"uploading"_s);
        QCOMPARE(upload(id, 2, second), 200);

        // The part's body is bounded by its own check: the other part URLs see only their part.
        r = m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s,
                       {{u"sha256"_s, sha256Of(second + first)}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.detailCodes(), QStringList{u"sha256_mismatch"_s});
        QCOMPARE(imageStatus(id), u"uploading"_s);
        r = m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, u"ABC"_s}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.detailCodes(), (QStringList{u"invalid_value"_s}));

        const QString sha = sha256Of(first + second);
        r = m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"upload_status").toString(), u"completed"_s);
        QCOMPARE(r.json.value(u"sha256").toString(), sha);
        // Completing again with the same digest answers the same (a retried request); parts are over.
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha}}).status,
                 200);
        r = m_api.post(u"/preview/v2/images/"_s + id + u"/parts"_s, {{u"part_id"_s, 3}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.detailCodes(), QStringList{u"upload_closed"_s});
        // The URL of part 1 no longer takes bytes.
        QCOMPARE(transfer("PUT", url.toString(), first).status, 403);

        r = m_api.get(u"/preview/v2/images/"_s + id + u"/download"_s);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"sha256").toString(), sha);
        QCOMPARE(r.json.value(u"size").toInteger(), first.size() + second.size());
        QVERIFY(qAbs(r.json.value(u"expires_at").toInteger() - (m_api.now() + 3600)) <= 5);
        const QString link = r.json.value(u"url").toString();
        const Transfer downloaded = transfer("GET", link);
        QCOMPARE(downloaded.status, 200);
        QCOMPARE(downloaded.body.size(), first.size() + second.size());
        QVERIFY(downloaded.body == first + second);
        // An upload URL is no download URL and the other way round.
        QCOMPARE(transfer("PUT", link, "x").status, 405);

        // The link expires with the world's clock.
        m_api.advanceClock(3601);
        QCOMPARE(transfer("GET", link).status, 403);
    }

    void partsAreCheckedAtComplete()
    {
        const QString id = createImage(u"gappy"_s);
        auto r = m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha256Of("")}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.detailCodes(), QStringList{u"no_parts"_s});
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/parts"_s, {{u"part_id"_s, 0}}).status, 400);
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/parts"_s, {{u"part_id"_s, 10001}}).status,
                 400);
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/parts"_s, {{u"part_id"_s, u"1"_s}}).status,
                 400);

        // Parts 1 (too small for a part that is not the last) and 3: part 2 is missing.
        QCOMPARE(upload(id, 1, randomBytes(64 * 1024, 3)), 200);
        QCOMPARE(upload(id, 3, randomBytes(64 * 1024, 4)), 200);
        r = m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha256Of("x")}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.detailCodes(), (QStringList{u"part_too_small"_s, u"part_missing"_s}));
        // The last part may be small; a part may be sent again and the last copy counts.
        QCOMPARE(upload(id, 1, randomBytes(5 * MiB, 5)), 200);
        QCOMPARE(upload(id, 2, randomBytes(5 * MiB, 6)), 200);
        QCOMPARE(upload(id, 1, randomBytes(5 * MiB, 7)), 200);
        r = m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s,
                       {{u"sha256"_s, sha256Of(randomBytes(5 * MiB, 7) + randomBytes(5 * MiB, 6)
                                               + randomBytes(64 * 1024, 4))}});
        QCOMPARE(r.status, 200);

        // Download before the upload is completed: 409.
        const QString open = createImage(u"unfinished"_s);
        r = m_api.get(u"/preview/v2/images/"_s + open + u"/download"_s);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorType(), u"conflict"_s);
    }

    void transferListenerRefusesWhatItShould()
    {
        const QString id = createImage(u"refusals"_s);
        const QString url = m_api.post(u"/preview/v2/images/"_s + id + u"/parts"_s, {{u"part_id"_s, 1}})
                                .json.value(u"url")
                                .toString();
        const QUrl base(url);
        const QByteArray path = QUrl(url).path().toLatin1();
        // A forged or unknown token.
        Transfer t = transfer("PUT", base.resolved(QUrl(u"/upload/not-a-token"_s)).toString(), "x");
        QCOMPARE(t.status, 403);
        QCOMPARE(t.error().value(u"type").toString(), u"forbidden"_s);
        QCOMPARE(transfer("GET", base.resolved(QUrl(u"/elsewhere"_s)).toString()).status, 404);
        QCOMPARE(transfer("GET", url).status, 405);
        // Chunked bodies and bodies without a length are refused; so is a part over 512 MiB, before
        // any of it is read.
        QByteArray answer =
            rawExchange(base, "PUT " + path + " HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
        QVERIFY2(answer.startsWith("HTTP/1.1 411"), answer.constData());
        answer = rawExchange(base, "PUT " + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
        QVERIFY2(answer.startsWith("HTTP/1.1 411"), answer.constData());
        answer =
            rawExchange(base, "PUT " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: 536870913\r\n\r\n");
        QVERIFY2(answer.startsWith("HTTP/1.1 413"), answer.constData());
        QVERIFY(answer.contains("\"invalid_request_error\""));
        // A head over 16 KiB.
        answer =
            rawExchange(base, "PUT " + path + " HTTP/1.1\r\nX: " + QByteArray(17 * 1024, 'a') + "\r\n\r\n");
        QVERIFY2(answer.startsWith("HTTP/1.1 431"), answer.constData());
        // The URL still works after all that, and expires with the world's clock.
        QCOMPARE(transfer("PUT", url, "bytes").status, 200);
        m_api.advanceClock(3601);
        t = transfer("PUT", url, "bytes");
        QCOMPARE(t.status, 403);
        QVERIFY(t.error().value(u"message").toString().contains(u"expired"_s));
    }

    void chosenPartFailsAsOftenAsAsked()
    {
        QVERIFY(m_sim.setFaults(u"fail_part=2x2"_s));
        const QString id = createImage(u"flaky"_s);
        const QByteArray part = randomBytes(5 * MiB, 9);
        QCOMPARE(upload(id, 1, part), 200);
        const Transfer failed = transfer("PUT", partUrl(id, 2), part);
        QCOMPARE(failed.status, 503);
        QCOMPARE(failed.error().value(u"type").toString(), u"service_unavailable"_s);
        QCOMPARE(upload(id, 2, part), 503);
        QCOMPARE(upload(id, 2, part), 200);
        QVERIFY(m_sim.setFaults(QString()));
        QCOMPARE(
            m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha256Of(part + part)}})
                .status,
            200);
    }

    void revokedImageStartsNoInstance()
    {
        const QString id = createImage(u"revocable"_s);
        // Neither revocable nor launchable before its upload completes.
        auto r = m_api.post(u"/preview/v2/images/"_s + id + u"/revoke"_s, {});
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorType(), u"conflict"_s);
        const QString pool =
            m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, u"image-pool"_s}})
                .id();
        QVERIFY(!pool.isEmpty());
        const auto launch = [&] {
            return m_api.post(u"/preview/v2/instances"_s,
                              {{u"pool"_s, pool}, {u"instance_sku"_s, u"sea-3-h100"_s}, {u"image"_s, id}});
        };
        r = launch();
        QCOMPARE(r.status, 422);
        QCOMPARE(r.detailCodes(), QStringList{u"image_not_ready"_s});

        const QByteArray bytes = randomBytes(64 * 1024, 11);
        QCOMPARE(upload(id, 1, bytes), 200);
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha256Of(bytes)}})
                     .status,
                 200);
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/reinstate"_s, {}).status, 409);
        r = m_api.post(u"/preview/v2/images/"_s + id + u"/revoke"_s, {});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"upload_status").toString(), u"revoked"_s);
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/revoke"_s, {}).status, 409);
        // Viewers may not revoke or reinstate.
        QCOMPARE(
            m_api.post(u"/preview/v2/images/"_s + id + u"/reinstate"_s, {}, m_sim.token(u"acme-viewer"_s))
                .status,
            404);

        r = launch();
        QCOMPARE(r.status, 422);
        QCOMPARE(r.errorType(), u"unprocessable_entity"_s);
        QCOMPARE(r.detailCodes(), QStringList{u"image_revoked"_s});
        QVERIFY(r.error().value(u"message").toString().contains(u"revoked"_s));

        r = m_api.post(u"/preview/v2/images/"_s + id + u"/reinstate"_s, {});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"upload_status").toString(), u"completed"_s);
        r = launch();
        QCOMPARE(r.status, 201);
        const QString instance = r.id();
        // In use by an instance that has not ended: not deletable; revoking leaves it running.
        r = m_api.del(u"/preview/v2/images/"_s + id);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.detailCodes(), QStringList{u"image_in_use"_s});
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/revoke"_s, {}).status, 200);
        QCOMPARE(m_api.get(u"/preview/v2/instances/"_s + instance)
                     .json.value(u"image")
                     .toObject()
                     .value(u"id")
                     .toString(),
                 id);
        QCOMPARE(m_api.post(u"/preview/v2/instances/"_s + instance + u"/terminate"_s, {}).status, 200);
        QCOMPARE(m_api.del(u"/preview/v2/images/"_s + id).status, 200);
        // The instance still names the image it ran.
        QCOMPARE(m_api.get(u"/preview/v2/instances/"_s + instance)
                     .json.value(u"image")
                     .toObject()
                     .value(u"name")
                     .toString(),
                 u"revocable"_s);
    }

    // A revoked image makes no new template, and a deployment whose template names it starts no new
    // instance (its status says why) until the image is reinstated; what runs goes on.
    void revokedImageStopsTemplatesAndDeployments()
    {
        const QString id = createImage(u"fleet-image"_s);
        const QByteArray bytes = randomBytes(64 * 1024, 31);
        QCOMPARE(upload(id, 1, bytes), 200);
        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha256Of(bytes)}})
                     .status,
                 200);
        auto r = m_api.post(u"/preview/v2/instance_templates"_s,
                            {{u"workspace"_s, m_workspace}, {u"name"_s, u"fleet"_s}, {u"image"_s, id}});
        QCOMPARE(r.status, 201);
        const QString tmpl = r.id();
        const QString pool =
            m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, u"fleet-pool"_s}})
                .id();
        QString sku;
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            if (v.toObject().value(u"alias").toString() == u"sea-3-h100")
                sku = v.toObject().value(u"id").toString();
        m_api.setAllocation(pool, sku, 2);
        r = m_api.post(u"/preview/v2/deployments"_s, {{u"kind"_s, u"generic"_s},
                                                      {u"name"_s, u"fleet"_s},
                                                      {u"pool"_s, pool},
                                                      {u"instance_sku"_s, sku},
                                                      {u"instance_template"_s, tmpl},
                                                      {u"target_instance_count"_s, 1}});
        QCOMPARE(r.status, 201);
        const QString deployment = r.id();
        const auto running = [&] {
            int n = 0;
            for (const auto& v : constValue(m_api.get(u"/preview/v2/instances?pool="_s + pool).data()))
                n += v.toObject().value(u"status").toString() == u"running"_s;
            return n;
        };
        QCOMPARE(running(), 1);

        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/revoke"_s, {}).status, 200);
        r = m_api.post(u"/preview/v2/instance_templates"_s,
                       {{u"workspace"_s, m_workspace}, {u"name"_s, u"fleet-2"_s}, {u"image"_s, id}});
        QCOMPARE(r.status, 422);
        QCOMPARE(r.detailCodes(), QStringList{u"image_revoked"_s});
        // One more wanted: none starts, and the status tells why; the running one goes on.
        r = m_api.patch(u"/preview/v2/deployments/"_s + deployment, {{u"target_instance_count"_s, 2}});
        QCOMPARE(r.status, 200);
        QCOMPARE(running(), 1);
        const QJsonObject status =
            m_api.get(u"/preview/v2/deployments/"_s + deployment).json.value(u"status").toObject();
        QCOMPARE(status.value(u"state").toString(), u"error"_s);
        QVERIFY2(status.value(u"message").toString().contains(u"revoked"_s),
                 qPrintable(status.value(u"message").toString()));

        QCOMPARE(m_api.post(u"/preview/v2/images/"_s + id + u"/reinstate"_s, {}).status, 200);
        m_api.advanceClock(3600);
        QCOMPARE(running(), 2);
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + deployment).status, 204);
    }

    void uploadSurvivesARestartOfTheSimulator()
    {
        const QString id = createImage(u"persistent"_s);
        const QByteArray a = randomBytes(5 * MiB, 21);
        const QByteArray b = randomBytes(3 * MiB, 22);
        QCOMPARE(upload(id, 1, a), 200);
        QCOMPARE(upload(id, 2, b), 200);
        m_sim.stop();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        QCOMPARE(imageStatus(id), u"uploading"_s);
        // The running hash is gone with the process: completing reads the parts back.
        const auto r =
            m_api.post(u"/preview/v2/images/"_s + id + u"/complete"_s, {{u"sha256"_s, sha256Of(a + b)}});
        QCOMPARE(r.status, 200);
        QCOMPARE(
            transfer("GET",
                     m_api.get(u"/preview/v2/images/"_s + id + u"/download"_s).json.value(u"url").toString())
                .body.size(),
            a.size() + b.size());
    }

private:
    QString createImage(const QString& name)
    {
        const auto r =
            m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, name}});
        return r.status == 201 ? r.id() : QString();
    }
    QString imageStatus(const QString& id)
    {
        return m_api.get(u"/preview/v2/images/"_s + id).json.value(u"upload_status").toString();
    }
    QString partUrl(const QString& id, int part)
    {
        return m_api.post(u"/preview/v2/images/"_s + id + u"/parts"_s, {{u"part_id"_s, part}})
            .json.value(u"url")
            .toString();
    }
    int upload(const QString& id, int part, const QByteArray& bytes)
    {
        return transfer("PUT", partUrl(id, part), bytes).status;
    }

    SimProcess m_sim;
    SimClient m_api;
    QString m_workspace;
};

QTEST_GUILESS_MAIN(TestSimImages)
#include "tst_simimages.moc"
