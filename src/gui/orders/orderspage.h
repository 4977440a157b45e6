// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/marketwatch.h"
#include "gui/common/confirmdialog.h"

#include <QPointer>
#include <QWidget>

#include <functional>

class QHBoxLayout;

class QCheckBox;
class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QPushButton;

namespace sfdesk {

class MarketBackend;
class OrderModel;
class ResourceTableView;
class Settings;
struct Order;

// The orders of the workspace: side, status, window, nodes, limit, fills, pool and creation, with
// filters for status and side, cancelling of open orders and "copy as sf command".
class OrdersPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OrdersPage)

public:
    // Asked before an order is cancelled, with the text to show; answers later (never blocks).
    using Confirmer = std::function<void(QWidget* parent, const QString& text, ConfirmDialog::Answer answer)>;

    OrdersPage(MarketBackend* backend, Settings* settings, QWidget* parent = nullptr);
    ~OrdersPage() override;
    // Puts the chooser of the workspace the page shows (the connection's scope) first in the toolbar.
    void setScopeBar(QWidget* bar);

    void setConfirmer(Confirmer confirmer);
    enum class StatusFilter
    {
        All,
        Open, // pending, standing or partially filled
        Filled,
        Cancelled,
        Rejected
    };
    enum class SideFilter
    {
        All,
        Buy,
        Sell
    };

    OrderModel* model() const { return m_model; }
    ResourceTableView* table() const { return m_table; }
    // The page's menu in the menu bar, shown while the page is current.
    QMenu* pageMenu() const { return m_menu; }
    // Asks where to export the orders shown (CSV or JSON) and writes them there; does not block.
    void exportTable();

    // Makes the order the current row, showing every status and side if the filters hid it.
    void selectOrder(const QString& id);

    // The sf command that places the same order.
    static QString sfCommand(const Order& order);

protected:
    // The market is polled while this page is on screen.
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void reload();
    bool accepts(const Order& order) const;
    const Order* currentOrder() const;
    void updateActions();
    void cancelSelected();
    void cancelOrder(const QString& id);
    void copySelected();

    QPointer<MarketBackend> m_backend;
    MarketWatch m_watch;
    OrderModel* m_model = nullptr;
    ResourceTableView* m_table;
    // The filters' row; setScopeBar() puts the scope bar at its start.
    QHBoxLayout* m_toolbar = nullptr;
    QComboBox* m_status;
    QComboBox* m_side;
    QCheckBox* m_procurementOrders;
    QPushButton* m_cancel;
    QPushButton* m_copy;
    QLabel* m_message;
    QMenu* m_menu;
    QAction* m_cancelAction;
    QAction* m_copyAction;
    Confirmer m_confirmer;
};

} // namespace sfdesk
