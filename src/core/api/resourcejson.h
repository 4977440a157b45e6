// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/jsonreader.h"
#include "core/model/orderbook.h"
#include "core/model/resources.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace sfdesk {

// JSON -> value types for the preview API. Each parser tolerates unknown fields and unknown
// statuses (kept as text), and rejects malformed input with an error naming the field.
std::optional<Account> parseAccount(const QJsonObject& json, QString* error);
std::optional<Workspace> parseWorkspace(const QJsonObject& json, QString* error);
std::optional<FeatureFlag> parseFeatureFlag(const QJsonObject& json, QString* error);
std::optional<InstanceSku> parseInstanceSku(const QJsonObject& json, QString* error);
std::optional<SkuAvailability> parseSkuAvailability(const QJsonObject& json, QString* error);
std::optional<Instance> parseInstance(const QJsonObject& json, QString* error);
std::optional<Pool> parsePool(const QJsonObject& json, QString* error);
std::optional<Order> parseOrder(const QJsonObject& json, QString* error);
std::optional<Image> parseImage(const QJsonObject& json, QString* error);
std::optional<InstanceTemplate> parseInstanceTemplate(const QJsonObject& json, QString* error);
// A deployment or a spot deployment (its object says which).
std::optional<Deployment> parseDeployment(const QJsonObject& json, QString* error);
std::optional<ImagePartUrl> parseImagePartUrl(const QJsonObject& json, QString* error);
std::optional<ImageDownload> parseImageDownload(const QJsonObject& json, QString* error);
std::optional<OrderbookQuote> parseOrderbookQuote(const QJsonObject& json, QString* error);
std::optional<OrderbookWindow> parseOrderbookWindow(const QJsonObject& json, QString* error);
std::optional<OrderbookDepth> parseOrderbookDepth(const QJsonObject& json, QString* error);
std::optional<OrderbookFill> parseOrderbookFill(const QJsonObject& json, QString* error);
std::optional<OrderPreview> parseOrderPreview(const QJsonObject& json, QString* error);
std::optional<Procurement> parseProcurement(const QJsonObject& json, QString* error);
std::optional<PoolTransfer> parsePoolTransfer(const QJsonObject& json, QString* error);
std::optional<NodeSchedule> parseSchedule(const QJsonArray& json, QString* error);
// GET /instances/{id}/logs and /instances/{id}/ssh answer documents of their own shape.
std::optional<QList<ConsoleLine>> parseConsoleLogs(const QJsonDocument& document, QString* error);
std::optional<SshDetails> parseSshDetails(const QJsonDocument& document, QString* error);

Instance::Status instanceStatusFromString(const QString& status);
Order::Status orderStatusFromString(const QString& status);
Image::UploadStatus imageStatusFromString(const QString& status);
Deployment::State deploymentStateFromString(const QString& state);
Procurement::State procurementStateFromString(const QString& state);
PoolTransfer::Status poolTransferStatusFromString(const QString& status);

// Value types -> request bodies.
QJsonArray scheduleToJson(const NodeSchedule& schedule);
QJsonObject orderRequestToJson(const OrderRequest& request);
QJsonObject procurementRequestToJson(const ProcurementRequest& request);
// Only the fields the change sets.
QJsonObject procurementChangeToJson(const ProcurementChange& change);
QJsonObject poolTransferRequestToJson(const PoolTransferRequest& request);

// The envelope of cursor lists: {object: "list", data, has_more, cursor}.
struct ListEnvelope
{
    QJsonArray data;
    bool hasMore = false;
    QString cursor;
};
std::optional<ListEnvelope> parseListEnvelope(const QJsonObject& json, QString* error);

template <typename T> using ItemParser = std::optional<T> (*)(const QJsonObject&, QString*);

// Parses every item; the first bad item fails the whole list, naming its index.
template <typename T>
std::optional<QList<T>> parseItems(const QJsonArray& data, ItemParser<T> parser, QString* error)
{
    QList<T> items;
    items.reserve(data.size());
    JsonStringMemo strings;
    for (qsizetype i = 0; i < data.size(); ++i) {
        strings.nextItem();
        const QJsonValue value = data.at(i);
        QString itemError;
        std::optional<T> item = value.isObject() ? parser(value.toObject(), &itemError) : std::nullopt;
        if (!item) {
            if (error)
                *error = QStringLiteral("data[%1]: %2")
                             .arg(i)
                             .arg(value.isObject() ? itemError : QStringLiteral("expected an object"));
            return std::nullopt;
        }
        items.append(std::move(*item));
    }
    return items;
}

} // namespace sfdesk
