// SPDX-License-Identifier: Apache-2.0

#include "gui/orders/orderspage.h"

#include "common/money.h"

#include "core/cli/sfcommand.h"
#include "core/market/marketbackend.h"
#include "core/models/format.h"
#include "core/models/ordermodel.h"
#include "core/models/resourceproxymodel.h"
#include "core/util/plaintext.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/tableexportdialog.h"
#include "gui/common/themeicons.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

void askToConfirm(QWidget* parent, const QString& text, ConfirmDialog::Answer answer)
{
    ConfirmDialog::askYes(parent, OrdersPage::tr("Cancel order"), text, QMessageBox::No, std::move(answer));
}

} // namespace

OrdersPage::OrdersPage(MarketBackend* backend, Settings* settings, QWidget* parent)
    : QWidget(parent)
    , m_backend(backend)
    , m_watch(backend)
    , m_table(new ResourceTableView(u"orders"_s, settings, this))
    , m_status(new QComboBox(this))
    , m_side(new QComboBox(this))
    , m_procurementOrders(new QCheckBox(tr("&Procurements' orders"), this))
    , m_cancel(new QPushButton(ThemeIcons::icon(QStringLiteral("process-stop")), tr("&Cancel order"), this))
    , m_copy(new QPushButton(ThemeIcons::icon(QStringLiteral("edit-copy")), tr("Copy as sf command"), this))
    , m_message(new QLabel(this))
    , m_menu(new QMenu(tr("&Orders"), this))
    , m_cancelAction(
          new QAction(ThemeIcons::icon(QStringLiteral("process-stop")), tr("&Cancel Order…"), this))
    , m_copyAction(
          new QAction(ThemeIcons::icon(QStringLiteral("edit-copy")), tr("Copy as sf &Command"), this))
    , m_confirmer(askToConfirm)
{
    setObjectName(u"ordersPage"_s);
    m_status->setObjectName(u"ordersStatusFilter"_s);
    m_side->setObjectName(u"ordersSideFilter"_s);
    m_procurementOrders->setObjectName(u"ordersProcurementOrders"_s);
    // As the API lists them: a procurement's orders only when asked for (the planner marks them).
    m_procurementOrders->setToolTip(tr("Also list the orders procurements placed on their own"));
    m_cancel->setObjectName(u"ordersCancel"_s);
    m_copy->setObjectName(u"ordersCopyCommand"_s);
    m_message->setObjectName(u"ordersMessage"_s);
    m_message->setTextFormat(Qt::PlainText); // quotes the server

    m_status->addItem(tr("All statuses"), int(StatusFilter::All));
    m_status->addItem(tr("Open"), int(StatusFilter::Open));
    m_status->addItem(tr("Filled"), int(StatusFilter::Filled));
    m_status->addItem(tr("Cancelled"), int(StatusFilter::Cancelled));
    m_status->addItem(tr("Rejected"), int(StatusFilter::Rejected));
    m_side->addItem(tr("Buy and sell"), int(SideFilter::All));
    m_side->addItem(tr("Buy"), int(SideFilter::Buy));
    m_side->addItem(tr("Sell"), int(SideFilter::Sell));

    m_table->setAccessibleNames(tr("Orders"));
    m_table->setDefaultHiddenColumns({OrderModel::IdColumn});
    m_table->proxy()->setRowFilter([this](const QVariant& object) { return accepts(object.value<Order>()); });
    m_table->setPlaceholderText(tr("No orders. Place one from Reservations: drag across the chart to "
                                   "choose a window."));
    if (!backend)
        m_table->setLoadState(ResourceTableView::LoadState::NotConnected);
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList&) {
        menu->addAction(m_cancelAction);
        menu->addAction(m_copyAction);
    });
    // The page's commands in a menu named after it, which the main window shows while the page is.
    m_menu->setObjectName(u"ordersMenu"_s);
    m_menu->setProperty("sectionMenu", true);
    m_cancelAction->setObjectName(u"ordersCancelAction"_s);
    m_copyAction->setObjectName(u"ordersCopyCommandAction"_s);
    auto* exportAction =
        new QAction(ThemeIcons::icon(QStringLiteral("document-export")), tr("&Export…"), this);
    exportAction->setObjectName(u"ordersExportAction"_s);
    exportAction->setToolTip(tr("Saves the orders shown, in the order shown, as CSV or JSON"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    // As on the other pages: only while the focus is on this page.
    exportAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(exportAction);
    m_menu->addAction(exportAction);
    m_menu->addSeparator();
    m_menu->addAction(m_cancelAction);
    m_menu->addAction(m_copyAction);
    connect(exportAction, &QAction::triggered, this, &OrdersPage::exportTable);
    connect(m_cancelAction, &QAction::triggered, this, &OrdersPage::cancelSelected);
    connect(m_copyAction, &QAction::triggered, this, &OrdersPage::copySelected);
    auto* exportButton = new QPushButton(exportAction->icon(), tr("Export…"), this);
    exportButton->setObjectName(u"ordersExport"_s);
    exportButton->setToolTip(PlainText::toolTip(u"%1 (%2)"_s.arg(
        exportAction->toolTip(), exportAction->shortcut().toString(QKeySequence::NativeText))));
    connect(exportButton, &QPushButton::clicked, exportAction, &QAction::trigger);

    auto* top = new QHBoxLayout;
    m_toolbar = top;
    top->addWidget(new QLabel(tr("Status:"), this));
    top->addWidget(m_status);
    top->addWidget(new QLabel(tr("Side:"), this));
    top->addWidget(m_side);
    top->addWidget(m_procurementOrders);
    top->addStretch(1);
    // The actions and what they said on a row of their own: on one row with the filters, the page
    // would be wider than a small screen.
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_message, 1);
    actions->addWidget(m_copy);
    actions->addWidget(m_cancel);
    actions->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(actions);
    layout->addWidget(m_table, 1);

    for (QComboBox* filter : {m_status, m_side}) {
        connect(filter, &QComboBox::currentIndexChanged, this, [this] {
            m_table->proxy()->invalidateRowFilter();
            updateActions();
        });
    }
    connect(m_procurementOrders, &QCheckBox::toggled, this, [this] {
        m_table->proxy()->invalidateRowFilter();
        updateActions();
    });
    connect(m_table, &ResourceTableView::currentSourceRowChanged, this, &OrdersPage::updateActions);
    connect(m_cancel, &QPushButton::clicked, this, &OrdersPage::cancelSelected);
    connect(m_copy, &QPushButton::clicked, this, &OrdersPage::copySelected);
    if (m_backend) {
        connect(m_backend, &MarketBackend::changed, this, &OrdersPage::reload);
        reload();
    }
    updateActions();
}

