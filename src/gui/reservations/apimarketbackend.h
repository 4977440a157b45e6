#pragma once

#include "core/api/orderattempts.h"
#include "gui/reservations/marketbackend.h"

#include <QPointer>

class ApiClient;
class QTimer;

// MarketBackend over the API client: polls pools, orders and SKUs while a page that shows them
// watches it, reads best prices from the orderbook's windows and sends previews, orders and
// cancellations. A write of the app (any page's) reads the lists again at once.
class ApiMarketBackend final : public MarketBackend
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiMarketBackend)

public:
    explicit ApiMarketBackend(ApiClient* client, QObject* parent = nullptr);
    ~ApiMarketBackend() override;

    void setPollInterval(int milliseconds);
    // The connection's client, or null when not connected; the lists start again empty.
    void setClient(ApiClient* client);
    // Counted: polls while a page that shows the market is on screen.
    void watch() override;
    void unwatch() override;
    bool isWatched() const { return m_watchers > 0; }

    qint64 now() const override;
    QList<Pool> pools() const override { return m_pools; }
    QList<Order> orders() const override { return m_orders; }
    QList<InstanceSku> skus() const override { return m_skus; }

    void refresh() override;
    void requestQuotes(const QString& sku, qint64 from, qint64 to) override;
    void preview(const OrderRequest& request, QObject* context, std::function<void(const OrderPreview&)> done,
                 Failed failed) override;
    void place(const OrderRequest& request, QObject* context, std::function<void(const Order&)> done,
               Failed failed) override;
    void cancel(const QString& orderId, QObject* context, std::function<void()> done, Failed failed) override;
    bool placeOutcomeUnknown(const OrderRequest& request) const override;

private:
    // The SKU's region, zone and accelerator, as the orderbook and the preview filter by.
    QMap<QString, QStringList> requirementsOf(const QString& sku) const;
    QString requirementsQuery(const QString& sku) const;
    void refreshOrders(quint64 refresh);
    void applyOrders(quint64 refresh, const QList<Order>& orders);

    // The server's clock minus this computer's, learnt from the orderbook's requested_at.
    qint64 m_clockOffset = 0;
    QPointer<ApiClient> m_client;
    QTimer* m_poll;
    int m_watchers = 0;
    // The token may list orders per workspace only (a grant per workspace): once the account-wide
    // list is refused, orders are asked for per workspace of the pools.
    bool m_ordersPerWorkspace = false;
    QList<Pool> m_pools;
    QList<Order> m_orders;
    QList<InstanceSku> m_skus;
    // Refreshes overlap (the poll, the user, the refresh after an order) and their answers can come
    // in any order: each list keeps the answer of the newest refresh it has seen, never an older one.
    quint64 m_refreshes = 0;
    quint64 m_poolsFrom = 0;
    quint64 m_ordersFrom = 0;
    quint64 m_skusFrom = 0;
    quint64 m_clockFrom = 0;
    // Keys of orders whose placing ended without an answer, for the user's next attempt.
    OrderAttempts m_attempts;
};
