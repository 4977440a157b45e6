#include "gui/reservations/apimarketbackend.h"

#include "core/api/apiclient.h"
#include "gui/reservations/plannerconversion.h"

#include <QDateTime>
#include <QJsonValue>
#include <QTimer>

#include <memory>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// The properties of the SKU property catalog: together they single a SKU out, where region, zone
// and accelerator alone can match two (an InfiniBand SKU and its twin on another fabric).
const QStringList RequirementKeys = {
    u"region"_s,        u"availability_zone"_s,    u"accelerator"_s,      u"form_factor"_s,
    u"rdma_type"_s,     u"num_accelerators"_s,     u"num_vcpus"_s,        u"memory"_s,
    u"local_storage"_s, u"supports_public_ipv4"_s, u"infiniband_fabric"_s};

// What went wrong placing an order, in the words the panel shows after "The order was not placed."
QString placeFailure(const ApiError& error)
{
    const bool shortfall =
        std::any_of(error.details().cbegin(), error.details().cend(),
                    [](const ApiErrorDetail& d) { return d.code == u"insufficient_allocation"; });
    if (error.kind() == ApiError::Kind::Http && error.httpStatus() == 402)
        return ApiMarketBackend::tr("The balance is too low: %1")
            .arg(error.serverMessage().isEmpty()
                     ? ApiMarketBackend::tr("the order could cost more than is available.")
                     : error.serverMessage());
    if (shortfall)
        return ApiMarketBackend::tr(
            "The pool does not own these nodes (unsold) over the whole window any more; "
            "another order may have sold or listed them. The chart now shows what it "
            "owns.");
    return error.message();
}

} // namespace

ApiMarketBackend::ApiMarketBackend(ApiClient* client, QObject* parent)
    : MarketBackend(parent)
    , m_client(client)
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(10000);
    connect(m_poll, &QTimer::timeout, this, &ApiMarketBackend::refresh);
    setClient(client);
}

void ApiMarketBackend::setClient(ApiClient* client)
{
    if (m_client)
        disconnect(m_client, nullptr, this, nullptr);
    m_client = client;
    m_ordersPerWorkspace = false;
    // Answers of the old client are older than anything the new one says.
    m_poolsFrom = m_ordersFrom = m_skusFrom = m_clockFrom = ++m_refreshes;
    m_clockOffset = 0;
    m_pools.clear();
    m_orders.clear();
    m_skus.clear();
    Q_EMIT changed();
    if (!m_client)
        return;
    connect(m_client, &ApiClient::wrote, this, [this] {
        if (isWatched())
            refresh();
    });
    if (isWatched())
        refresh();
}

void ApiMarketBackend::watch()
{
    if (m_watchers++ == 0) {
        m_poll->start();
        refresh();
    }
}

void ApiMarketBackend::unwatch()
{
    if (m_watchers > 0 && --m_watchers == 0)
        m_poll->stop();
}

ApiMarketBackend::~ApiMarketBackend() = default;

void ApiMarketBackend::setPollInterval(int milliseconds)
{
    m_poll->setInterval(milliseconds);
}

qint64 ApiMarketBackend::now() const
{
    return QDateTime::currentSecsSinceEpoch() + m_clockOffset;
}