OrdersPage::~OrdersPage() = default;

void OrdersPage::setConfirmer(Confirmer confirmer)
{
    m_confirmer = std::move(confirmer);
}

QString OrdersPage::sfCommand(const Order& order)
{
    SfCommand::OrderCreate create;
    create.buy = order.side != u"sell";
    create.pool = order.pool.name.isEmpty() ? order.pool.id : order.pool.name;
    create.sku = order.sku.name.isEmpty() ? order.sku.id : order.sku.name;
    create.nodes = order.nodeCount();
    create.startAt = order.startAt();
    create.durationSeconds = order.endAt() - order.startAt();
    // The limit as the user typed it ("2.50"), not the six decimals the server returns.
    create.rate = order.limitPrice.text.isEmpty() ? QString() : Money::formatRate(order.limitPrice.micros);
    create.allowStanding = order.allowStanding;
    return SfCommand::orderCreate(create);
}

bool OrdersPage::accepts(const Order& order) const
{
    if (!order.procurement.isEmpty() && !m_procurementOrders->isChecked())
        return false;
    const auto side = static_cast<SideFilter>(m_side->currentData().toInt());
    if (side == SideFilter::Buy && order.side != u"buy")
        return false;
    if (side == SideFilter::Sell && order.side != u"sell")
        return false;
    switch (static_cast<StatusFilter>(m_status->currentData().toInt())) {
    case StatusFilter::All:
        return true;
    case StatusFilter::Open:
        return OrderModel::isOpen(order);
    case StatusFilter::Filled:
        return order.status == Order::Status::Filled;
    case StatusFilter::Cancelled:
        return order.status == Order::Status::Cancelled;
    case StatusFilter::Rejected:
        return order.status == Order::Status::Rejected;
    }
    return true;
}

