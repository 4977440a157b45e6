// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/reservationspage.h"

#include "common/clitime.h"
#include "common/constvalue.h"
#include "common/money.h"
#include "common/schedule.h"
#include "core/cli/sfcommand.h"
#include "core/market/marketbackend.h"
#include "core/market/marketdepth.h"
#include "core/market/planmath.h"
#include "core/market/plannerconversion.h"
#include "core/market/procurementcheck.h"
#include "core/models/format.h"
#include "core/models/procurementmodel.h"
#include "core/settings/settings.h"
#include "core/util/plaintext.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/copyactions.h"
#include "gui/common/filedialogs.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/marketview.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/plannertime.h"
#include "gui/reservations/pricewatchdialog.h"
#include "gui/reservations/procurementdialog.h"
#include "gui/reservations/spendguarddialog.h"
#include "gui/reservations/windowsearchdialog.h"

#include <QAction>
#include <QButtonGroup>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace sfdesk {

using namespace Qt::StringLiterals;

void ReservationsPage::setUpPriceWatches()
{
    // Told once when a window is offered at or under a price; listed, edited and deleted here.
    m_watchAction->setObjectName(u"plannerWatchAction"_s);
    m_watchAction->setStatusTip(tr("Be told once when the selected window is offered at or under a price"));
    m_watchesAction->setObjectName(u"plannerWatchesAction"_s);
    for (QAction* action : {m_watchAction, m_watchesAction}) {
        action->setEnabled(false);
        addAction(action);
        m_menu->addAction(action);
    }
    connect(m_watchAction, &QAction::triggered, this, &ReservationsPage::watchWindow);
    connect(m_watchesAction, &QAction::triggered, this, &ReservationsPage::openPriceWatches);
}

void ReservationsPage::priceIdleBlock(const QString& sku, qint64 start, qint64 end,
                                      const OrderbookDepth& depth)
{
    // Only the answer to the latest question: an older one is for another window.
    if (m_idlePricing && sku == m_idlePricing->sku && start == m_idlePricing->start
        && end == m_idlePricing->end) {
        const IdleCapacity::Block block = *m_idlePricing;
        m_idlePricing.reset();
        const auto rate = MarketDepth::fillingBid(MarketDepth::ladder(depth, sku, {}), block.nodes);
        if (rate && m_panel->isSell() && m_panel->currentSku() == block.sku) {
            // On the API's price grid; down, so that the bid still takes it.
            m_panel->setLimit(Money::formatRate(Money::roundDownToMinutePrecision(*rate)));
            m_panel->showStatus(tr("Priced at the bid that takes all %n node(s); check and place it.",
                                   nullptr, int(block.nodes)),
                                false);
        } else if (!rate) {
            m_panel->showStatus(tr("The book's bids do not take %n node(s) for this window: set "
                                   "a price yourself.",
                                   nullptr, int(block.nodes)),
                                true);
        }
    }
}

void ReservationsPage::setPriceWatches(PriceWatchList* watches)
{
    if (m_watches)
        disconnect(m_watches, nullptr, this, nullptr);
    m_watches = watches;
    m_watchAction->setEnabled(watches != nullptr);
    m_watchesAction->setEnabled(watches != nullptr);
    if (watches) {
        connect(watches, &QAbstractItemModel::modelReset, this, &ReservationsPage::updateWatchMarkers);
        connect(watches, &QAbstractItemModel::dataChanged, this, &ReservationsPage::updateWatchMarkers);
        connect(watches, &QAbstractItemModel::rowsInserted, this, &ReservationsPage::updateWatchMarkers);
        connect(watches, &QAbstractItemModel::rowsRemoved, this, &ReservationsPage::updateWatchMarkers);
    }
    updateWatchMarkers();
}

void ReservationsPage::updateWatchMarkers()
{
    // The windows fired watches found, of the SKU the chart prices, until they have passed.
    QList<PlannerChart::WatchMarker> markers;
    const qint64 now = m_backend ? m_backend->now() : 0;
    if (m_watches) {
        for (const PriceWatch& watch : m_watches->watches()) {
            if (watch.fired && watch.sku == m_panel->currentSku() && watch.fired->end > now)
                markers.append(
                    {watch.fired->start, watch.fired->end, watch.fired->nodes, watch.fired->rateMicros()});
        }
    }
    m_chart->setWatchMarkers(markers);
}

