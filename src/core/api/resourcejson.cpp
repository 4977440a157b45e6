// SPDX-License-Identifier: Apache-2.0

#include "core/api/resourcejson.h"
#include "core/api/resourcejson_p.h"

#include <cmath>
#include <limits>

#include "core/api/jsonreader.h"

namespace sfdesk {

namespace {

// cloud_init_user_data, decoded from base64 when the answer carries it.
std::optional<QByteArray> readUserData(JsonReader& reader)
{
    const QString encoded = reader.optString(QStringLiteral("cloud_init_user_data"));
    if (encoded.isEmpty())
        return std::nullopt;
    auto decoded =
        QByteArray::fromBase64Encoding(encoded.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        reader.fail(QStringLiteral("cloud_init_user_data"), QStringLiteral("is not base64"));
        return std::nullopt;
    }
    return decoded.decoded;
}

QString propertyText(const JsonNode& value)
{
    if (value.isString())
        return value.toString();
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble()) {
        // Whole numbers as integers; anything a qint64 cannot hold as the double it is.
        const double number = value.toDouble();
        if (std::isfinite(number) && std::abs(number) < 9.0e18)
            return QString::number(static_cast<qint64>(number));
        return QString::number(number, 'g', 17);
    }
    return {};
}

} // namespace

Instance::Status instanceStatusFromString(const QString& status)
{
    if (status == u"awaiting_allocation")
        return Instance::Status::AwaitingAllocation;
    if (status == u"running")
        return Instance::Status::Running;
    if (status == u"terminated")
        return Instance::Status::Terminated;
    if (status == u"failed")
        return Instance::Status::Failed;
    return Instance::Status::Unknown;
}

Order::Status orderStatusFromString(const QString& status)
{
    if (status == u"pending")
        return Order::Status::Pending;
    if (status == u"standing")
        return Order::Status::Standing;
    if (status == u"partially_filled")
        return Order::Status::PartiallyFilled;
    if (status == u"filled")
        return Order::Status::Filled;
    if (status == u"cancelled")
        return Order::Status::Cancelled;
    if (status == u"rejected")
        return Order::Status::Rejected;
    return Order::Status::Unknown;
}

Image::UploadStatus imageStatusFromString(const QString& status)
{
    if (status == u"started")
        return Image::UploadStatus::Started;
    if (status == u"uploading")
        return Image::UploadStatus::Uploading;
    if (status == u"completed")
        return Image::UploadStatus::Completed;
    if (status == u"failed")
        return Image::UploadStatus::Failed;
    if (status == u"revoked")
        return Image::UploadStatus::Revoked;
    return Image::UploadStatus::Unknown;
}

std::optional<Account> parseAccount(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("account"));
    reader.expectObjectType(QStringLiteral("account"));
    Account account;
    account.accountId = reader.string(QStringLiteral("account_id"));
    account.createdAt = reader.epoch(QStringLiteral("created_at"));
    account.entityType = reader.optString(QStringLiteral("entity_type"));
    const JsonNode user = reader.value(QStringLiteral("user"));
    if (user.isObject()) {
        JsonReader userReader(user, QStringLiteral("account.user"));
        account.userId = userReader.string(QStringLiteral("id"));
        account.userEmail = userReader.optString(QStringLiteral("email"));
        if (!userReader.finish(error))
            return std::nullopt;
    } else if (!user.isUndefined() && !user.isNull()) {
        reader.fail(QStringLiteral("user"), QStringLiteral("expected an object"));
    }
    if (!reader.finish(error))
        return std::nullopt;
    return account;
}

std::optional<Workspace> parseWorkspace(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("workspace"));
    reader.expectObjectType(QStringLiteral("workspace"));
    Workspace workspace;
    workspace.id = reader.string(QStringLiteral("id"));
    workspace.resourcePath = reader.optString(QStringLiteral("resource_path"));
    workspace.owner = reader.optString(QStringLiteral("owner"));
    workspace.name = reader.string(QStringLiteral("name"));
    workspace.createdAt = reader.epoch(QStringLiteral("created_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return workspace;
}

std::optional<FeatureFlag> parseFeatureFlag(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("feature_flag"));
    reader.expectObjectType(QStringLiteral("feature_flag"));
    FeatureFlag flag;
    flag.name = reader.string(QStringLiteral("feature_flag"));
    flag.description = reader.optString(QStringLiteral("description"));
    flag.userEnroll = reader.optBoolean(QStringLiteral("user_enroll"), false);
    flag.enrolled = reader.boolean(QStringLiteral("enrolled"));
    if (!reader.finish(error))
        return std::nullopt;
    return flag;
}

