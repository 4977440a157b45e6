// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "sim/market/markettypes.h"

#include <QJsonObject>

namespace sfsim {

using sfdesk::FieldErrors;
using sfdesk::Schedule;

// The market's responses in exactly the shapes of the OpenAPI document, so that routes only parse
// the request, call the engine and send one of these.
namespace MarketJson {

// InstanceSkuSummary {object, id, alias}.
QJsonObject skuSummary(const QString& id, const QString& alias);
// v2.OrderResponse.
QJsonObject order(const MarketOrder& order);
// v2.ListOrdersResponse.
QJsonObject orderList(const OrderPage& page);
// PriceLevel.
QJsonObject priceLevel(const BookLevel& level);
// OrderbookQuoteResponse; best_bid / best_ask are omitted when that side is empty.
QJsonObject quote(const BookQuote& quote, const QJsonObject& requirements, qint64 start, qint64 end,
                  qint64 requestedAt);
// OrderbookDepthResponse.
QJsonObject depth(const BookDepth& depth, const QJsonObject& requirements, qint64 start, qint64 end,
                  qint64 requestedAt);
// ListOrderbookWindowsResponse written as compact JSON, what QJsonDocument writes for it.
QByteArray windowListJson(const BookWindowPage& page, const QJsonObject& requirements, qint64 rangeStart,
                          qint64 rangeEnd);
// The same and one OrderbookWindow as objects (read back from what windowListJson writes).
QJsonObject window(const BookWindow& window);
QJsonObject windowList(const BookWindowPage& page, const QJsonObject& requirements, qint64 rangeStart,
                       qint64 rangeEnd);
// OrderbookFill and ListOrderbookFillsResponse.
QJsonObject fill(const BookFill& fill);
QJsonObject fillList(const BookFillPage& page, const QJsonObject& requirements, qint64 start, qint64 end,
                     qint64 requestedAt);
// v2.OrderPreviewResponse: quoted (with the postable v2.CreateOrderRequest) or unavailable.
QJsonObject preview(const MarketPreview& preview);
// v2.OrderPreviewFee.
QJsonObject fee(const MarketFee& fee);
// InstanceSkuAvailability.
QJsonObject availability(const QString& skuId, const QString& alias, const Schedule& schedule);
// The 422 envelope: {"error": {"type": "unprocessable_entity", "message", "details"}}.
QJsonObject validationError(const QString& message, const FieldErrors& details);

} // namespace MarketJson

} // namespace sfsim
