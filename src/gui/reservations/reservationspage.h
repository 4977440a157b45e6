// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/idlecapacity.h"
#include "core/market/marketwatch.h"
#include "core/market/plannerdata.h"
#include "core/market/spendguard.h"
#include "core/market/timeaxis.h"
#include "core/model/resources.h"
#include "core/settings/connectionprofile.h"
#include "gui/common/confirmdialog.h"

#include <QPointer>
#include <QWidget>

#include <functional>

class QHBoxLayout;

class QAction;
class QButtonGroup;
class QPushButton;
class QComboBox;
class QLabel;
class QMenu;
class QTimer;
class QToolButton;
class QTreeWidget;

namespace sfdesk {

class MarketBackend;
class MarketView;
class OrderPanel;
class PlannerChart;
class PriceWatchList;
struct OrderbookDepth;
struct PriceWatch;
class Settings;

// The reservation planner: a pool's chart with the order panel beside it.
class ReservationsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReservationsPage)

public:
    // Asked before an order is placed, with the text to show; answers later (never blocks).
    using Confirmer = std::function<void(QWidget* parent, const QString& text, ConfirmDialog::Answer answer)>;

    explicit ReservationsPage(MarketBackend* backend, QWidget* parent = nullptr);
    ~ReservationsPage() override;
    // Puts the chooser of the workspace the page shows (the connection's scope) first in the toolbar.
    void setScopeBar(QWidget* bar);

    void setConfirmer(Confirmer confirmer);
    // Where the choice between local time and UTC is kept (and read from), and each connection's
    // spend guard.
    void setSettings(Settings* settings);
    // The connection's profile, whose spend guard checks every buy the page places; without one (or
    // without settings) nothing is checked.
    void setProfileSource(std::function<ConnectionProfile()> profile);
    // Opens the Spend Guard dialog of the connection, with the keyboard at the cap when `atCap`.
    void openSpendGuard(bool atCap = false);
    // The connection's price watches, which Watch This Window… adds to; null: none.
    void setPriceWatches(PriceWatchList* watches);
    // Opens the dialog of a new watch of the selected window (or the next day), or the list.
    void watchWindow();
    void openPriceWatches();
    // The dialog of a new watch, filled in with `watch`.
    void openWatchDialog(const PriceWatch& watch);
    // A fired watch's Buy…: its window selected as a buy at the price offered, for the usual place
    // flow (preview, spend guard, confirmation); nothing is placed here.
    void buyWatch(const PriceWatch& watch);
    // Marks on the chart the windows fired watches found.
    void updateWatchMarkers();
    // Where the idle capacity of a pool is read (the session's PoolModel); none: nothing idle shown.
    void setIdleSource(std::function<IdleCapacity::PoolIdle(const QString& poolId)> idleOf);
    // Draws the shown pool's idle capacity again (it changed).
    void updateIdle();
    // Sell Idle…: the pool's idle block (IdleCapacity::PoolIdle::sellable) selected as a sell, priced
    // at the bid of the book's depth that fills it once the depth is read, for the usual place flow
    // (preview, confirmation); nothing is placed here.
    void sellIdle(const QString& poolId);
    // Times in UTC rather than local time, everywhere on the page.
    void setUtc(bool utc);
    bool isUtc() const { return m_utc; }
    void setCurrentPool(const QString& poolId);
    QString currentPool() const;
    bool exportChart(const QString& fileName, QString* error = nullptr) const;

    PlannerChart* chart() const { return m_chart; }
    // The pool's procurements with their status lines; its current item is the one the
    // procurement actions work on.
    QTreeWidget* procurementList() const { return m_procurementList; }
    // The page's menu in the menu bar (Reservations), with Find Window and the procurement actions.
    QMenu* pageMenu() const { return m_menu; }
    // Opens the dialog that creates a procurement keeping `nodes` nodes of `sku` from now on, over
    // a window reaching `until` (the selection's end), priced from `rate` (µ$ per node-hour, 0: the
    // chart's best ask or the order panel's limit).
    void keepNodes(const QString& sku, qint64 nodes, qint64 until, qint64 rate = 0);
    // What the status line of a procurement of the current pool says.
    QString procurementStatus(const PlannerProcurement& procurement) const;
    // How often the countdowns are counted again (they show minutes).
    static constexpr int CountdownIntervalMs = 15'000;
    OrderPanel* panel() const { return m_panel; }
    MarketView* market() const { return m_market; }

