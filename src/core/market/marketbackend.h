// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"
#include "core/model/orderbook.h"
#include "core/model/resources.h"

#include <QObject>

#include <functional>
#include <optional>

namespace sfdesk {

class OrderModel;

// What the planner and the orders view need of the market: the pools, orders and SKUs of the
// workspace, best prices per hour, the order preview, placing and cancelling. The views depend on
// this interface only; ApiMarketBackend is the one that talks to a server.
class MarketBackend : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MarketBackend)

public:
    using Failed = std::function<void(const QString& message)>;

    explicit MarketBackend(QObject* parent = nullptr);
    ~MarketBackend() override;

    // Unix seconds by the server's clock as far as it is known.
    virtual qint64 now() const = 0;
    virtual QList<Pool> pools() const = 0;
    virtual QList<Order> orders() const = 0;
    virtual QList<InstanceSku> skus() const = 0;
    // Whether orders() holds the server's list (read at least once), not only what is known so far.
    virtual bool ordersKnown() const;
    // The orders as a model (the same orders as orders()); may be another one after changed().
    virtual OrderModel* orderModel() const = 0;

    // Reads everything again; emits changed() when something differs.
    virtual void refresh() = 0;
    // Counted by the pages that show the market while they are on screen: a backend that polls
    // does so only while watched.
    virtual void watch() {}
    virtual void unwatch() {}
    // Best ask and bid per hour for a SKU over [from, to); answers with quotesReady().
    virtual void requestQuotes(const QString& sku, qint64 from, qint64 to) = 0;
    // The depth of a SKU's book for the window [start, end); answers with depthReady() or
    // marketDetailFailed(). A backend without an orderbook never answers.
    virtual void requestDepth(const QString& sku, qint64 start, qint64 end);
    // A SKU's newest fills made since `since`, at most MaxFills (read page by page); answers with
    // fillsReady() or marketDetailFailed().
    virtual void requestFills(const QString& sku, qint64 since);
    static constexpr int MaxFills = 2000;

    // Each answers exactly once through one of its callbacks, called in `context`'s thread and
    // never after `context` is gone.
    virtual void preview(const OrderRequest& request, QObject* context,
                         std::function<void(const OrderPreview&)> done, Failed failed) = 0;
    // A placed order is in orders() (and changed() emitted) before `done` runs.
    virtual void place(const OrderRequest& request, QObject* context, std::function<void(const Order&)> done,
                       Failed failed) = 0;
    // Whether the last attempt at placing exactly `request` failed without knowing whether the
    // server placed it (checked when `failed` runs). Placing it again then cannot order it twice.
    virtual bool placeOutcomeUnknown(const OrderRequest& request) const;
    // Why orders of unknown outcome are not kept past a restart (their record could not be
    // saved), for the user; empty when they are. Until then placing one again still cannot order
    // it twice.
    virtual QString unknownOutcomesNotKept() const;
    // The order an earlier attempt at exactly `request`, whose answer was lost (perhaps before the
    // app was last closed), turned out to have placed; once returned, placing `request` again is
    // another order.
    virtual std::optional<Order> takePlacedEarlier(const OrderRequest& request);
    virtual void cancel(const QString& orderId, QObject* context, std::function<void()> done,
                        Failed failed) = 0;

    // A pool by id, or nullptr.
    std::optional<Pool> pool(const QString& id) const;

    // --- Procurements (a backend without them lists none) ---
    virtual QList<Procurement> procurements() const;
    // Each answers exactly once, as place() does; a change is in procurements() (and changed()
    // emitted) before `done` runs.
    virtual void createProcurement(const ProcurementRequest& request, QObject* context,
                                   std::function<void(const Procurement&)> done, Failed failed) = 0;
    virtual void updateProcurement(const QString& id, const ProcurementChange& change, QObject* context,
                                   std::function<void(const Procurement&)> done, Failed failed) = 0;
    virtual void deleteProcurement(const QString& id, QObject* context, std::function<void()> done,
                                   Failed failed) = 0;

Q_SIGNALS:
    void changed();
    void quotesReady(const QString& sku, qint64 from, qint64 to, const QList<sfdesk::HourQuote>& quotes);
    // The read requestQuotes() started for these hours failed; a later poll may read them again.
    void quotesFailed(const QString& sku, qint64 from, qint64 to, const QString& message);
    void depthReady(const QString& sku, qint64 start, qint64 end, const sfdesk::OrderbookDepth& depth);
    void fillsReady(const QString& sku, qint64 since, const QList<sfdesk::OrderbookFill>& fills);
    // The depth or the fills could not be read.
    void marketDetailFailed(const QString& sku, const QString& message);
    // A background refresh failed.
    void refreshFailed(const QString& message);
};

} // namespace sfdesk
