// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/api/apiclient_p.h"

#include "core/api/resourcejson.h"

#include <QFile>
#include <QUuid>

#include <algorithm>

namespace sfdesk {

using namespace ApiClientParts;

ApiReply<OrderbookQuote> ApiClient::orderbookQuote(const QString& requirements, qint64 startAt, qint64 endAt)
{
    QUrlQuery query;
    if (!requirements.isEmpty())
        query.addQueryItem(QStringLiteral("requirements"), requirements);
    query.addQueryItem(QStringLiteral("start_at"), QString::number(startAt));
    query.addQueryItem(QStringLiteral("end_at"), QString::number(endAt));
    return send(ApiRequest::make("GET", QStringLiteral("/orderbook/quote")).withQuery(query),
                objectParser<OrderbookQuote>(parseOrderbookQuote));
}

ApiReply<QList<OrderbookWindow>> ApiClient::orderbookWindows(const QString& requirements, qint64 rangeStartAt,
                                                             qint64 rangeEndAt)
{
    QUrlQuery query;
    if (!requirements.isEmpty())
        query.addQueryItem(QStringLiteral("requirements"), requirements);
    query.addQueryItem(QStringLiteral("range_start_at"), QString::number(rangeStartAt));
    query.addQueryItem(QStringLiteral("range_end_at"), QString::number(rangeEndAt));
    return send(ApiRequest::make("GET", QStringLiteral("/orderbook/windows")).withQuery(query).withAllPages(),
                listParser<OrderbookWindow>(parseOrderbookWindow));
}

ApiReply<OrderbookDepth> ApiClient::orderbookDepth(const QString& requirements, qint64 startAt, qint64 endAt,
                                                   int levels)
{
    QUrlQuery query;
    if (!requirements.isEmpty())
        query.addQueryItem(QStringLiteral("requirements"), requirements);
    query.addQueryItem(QStringLiteral("start_at"), QString::number(startAt));
    query.addQueryItem(QStringLiteral("end_at"), QString::number(endAt));
    query.addQueryItem(QStringLiteral("depth"), QString::number(std::clamp(levels, 1, 100)));
    return send(ApiRequest::make("GET", QStringLiteral("/orderbook/depth")).withQuery(query),
                objectParser<OrderbookDepth>(parseOrderbookDepth));
}

ApiReply<Page<OrderbookFill>> ApiClient::orderbookFills(const QString& requirements, qint64 startAt,
                                                        qint64 endAt, qint64 sinceAt, int limit,
                                                        const QString& startingAfter)
{
    QUrlQuery query;
    if (!requirements.isEmpty())
        query.addQueryItem(QStringLiteral("requirements"), requirements);
    query.addQueryItem(QStringLiteral("start_at"), QString::number(startAt));
    query.addQueryItem(QStringLiteral("end_at"), QString::number(endAt));
    query.addQueryItem(QStringLiteral("since_at"), QString::number(sinceAt));
    query.addQueryItem(QStringLiteral("limit"), QString::number(std::clamp(limit, 1, 200)));
    if (!startingAfter.isEmpty())
        query.addQueryItem(QStringLiteral("starting_after"), startingAfter);
    return send(ApiRequest::make("GET", QStringLiteral("/orderbook/fills")).withQuery(query),
                pageParser<OrderbookFill>(parseOrderbookFill));
}

ApiReply<OrderPreview> ApiClient::orderPreview(const OrderPreviewRequest& request)
{
    QJsonObject requirements;
    for (auto it = request.requirements.cbegin(); it != request.requirements.cend(); ++it)
        requirements.insert(it.key(), QJsonArray::fromStringList(it.value()));
    QJsonObject body{{QStringLiteral("side"), request.side},
                     {QStringLiteral("requirements"), requirements},
                     {QStringLiteral("start_at"), request.startAt},
                     {QStringLiteral("duration_seconds"), request.durationSeconds},
                     {QStringLiteral("node_count"), request.nodeCount}};
    if (!request.pool.isEmpty())
        body.insert(QStringLiteral("pool"), request.pool);
    // A preview changes nothing, so it may be retried.
    return send(ApiRequest::make("POST", QStringLiteral("/order_preview"))
                    .withBody(QJsonDocument(body))
                    .withIdempotent(true)
                    .withChangesState(false),
                objectParser<OrderPreview>(parseOrderPreview));
}

ApiReply<QList<Order>> ApiClient::orders(const QString& workspace, const QUrlQuery& filters)
{
    return send(ApiRequest::make("GET", QStringLiteral("/orders"))
                    .withQuery(workspaceQuery(workspace, filters))
                    .withAllPages(),
                listParser<Order>(parseOrder));
}

ApiReply<Order> ApiClient::order(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/orders/") + encoded(id)),
                objectParser<Order>(parseOrder));
}