std::optional<InstanceSku> parseInstanceSku(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("instance_sku"));
    reader.expectObjectType(QStringLiteral("instance_sku"));
    InstanceSku sku;
    sku.id = reader.string(QStringLiteral("id"));
    // The May shape called the alias "name".
    sku.alias = reader.has(QStringLiteral("alias")) ? reader.string(QStringLiteral("alias"))
                                                    : reader.optString(QStringLiteral("name"));
    sku.audienceHint = reader.optString(QStringLiteral("audience_hint"));
    const QStringList& knownProperties = InstanceSku::standardProperties();
    json.forEachMember([&](const JsonNode& keyNode, const JsonNode& property) {
        const QString key = keyNode.toString();
        const bool known = knownProperties.contains(key);
        if (property.isNull() || (!known && !property.isObject()))
            return true;
        if (!property.isObject()) {
            reader.fail(key, QStringLiteral("expected a property object {value, display_value}"));
            return false;
        }
        // Unknown objects count as properties only when they look like one.
        const JsonNode value = property.value(u"value");
        if (!known && !(!value.isUndefined() && property.contains(u"display_value")))
            return true;
        const QString text = propertyText(value);
        if (value.isUndefined() || (text.isEmpty() && !value.isString())) {
            reader.fail(key + QStringLiteral(".value"), QStringLiteral("missing or not a scalar"));
            return false;
        }
        sku.properties.insert(key, {text, property.value(u"display_value").toString(text)});
        return true;
    });
    if (!reader.finish(error))
        return std::nullopt;
    return sku;
}

std::optional<SkuAvailability> parseSkuAvailability(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("instance_sku_availability"));
    reader.expectObjectType(QStringLiteral("instance_sku_availability"));
    SkuAvailability availability;
    availability.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    availability.schedule = reader.schedule(QStringLiteral("schedule"));
    if (!reader.finish(error))
        return std::nullopt;
    return availability;
}

std::optional<Instance> parseInstance(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("instance"));
    reader.expectObjectType(QStringLiteral("instance"));
    Instance instance;
    readScope(reader, instance);
    instance.statusText = reader.string(QStringLiteral("status"));
    instance.status = instanceStatusFromString(instance.statusText);
    instance.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    // "capacity" is the deprecated name of the pool; older servers send only that.
    instance.pool = reader.has(QStringLiteral("pool")) ? reader.ref(QStringLiteral("pool"))
                                                       : reader.ref(QStringLiteral("capacity"));
    instance.image = reader.ref(QStringLiteral("image"));
    instance.createdAt = reader.epoch(QStringLiteral("created_at"));
    instance.updatedAt = reader.optEpoch(QStringLiteral("updated_at")).value_or(instance.createdAt);
    instance.cloudInitUsed = reader.optBoolean(QStringLiteral("cloud_init_user_data_used"), false);
    instance.publicIpv4 = reader.optBoolean(QStringLiteral("enable_public_ipv4"), false);
    instance.publicIp = reader.optString(QStringLiteral("public_ip"));
    instance.priority = reader.optString(QStringLiteral("priority_level"));
    instance.expectedShutdownAt = reader.optEpoch(QStringLiteral("expected_shutdown_at"));
    instance.tags = reader.tags(QStringLiteral("tags"));
    instance.infinibandPartition = reader.optRef(QStringLiteral("infiniband_partition"));
    instance.infinibandReleasedAt = reader.optEpoch(QStringLiteral("infiniband_released_at"));
    instance.managedBy = reader.optRef(QStringLiteral("managed_by"));
    instance.cloudInitUserData = readUserData(reader);
    if (!reader.finish(error))
        return std::nullopt;
    return instance;
}

