// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/marketbackend.h"
#include "core/models/ordermodel.h"

#include <QPointer>

namespace sfdesk {

// An in-memory market for GUI tests: the test sets pools, orders, quotes and what previews answer,
// and sees what the views asked for. Answers come from the event loop, as a server's would.
class FakeMarketBackend final : public MarketBackend
{
public:
    qint64 clock = 0;
    QList<Pool> poolList;
    QList<Order> orderList;
    QList<InstanceSku> skuList;
    QList<HourQuote> hourQuotes;
    OrderPreview previewAnswer;
    QString placeRefusal; // non-empty: place() fails with it
    QList<OrderRequest> previews;
    QList<OrderRequest> placed;
    QStringList cancelled;
    int quoteRequests = 0;

    FakeMarketBackend()
    {
        // The model follows orderList whenever the fake says the market changed, before the pages hear.
        connect(this, &MarketBackend::changed, this, [this] { m_orderModel.refresh(orderList); });
    }

    qint64 now() const override { return clock; }
    OrderModel* orderModel() const override
    {
        m_orderModel.refresh(orderList);
        return &m_orderModel;
    }
    QList<Pool> pools() const override { return poolList; }
    QList<Order> orders() const override { return orderList; }
    QList<InstanceSku> skus() const override { return skuList; }
    void refresh() override { Q_EMIT changed(); }
    void requestQuotes(const QString& sku, qint64 from, qint64 to) override
    {
        ++quoteRequests;
        QMetaObject::invokeMethod(
            this, [this, sku, from, to] { Q_EMIT quotesReady(sku, from, to, hourQuotes); },
            Qt::QueuedConnection);
    }
    void preview(const OrderRequest& request, QObject* context, std::function<void(const OrderPreview&)> done,
                 Failed) override
    {
        previews.append(request);
        QMetaObject::invokeMethod(
            context, [done, answer = previewAnswer] { done(answer); }, Qt::QueuedConnection);
    }
    void place(const OrderRequest& request, QObject* context, std::function<void(const Order&)> done,
               Failed failed) override
    {
        placed.append(request);
        if (!placeRefusal.isEmpty()) {
            QMetaObject::invokeMethod(
                context, [failed, why = placeRefusal] { failed(why); }, Qt::QueuedConnection);
            return;
        }
        Order order;
        order.id = QStringLiteral("ordr_fake%1").arg(placed.size());
        order.pool = ObjectRef{request.pool, request.pool};
        order.side = request.side;
        order.sku = ObjectRef{request.sku, request.sku};
        order.delta = {ScheduleEntry{request.startAt, request.endAt, request.nodeCount}};
        order.limitPrice = Price{request.limitPrice, 0};
        order.allowStanding = request.allowStanding;
        order.allowPartial = request.allowPartial;
        order.status = request.allowStanding ? Order::Status::Standing : Order::Status::Pending;
        order.statusText = request.allowStanding ? QStringLiteral("standing") : QStringLiteral("pending");
        order.createdAt = clock;
        orderList.prepend(order);
        Q_EMIT changed();
        QPointer<QObject> guard(context);
        QMetaObject::invokeMethod(context, [done, order] { done(order); }, Qt::QueuedConnection);
    }
    void cancel(const QString& orderId, QObject* context, std::function<void()> done, Failed) override
    {
        cancelled.append(orderId);
        for (Order& order : orderList) {
            if (order.id == orderId) {
                order.status = Order::Status::Cancelled;
                order.statusText = QStringLiteral("cancelled");
            }
        }
        Q_EMIT changed();
        QMetaObject::invokeMethod(context, [done] { done(); }, Qt::QueuedConnection);
    }
    void notifyChanged() { Q_EMIT changed(); }
    // A market without procurements: every change is refused, as an answer would be.
    void createProcurement(const ProcurementRequest&, QObject* context,
                           std::function<void(const Procurement&)>, Failed failed) override
    {
        refuse(context, std::move(failed));
    }
    void updateProcurement(const QString&, const ProcurementChange&, QObject* context,
                           std::function<void(const Procurement&)>, Failed failed) override
    {
        refuse(context, std::move(failed));
    }
    void deleteProcurement(const QString&, QObject* context, std::function<void()>, Failed failed) override
    {
        refuse(context, std::move(failed));
    }

private:
    static void refuse(QObject* context, Failed failed)
    {
        QMetaObject::invokeMethod(
            context, [failed = std::move(failed)] { failed(QStringLiteral("No procurements here.")); },
            Qt::QueuedConnection);
    }
    mutable OrderModel m_orderModel;
};

} // namespace sfdesk