QByteArray ApiClient::newIdempotencyKey()
{
    return QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
}

ApiReply<Order> ApiClient::createOrder(const OrderRequest& request)
{
    return createOrder(request, newIdempotencyKey());
}

ApiReply<Order> ApiClient::createOrder(const OrderRequest& request, const QByteArray& idempotencyKey)
{
    // An empty key would send no header, and a retry could then place the order twice.
    const QByteArray key = idempotencyKey.trimmed().isEmpty() ? newIdempotencyKey() : idempotencyKey;
    // The key makes a repeat return the first order instead of placing another.
    return send(ApiRequest::make("POST", QStringLiteral("/orders"))
                    .withBody(QJsonDocument(orderRequestToJson(request)))
                    .withHeader(QByteArrayLiteral("Idempotency-Key"), key)
                    .withIdempotent(true),
                objectParser<Order>(parseOrder));
}

ApiReply<void> ApiClient::cancelOrder(const QString& id)
{
    return ApiReply<void>(send(ApiRequest::make("DELETE", QStringLiteral("/orders/") + encoded(id))));
}

ApiReply<QList<Procurement>> ApiClient::procurements(const QString& workspace)
{
    // The document allows at most 50 procurements a page.
    QUrlQuery query = workspaceQuery(workspace);
    query.addQueryItem(QStringLiteral("limit"), QString::number(std::min(m_options.pageSize, 50)));
    return send(ApiRequest::make("GET", QStringLiteral("/procurements")).withQuery(query).withAllPages(),
                listParser<Procurement>(parseProcurement));
}

ApiReply<Procurement> ApiClient::procurement(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/procurements/") + encoded(id)),
                objectParser<Procurement>(parseProcurement));
}

ApiReply<Procurement> ApiClient::createProcurement(const ProcurementRequest& request)
{
    // Not idempotent in the document (no key): a retry could make a second procurement (409 then).
    return send(ApiRequest::make("POST", QStringLiteral("/procurements"))
                    .withBody(QJsonDocument(procurementRequestToJson(request)))
                    .withIdempotent(false),
                objectParser<Procurement>(parseProcurement));
}

ApiReply<Procurement> ApiClient::updateProcurement(const QString& id, const ProcurementChange& change)
{
    return send(ApiRequest::make("PATCH", QStringLiteral("/procurements/") + encoded(id))
                    .withBody(QJsonDocument(procurementChangeToJson(change)))
                    .withIdempotent(true),
                objectParser<Procurement>(parseProcurement));
}

ApiReply<void> ApiClient::deleteProcurement(const QString& id)
{
    return ApiReply<void>(send(ApiRequest::make("DELETE", QStringLiteral("/procurements/") + encoded(id))));
}

ApiReply<QList<Order>> ApiClient::procurementOrders(const QString& procurementId)
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("procurement"), procurementId);
    ResultParser<QList<Order>> parser = listParser<Order>(parseOrder);
    // What the list holds is the procurement's: each order says so.
    parser.parse = [parse = std::move(parser.parse),
                    procurementId](const JsonNode& document, QString* error) -> std::optional<QList<Order>> {
        std::optional<QList<Order>> orders = parse(document, error);
        if (orders) {
            for (Order& order : *orders)
                order.procurement = procurementId;
        }
        return orders;
    };
    return send(ApiRequest::make("GET", QStringLiteral("/orders")).withQuery(query).withAllPages(),
                std::move(parser));
}

ApiReply<QList<PoolTransfer>> ApiClient::poolTransfers(const QStringList& pools)
{
    QUrlQuery query;
    for (const QString& pool : pools)
        query.addQueryItem(QStringLiteral("pool"), pool);
    return send(ApiRequest::make("GET", QStringLiteral("/pool_transfers")).withQuery(query).withAllPages(),
                listParser<PoolTransfer>(parsePoolTransfer));
}

ApiReply<PoolTransfer> ApiClient::poolTransfer(const QString& id)
{
    return send(ApiRequest::make("GET", QStringLiteral("/pool_transfers/") + encoded(id)),
                objectParser<PoolTransfer>(parsePoolTransfer));
}

ApiReply<PoolTransfer> ApiClient::createPoolTransfer(const PoolTransferRequest& request)
{
    return send(ApiRequest::make("POST", QStringLiteral("/pool_transfers"))
                    .withBody(QJsonDocument(poolTransferRequestToJson(request)))
                    .withHeader(QByteArrayLiteral("Idempotency-Key"), newIdempotencyKey())
                    .withIdempotent(true),
                objectParser<PoolTransfer>(parsePoolTransfer));
}

} // namespace sfdesk