std::optional<InstanceTemplate> parseInstanceTemplate(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("instance_template"));
    reader.expectObjectType(QStringLiteral("instance_template"));
    InstanceTemplate tmpl;
    readScope(reader, tmpl);
    tmpl.image = reader.ref(QStringLiteral("image"));
    tmpl.cloudInitUsed = reader.optBoolean(QStringLiteral("cloud_init_user_data_used"), false);
    tmpl.cloudInitUserData = readUserData(reader);
    tmpl.tags = reader.tags(QStringLiteral("tags"));
    tmpl.createdAt = reader.epoch(QStringLiteral("created_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return tmpl;
}

Deployment::State deploymentStateFromString(const QString& state)
{
    if (state == u"info")
        return Deployment::State::Info;
    if (state == u"warning")
        return Deployment::State::Warning;
    if (state == u"error")
        return Deployment::State::Error;
    return Deployment::State::Unknown;
}

std::optional<Deployment> parseDeployment(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("deployment"));
    Deployment deployment;
    const QString object = json.value(u"object").toString();
    if (object == u"spot_deployment")
        deployment.kind = Deployment::Kind::Spot;
    else
        reader.expectObjectType(QStringLiteral("deployment"));
    readScope(reader, deployment);
    deployment.pool = reader.has(QStringLiteral("pool")) ? reader.ref(QStringLiteral("pool"))
                                                         : reader.ref(QStringLiteral("capacity"));
    deployment.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    deployment.instanceTemplate = reader.ref(QStringLiteral("instance_template"));
    deployment.enabled = reader.optBoolean(QStringLiteral("enabled"), true);
    deployment.targetInstanceCount =
        static_cast<int>(reader.integer(QStringLiteral("target_instance_count")));
    deployment.instanceNameTemplate = reader.optString(QStringLiteral("instance_name_template"));
    if (deployment.kind == Deployment::Kind::Spot)
        deployment.maxBuyPrice = reader.optPrice(QStringLiteral("max_buy_price_dollars_per_node_hour"));
    const JsonNode status = reader.object(QStringLiteral("status"));
    if (reader.ok()) {
        JsonReader inner(status, reader.pathOf(QStringLiteral("status")));
        deployment.stateText = inner.string(QStringLiteral("state"));
        deployment.state = deploymentStateFromString(deployment.stateText);
        deployment.statusMessage = inner.optString(QStringLiteral("message"));
        if (!inner.finish(error))
            return std::nullopt;
    }
    deployment.createdAt = reader.epoch(QStringLiteral("created_at"));
    deployment.updatedAt = reader.optEpoch(QStringLiteral("updated_at")).value_or(deployment.createdAt);
    deployment.infinibandPartition = reader.optRef(QStringLiteral("infiniband_partition"));
    if (!reader.finish(error))
        return std::nullopt;
    return deployment;
}

std::optional<Pool> parsePool(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("pool"));
    reader.expectObjectType(QStringLiteral("pool"));
    Pool pool;
    readScope(reader, pool);
    pool.kind = reader.optString(QStringLiteral("kind"));
    const JsonNode allocation = reader.object(QStringLiteral("allocation_schedule"));
    if (reader.ok()) {
        JsonReader inner(allocation, reader.pathOf(QStringLiteral("allocation_schedule")));
        pool.total = inner.schedule(QStringLiteral("total"));
        const JsonNode bySku = inner.value(QStringLiteral("by_instance_sku"));
        if (bySku.isObject()) {
            bySku.forEachMember([&](const JsonNode& skuNode, const JsonNode& value) {
                const QString sku = skuNode.toString();
                QString scheduleError;
                auto schedule = parseScheduleValue(
                    value, inner.pathOf(QStringLiteral("by_instance_sku.")) + sku, &scheduleError);
                if (!schedule) {
                    inner.fail(QString(), scheduleError);
                    return false;
                }
                pool.bySku.insert(sku, *schedule);
                return true;
            });
        } else if (!bySku.isUndefined() && !bySku.isNull()) {
            inner.fail(QStringLiteral("by_instance_sku"), QStringLiteral("expected an object"));
        }
        if (!inner.finish(error))
            return std::nullopt;
    }
    pool.procurements = reader.refList(QStringLiteral("procurements"));
    pool.deployments = reader.refList(QStringLiteral("deployments"));
    pool.createdAt = reader.epoch(QStringLiteral("created_at"));
    pool.tags = reader.tags(QStringLiteral("tags"));
    if (!reader.finish(error))
        return std::nullopt;
    return pool;
}

