// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QTimer>

#include <optional>

namespace sfdesk {

QStringList SimReply::detailCodes() const
{
    QStringList codes;
    for (const auto& d : constValue(details()))
        codes.append(d.toObject().value(u"code").toString());
    return codes;
}

SimClient::SimClient(const QUrl& baseUrl)
    : m_base(baseUrl)
{}

SimReply SimClient::get(const QString& path, const QString& token)
{
    return send("GET", path, {}, token);
}

SimReply SimClient::post(const QString& path, const QJsonObject& body, const QString& token)
{
    return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), token);
}

SimReply SimClient::patch(const QString& path, const QJsonObject& body, const QString& token)
{
    return send("PATCH", path, QJsonDocument(body).toJson(QJsonDocument::Compact), token);
}

SimReply SimClient::del(const QString& path, const QString& token)
{
    return send("DELETE", path, {}, token);
}

SimReply SimClient::postIdempotent(const QString& path, const QJsonObject& body, const QString& key,
                                   const QString& token)
{
    return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), token, true,
                {{QByteArrayLiteral("Idempotency-Key"), key.toUtf8()}});
}

SimReply SimClient::send(const QByteArray& method, const QString& path, const QByteArray& body,
                         const QString& token, bool authorize,
                         const QList<std::pair<QByteArray, QByteArray>>& headers)
{
    QNetworkRequest request(m_base.resolved(QUrl(path)));
    for (const auto& [name, value] : headers)
        request.setRawHeader(name, value);
    const QString bearer = token.isEmpty() ? m_token : token;
    if (authorize && !bearer.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + bearer.toUtf8());
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    std::optional<SimProcess::FaultsOff> faultsOff;
    if (m_sim && !path.startsWith(QStringLiteral("/_sim/")))
        faultsOff.emplace(*m_sim);
    QNetworkReply* reply = m_nam.sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    SimReply out;
    if (reply->isFinished()) {
        out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        out.raw = reply->readAll();
        out.json = QJsonDocument::fromJson(out.raw).object();
    }
    reply->deleteLater();
    record(method, path, out);
    return out;
}

void SimClient::advanceClock(qint64 seconds)
{
    send("POST", QStringLiteral("/_sim/clock/advance"),
         QJsonDocument(QJsonObject{{QStringLiteral("seconds"), seconds}}).toJson(QJsonDocument::Compact), {},
         false);
}

void SimClient::setAllocation(const QString& pool, const QString& sku, qint64 nodes)
{
    send("POST", QStringLiteral("/_sim/pools/%1/allocation").arg(pool),
         QJsonDocument(
             QJsonObject{{QStringLiteral("instance_sku"), sku}, {QStringLiteral("node_count"), nodes}})
             .toJson(QJsonDocument::Compact),
         {}, false);
}

void SimClient::setName(const QString& object, const QString& id, const QString& name)
{
    send("POST", QStringLiteral("/_sim/names"),
         QJsonDocument(QJsonObject{{QStringLiteral("object"), object},
                                   {QStringLiteral("id"), id},
                                   {QStringLiteral("name"), name}})
             .toJson(QJsonDocument::Compact),
         {}, false);
}

qint64 SimClient::now()
{
    return send("GET", QStringLiteral("/_sim/clock"), {}, {}, false).json.value(u"now").toInteger();
}

qint64 SimClient::balanceMicros(const QString& account)
{
    return send("GET", QStringLiteral("/_sim/accounts/%1").arg(account), {}, {}, false)
        .json.value(u"balance_micros")
        .toInteger(-1);
}

void SimClient::record(const QByteArray& method, const QString& path, const SimReply& reply)
{
    static bool truncated = false;
    QDir().mkpath(QStringLiteral(SFDESK_CONTRACT_LOG_DIR));
    QFile file(QDir(QStringLiteral(SFDESK_CONTRACT_LOG_DIR))
                   .filePath(QCoreApplication::applicationName() + u".jsonl"));
    if (!file.open(truncated ? QIODevice::Append : QIODevice::WriteOnly | QIODevice::Truncate))
        return;
    truncated = true;
    const QUrl url(path);
    const QJsonObject line{{QStringLiteral("method"), QString::fromLatin1(method)},
                           {QStringLiteral("path"), url.path(QUrl::FullyEncoded)},
                           {QStringLiteral("query"), url.query()},
                           {QStringLiteral("status"), reply.status},
                           {QStringLiteral("raw"), QString::fromUtf8(reply.raw.left(200000))}};
    file.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
}

} // namespace sfdesk