void ApiMarketBackend::refresh()
{
    if (!m_client)
        return;
    const quint64 refresh = ++m_refreshes;
    // True once per list for an answer newer than the one it shows.
    const auto newest = [refresh](quint64& shownFrom) {
        if (refresh <= shownFrom)
            return false;
        shownFrom = refresh;
        return true;
    };
    const auto failed = [this](const ApiError& error) { Q_EMIT refreshFailed(error.message()); };
    // The server's time: the now line, and which windows are in the past, go by it.
    const qint64 minute = now() - ((now() % 60) + 60) % 60;
    m_client->orderbookQuote(QString(), minute, minute + 3600)
        ->onSuccess<OrderbookQuote>(this,
                                    [this, newest](const OrderbookQuote& quote) {
                                        if (quote.requestedAt <= 0 || !newest(m_clockFrom))
                                            return;
                                        const qint64 offset =
                                            quote.requestedAt - QDateTime::currentSecsSinceEpoch();
                                        // A second either way is the round trip, not a change.
                                        if (qAbs(offset - m_clockOffset) > 1) {
                                            m_clockOffset = offset;
                                            Q_EMIT changed();
                                        }
                                    })
        ->onFailure(this, failed);
    m_client->pools()
        ->onSuccess<QList<Pool>>(this,
                                 [this, newest](const QList<Pool>& pools) {
                                     if (newest(m_poolsFrom) && pools != m_pools) {
                                         m_pools = pools;
                                         Q_EMIT changed();
                                     }
                                 })
        ->onFailure(this, failed);
    refreshOrders(refresh);
    m_client->instanceSkus()
        ->onSuccess<QList<InstanceSku>>(this,
                                        [this, newest](const QList<InstanceSku>& skus) {
                                            if (newest(m_skusFrom) && skus != m_skus) {
                                                m_skus = skus;
                                                Q_EMIT changed();
                                            }
                                        })
        ->onFailure(this, failed);
}

void ApiMarketBackend::refreshOrders(quint64 refresh)
{
    const auto failed = [this](const ApiError& error) { Q_EMIT refreshFailed(error.message()); };
    if (!m_ordersPerWorkspace) {
        m_client->orders()
            ->onSuccess<QList<Order>>(
                this, [this, refresh](const QList<Order>& orders) { applyOrders(refresh, orders); })
            ->onFailure(this, [this, refresh, failed](const ApiError& error) {
                if (error.httpStatus() == 403 && !m_ordersPerWorkspace) {
                    m_ordersPerWorkspace = true;
                    refreshOrders(refresh);
                    return;
                }
                failed(error);
            });
        return;
    }
    // Per workspace of the pools the token can read: that is where it may list orders. The pools
    // of this refresh may not be in yet; those of the last one name the same workspaces.
    auto workspaces = std::make_shared<QStringList>();
    for (const Pool& pool : std::as_const(m_pools)) {
        const QString workspace = pool.workspaceId.isEmpty() ? pool.workspace : pool.workspaceId;
        if (!workspace.isEmpty() && !workspaces->contains(workspace))
            workspaces->append(workspace);
    }
    if (workspaces->isEmpty()) {
        // Nothing to list yet: ask again once the pools are known.
        m_client->pools()
            ->onSuccess<QList<Pool>>(this,
                                     [this, refresh](const QList<Pool>& pools) {
                                         bool any = false;
                                         for (const Pool& pool : pools)
                                             any = any || !pool.workspaceId.isEmpty()
                                                   || !pool.workspace.isEmpty();
                                         if (any) {
                                             if (m_pools.isEmpty())
                                                 m_pools = pools;
                                             refreshOrders(refresh);
                                         } else {
                                             applyOrders(refresh, {});
                                         }
                                     })
            ->onFailure(this, failed);
        return;
    }
    auto collected = std::make_shared<QList<Order>>();
    auto pending = std::make_shared<int>(static_cast<int>(workspaces->size()));
    auto anyFailed = std::make_shared<bool>(false);
    for (const QString& workspace : std::as_const(*workspaces)) {
        m_client->orders(workspace)
            ->onSuccess<QList<Order>>(
                this,
                [this, refresh, collected, pending, anyFailed](const QList<Order>& orders) {
                    collected->append(orders);
                    if (--*pending == 0 && !*anyFailed)
                        applyOrders(refresh, *collected);
                })
            ->onFailure(this, [pending, anyFailed, failed](const ApiError& error) {
                --*pending;
                if (!*anyFailed)
                    failed(error);
                *anyFailed = true;
            });
    }
}

void ApiMarketBackend::applyOrders(quint64 refresh, const QList<Order>& orders)
{
    if (refresh <= m_ordersFrom)
        return;
    m_ordersFrom = refresh;
    if (orders != m_orders) {
        m_orders = orders;
        Q_EMIT changed();
    }
}

QMap<QString, QStringList> ApiMarketBackend::requirementsOf(const QString& sku) const
{
    QMap<QString, QStringList> requirements;
    for (const InstanceSku& candidate : m_skus) {
        if (candidate.id != sku)
            continue;
        for (const QString& key : RequirementKeys) {
            const QString value = candidate.property(key);
            if (!value.isEmpty())
                requirements.insert(key, {value});
        }
    }
    return requirements;
}