std::optional<Order> parseOrder(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("order"));
    reader.expectObjectType(QStringLiteral("order"));
    Order order;
    order.id = reader.string(QStringLiteral("id"));
    order.pool = reader.has(QStringLiteral("pool")) ? reader.ref(QStringLiteral("pool"))
                                                    : reader.ref(QStringLiteral("capacity"));
    order.side = reader.string(QStringLiteral("side"));
    order.allowStanding = reader.optBoolean(QStringLiteral("allow_standing"), false);
    order.allowPartial = reader.optBoolean(QStringLiteral("allow_partial"), false);
    // Legacy orders have no SKU.
    order.sku = reader.optRef(QStringLiteral("instance_sku"), QStringLiteral("alias")).value_or(ObjectRef{});
    order.delta = reader.schedule(QStringLiteral("allocation_schedule_delta"));
    if (reader.has(QStringLiteral("filled_allocation_schedule_delta")))
        order.filledDelta = reader.schedule(QStringLiteral("filled_allocation_schedule_delta"));
    order.limitPrice = reader.price(QStringLiteral("limit_price_dollars_per_node_hour"));
    order.statusText = reader.string(QStringLiteral("status"));
    order.status = orderStatusFromString(order.statusText);
    order.createdAt = reader.epoch(QStringLiteral("created_at"));
    const JsonNode principal = reader.value(QStringLiteral("created_by"));
    if (principal.isObject()) {
        order.createdBy = principal.value(u"email").toString(
            principal.value(u"name").toString(principal.value(u"id").toString()));
    }
    order.filledAt = reader.optEpoch(QStringLiteral("filled_at"));
    order.filledAveragePrice = reader.optPrice(QStringLiteral("filled_average_price_dollars_per_node_hour"));
    order.cancelledAt = reader.optEpoch(QStringLiteral("cancelled_at"));
    qsizetype fillIndex = 0;
    bool fillsRead = true;
    reader.optArray(QStringLiteral("fills")).forEachItem([&](const JsonNode& fillObject) {
        if (!reader.ok())
            return false;
        const QString path = reader.pathOf(QStringLiteral("fills[%1]").arg(fillIndex++));
        if (!fillObject.isObject()) {
            reader.fail(QString(), path + QStringLiteral(": expected an object"));
            return false;
        }
        JsonReader fillReader(fillObject, path);
        OrderFill fill;
        fill.contract = fillReader.optString(QStringLiteral("contract"));
        fill.filledAt = fillReader.epoch(QStringLiteral("filled_at"));
        fill.delta = fillReader.schedule(QStringLiteral("allocation_schedule_delta"));
        fill.price = fillReader.price(QStringLiteral("price_dollars_per_node_hour"));
        if (!fillReader.finish(error))
            return fillsRead = false;
        order.fills.append(fill);
        return true;
    });
    if (!fillsRead)
        return std::nullopt;
    if (!reader.finish(error))
        return std::nullopt;
    return order;
}

std::optional<Image> parseImage(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("image"));
    reader.expectObjectType(QStringLiteral("image"));
    Image image;
    readScope(reader, image);
    image.isPublic = reader.optBoolean(QStringLiteral("is_public"), false);
    image.statusText = reader.string(QStringLiteral("upload_status"));
    image.status = imageStatusFromString(image.statusText);
    image.createdAt = reader.epoch(QStringLiteral("created_at"));
    image.provider = reader.optString(QStringLiteral("provider"));
    image.sha256 = reader.optString(QStringLiteral("sha256"));
    if (!reader.finish(error))
        return std::nullopt;
    return image;
}

