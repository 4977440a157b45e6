// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"
#include "core/market/timeaxis.h"
#include "core/model/resources.h"
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
class QTimer;
class QToolButton;

namespace sfdesk {

class MarketBackend;
class MarketView;
class OrderPanel;
class PlannerChart;
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
    // Where the choice between local time and UTC is kept (and read from).
    void setSettings(Settings* settings);
    // Times in UTC rather than local time, everywhere on the page.
    void setUtc(bool utc);
    bool isUtc() const { return m_utc; }
    void setCurrentPool(const QString& poolId);
    QString currentPool() const;
    bool exportChart(const QString& fileName, QString* error = nullptr) const;

    PlannerChart* chart() const { return m_chart; }
    // How often the countdowns are counted again (they show minutes).
    static constexpr int CountdownIntervalMs = 15'000;
    OrderPanel* panel() const { return m_panel; }
    MarketView* market() const { return m_market; }

protected:
    // The market is polled while this page is on screen.
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    QHBoxLayout* m_toolbar = nullptr;
    void reload();
    void requestQuotes();
    void placeOrder(const OrderRequest& request);
    void placeConfirmed(const OrderRequest& request);
    void selectSellWindow(bool lastDayOnly);
    // Selects the window that extends what the pool owns and places it after the confirmation
    // (with the market's rate when no limit is typed).
    void extend();
    void exportWithDialog();
    // The search for the cheapest window; a result chosen there is selected here as a buy.
    void findWindow();
    // When the pool's owned capacity next starts and ends, and when its resting orders start or end.
    void updateCountdowns();
    QString skuName(const QString& id) const;
    // The depth for the selected window (or the next day) and the recent fills of the chosen SKU.
    void requestMarket();
    // The page's menu in the menu bar (Reservations), with the commands of its toolbar and panel.
    void buildMenu(QAction* findAction, QPushButton* exportButton);
    // The window the depth is asked for, and whether the user selected it.
    std::pair<TimeAxis::Window, bool> depthWindow() const;

    QPointer<MarketBackend> m_backend;
    bool m_watching = false;
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
    QMap<QString, QString> m_skuNames;
};

} // namespace sfdesk
