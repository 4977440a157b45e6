// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/schedule.h"
#include "sim/market/marketengine.h"
#include "sim/resources/simroom.h"

namespace sfsim {

// The account's side of the market: the engine, settling its fills into pools and balances, the
// orderbook's query forms, and the automations that act on the clock (procurements, transfers).
class MarketRoom final : public SimRoom
{
public:
    using SimRoom::SimRoom;

    // A resource that acts on its own on the simulated clock (procurements, pool transfers). The
    // world runs it at every hour boundary the clock passes and at each request's time, each time
    // after the market has moved there and its fills are settled, so that it acts through the
    // same paths (and sees the same book) a user's request at that time would. `due` says, with
    // one cheap read, whether it has anything to do: without it the world does not stop at every
    // hour of a long jump of the clock.
    struct Automation
    {
        std::function<bool(SimResources&)> due;
        std::function<void(SimResources&, qint64 at)> run;
    };

    void addAutomation(Automation automation) { m_automations.append(std::move(automation)); }

    // The engine; 503 until the world started it.
    MarketEngine& market();
    bool started() const { return m_market != nullptr; }

    // Creates the market's tables and registers every SKU of the world with it.
    void initializeMarket();

    // Lets the market catch up with the clock and books the fills, and runs the automations.
    void advanceMarket();

    // Forgets the market (its tables stay): a start that failed.
    void stopMarket() { m_market.reset(); }

    // Applies fills: allocation rectangles of the pools and the accounts' balances.
    void settle(const QList<MarketSettlement>& settlements);

    // The pool's allocation of one SKU as the market sees it (what the pool owns over time).
    Schedule ownedAllocation(const QString& poolId, const QString& skuId);

    OwnedAllocation ownedAllocationFunction();

    // SKU ids matching a requirements object {key: [values]}; problems go to `errors`.
    QStringList skusMatching(const QJsonObject& requirements, const QString& field,
                             QList<FieldError>* errors);

    // The orderbook's query form "key:value[,value][;key:value]" as a requirements object.
    QJsonObject parseRequirements(const QString& text, QueryReader& query);

    // What every orderbook route reads: the requirements, the SKUs they match and a window whose
    // bounds are the query keys startKey and endKey. Problems go to `query`.
    struct BookWindow
    {
        QJsonObject requirements;
        QStringList skus;
        qint64 start = 0;
        qint64 end = 0;
    };

    // boundedWindow: the route prices every hour, so the window is at most an order's length.
    BookWindow readBookWindow(QueryReader& query, const QString& startKey, const QString& endKey,
                              bool boundedWindow = false);

    // What the account's active buys may still cost.
    qint64 committedFunds(const QString& account);

    QJsonObject orderPrincipal() const;

private:
    // The market moved to `t` and its fills booked.
    void marketTo(qint64 t);

    QList<Automation> m_automations;
    std::unique_ptr<MarketEngine> m_market;
};

} // namespace sfsim