namespace {

// A presigned URL as the API hands it: absolute; where it may go is the caller's to check.
QUrl readTransferUrl(JsonReader& reader)
{
    const QString text = reader.string(QStringLiteral("url"));
    const QUrl url(text, QUrl::StrictMode);
    if (reader.ok() && (!url.isValid() || url.isRelative()))
        reader.fail(QStringLiteral("url"), QStringLiteral("not an absolute URL"));
    return url;
}

} // namespace

std::optional<ImagePartUrl> parseImagePartUrl(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("upload_part"));
    ImagePartUrl part;
    part.url = readTransferUrl(reader);
    part.expiresAt = reader.epoch(QStringLiteral("expires_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return part;
}

std::optional<ImageDownload> parseImageDownload(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("image_download"));
    ImageDownload download;
    download.url = readTransferUrl(reader);
    download.expiresAt = reader.epoch(QStringLiteral("expires_at"));
    download.sha256 = reader.string(QStringLiteral("sha256"));
    download.size = reader.integer(QStringLiteral("size"));
    if (!reader.finish(error))
        return std::nullopt;
    return download;
}

std::optional<ListEnvelope> parseListEnvelope(const JsonNode& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("list"));
    reader.expectObjectType(QStringLiteral("list"));
    ListEnvelope envelope;
    const JsonNode data = reader.value(QStringLiteral("data"));
    if (!data.isArray())
        reader.fail(QStringLiteral("data"),
                    data.isUndefined() ? QStringLiteral("missing") : QStringLiteral("expected a list"));
    else
        envelope.data = data.keeping(json);
    envelope.hasMore = reader.optBoolean(QStringLiteral("has_more"), false);
    envelope.cursor = reader.optString(QStringLiteral("cursor"));
    if (!reader.finish(error))
        return std::nullopt;
    return envelope;
}

std::optional<QList<ConsoleLine>> parseConsoleLogs(const JsonNode& document, QString* error)
{
    const JsonNode data = document.value(u"data");
    if (!document.isObject() || !data.isArray()) {
        *error = QStringLiteral("logs: expected a list with data");
        return std::nullopt;
    }
    QList<ConsoleLine> lines;
    qsizetype i = 0;
    bool good = true;
    data.forEachItem([&](const JsonNode& entry) {
        const JsonNode bytes = entry.value(u"data");
        if (!bytes.isString()) {
            *error = QStringLiteral("logs.data[%1].data: expected a base64 string").arg(i);
            return good = false;
        }
        const auto decoded = QByteArray::fromBase64Encoding(bytes.toString().toLatin1());
        if (!decoded) {
            *error = QStringLiteral("logs.data[%1].data: not base64").arg(i);
            return good = false;
        }
        ConsoleLine line;
        line.seqnum = entry.value(u"seqnum").toInteger();
        line.timestamp = entry.value(u"timestamp_realtime").toInteger();
        line.text = QString::fromUtf8(*decoded);
        // Console bytes carry their own line ends; one entry is one line here.
        while (line.text.endsWith(u'\n') || line.text.endsWith(u'\r'))
            line.text.chop(1);
        lines.append(line);
        ++i;
        return true;
    });
    if (!good)
        return std::nullopt;
    return lines;
}

std::optional<SshDetails> parseSshDetails(const JsonNode& json, QString* error)
{
    if (!json.value(u"hostname").isString() || !json.value(u"port").isDouble()) {
        *error = QStringLiteral("ssh: expected hostname and port");
        return std::nullopt;
    }
    SshDetails details;
    details.hostname = json.value(u"hostname").toString();
    // As QJsonValue::toInt(): a whole number within int, else 0.
    const qint64 port = json.value(u"port").toInteger();
    details.port = port >= std::numeric_limits<int>::min() && port <= std::numeric_limits<int>::max()
                       ? static_cast<int>(port)
                       : 0;
    json.value(u"host_keys").forEachItem([&details](const JsonNode& key) {
        details.hostKeys.append({key.value(u"key_type").toString(), key.value(u"key").toString()});
        return true;
    });
    return details;
}

} // namespace sfdesk