const Order* OrdersPage::currentOrder() const
{
    const QModelIndex row = m_table->currentSourceRow();
    if (!m_model || !row.isValid() || row.row() >= m_model->rowCount())
        return nullptr;
    return &m_model->at(row.row());
}

void OrdersPage::selectOrder(const QString& id)
{
    reload();
    const int row = m_model ? m_model->rowOf(id) : -1;
    if (row < 0)
        return;
    const auto shown = [this, row] { return m_table->proxy()->mapFromSource(m_model->index(row, 0)); };
    if (!shown().isValid()) {
        m_status->setCurrentIndex(0);
        m_side->setCurrentIndex(0);
        m_table->filterEdit()->clear();
    }
    m_table->table()->selectionModel()->setCurrentIndex(shown(), QItemSelectionModel::ClearAndSelect
                                                                     | QItemSelectionModel::Rows);
    m_table->table()->scrollTo(shown());
}

void OrdersPage::reload()
{
    // The backend's order model: the connection's one list of orders.
    OrderModel* model = m_backend ? m_backend->orderModel() : nullptr;
    if (model != m_model) {
        m_model = model;
        m_table->setSourceModel(model);
        m_table->setDefaultHiddenColumns({OrderModel::IdColumn});
    }
    // Columns fit the first real rows (times, prices, ids) instead of the empty table's headers.
    m_table->fitColumnsOnce();
    updateActions();
}

void OrdersPage::updateActions()
{
    const Order* order = currentOrder();
    m_cancel->setEnabled(order && OrderModel::isOpen(*order));
    m_copy->setEnabled(order != nullptr);
    m_cancelAction->setEnabled(m_cancel->isEnabled());
    m_copyAction->setEnabled(m_copy->isEnabled());
}

void OrdersPage::cancelSelected()
{
    const Order* order = currentOrder();
    if (!order || !OrderModel::isOpen(*order) || !m_backend)
        return;
    const QString id = order->id;
    m_confirmer(this,
                tr("Cancel order %1 (%n node(s), limit %2)?", nullptr, int(order->nodeCount()))
                    .arg(id, Format::pricePerNodeHour(order->limitPrice)),
                [this, id](bool confirmed) {
                    if (confirmed)
                        cancelOrder(id);
                });
}

void OrdersPage::cancelOrder(const QString& id)
{
    if (!m_backend)
        return;
    // The list changed while the question was open (another connection's orders, say).
    const Order* order = m_model ? m_model->find(id) : nullptr;
    if (!order || !OrderModel::isOpen(*order)) {
        m_message->setText(tr("Order %1 is no longer open here; nothing was cancelled.").arg(id));
        return;
    }
    m_message->setText(tr("Cancelling %1…").arg(id));
    m_backend->cancel(
        id, this, [this, id] { m_message->setText(tr("Order %1 cancelled.").arg(id)); },
        [this, id](const QString& message) {
            m_message->setText(tr("Could not cancel %1: %2").arg(id, message));
        });
}

void OrdersPage::copySelected()
{
    const Order* order = currentOrder();
    if (!order)
        return;
    QApplication::clipboard()->setText(sfCommand(*order));
    m_message->setText(tr("Copied the sf command for %1.").arg(order->id));
}

void OrdersPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_watch.hold(true);
}

void OrdersPage::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_watch.hold(false);
}

void OrdersPage::exportTable()
{
    TableExportDialog::ask(this, m_table->table(), u"orders"_s, tr("Export Orders"),
                           [this](const QString& message) { m_message->setText(message); });
}

void OrdersPage::setScopeBar(QWidget* bar)
{
    m_toolbar->insertWidget(0, bar);
}

} // namespace sfdesk
