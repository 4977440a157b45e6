// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/jsonreader.h"
#include "core/model/orderbook.h"
#include "core/model/resources.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace sfdesk {

// JSON -> value types for the preview API. Each parser tolerates unknown fields and unknown
// statuses (kept as text), and rejects malformed input with an error naming the field. They read
// nodes of a JsonTape; a QJsonObject converts to one (encoded and decoded again: for tests and
// the few callers that hold one).
std::optional<Account> parseAccount(const JsonNode& json, QString* error);
std::optional<Workspace> parseWorkspace(const JsonNode& json, QString* error);
std::optional<FeatureFlag> parseFeatureFlag(const JsonNode& json, QString* error);
std::optional<InstanceSku> parseInstanceSku(const JsonNode& json, QString* error);
std::optional<SkuAvailability> parseSkuAvailability(const JsonNode& json, QString* error);
std::optional<Instance> parseInstance(const JsonNode& json, QString* error);
std::optional<Pool> parsePool(const JsonNode& json, QString* error);
std::optional<Order> parseOrder(const JsonNode& json, QString* error);
std::optional<Image> parseImage(const JsonNode& json, QString* error);
std::optional<InstanceTemplate> parseInstanceTemplate(const JsonNode& json, QString* error);
// A deployment or a spot deployment (its object says which).
std::optional<Deployment> parseDeployment(const JsonNode& json, QString* error);
std::optional<ImagePartUrl> parseImagePartUrl(const JsonNode& json, QString* error);
std::optional<ImageDownload> parseImageDownload(const JsonNode& json, QString* error);
std::optional<OrderbookQuote> parseOrderbookQuote(const JsonNode& json, QString* error);
std::optional<OrderbookWindow> parseOrderbookWindow(const JsonNode& json, QString* error);
std::optional<OrderbookDepth> parseOrderbookDepth(const JsonNode& json, QString* error);
std::optional<OrderbookFill> parseOrderbookFill(const JsonNode& json, QString* error);
std::optional<OrderPreview> parseOrderPreview(const JsonNode& json, QString* error);
std::optional<Procurement> parseProcurement(const JsonNode& json, QString* error);
std::optional<PoolTransfer> parsePoolTransfer(const JsonNode& json, QString* error);
std::optional<NodeSchedule> parseSchedule(const JsonNode& json, QString* error);
// GET /instances/{id}/logs and /instances/{id}/ssh answer documents of their own shape.
std::optional<QList<ConsoleLine>> parseConsoleLogs(const JsonNode& document, QString* error);
std::optional<SshDetails> parseSshDetails(const JsonNode& document, QString* error);

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
    // Keeps the document it is in alive.
    JsonNode data;
    bool hasMore = false;
    QString cursor;
};
std::optional<ListEnvelope> parseListEnvelope(const JsonNode& json, QString* error);

template <typename T> using ItemParser = std::optional<T> (*)(const JsonNode&, QString*);

// Parses every item; the first bad item fails the whole list, naming its index.
template <typename T>
std::optional<QList<T>> parseItems(const JsonNode& data, ItemParser<T> parser, QString* error)
{
    QList<T> items;
    items.reserve(data.size());
    JsonStringMemo strings;
    qsizetype i = 0;
    bool good = true;
    data.forEachItem([&](const JsonNode& value) {
        strings.nextItem();
        QString itemError;
        std::optional<T> item = value.isObject() ? parser(value, &itemError) : std::nullopt;
        if (!item) {
            if (error)
                *error = QStringLiteral("data[%1]: %2")
                             .arg(i)
                             .arg(value.isObject() ? itemError : QStringLiteral("expected an object"));
            return good = false;
        }
        items.append(std::move(*item));
        ++i;
        return true;
    });
    if (!good)
        return std::nullopt;
    return items;
}

} // namespace sfdesk
