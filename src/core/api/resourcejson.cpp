// SPDX-License-Identifier: Apache-2.0

#include "core/api/resourcejson.h"

#include <cmath>

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

// The fields every workspace-scoped object shares.
template <typename T> void readScope(JsonReader& reader, T& target)
{
    target.id = reader.string(QStringLiteral("id"));
    target.resourcePath = reader.optString(QStringLiteral("resource_path"));
    target.owner = reader.optString(QStringLiteral("owner"));
    target.workspace = reader.optString(QStringLiteral("workspace"));
    target.workspaceId = reader.optString(QStringLiteral("workspace_id"));
    target.name = reader.optString(QStringLiteral("name"));
}

QString propertyText(const QJsonValue& value)
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

std::optional<PriceLevel> readPriceLevel(JsonReader& reader, const QString& key)
{
    const QJsonValue value = reader.json().value(key);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isObject()) {
        reader.fail(key, QStringLiteral("expected an object"));
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    JsonReader level(object, reader.pathOf(key));
    PriceLevel result;
    result.sku = level.optString(QStringLiteral("instance_sku"));
    result.price = level.price(QStringLiteral("dollars_per_node_hour"));
    // The May shape had a node_count instead of a schedule.
    if (object.contains(u"allocation_schedule_delta"))
        result.delta = level.schedule(QStringLiteral("allocation_schedule_delta"));
    if (!level.ok()) {
        reader.absorb(level);
        return std::nullopt;
    }
    return result;
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

std::optional<Account> parseAccount(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("account"));
    reader.expectObjectType(QStringLiteral("account"));
    Account account;
    account.accountId = reader.string(QStringLiteral("account_id"));
    account.createdAt = reader.epoch(QStringLiteral("created_at"));
    account.entityType = reader.optString(QStringLiteral("entity_type"));
    const QJsonValue user = json.value(u"user");
    if (user.isObject()) {
        const QJsonObject userObject = user.toObject();
        JsonReader userReader(userObject, QStringLiteral("account.user"));
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

std::optional<Workspace> parseWorkspace(const QJsonObject& json, QString* error)
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

std::optional<FeatureFlag> parseFeatureFlag(const QJsonObject& json, QString* error)
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

std::optional<InstanceSku> parseInstanceSku(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("instance_sku"));
    reader.expectObjectType(QStringLiteral("instance_sku"));
    InstanceSku sku;
    sku.id = reader.string(QStringLiteral("id"));
    // The May shape called the alias "name".
    sku.alias = json.contains(u"alias") ? reader.string(QStringLiteral("alias"))
                                        : reader.optString(QStringLiteral("name"));
    sku.audienceHint = reader.optString(QStringLiteral("audience_hint"));
    const QStringList& knownProperties = InstanceSku::standardProperties();
    for (auto it = json.begin(); it != json.end() && reader.ok(); ++it) {
        const QJsonValue value = it.value();
        const bool known = knownProperties.contains(it.key());
        if (value.isNull() || (!known && !value.isObject()))
            continue;
        if (!value.isObject()) {
            reader.fail(it.key(), QStringLiteral("expected a property object {value, display_value}"));
            break;
        }
        const QJsonObject property = value.toObject();
        // Unknown objects count as properties only when they look like one.
        if (!known && !(property.contains(u"value") && property.contains(u"display_value")))
            continue;
        const QString text = propertyText(property.value(u"value"));
        if (!property.contains(u"value") || (text.isEmpty() && !property.value(u"value").isString())) {
            reader.fail(it.key() + QStringLiteral(".value"), QStringLiteral("missing or not a scalar"));
            break;
        }
        sku.properties.insert(it.key(), {text, property.value(u"display_value").toString(text)});
    }
    if (!reader.finish(error))
        return std::nullopt;
    return sku;
}

std::optional<SkuAvailability> parseSkuAvailability(const QJsonObject& json, QString* error)
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

std::optional<Instance> parseInstance(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("instance"));
    reader.expectObjectType(QStringLiteral("instance"));
    Instance instance;
    readScope(reader, instance);
    instance.statusText = reader.string(QStringLiteral("status"));
    instance.status = instanceStatusFromString(instance.statusText);
    instance.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    // "capacity" is the deprecated name of the pool; older servers send only that.
    instance.pool =
        json.contains(u"pool") ? reader.ref(QStringLiteral("pool")) : reader.ref(QStringLiteral("capacity"));
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

std::optional<InstanceTemplate> parseInstanceTemplate(const QJsonObject& json, QString* error)
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

std::optional<Deployment> parseDeployment(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("deployment"));
    Deployment deployment;
    const QString object = json.value(u"object").toString();
    if (object == u"spot_deployment")
        deployment.kind = Deployment::Kind::Spot;
    else
        reader.expectObjectType(QStringLiteral("deployment"));
    readScope(reader, deployment);
    deployment.pool =
        json.contains(u"pool") ? reader.ref(QStringLiteral("pool")) : reader.ref(QStringLiteral("capacity"));
    deployment.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    deployment.instanceTemplate = reader.ref(QStringLiteral("instance_template"));
    deployment.enabled = reader.optBoolean(QStringLiteral("enabled"), true);
    deployment.targetInstanceCount =
        static_cast<int>(reader.integer(QStringLiteral("target_instance_count")));
    deployment.instanceNameTemplate = reader.optString(QStringLiteral("instance_name_template"));
    if (deployment.kind == Deployment::Kind::Spot)
        deployment.maxBuyPrice = reader.optPrice(QStringLiteral("max_buy_price_dollars_per_node_hour"));
    const QJsonObject status = reader.object(QStringLiteral("status"));
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

std::optional<Pool> parsePool(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("pool"));
    reader.expectObjectType(QStringLiteral("pool"));
    Pool pool;
    readScope(reader, pool);
    pool.kind = reader.optString(QStringLiteral("kind"));
    const QJsonObject allocation = reader.object(QStringLiteral("allocation_schedule"));
    if (reader.ok()) {
        JsonReader inner(allocation, reader.pathOf(QStringLiteral("allocation_schedule")));
        pool.total = inner.schedule(QStringLiteral("total"));
        const QJsonValue bySku = allocation.value(u"by_instance_sku");
        if (bySku.isObject()) {
            const QJsonObject skus = bySku.toObject();
            for (auto it = skus.begin(); it != skus.end() && inner.ok(); ++it) {
                QString scheduleError;
                auto schedule = parseScheduleValue(
                    it.value(), inner.pathOf(QStringLiteral("by_instance_sku.")) + it.key(), &scheduleError);
                if (!schedule) {
                    inner.fail(QString(), scheduleError);
                    break;
                }
                pool.bySku.insert(it.key(), *schedule);
            }
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

std::optional<Order> parseOrder(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("order"));
    reader.expectObjectType(QStringLiteral("order"));
    Order order;
    order.id = reader.string(QStringLiteral("id"));
    order.pool =
        json.contains(u"pool") ? reader.ref(QStringLiteral("pool")) : reader.ref(QStringLiteral("capacity"));
    order.side = reader.string(QStringLiteral("side"));
    order.allowStanding = reader.optBoolean(QStringLiteral("allow_standing"), false);
    order.allowPartial = reader.optBoolean(QStringLiteral("allow_partial"), false);
    // Legacy orders have no SKU.
    order.sku = reader.optRef(QStringLiteral("instance_sku"), QStringLiteral("alias")).value_or(ObjectRef{});
    order.delta = reader.schedule(QStringLiteral("allocation_schedule_delta"));
    if (json.contains(u"filled_allocation_schedule_delta"))
        order.filledDelta = reader.schedule(QStringLiteral("filled_allocation_schedule_delta"));
    order.limitPrice = reader.price(QStringLiteral("limit_price_dollars_per_node_hour"));
    order.statusText = reader.string(QStringLiteral("status"));
    order.status = orderStatusFromString(order.statusText);
    order.createdAt = reader.epoch(QStringLiteral("created_at"));
    const QJsonValue createdBy = json.value(u"created_by");
    if (createdBy.isObject()) {
        const QJsonObject principal = createdBy.toObject();
        order.createdBy = principal.value(u"email").toString(
            principal.value(u"name").toString(principal.value(u"id").toString()));
    }
    order.filledAt = reader.optEpoch(QStringLiteral("filled_at"));
    order.filledAveragePrice = reader.optPrice(QStringLiteral("filled_average_price_dollars_per_node_hour"));
    order.cancelledAt = reader.optEpoch(QStringLiteral("cancelled_at"));
    const QJsonArray fills = reader.optArray(QStringLiteral("fills"));
    for (qsizetype i = 0; i < fills.size() && reader.ok(); ++i) {
        const QString path = reader.pathOf(QStringLiteral("fills[%1]").arg(i));
        if (!fills.at(i).isObject()) {
            reader.fail(QString(), path + QStringLiteral(": expected an object"));
            break;
        }
        const QJsonObject fillObject = fills.at(i).toObject();
        JsonReader fillReader(fillObject, path);
        OrderFill fill;
        fill.contract = fillReader.optString(QStringLiteral("contract"));
        fill.filledAt = fillReader.epoch(QStringLiteral("filled_at"));
        fill.delta = fillReader.schedule(QStringLiteral("allocation_schedule_delta"));
        fill.price = fillReader.price(QStringLiteral("price_dollars_per_node_hour"));
        if (!fillReader.finish(error))
            return std::nullopt;
        order.fills.append(fill);
    }
    if (!reader.finish(error))
        return std::nullopt;
    return order;
}

std::optional<Image> parseImage(const QJsonObject& json, QString* error)
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

std::optional<ImagePartUrl> parseImagePartUrl(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("upload_part"));
    ImagePartUrl part;
    part.url = readTransferUrl(reader);
    part.expiresAt = reader.epoch(QStringLiteral("expires_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return part;
}

std::optional<ImageDownload> parseImageDownload(const QJsonObject& json, QString* error)
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

std::optional<OrderbookQuote> parseOrderbookQuote(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_quote"));
    OrderbookQuote quote;
    quote.startAt = reader.epoch(QStringLiteral("start_at"));
    quote.endAt = reader.epoch(QStringLiteral("end_at"));
    quote.requestedAt = reader.optEpoch(QStringLiteral("requested_at")).value_or(0);
    quote.bestBid = readPriceLevel(reader, QStringLiteral("best_bid"));
    quote.bestAsk = readPriceLevel(reader, QStringLiteral("best_ask"));
    if (!reader.finish(error))
        return std::nullopt;
    return quote;
}

std::optional<OrderbookWindow> parseOrderbookWindow(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_window"));
    OrderbookWindow window;
    window.sku = reader.string(QStringLiteral("instance_sku"));
    window.startAt = reader.epoch(QStringLiteral("start_at"));
    window.endAt = reader.epoch(QStringLiteral("end_at"));
    window.durationHours = reader.optInteger(QStringLiteral("duration_hours"), 0);
    window.bidOrderCount = reader.optInteger(QStringLiteral("total_bid_order_count"), 0);
    window.askOrderCount = reader.optInteger(QStringLiteral("total_ask_order_count"), 0);
    window.bestBid = readPriceLevel(reader, QStringLiteral("best_bid"));
    window.bestAsk = readPriceLevel(reader, QStringLiteral("best_ask"));
    if (reader.ok() && window.endAt <= window.startAt)
        reader.fail(QStringLiteral("end_at"), QStringLiteral("must be after start_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return window;
}

std::optional<OrderbookDepth> parseOrderbookDepth(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_depth"));
    OrderbookDepth depth;
    depth.startAt = reader.epoch(QStringLiteral("start_at"));
    depth.endAt = reader.epoch(QStringLiteral("end_at"));
    depth.requestedAt = reader.optEpoch(QStringLiteral("requested_at")).value_or(0);
    for (const auto& [key, levels] :
         {std::pair{QStringLiteral("bids"), &depth.bids}, std::pair{QStringLiteral("asks"), &depth.asks}}) {
        if (!json.value(key).isArray()) {
            reader.fail(key, QStringLiteral("expected an array"));
            break;
        }
        const QJsonArray items = json.value(key).toArray();
        for (qsizetype i = 0; i < items.size() && reader.ok(); ++i) {
            // readPriceLevel reads a member: give each item a key of its own.
            const QJsonObject holder{{QStringLiteral("%1[%2]").arg(key).arg(i), items.at(i)}};
            JsonReader item(holder, QStringLiteral("orderbook_depth"));
            const std::optional<PriceLevel> level = readPriceLevel(item, holder.constBegin().key());
            if (!item.ok())
                reader.absorb(item);
            else if (!level)
                reader.fail(holder.constBegin().key(), QStringLiteral("expected an object"));
            else
                levels->append(*level);
        }
    }
    if (!reader.finish(error))
        return std::nullopt;
    return depth;
}

std::optional<OrderbookFill> parseOrderbookFill(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("orderbook_fill"));
    OrderbookFill fill;
    fill.sku = reader.string(QStringLiteral("instance_sku"));
    fill.price = reader.price(QStringLiteral("dollars_per_node_hour"));
    fill.delta = reader.schedule(QStringLiteral("allocation_schedule_delta"));
    fill.filledAt = reader.epoch(QStringLiteral("filled_at"));
    if (!reader.finish(error))
        return std::nullopt;
    return fill;
}

std::optional<OrderPreview> parseOrderPreview(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("order_preview"));
    OrderPreview preview;
    const QString type = reader.string(QStringLiteral("type"));
    if (reader.ok() && type != u"quoted" && type != u"unavailable")
        reader.fail(QStringLiteral("type"), QStringLiteral("unknown preview type \"%1\"").arg(type));
    preview.quoted = type == u"quoted";
    if (reader.ok() && preview.quoted) {
        const QJsonObject body = reader.object(QStringLiteral("post_order_body"));
        if (reader.ok()) {
            JsonReader bodyReader(body, reader.pathOf(QStringLiteral("post_order_body")));
            OrderRequest& request = preview.postOrderBody;
            request.pool = bodyReader.string(QStringLiteral("pool"));
            request.side = bodyReader.string(QStringLiteral("side"));
            request.sku = bodyReader.string(QStringLiteral("instance_sku"));
            request.limitPrice = bodyReader.price(QStringLiteral("limit_price_dollars_per_node_hour")).text;
            request.allowStanding = bodyReader.optBoolean(QStringLiteral("allow_standing"), false);
            request.allowPartial = bodyReader.optBoolean(QStringLiteral("allow_partial"), false);
            const NodeSchedule delta = bodyReader.schedule(QStringLiteral("allocation_schedule_delta"));
            if (bodyReader.ok() && (delta.size() != 1 || !delta.first().endAt))
                bodyReader.fail(QStringLiteral("allocation_schedule_delta"),
                                QStringLiteral("expected exactly one bounded entry"));
            if (bodyReader.ok()) {
                request.startAt = delta.first().startAt;
                request.endAt = *delta.first().endAt;
                request.nodeCount = delta.first().nodeCount;
            }
            if (!bodyReader.finish(error))
                return std::nullopt;
        }
    } else if (reader.ok()) {
        preview.unavailableReason = reader.string(QStringLiteral("reason"));
    }
    const QJsonValue fee = json.value(u"fee");
    if (fee.isObject()) {
        const QJsonObject feeObject = fee.toObject();
        JsonReader feeReader(feeObject, reader.pathOf(QStringLiteral("fee")));
        preview.feeFlatPerNodeHour = feeReader.price(QStringLiteral("flat_dollars_per_node_hour"));
        preview.feePercentageBps = static_cast<int>(feeReader.integer(QStringLiteral("percentage_bps")));
        if (!feeReader.finish(error))
            return std::nullopt;
    } else if (preview.quoted) {
        reader.fail(QStringLiteral("fee"), QStringLiteral("missing"));
    }
    const QJsonArray notices = reader.optArray(QStringLiteral("notices"));
    for (qsizetype i = 0; i < notices.size() && reader.ok(); ++i) {
        const QJsonObject noticeObject = notices.at(i).toObject();
        JsonReader noticeReader(noticeObject, reader.pathOf(QStringLiteral("notices[%1]").arg(i)));
        MaintenanceNotice notice;
        notice.startAt = noticeReader.epoch(QStringLiteral("start_at"));
        notice.endAt = noticeReader.epoch(QStringLiteral("end_at"));
        notice.maintenanceType = noticeReader.optString(QStringLiteral("maintenance_type"));
        notice.title = noticeReader.string(QStringLiteral("title"));
        notice.description = noticeReader.optString(QStringLiteral("description"));
        notice.actionMessage = noticeReader.optString(QStringLiteral("action_message"));
        if (!noticeReader.finish(error))
            return std::nullopt;
        preview.notices.append(notice);
    }
    if (!reader.finish(error))
        return std::nullopt;
    return preview;
}

std::optional<NodeSchedule> parseSchedule(const QJsonArray& json, QString* error)
{
    return parseScheduleValue(json, QStringLiteral("schedule"), error);
}

QJsonArray scheduleToJson(const NodeSchedule& schedule)
{
    QJsonArray array;
    for (const ScheduleEntry& entry : schedule) {
        QJsonObject object{{QStringLiteral("start_at"), entry.startAt},
                           {QStringLiteral("node_count"), entry.nodeCount}};
        object.insert(QStringLiteral("end_at"), entry.endAt ? QJsonValue(*entry.endAt) : QJsonValue());
        array.append(object);
    }
    return array;
}

QJsonObject orderRequestToJson(const OrderRequest& request)
{
    return {
        {QStringLiteral("pool"), request.pool},
        {QStringLiteral("side"), request.side},
        {QStringLiteral("instance_sku"), request.sku},
        {QStringLiteral("allocation_schedule_delta"),
         scheduleToJson({ScheduleEntry{request.startAt, request.endAt, request.nodeCount}})},
        {QStringLiteral("limit_price_dollars_per_node_hour"), request.limitPrice},
        {QStringLiteral("allow_standing"), request.allowStanding},
        {QStringLiteral("allow_partial"), request.allowPartial},
    };
}

Procurement::State procurementStateFromString(const QString& state)
{
    if (state == u"info")
        return Procurement::State::Info;
    if (state == u"warning")
        return Procurement::State::Warning;
    if (state == u"error")
        return Procurement::State::Error;
    return Procurement::State::Unknown;
}

PoolTransfer::Status poolTransferStatusFromString(const QString& status)
{
    if (status == u"pending")
        return PoolTransfer::Status::Pending;
    if (status == u"executed")
        return PoolTransfer::Status::Executed;
    if (status == u"rejected")
        return PoolTransfer::Status::Rejected;
    return PoolTransfer::Status::Unknown;
}

std::optional<Procurement> parseProcurement(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("procurement"));
    reader.expectObjectType(QStringLiteral("procurement"));
    Procurement procurement;
    readScope(reader, procurement);
    procurement.pool =
        json.contains(u"pool") ? reader.ref(QStringLiteral("pool")) : reader.ref(QStringLiteral("capacity"));
    procurement.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    // A node count; the document's other form, the tag "node_count", carries none.
    const QJsonValue target = json.value(u"target");
    if (target.isDouble())
        procurement.target = reader.integer(QStringLiteral("target"));
    else if (!target.isString())
        reader.fail(QStringLiteral("target"), QStringLiteral("expected a node count"));
    procurement.maxBuyPrice = reader.price(QStringLiteral("max_buy_price_dollars_per_node_hour"));
    procurement.minSellPrice = reader.price(QStringLiteral("min_sell_price_dollars_per_node_hour"));
    procurement.windowMinutes = reader.integer(QStringLiteral("managed_window_minutes"));
    procurement.enabled = reader.optBoolean(QStringLiteral("enabled"), true);
    const QJsonObject status = reader.object(QStringLiteral("status"));
    if (reader.ok()) {
        JsonReader inner(status, reader.pathOf(QStringLiteral("status")));
        procurement.stateText = inner.optString(QStringLiteral("state"));
        procurement.state = procurementStateFromString(procurement.stateText);
        procurement.statusMessage = inner.optString(QStringLiteral("message"));
        reader.absorb(inner);
    }
    procurement.createdAt = reader.epoch(QStringLiteral("created_at"));
    procurement.updatedAt = reader.optEpoch(QStringLiteral("updated_at")).value_or(procurement.createdAt);
    if (!reader.finish(error))
        return std::nullopt;
    return procurement;
}

std::optional<PoolTransfer> parsePoolTransfer(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("pool_transfer"));
    reader.expectObjectType(QStringLiteral("pool_transfer"));
    PoolTransfer transfer;
    transfer.id = reader.string(QStringLiteral("id"));
    transfer.statusText = reader.string(QStringLiteral("status"));
    transfer.status = poolTransferStatusFromString(transfer.statusText);
    transfer.createdAt = reader.epoch(QStringLiteral("created_at"));
    transfer.fromPool = reader.string(QStringLiteral("from_pool"));
    transfer.toPool = reader.string(QStringLiteral("to_pool"));
    transfer.sku = reader.ref(QStringLiteral("instance_sku"), QStringLiteral("alias"));
    transfer.rejectedReason = reader.optString(QStringLiteral("rejected_reason"));
    transfer.delta = reader.schedule(QStringLiteral("allocation_schedule_delta"));
    if (!reader.finish(error))
        return std::nullopt;
    return transfer;
}

QJsonObject procurementRequestToJson(const ProcurementRequest& request)
{
    QJsonObject body{
        {QStringLiteral("pool"), request.pool},
        {QStringLiteral("instance_sku"), request.sku},
        {QStringLiteral("target"), request.target},
        {QStringLiteral("max_buy_price_dollars_per_node_hour"), request.maxBuyPrice},
        {QStringLiteral("min_sell_price_dollars_per_node_hour"), request.minSellPrice},
        {QStringLiteral("managed_window_minutes"), request.windowMinutes},
        {QStringLiteral("enabled"), request.enabled},
    };
    if (!request.name.isEmpty())
        body.insert(QStringLiteral("name"), request.name);
    return body;
}

QJsonObject procurementChangeToJson(const ProcurementChange& change)
{
    QJsonObject body;
    if (change.name)
        body.insert(QStringLiteral("name"), *change.name);
    if (change.sku)
        body.insert(QStringLiteral("instance_sku"), *change.sku);
    if (change.maxBuyPrice)
        body.insert(QStringLiteral("max_buy_price_dollars_per_node_hour"), *change.maxBuyPrice);
    if (change.minSellPrice)
        body.insert(QStringLiteral("min_sell_price_dollars_per_node_hour"), *change.minSellPrice);
    if (change.windowMinutes)
        body.insert(QStringLiteral("managed_window_minutes"), *change.windowMinutes);
    if (change.enabled)
        body.insert(QStringLiteral("enabled"), *change.enabled);
    return body;
}

QJsonObject poolTransferRequestToJson(const PoolTransferRequest& request)
{
    return {
        {QStringLiteral("from_pool"), request.fromPool},
        {QStringLiteral("to_pool"), request.toPool},
        {QStringLiteral("instance_sku"), request.sku},
        {QStringLiteral("allocation_schedule_delta"), scheduleToJson(request.delta)},
    };
}

std::optional<ListEnvelope> parseListEnvelope(const QJsonObject& json, QString* error)
{
    JsonReader reader(json, QStringLiteral("list"));
    reader.expectObjectType(QStringLiteral("list"));
    ListEnvelope envelope;
    const QJsonValue data = json.value(u"data");
    if (!data.isArray())
        reader.fail(QStringLiteral("data"),
                    data.isUndefined() ? QStringLiteral("missing") : QStringLiteral("expected a list"));
    envelope.data = data.toArray();
    envelope.hasMore = reader.optBoolean(QStringLiteral("has_more"), false);
    envelope.cursor = reader.optString(QStringLiteral("cursor"));
    if (!reader.finish(error))
        return std::nullopt;
    return envelope;
}

std::optional<QList<ConsoleLine>> parseConsoleLogs(const QJsonDocument& document, QString* error)
{
    if (!document.isObject() || !document.object().value(u"data").isArray()) {
        *error = QStringLiteral("logs: expected a list with data");
        return std::nullopt;
    }
    QList<ConsoleLine> lines;
    const QJsonArray data = document.object().value(u"data").toArray();
    for (qsizetype i = 0; i < data.size(); ++i) {
        const QJsonObject entry = data.at(i).toObject();
        const QJsonValue bytes = entry.value(u"data");
        if (!bytes.isString()) {
            *error = QStringLiteral("logs.data[%1].data: expected a base64 string").arg(i);
            return std::nullopt;
        }
        const auto decoded = QByteArray::fromBase64Encoding(bytes.toString().toLatin1());
        if (!decoded) {
            *error = QStringLiteral("logs.data[%1].data: not base64").arg(i);
            return std::nullopt;
        }
        ConsoleLine line;
        line.seqnum = entry.value(u"seqnum").toInteger();
        line.timestamp = entry.value(u"timestamp_realtime").toInteger();
        line.text = QString::fromUtf8(*decoded);
        // Console bytes carry their own line ends; one entry is one line here.
        while (line.text.endsWith(u'\n') || line.text.endsWith(u'\r'))
            line.text.chop(1);
        lines.append(line);
    }
    return lines;
}

std::optional<SshDetails> parseSshDetails(const QJsonDocument& document, QString* error)
{
    const QJsonObject json = document.object();
    if (!json.value(u"hostname").isString() || !json.value(u"port").isDouble()) {
        *error = QStringLiteral("ssh: expected hostname and port");
        return std::nullopt;
    }
    SshDetails details;
    details.hostname = json.value(u"hostname").toString();
    details.port = json.value(u"port").toInt();
    const QJsonArray keys = json.value(u"host_keys").toArray();
    for (const auto& key : keys)
        details.hostKeys.append(
            {key.toObject().value(u"key_type").toString(), key.toObject().value(u"key").toString()});
    return details;
}

} // namespace sfdesk
