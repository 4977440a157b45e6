// SPDX-License-Identifier: Apache-2.0

#include "core/market/apimarketbackend.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "core/api/apiclient.h"
#include "core/market/plannerconversion.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/procurementmodel.h"
#include "core/models/skumodel.h"

#include <QDateTime>
#include <QJsonValue>

#include <algorithm>
#include <memory>
#include <utility>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

// What went wrong placing an order, in the words the panel shows after "The order was not placed."
QString placeFailure(const ApiError& error)
{
    const bool shortfall =
        std::any_of(error.details().cbegin(), error.details().cend(),
                    [](const FieldError& d) { return d.code == u"insufficient_allocation"; });
    if (error.reason() == ApiError::Reason::InsufficientFunds)
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
{
    // Orders are created by the server's clock: the attempts that may have placed one go by it too.
    m_attempts.setServerClock([this] { return now(); });
    setClient(client);
}

ApiMarketBackend::~ApiMarketBackend()
{
    bind(nullptr);
}

QList<Session::Resource> ApiMarketBackend::marketLists()
{
    return {Session::Resource::Pools, Session::Resource::Orders, Session::Resource::Skus,
            Session::Resource::Procurements};
}

void ApiMarketBackend::setClient(ApiClient* client)
{
    std::unique_ptr<Session> previous = std::move(m_own);
    if (client) {
        m_own = std::make_unique<Session>(client);
        m_own->setInterval(std::chrono::milliseconds(m_pollInterval));
        m_own->start();
    }
    bind(m_own.get());
}

void ApiMarketBackend::setSession(Session* session)
{
    m_own.reset();
    bind(session);
}

void ApiMarketBackend::bind(Session* session)
{
    if (m_session == session)
        return;
    if (m_session) {
        disconnect(m_session, nullptr, this, nullptr);
        disconnect(m_session->pools(), nullptr, this, nullptr);
        disconnect(m_session->orders(), nullptr, this, nullptr);
        disconnect(m_session->skus(), nullptr, this, nullptr);
        disconnect(m_session->procurements(), nullptr, this, nullptr);
        if (m_watchers > 0) {
            for (const Session::Resource resource : constValue(marketLists()))
                m_session->unwatch(resource);
        }
        setModelsClock(m_session, nullptr);
    }
    m_session = session;
    m_clockOffset = 0;
    m_clockAsked = false;
    m_dirty = false;
    m_failedReads = {};
    forgetRows();
    if (session) {
        const std::pair<QAbstractItemModel*, std::function<void()>> models[] = {
            {session->pools(), [this] { m_pools.reset(); }},
            {session->orders(), [this] { m_orders.reset(); }},
            {session->skus(), [this] { m_skus.reset(); }},
            {session->procurements(), [this] { m_procurements.reset(); }},
        };
        for (const auto& [model, forget] : models) {
            const auto markDirty = [this, forget] {
                forget();
                m_dirty = true;
            };
            connect(model, &QAbstractItemModel::dataChanged, this, markDirty);
            connect(model, &QAbstractItemModel::rowsInserted, this, markDirty);
            connect(model, &QAbstractItemModel::rowsRemoved, this, markDirty);
            connect(model, &QAbstractItemModel::rowsMoved, this, markDirty);
            connect(model, &QAbstractItemModel::layoutChanged, this, markDirty);
            connect(model, &QAbstractItemModel::modelReset, this, markDirty);
        }
        connect(session, &Session::listLoaded, this, [this](Session::Resource resource) {
            // The orders list settles the attempts whose answer was lost.
            if (resource == Session::Resource::Orders && m_attempts.unknownCount() > 0)
                m_attempts.settle(orders());
            // Views other than the market's read "now" too (a pool's nodes now, its idle
            // hours): the server's clock is learnt once the connection answers, shown or not.
            if (!std::exchange(m_clockAsked, true))
                readClock();
            if (!marketLists().contains(resource))
                return;
            if (std::exchange(m_dirty, false))
                Q_EMIT changed();
            retryFailedReads();
        });
        connect(session, &Session::listFailed, this,
                [this](Session::Resource resource, const ApiError& error) {
                    if (marketLists().contains(resource))
                        Q_EMIT refreshFailed(error.message());
                });
        connect(session, &QObject::destroyed, this, [this] {
            m_session = nullptr;
            forgetRows();
            Q_EMIT changed();
        });
        setModelsClock(session, &m_serverClock);
        if (m_watchers > 0) {
            for (const Session::Resource resource : constValue(marketLists()))
                session->watch(resource);
            readClock();
        }
    }
    Q_EMIT changed();
}

ApiClient* ApiMarketBackend::client() const
{
    return m_session ? m_session->client() : nullptr;
}

void ApiMarketBackend::watch()
{
    if (m_watchers++ > 0 || !m_session)
        return;
    for (const Session::Resource resource : constValue(marketLists()))
        m_session->watch(resource);
    readClock();
}

void ApiMarketBackend::unwatch()
{
    if (m_watchers == 0 || --m_watchers > 0 || !m_session)
        return;
    for (const Session::Resource resource : constValue(marketLists()))
        m_session->unwatch(resource);
}

void ApiMarketBackend::setPollInterval(int milliseconds)
{
    m_pollInterval = milliseconds;
    if (m_own)
        m_own->setInterval(std::chrono::milliseconds(milliseconds));
}

qint64 ApiMarketBackend::now() const
{
    return QDateTime::currentSecsSinceEpoch() + m_clockOffset;
}

void ApiMarketBackend::forgetRows()
{
    m_pools.reset();
    m_orders.reset();
    m_skus.reset();
    m_procurements.reset();
}

// The model's rows as a list, kept in `cache` until the model changes.
template <typename T, typename Model>
static QList<T> cachedRows(std::optional<QList<T>>& cache, const Model* model)
{
    if (!model)
        return {};
    if (!cache)
        cache = QList<T>(model->rows().cbegin(), model->rows().cend());
    return *cache;
}

QList<Pool> ApiMarketBackend::pools() const
{
    return cachedRows(m_pools, m_session ? m_session->pools() : nullptr);
}

QList<Order> ApiMarketBackend::orders() const
{
    return cachedRows(m_orders, m_session ? m_session->orders() : nullptr);
}

QList<InstanceSku> ApiMarketBackend::skus() const
{
    return cachedRows(m_skus, m_session ? m_session->skus() : nullptr);
}

QList<Procurement> ApiMarketBackend::procurements() const
{
    return cachedRows(m_procurements, m_session ? m_session->procurements() : nullptr);
}

bool ApiMarketBackend::ordersKnown() const
{
    return m_session && m_session->isLoaded(Session::Resource::Orders);
}

OrderModel* ApiMarketBackend::orderModel() const
{
    return m_session ? m_session->orders() : nullptr;
}

void ApiMarketBackend::refresh()
{
    if (!m_session)
        return;
    for (const Session::Resource resource : constValue(marketLists()))
        m_session->refresh(resource);
    readClock();
}

void ApiMarketBackend::readClock()
{
    ApiClient* api = client();
    if (!api)
        return;
    // The server's time: the now line, and which windows are in the past, go by it.
    const qint64 minute = now() - ((now() % 60) + 60) % 60;
    QPointer<Session> session = m_session;
    api->orderbookQuote(QString(), minute, minute + 3600)
        .onSuccess(this,
                   [this, session](const OrderbookQuote& quote) {
                       if (quote.requestedAt <= 0 || session != m_session)
                           return;
                       const qint64 offset = quote.requestedAt - QDateTime::currentSecsSinceEpoch();
                       // A second either way is the round trip, not a change.
                       if (qAbs(offset - m_clockOffset) > 1) {
                           m_clockOffset = offset;
                           setModelsClock(m_session, &m_serverClock);
                           Q_EMIT changed();
                       }
                   })
        .onFailure(this, [this, session](const ApiError& error) {
            // Asked again when a list next answers: until then the pools count by this computer's clock.
            if (session == m_session)
                m_clockAsked = false;
            Q_EMIT refreshFailed(error.message());
        });
}

void ApiMarketBackend::setModelsClock(Session* session, const Clock* clock)
{
    if (!session)
        return;
    session->pools()->setClock(clock);
    session->skus()->setClock(clock);
}

QMap<QString, QStringList> ApiMarketBackend::requirementsOf(const QString& sku) const
{
    if (!m_session)
        return {};
    const InstanceSku* found = m_session->skus()->find(sku);
    return found ? PlannerConversion::requirements(*found) : QMap<QString, QStringList>();
}

QString ApiMarketBackend::requirementsQuery(const QString& sku) const
{
    return PlannerConversion::requirementsQuery(requirementsOf(sku));
}

void ApiMarketBackend::requestQuotes(const QString& sku, qint64 from, qint64 to)
{
    ApiClient* api = client();
    if (!api || to <= from)
        return;
    const qint64 start = from - ((from % 60) + 60) % 60;
    const qint64 end = to + (60 - ((to % 60) + 60) % 60) % 60;
    qCDebug(lcMarket).noquote() << "quotes of" << sku << "over" << (end - start) / 3600 << "hour(s) from"
                                << start;
    const quint64 generation = startRead(Read::Quotes);
    api->orderbookWindows(requirementsQuery(sku), start, end)
        .onSuccess(this,
                   [this, sku, from, to](const QList<OrderbookWindow>& windows) {
                       Q_EMIT quotesReady(sku, from, to,
                                          PlannerConversion::hourQuotes(windows, sku, from, to));
                   })
        .onFailure(this, [this, sku, from, to, generation](const ApiError& error) {
            readFailed(Read::Quotes, generation, error,
                       [this, sku, from, to] { requestQuotes(sku, from, to); });
            Q_EMIT refreshFailed(error.message());
            Q_EMIT quotesFailed(sku, from, to, error.message());
        });
}

quint64 ApiMarketBackend::startRead(Read read)
{
    const auto kind = static_cast<std::size_t>(read);
    m_failedReads.at(kind) = nullptr;
    return m_latestReads.at(kind).next();
}

void ApiMarketBackend::readFailed(Read read, quint64 generation, const ApiError& error,
                                  std::function<void()> again)
{
    const auto kind = static_cast<std::size_t>(read);
    // A read cancelled on purpose (the connection went away) is not asked again.
    if (m_latestReads.at(kind).isLatest(generation) && error.kind() != ApiError::Kind::Cancelled)
        m_failedReads.at(kind) = std::move(again);
}

void ApiMarketBackend::retryFailedReads()
{
    for (std::function<void()>& again : m_failedReads) {
        if (again)
            std::exchange(again, nullptr)();
    }
}

namespace {

constexpr qint64 Minute = 60;

qint64 minuteFloor(qint64 t)
{
    return t - ((t % Minute) + Minute) % Minute;
}

qint64 minuteCeil(qint64 t)
{
    return t + (Minute - ((t % Minute) + Minute) % Minute) % Minute;
}

} // namespace

void ApiMarketBackend::requestDepth(const QString& sku, qint64 start, qint64 end)
{
    ApiClient* api = client();
    if (!api || end <= start)
        return;
    const qint64 from = minuteFloor(start);
    const qint64 to = minuteCeil(end);
    qCDebug(lcMarket).noquote() << "depth of" << sku << "for" << from << "to" << to;
    const quint64 generation = startRead(Read::Depth);
    api->orderbookDepth(requirementsQuery(sku), from, to, DepthLevels)
        .onSuccess(this, [this, sku, start,
                          end](const OrderbookDepth& depth) { Q_EMIT depthReady(sku, start, end, depth); })
        .onFailure(this, [this, sku, start, end, generation](const ApiError& error) {
            readFailed(Read::Depth, generation, error,
                       [this, sku, start, end] { requestDepth(sku, start, end); });
            Q_EMIT marketDetailFailed(sku, error.message());
        });
}

void ApiMarketBackend::requestFills(const QString& sku, qint64 since)
{
    // The API answers fills of the last 30 days at most (an hour spare for the clocks).
    const qint64 after = minuteFloor(std::max(since, now() - FillsMaxAge + 3600));
    qCDebug(lcMarket).noquote() << "fills of" << sku << "since" << after;
    // A fill delivers no earlier than it is made, and no later than the market sells ahead.
    readFills(sku, since, after, minuteCeil(now() + FillsHorizon), {}, {}, startRead(Read::Fills));
}

void ApiMarketBackend::readFills(const QString& sku, qint64 since, qint64 after, qint64 end,
                                 QList<OrderbookFill> earlier, const QString& cursor, quint64 generation)
{
    ApiClient* api = client();
    if (!api)
        return;
    // Each page the API's largest, so that a busy SKU takes few round trips.
    constexpr int PageSize = 200;
    api->orderbookFills(requirementsQuery(sku), after, end, after, PageSize, cursor)
        .onSuccess(this,
                   [this, sku, since, after, end, earlier = std::move(earlier), cursor,
                    generation](const Page<OrderbookFill>& page) {
                       QList<OrderbookFill> all = earlier + page.items;
                       // A page without rows or a cursor that repeats would never end the list.
                       const bool more = page.hasMore && !page.items.isEmpty() && !page.cursor.isEmpty()
                                         && page.cursor != cursor && all.size() < MaxFills;
                       if (more)
                           readFills(sku, since, after, end, std::move(all), page.cursor, generation);
                       else
                           Q_EMIT fillsReady(sku, since, all.mid(0, MaxFills));
                   })
        .onFailure(this, [this, sku, since, generation](const ApiError& error) {
            readFailed(Read::Fills, generation, error, [this, sku, since] { requestFills(sku, since); });
            Q_EMIT marketDetailFailed(sku, error.message());
        });
}

void ApiMarketBackend::preview(const OrderRequest& request, QObject* context,
                               std::function<void(const OrderPreview&)> done, Failed failed)
{
    ApiClient* api = clientOr(failed);
    if (!api)
        return;
    OrderPreviewRequest previewRequest;
    previewRequest.side = request.side;
    previewRequest.requirements = requirementsOf(request.sku);
    previewRequest.startAt = request.startAt;
    previewRequest.durationSeconds = request.endAt - request.startAt;
    previewRequest.nodeCount = request.nodeCount;
    previewRequest.pool = request.pool;
    api->orderPreview(previewRequest)
        .onSuccess(context, std::move(done))
        .onFailure(context, showMessage(std::move(failed)));
}

void ApiMarketBackend::place(const OrderRequest& request, QObject* context,
                             std::function<void(const Order&)> done, Failed failed)
{
    ApiClient* api = clientOr(failed);
    if (!api)
        return;
    QPointer<QObject> guard(context);
    // The key of an earlier attempt at the same order whose outcome is unknown, so that the server
    // answers with that order if it did place it.
    const QByteArray key = m_attempts.keyFor(request);
    api->createOrder(request, key)
        .onSuccess(this,
                   [this, guard, request, key, done = std::move(done)](const Order& order) {
                       m_attempts.finished(request, key, ApiError());
                       // In the list before `done` runs (a repeated key answers with the
                       // order placed before, which the list may hold already); the
                       // session reads every list again after the write, for the fill's
                       // allocation.
                       if (m_session) {
                           m_session->orders()->upsert(order);
                           listsShown();
                       }
                       if (guard)
                           done(order);
                   })
        .onFailure(this, [this, guard, request, key, failed = std::move(failed)](const ApiError& error) {
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
    ApiClient* api = clientOr(failed);
    if (!api)
        return;
    QPointer<QObject> guard(context);
    api->cancelOrder(orderId)
        .onSuccess(this,
                   [guard, done = std::move(done)] {
                       if (guard)
                           done();
                   })
        .onFailure(context, showMessage(std::move(failed)));
}

void ApiMarketBackend::createProcurement(const ProcurementRequest& request, QObject* context,
                                         std::function<void(const Procurement&)> done, Failed failed)
{
    if (ApiClient* api = clientOr(failed))
        showAnswer(api->createProcurement(request), context, std::move(done), std::move(failed));
}

void ApiMarketBackend::updateProcurement(const QString& id, const ProcurementChange& change, QObject* context,
                                         std::function<void(const Procurement&)> done, Failed failed)
{
    if (ApiClient* api = clientOr(failed))
        showAnswer(api->updateProcurement(id, change), context, std::move(done), std::move(failed));
}

void ApiMarketBackend::showAnswer(ApiReply<Procurement> reply, QObject* context,
                                  std::function<void(const Procurement&)> done, Failed failed)
{
    QPointer<QObject> guard(context);
    reply
        .onSuccess(this,
                   [this, guard, done = std::move(done)](const Procurement& procurement) {
                       // In the list before `done` runs; the session reads the lists again after the
                       // write, for what the procurement bought at once.
                       if (m_session) {
                           m_session->procurements()->upsert(procurement);
                           listsShown();
                       }
                       if (guard)
                           done(procurement);
                   })
        .onFailure(context, showMessage(std::move(failed)));
}

void ApiMarketBackend::deleteProcurement(const QString& id, QObject* context, std::function<void()> done,
                                         Failed failed)
{
    ApiClient* api = clientOr(failed);
    if (!api)
        return;
    QPointer<QObject> guard(context);
    api->deleteProcurement(id)
        .onSuccess(this,
                   [this, id, guard, done = std::move(done)] {
                       // Gone from the list at once; the session reads it again after the write.
                       if (m_session) {
                           QList<Procurement> left = procurements();
                           left.removeIf([&id](const Procurement& p) { return p.id == id; });
                           m_session->procurements()->refresh(left);
                           listsShown();
                       }
                       if (guard)
                           done();
                   })
        .onFailure(context, showMessage(std::move(failed)));
}

ApiClient* ApiMarketBackend::clientOr(const Failed& failed) const
{
    ApiClient* api = client();
    if (!api)
        failed(tr("Not connected."));
    return api;
}

std::function<void(const ApiError&)> ApiMarketBackend::showMessage(Failed failed)
{
    return [failed = std::move(failed)](const ApiError& error) { failed(error.message()); };
}

void ApiMarketBackend::listsShown()
{
    m_dirty = false;
    Q_EMIT changed();
}

bool ApiMarketBackend::placeOutcomeUnknown(const OrderRequest& request) const
{
    return m_attempts.isOutcomeUnknown(request);
}

QString ApiMarketBackend::unknownOutcomesNotKept() const
{
    return m_attempts.saveProblem();
}

std::optional<Order> ApiMarketBackend::takePlacedEarlier(const OrderRequest& request)
{
    if (m_attempts.unknownCount() > 0)
        m_attempts.settle(orders());
    const QString id = m_attempts.placedEarlier(request);
    if (id.isEmpty())
        return std::nullopt;
    for (const Order& order : constValue(orders())) {
        if (order.id == id) {
            m_attempts.forget(request);
            return order;
        }
    }
    return std::nullopt;
}

void ApiMarketBackend::setAttemptsFile(const QString& path)
{
    m_attempts.setFile(path);
    if (m_attempts.unknownCount() > 0 && m_session)
        m_attempts.settle(orders());
}

} // namespace sfdesk