protected:
    // The market is polled while this page is on screen.
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void reload();
    void requestQuotes();
    // Every order the page places starts here: the sell check, an earlier lost attempt, the spend
    // guard and the confirmation, then placeConfirmed().
    void placeOrder(const OrderRequest& request);
    void placeConfirmed(const OrderRequest& request);
    // The connection's limits; none without settings or a profile.
    SpendGuard::Limits spendLimits() const;
    // The spend guard's verdict on `request` now; refused (and said so) when over the daily cap or
    // when the day's orders are not read yet.
    std::optional<SpendGuard::Decision> checkSpend(const OrderRequest& request);
    void showCapRefusal(const SpendGuard::Decision& decision, qint64 cap);
    void selectSellWindow(bool lastDayOnly);
    // Selects the window that extends what the pool owns and places it after the confirmation
    // (with the market's rate when no limit is typed).
    void extend();
    // The order the panel describes as the sf command that places it, with the pool's and SKU's names.
    void copyOrderCommand(const OrderRequest& request);
    void exportWithDialog();
    // The search for the cheapest window; a result chosen there is selected here as a buy.
    void findWindow();
    // When the pool's owned capacity next starts and ends, and when its resting orders start or end.
    void updateCountdowns();
    QString skuName(const QString& id) const;
    // The procurement actions: from the selected window (or the next day), and on the current
    // procurement of the list.
    void keepFromSelection();
    void editProcurement();
    void toggleProcurement();
    void deleteProcurement();
    void copyProcurementCommand();
    std::optional<Procurement> currentProcurement() const;
    void selectProcurement(const QString& id);
    void updateProcurementList();
    void updateProcurementActions();
    // The chart's context menu at a point of the screen, on the procurement there if any.
    void showChartMenu(const QPoint& globalPos, const QString& procurementId);
    QList<std::pair<QString, QString>> skuChoices() const;
    // The depth for the selected window (or the next day) and the recent fills of the chosen SKU.
    void requestMarket();
    // The page's menu in the menu bar (Reservations), with the commands of its toolbar and panel.
    void buildMenu(QPushButton* exportButton);
    void setUpProcurements();
    void setUpPriceWatches();
    // Prices Sell Idle's block at the bid that takes all of it, once its depth is read.
    void priceIdleBlock(const QString& sku, qint64 start, qint64 end, const OrderbookDepth& depth);
    // The window the depth is asked for, and whether the user selected it.
    std::pair<TimeAxis::Window, bool> depthWindow() const;

    QPointer<MarketBackend> m_backend;
    MarketWatch m_watch;
    // The row above the chart; setScopeBar() puts the scope bar at its start.
    QHBoxLayout* m_toolbar = nullptr;
    PlannerChart* m_chart;
    OrderPanel* m_panel;
    MarketView* m_market;
    QTimer* m_marketDebounce;
    // Asked while hidden: asked again when shown.
    bool m_marketStale = false;
    // The next reload chooses a SKU the pool owns (set when another pool is chosen).
    bool m_skuFollowsPool = true;
    QString m_depthSku;
    TimeAxis::Window m_depthWindow{0, 0};
    QComboBox* m_pool;
    QButtonGroup* m_ranges;
    QLabel* m_message;
    QLabel* m_countdowns;
    QToolButton* m_utcButton;
    QTimer* m_countdownTimer;
    QPointer<Settings> m_settings;
    bool m_utc = false;
    QTimer* m_quoteDebounce;
    Confirmer m_confirmer;
    PlannerSnapshot m_snapshot;
    QList<HourQuote> m_quotes;
    QString m_quotesSku;
    // The span of hours the chart last asked the quotes of.
    std::pair<qint64, qint64> m_quotesAsked{0, 0};
    QMap<QString, QString> m_skuNames;
    QTreeWidget* m_procurementList;
    QMenu* m_menu;
    QAction* m_findAction;
    QAction* m_keep;
    QAction* m_editProcurement;
    QAction* m_toggleProcurement;
    QAction* m_deleteProcurement;
    QAction* m_copyProcurement;
    QAction* m_spendGuard;
    QAction* m_watchAction;
    QAction* m_watchesAction;
    QPointer<PriceWatchList> m_watches;
    std::function<ConnectionProfile()> m_profile;
    std::function<IdleCapacity::PoolIdle(const QString&)> m_idleOf;
    // The idle block Sell Idle… waits for the depth of, to price it.
    std::optional<IdleCapacity::Block> m_idlePricing;
};

} // namespace sfdesk