void ReservationsPage::watchWindow()
{
    if (!m_backend || !m_watches)
        return;
    const qint64 now = m_backend->now();
    const auto selection = m_chart->selection();
    using PlannerTime::Day;
    using PlannerTime::Hour;
    const qint64 start = selection ? selection->start : Schedule::floorHour(now) + Hour;
    const qint64 end = selection ? selection->end : start + Day;
    PriceWatch watch;
    watch.sku = m_panel->currentSku();
    watch.nodes = std::max(1, m_panel->nodes());
    watch.duration = std::max<qint64>(Hour, (end - start + Hour - 1) / Hour * Hour);
    watch.starts = {start, start};
    // The limit typed, or else the best ask the chart shows at the window's start less a tenth: a
    // price under the market, as the user would wait for.
    const auto typed = SpendGuardDialog::parseAmount(m_panel->limitText());
    std::optional<qint64> ask;
    if (watch.sku == m_quotesSku) {
        for (const HourQuote& quote : std::as_const(m_quotes))
            if (quote.hourStart == Schedule::floorHour(start) && quote.bestAsk)
                ask = quote.bestAsk;
    }
    watch.maxRateMicros = typed ? *typed : ask ? Money::roundDownToMinutePrecision(*ask - *ask / 10) : 0;
    watch.expiresAt = start;
    openWatchDialog(watch);
}

void ReservationsPage::openWatchDialog(const PriceWatch& watch)
{
    if (m_watches)
        PriceWatchDialog::openFor(m_watches, watch, skuChoices(), m_utc, this);
}

void ReservationsPage::openPriceWatches()
{
    if (!m_watches)
        return;
    auto* dialog = new PriceWatchesDialog(m_watches, skuChoices(), m_utc, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PriceWatchesDialog::buyRequested, this, &ReservationsPage::buyWatch);
    dialog->open();
}

void ReservationsPage::buyWatch(const PriceWatch& watch)
{
    const qint64 start = watch.fired ? watch.fired->start : watch.starts.earliest;
    const qint64 end = watch.fired ? watch.fired->end : watch.starts.earliest + watch.duration;
    // The offered rate when known (it takes every hour of the window), never above the watch's.
    const qint64 rate =
        watch.fired ? std::min(watch.fired->rateMicros(), watch.maxRateMicros) : watch.maxRateMicros;
    m_panel->setSell(false);
    m_panel->setSku(watch.sku);
    m_panel->setNodes(int(watch.nodes));
    m_chart->setSelection(TimeAxis::Window{start, end});
    m_panel->setWindow(start, end);
    m_panel->setLimit(Money::formatRate(Money::roundUpToMinutePrecision(rate)));
    m_panel->setFocus();
}

void ReservationsPage::setIdleSource(std::function<IdleCapacity::PoolIdle(const QString&)> idleOf)
{
    m_idleOf = std::move(idleOf);
    updateIdle();
}

void ReservationsPage::updateIdle()
{
    Schedule idle;
    if (m_idleOf) {
        for (const Schedule& sku : constValue(m_idleOf(currentPool()).bySku))
            idle = idle.plus(sku);
    }
    m_chart->setIdle(idle);
}

void ReservationsPage::sellIdle(const QString& poolId)
{
    setCurrentPool(poolId);
    const IdleCapacity::PoolIdle idle = m_idleOf ? m_idleOf(poolId) : IdleCapacity::PoolIdle{};
    if (!idle.sellable) {
        m_panel->showStatus(tr("The pool has no idle capacity over the next 48 hours."), true);
        return;
    }
    const IdleCapacity::Block& block = *idle.sellable;
    m_panel->setSell(true);
    m_panel->setSku(block.sku);
    m_panel->setNodes(int(block.nodes));
    m_chart->setSelection(TimeAxis::Window{block.start, block.end});
    m_panel->setWindow(block.start, block.end);
    m_panel->setLimit(QString());
    m_panel->showStatus(idle.sellableIsAll
                            ? tr("All the pool's idle capacity: %n node(s). Reading the bids to price it…",
                                 nullptr, int(block.nodes))
                            : tr("The pool's idle capacity is not one block of the same nodes: this is its "
                                 "largest, %n node(s) of %1 idle node-hours. Reading the bids to price it…",
                                 nullptr, int(block.nodes))
                                  .arg(idle.nodeHours),
                        false);
    m_idlePricing = block;
    if (m_backend)
        m_backend->requestDepth(block.sku, block.start, block.end);
    m_panel->setFocus();
}

} // namespace sfdesk
