// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/money.h"
#include "sim/market/marketengine.h"

#include <QHash>
#include <QSqlDatabase>
#include <QTest>

#include <memory>

namespace sfsim {

using sfdesk::Schedule;

// A market over its own SQLite connection, with a pretend store behind it: pool allocations per
// SKU and balances per pool, kept true by applying the engine's settlements the way sfsim will.
class MarketFixture final
{
public:
    static constexpr qint64 H = 3600;
    static constexpr qint64 D = 86400;
    static constexpr qint64 T0 = 1'800'000'000; // an hour boundary; a Friday, 08:00 UTC
    static inline const QString H100 = QStringLiteral("isku_h100sxm8");
    static inline const QString H200 = QStringLiteral("isku_h200sxm8");

    explicit MarketFixture(const QString& file = QStringLiteral(":memory:"), quint64 seed = 7,
                           MarketEngine::Config config = {})
        : m_connection(QStringLiteral("market-%1").arg(++s_connections))
    {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
        db.setDatabaseName(file);
        if (!db.open())
            qFatal("cannot open the test database");
        config.seed = seed;
        engine = std::make_unique<MarketEngine>(db, config);
        QString error;
        if (!engine->createSchema(&error))
            qFatal("schema: %s", qPrintable(error));
        engine->registerSku(MarketSku{H100, QStringLiteral("h100"), 2'000'000, 40});
        engine->registerSku(MarketSku{H200, QStringLiteral("h200"), 3'000'000, 24});
        engine->advanceTo(T0, allocation());
    }

    ~MarketFixture()
    {
        engine.reset();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connection);
    }

    OwnedAllocation allocation()
    {
        return [this](const QString& pool, const QString& sku) { return owned.value(pool + u'\n' + sku); };
    }

    void own(const QString& pool, const QString& sku, const Schedule& schedule)
    {
        owned[pool + u'\n' + sku] = owned.value(pool + u'\n' + sku).plus(schedule);
    }

    void settle(const QList<MarketSettlement>& settlements)
    {
        for (const MarketSettlement& s : settlements) {
            const QString key = s.poolId + u'\n' + s.skuId;
            if (s.side == OrderSide::Buy) {
                owned[key] = owned.value(key).plus(s.fill.schedule);
                balance[s.poolId] -= s.fill.amount;
            } else {
                owned[key] = owned.value(key).minus(s.fill.schedule);
                balance[s.poolId] += s.fill.amount - s.fill.fee;
            }
            this->settlements.append(s);
        }
    }

    MarketOrder place(const NewOrder& order, qint64 now)
    {
        const std::optional<MarketEngine::PlaceResult> result = engine->placeOrder(order, now, allocation());
        if (!result)
            qFatal("placeOrder failed: %s", qPrintable(engine->lastError()));
        settle(result->settlements);
        return result->order;
    }

    void advance(qint64 now) { settle(engine->advanceTo(now, allocation())); }

    MarketOrder reload(const QString& id) { return engine->order(id).value_or(MarketOrder()); }

    static NewOrder order(OrderSide side, const QString& pool, const QString& sku, qint64 start, qint64 end,
                          qint64 nodes, qint64 limit, bool standing = false, std::optional<bool> partial = {})
    {
        NewOrder order;
        order.poolId = pool;
        order.poolName = pool.sliced(5);
        order.side = side;
        order.skuId = sku;
        order.startAt = start;
        order.endAt = end;
        order.nodeCount = nodes;
        order.limitRate = limit;
        order.allowStanding = standing;
        order.allowPartial = partial.value_or(side == OrderSide::Sell);
        return order;
    }

    // The limit at which the book sells `nodes` over the window right now (from the preview).
    qint64 askFor(const QString& sku, qint64 start, qint64 end, qint64 nodes, qint64 now)
    {
        const MarketPreview preview = engine->preview(
            PreviewRequest{OrderSide::Buy, start, end - start, nodes}, {sku}, now, {}, allocation());
        return preview.quoted ? preview.limitRate : -1;
    }

    QSqlDatabase db;
    std::unique_ptr<MarketEngine> engine;
    QHash<QString, Schedule> owned;
    QHash<QString, qint64> balance;
    QList<MarketSettlement> settlements;

private:
    QString m_connection;
    static inline int s_connections = 0;
};

} // namespace sfsim