QString ApiMarketBackend::requirementsQuery(const QString& sku) const
{
    QStringList parts;
    const auto requirements = requirementsOf(sku);
    for (auto it = requirements.cbegin(); it != requirements.cend(); ++it)
        parts << it.key() + u':' + it.value().join(u',');
    return parts.join(u';');
}

void ApiMarketBackend::requestQuotes(const QString& sku, qint64 from, qint64 to)
{
    if (!m_client || to <= from)
        return;
    const qint64 start = from - ((from % 60) + 60) % 60;
    const qint64 end = to + (60 - ((to % 60) + 60) % 60) % 60;
    m_client->orderbookWindows(requirementsQuery(sku), start, end)
        ->onSuccess<QList<OrderbookWindow>>(
            this,
            [this, sku, from, to](const QList<OrderbookWindow>& windows) {
                Q_EMIT quotesReady(sku, from, to, PlannerConversion::hourQuotes(windows, sku, from, to));
            })
        ->onFailure(this, [this](const ApiError& error) { Q_EMIT refreshFailed(error.message()); });
}

void ApiMarketBackend::preview(const OrderRequest& request, QObject* context,
                               std::function<void(const OrderPreview&)> done, Failed failed)
{
    if (!m_client) {
        failed(tr("Not connected."));
        return;
    }
    OrderPreviewRequest previewRequest;
    previewRequest.side = request.side;
    previewRequest.requirements = requirementsOf(request.sku);
    previewRequest.startAt = request.startAt;
    previewRequest.durationSeconds = request.endAt - request.startAt;
    previewRequest.nodeCount = request.nodeCount;
    previewRequest.pool = request.pool;
    m_client->orderPreview(previewRequest)
        ->onSuccess<OrderPreview>(context, std::move(done))
        ->onFailure(context,
                    [failed = std::move(failed)](const ApiError& error) { failed(error.message()); });
}

void ApiMarketBackend::place(const OrderRequest& request, QObject* context,
                             std::function<void(const Order&)> done, Failed failed)
{
    if (!m_client) {
        failed(tr("Not connected."));
        return;
    }
    QPointer<QObject> guard(context);
    // The key of an earlier attempt at the same order whose outcome is unknown, so that the server
    // answers with that order if it did place it.
    const QByteArray key = m_attempts.keyFor(request);
    m_client->createOrder(request, key)
        ->onSuccess<Order>(this,
                           [this, guard, request, key, done = std::move(done)](const Order& order) {
                               m_attempts.finished(request, key, ApiError());
                               // A repeated key answers with the order placed before, which the
                               // list may hold already.
                               const auto known = std::find_if(
                                   m_orders.begin(), m_orders.end(),
                                   [&order](const Order& listed) { return listed.id == order.id; });
                               if (known != m_orders.end())
                                   *known = order;
                               else
                                   m_orders.prepend(order);
                               Q_EMIT changed();
                               // A fill changes the pool's allocation at once.
                               refresh();
                               if (guard)
                                   done(order);
                           })
        ->onFailure(this, [this, guard, request, key, failed = std::move(failed)](const ApiError& error) {
            m_attempts.finished(request, key, error);
            // Whatever happened (a refusal may mean the app's picture is stale), show the server's.
            refresh();
            if (guard)
                failed(placeFailure(error));
        });
}

void ApiMarketBackend::cancel(const QString& orderId, QObject* context, std::function<void()> done,
                              Failed failed)
{
    if (!m_client) {
        failed(tr("Not connected."));
        return;
    }
    QPointer<QObject> guard(context);
    m_client->cancelOrder(orderId)
        ->onSuccess<QVariant>(this,
                              [this, guard, done = std::move(done)](const QVariant&) {
                                  refresh();
                                  if (guard)
                                      done();
                              })
        ->onFailure(context,
                    [failed = std::move(failed)](const ApiError& error) { failed(error.message()); });
}

bool ApiMarketBackend::placeOutcomeUnknown(const OrderRequest& request) const
{
    return m_attempts.isOutcomeUnknown(request);
}
