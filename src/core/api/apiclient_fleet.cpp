// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/api/apiclient_p.h"

#include "core/api/resourcejson.h"

#include <QFile>
#include <QUuid>

#include <algorithm>

namespace sfdesk {

using namespace ApiClientParts;

namespace {

// Templates and deployments page by at most 50.
QUrlQuery smallPages(QUrlQuery query)
{
    query.addQueryItem(QStringLiteral("limit"), QStringLiteral("50"));
    return query;
}

QJsonObject tagsJson(const QMap<QString, QString>& tags)
{
    QJsonObject out;
    for (auto it = tags.cbegin(); it != tags.cend(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

} // namespace

ApiReply<QList<Image>> ApiClient::images(const QString& workspace)
{
    return send(ApiRequest::make("GET", QStringLiteral("/images"))
                    .withQuery(workspaceQuery(workspace))
                    .withAllPages(),
                listParser<Image>(parseImage));
}

ApiReply<QList<InstanceTemplate>> ApiClient::instanceTemplates(const QString& workspace)
{
    return send(ApiRequest::make("GET", QStringLiteral("/instance_templates"))
                    .withQuery(smallPages(workspaceQuery(workspace)))
                    .withAllPages(),
                listParser<InstanceTemplate>(parseInstanceTemplate));
}

ApiReply<InstanceTemplate> ApiClient::instanceTemplate(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/instance_templates/") + encoded(id)),
                objectParser<InstanceTemplate>(parseInstanceTemplate));
}

ApiReply<InstanceTemplate> ApiClient::createInstanceTemplate(const NewInstanceTemplate& tmpl)
{
    QJsonObject body{{QStringLiteral("workspace"), tmpl.workspace}, {QStringLiteral("image"), tmpl.image}};
    if (!tmpl.name.isEmpty())
        body.insert(QStringLiteral("name"), tmpl.name);
    if (!tmpl.cloudInitUserData.isEmpty())
        body.insert(QStringLiteral("cloud_init_user_data"),
                    QString::fromLatin1(tmpl.cloudInitUserData.toBase64()));
    if (!tmpl.tags.isEmpty())
        body.insert(QStringLiteral("tags"), tagsJson(tmpl.tags));
    return send(ApiRequest::make("POST", QStringLiteral("/instance_templates"))
                    .withBody(QJsonDocument(body))
                    .withIdempotent(false),
                objectParser<InstanceTemplate>(parseInstanceTemplate));
}

ApiReply<void> ApiClient::deleteInstanceTemplate(const QString& id)
{
    return ApiReply<void>(
        send(ApiRequest::make("DELETE", QStringLiteral("/instance_templates/") + encoded(id))));
}

ApiReply<QList<Deployment>> ApiClient::deployments(const QString& workspace)
{
    return send(ApiRequest::make("GET", QStringLiteral("/deployments"))
                    .withQuery(smallPages(workspaceQuery(workspace)))
                    .withAllPages(),
                listParser<Deployment>(parseDeployment));
}

ApiReply<Deployment> ApiClient::deployment(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/deployments/") + encoded(id)),
                objectParser<Deployment>(parseDeployment));
}

ApiReply<Deployment> ApiClient::createDeployment(const NewDeployment& deployment)
{
    const bool spot = deployment.kind == Deployment::Kind::Spot;
    QJsonObject body{{QStringLiteral("kind"), spot ? QStringLiteral("spot") : QStringLiteral("generic")},
                     {QStringLiteral("pool"), deployment.pool},
                     {QStringLiteral("instance_sku"), deployment.sku},
                     {QStringLiteral("instance_template"), deployment.instanceTemplate},
                     {QStringLiteral("target_instance_count"), deployment.targetInstanceCount}};
    if (!deployment.name.isEmpty())
        body.insert(QStringLiteral("name"), deployment.name);
    if (!deployment.instanceNameTemplate.isEmpty())
        body.insert(QStringLiteral("instance_name_template"), deployment.instanceNameTemplate);
    if (spot)
        body.insert(QStringLiteral("max_buy_price_dollars_per_node_hour"), deployment.maxBuyPrice);
    if (!deployment.infinibandPartition.isEmpty())
        body.insert(QLatin1StringView(InfinibandAdapter::instancePartitionField),
                    deployment.infinibandPartition);
    return send(ApiRequest::make("POST", QStringLiteral("/deployments"))
                    .withBody(QJsonDocument(body))
                    .withIdempotent(false),
                objectParser<Deployment>(parseDeployment));
}

ApiReply<Deployment> ApiClient::changeDeployment(const QString& id, const DeploymentChange& change)
{
    QJsonObject body;
    if (change.name)
        body.insert(QStringLiteral("name"), *change.name);
    if (change.instanceTemplate)
        body.insert(QStringLiteral("instance_template"), *change.instanceTemplate);
    if (change.enabled)
        body.insert(QStringLiteral("enabled"), *change.enabled);
    if (change.targetInstanceCount)
        body.insert(QStringLiteral("target_instance_count"), *change.targetInstanceCount);
    if (change.instanceNameTemplate)
        body.insert(QStringLiteral("instance_name_template"), *change.instanceNameTemplate);
    if (change.maxBuyPrice)
        body.insert(QStringLiteral("max_buy_price_dollars_per_node_hour"), *change.maxBuyPrice);
    // Setting the same values again changes nothing: it may be retried.
    return send(ApiRequest::make("PATCH", QStringLiteral("/deployments/") + encoded(id))
                    .withBody(QJsonDocument(body))
                    .withIdempotent(true),
                objectParser<Deployment>(parseDeployment));
}

ApiReply<void> ApiClient::deleteDeployment(const QString& id)
{
    return ApiReply<void>(send(ApiRequest::make("DELETE", QStringLiteral("/deployments/") + encoded(id))));
}

ApiReply<Image> ApiClient::image(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/images/") + encoded(id)),
                objectParser<Image>(parseImage));
}

ApiReply<Image> ApiClient::createImage(const QString& workspace, const QString& name)
{
    QJsonObject body{{QStringLiteral("workspace"), workspace}};
    if (!name.isEmpty())
        body.insert(QStringLiteral("name"), name);
    return send(ApiRequest::make("POST", QStringLiteral("/images"))
                    .withBody(QJsonDocument(body))
                    .withIdempotent(false),
                objectParser<Image>(parseImage));
}

ApiReply<ImagePartUrl> ApiClient::imagePartUrl(const QString& id, int part)
{
    return send(ApiRequest::make("POST", QStringLiteral("/images/%1/parts").arg(encoded(id)))
                    .withBody(QJsonDocument(QJsonObject{{QStringLiteral("part_id"), part}}))
                    .withIdempotent(true)
                    .withChangesState(false),
                objectParser<ImagePartUrl>(parseImagePartUrl));
}

ApiReply<Image> ApiClient::completeImage(const QString& id, const QString& sha256)
{
    return send(ApiRequest::make("POST", QStringLiteral("/images/%1/complete").arg(encoded(id)))
                    .withBody(QJsonDocument(QJsonObject{{QStringLiteral("sha256"), sha256}}))
                    .withIdempotent(true),
                objectParser<Image>(parseImage));
}

ApiReply<ImageDownload> ApiClient::imageDownload(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/images/%1/download").arg(encoded(id))),
                objectParser<ImageDownload>(parseImageDownload));
}

ApiReply<Image> ApiClient::revokeImage(const QString& id)
{
    // A repeat after a lost answer would be refused (409: no longer completed).
    return send(ApiRequest::make("POST", QStringLiteral("/images/%1/revoke").arg(encoded(id)))
                    .withBody(QJsonDocument(QJsonObject{}))
                    .withIdempotent(false),
                objectParser<Image>(parseImage));
}

ApiReply<Image> ApiClient::reinstateImage(const QString& id)
{
    return send(ApiRequest::make("POST", QStringLiteral("/images/%1/reinstate").arg(encoded(id)))
                    .withBody(QJsonDocument(QJsonObject{}))
                    .withIdempotent(false),
                objectParser<Image>(parseImage));
}

ApiReply<void> ApiClient::deleteImage(const QString& id)
{
    return ApiReply<void>(send(ApiRequest::make("DELETE", QStringLiteral("/images/") + encoded(id))));
}

} // namespace sfdesk
