// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/orderattempts.h"
#include "core/market/marketbackend.h"

#include "core/models/session.h"
#include "core/util/clock.h"
#include "core/util/latestanswer.h"

#include <QPointer>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace sfdesk {

class ApiClient;
class ApiError;

// MarketBackend over a connection's Session: the pools, orders and SKUs are the session's models
// (watched while a page that shows the market is on screen, read again by the session after any
// write of the app), best prices come from the orderbook's windows, and previews, orders and
// cancellations go out through the session's client.
class ApiMarketBackend final : public MarketBackend
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiMarketBackend)

public:
    // With a client: a session of its own, started here (tests, tools).
    explicit ApiMarketBackend(ApiClient* client, QObject* parent = nullptr);
    ~ApiMarketBackend() override;

    void setPollInterval(int milliseconds);
    // The connection's session (no ownership), or null when not connected.
    void setSession(Session* session);
    // A session of its own over `client`, or none.
    void setClient(ApiClient* client);
    Session* session() const { return m_session; }
    // Counted: polls while a page that shows the market is on screen.
    void watch() override;
    void unwatch() override;
    bool isWatched() const { return m_watchers > 0; }

    qint64 now() const override;
    QList<Pool> pools() const override;
    QList<Order> orders() const override;
    QList<InstanceSku> skus() const override;
    OrderModel* orderModel() const override;
    bool ordersKnown() const override;

    void refresh() override;
    // Asks the server's time alone (refresh() asks it with the lists): now() goes by it once it answers.
    void readClock();
    void requestQuotes(const QString& sku, qint64 from, qint64 to) override;
    void requestDepth(const QString& sku, qint64 start, qint64 end) override;
    void requestFills(const QString& sku, qint64 since) override;
    void preview(const OrderRequest& request, QObject* context, std::function<void(const OrderPreview&)> done,
                 Failed failed) override;
    void place(const OrderRequest& request, QObject* context, std::function<void(const Order&)> done,
               Failed failed) override;
    void cancel(const QString& orderId, QObject* context, std::function<void()> done, Failed failed) override;
    QList<Procurement> procurements() const override;
    void createProcurement(const ProcurementRequest& request, QObject* context,
                           std::function<void(const Procurement&)> done, Failed failed) override;
    void updateProcurement(const QString& id, const ProcurementChange& change, QObject* context,
                           std::function<void(const Procurement&)> done, Failed failed) override;
    void deleteProcurement(const QString& id, QObject* context, std::function<void()> done,
                           Failed failed) override;
    bool placeOutcomeUnknown(const OrderRequest& request) const override;
    QString unknownOutcomesNotKept() const override;
    std::optional<Order> takePlacedEarlier(const OrderRequest& request) override;
    // Keeps the keys of orders of unknown outcome in `path` (one file per connection profile), so
    // that they outlive the app; read now.
    void setAttemptsFile(const QString& path);
    OrderAttempts& attempts() { return m_attempts; }

    // Price levels asked for per side.
    static constexpr int DepthLevels = 20;
    static constexpr qint64 FillsMaxAge = 30 * 86400;
    static constexpr qint64 FillsHorizon = 90 * 86400;

private:
    // The SKU's region, zone and accelerator, as the orderbook and the preview filter by.
    QMap<QString, QStringList> requirementsOf(const QString& sku) const;
    QString requirementsQuery(const QString& sku) const;
    void bind(Session* session);
    // The fills of `sku` since `after` in delivery windows before `end`, from the page after
    // `cursor` on, added to `earlier`; fillsReady() once the list ends or MaxFills are read.
    void readFills(const QString& sku, qint64 since, qint64 after, qint64 end, QList<OrderbookFill> earlier,
                   const QString& cursor, quint64 generation);
    // The market reads a page asks for, each kind for one SKU and window at a time.
    enum class Read : std::uint8_t
    {
        Quotes,
        Depth,
        Fills,
    };
    // A new read of this kind; its number, which a later read of the kind makes stale.
    quint64 startRead(Read read);
    // A read that failed is asked again at the next poll, unless a later one of its kind was asked
    // for: a page asks only when something changes, and its failed read would stay failed.
    void readFailed(Read read, quint64 generation, const ApiError& error, std::function<void()> again);
    void retryFailedReads();
    ApiClient* client() const;
    // The client, or nullptr after telling `failed` that there is no connection.
    ApiClient* clientOr(const Failed& failed) const;
    // What a write's failure tells its caller: the error's message.
    static std::function<void(const ApiError&)> showMessage(Failed failed);
    // A write's answer is in the session's lists: the pages are told at once, not at the next poll.
    void listsShown();
    // A procurement a write answers with: in the list, then to `done`.
    void showAnswer(ApiReply<Procurement> reply, QObject* context,
                    std::function<void(const Procurement&)> done, Failed failed);
    void forgetRows();
    static QList<Session::Resource> marketLists();

    // The server's clock, which the session's models read for "now" (a pool's nodes now, its idle
    // hours, a SKU's availability now) while the session is bound here.
    class ServerClock final : public Clock
    {
    public:
        explicit ServerClock(const ApiMarketBackend& backend)
            : m_backend(backend)
        {}
        qint64 nowSecs() const override { return m_backend.now(); }

    private:
        const ApiMarketBackend& m_backend;
    };
    // Sets the clock of the session's models that depend on "now"; nullptr: this computer's.
    static void setModelsClock(Session* session, const Clock* clock);

    // The server's clock minus this computer's, learnt from the orderbook's requested_at.
    qint64 m_clockOffset = 0;
    ServerClock m_serverClock{*this};
    // The clock was read since the session was bound.
    bool m_clockAsked = false;
    std::unique_ptr<Session> m_own;
    QPointer<Session> m_session;
    int m_pollInterval = 10000;
    int m_watchers = 0;
    // A market list's model changed since changed() was last emitted.
    bool m_dirty = false;
    // The models' rows as lists, made when first asked for after a change of the model: the page
    // reads them several times per refresh, and a list is then shared, not copied.
    mutable std::optional<QList<Pool>> m_pools;
    mutable std::optional<QList<Order>> m_orders;
    mutable std::optional<QList<InstanceSku>> m_skus;
    mutable std::optional<QList<Procurement>> m_procurements;
    std::array<LatestAnswer, 3> m_latestReads{};
    std::array<std::function<void()>, 3> m_failedReads;
    // Keys of orders whose placing ended without an answer, for the user's next attempt.
    OrderAttempts m_attempts;
};

} // namespace sfdesk
