#include "gui/orders/orderspage.h"

#include "core/cli/sfcommand.h"
#include "gui/common/resourcetableview.h"
#include "gui/orders/ordersmodel.h"
#include "gui/reservations/marketbackend.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

bool askToConfirm(QWidget* parent, const QString& text)
{
    return QMessageBox::question(parent, OrdersPage::tr("Cancel order"), text,
                                 QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
           == QMessageBox::Yes;
}

} // namespace

OrdersPage::OrdersPage(MarketBackend* backend, Settings* settings, QWidget* parent)
    : QWidget(parent)
    , m_backend(backend)
    , m_model(new OrdersModel(this))
    , m_table(new ResourceTableView(u"orders"_s, settings, this))
    , m_status(new QComboBox(this))
    , m_side(new QComboBox(this))
    , m_cancel(new QPushButton(tr("&Cancel order"), this))
    , m_copy(new QPushButton(tr("Copy as sf command"), this))
    , m_message(new QLabel(this))
    , m_confirmer(askToConfirm)
{
    setObjectName(u"ordersPage"_s);
    m_status->setObjectName(u"ordersStatusFilter"_s);
    m_side->setObjectName(u"ordersSideFilter"_s);
    m_cancel->setObjectName(u"ordersCancel"_s);
    m_copy->setObjectName(u"ordersCopyCommand"_s);
    m_message->setObjectName(u"ordersMessage"_s);
    m_message->setTextFormat(Qt::PlainText); // quotes the server

    m_status->addItem(tr("All statuses"), int(OrdersModel::StatusFilter::All));
    m_status->addItem(tr("Open"), int(OrdersModel::StatusFilter::Open));
    m_status->addItem(tr("Filled"), int(OrdersModel::StatusFilter::Filled));
    m_status->addItem(tr("Cancelled"), int(OrdersModel::StatusFilter::Cancelled));
    m_status->addItem(tr("Rejected"), int(OrdersModel::StatusFilter::Rejected));
    m_side->addItem(tr("Buy and sell"), int(OrdersModel::SideFilter::All));
    m_side->addItem(tr("Buy"), int(OrdersModel::SideFilter::Buy));
    m_side->addItem(tr("Sell"), int(OrdersModel::SideFilter::Sell));

    m_table->setSourceModel(m_model);
    m_table->proxy()->setSortRole(OrdersModel::SortRole);
    m_table->setPlaceholderText(tr("No orders. Place one from Reservations: drag across the chart to "
                                   "choose a window."));
    if (!backend)
        m_table->setLoadState(ResourceTableView::LoadState::NotConnected);
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList&) {
        menu->addAction(m_cancel->text(), this, &OrdersPage::cancelSelected)
            ->setEnabled(m_cancel->isEnabled());
        menu->addAction(m_copy->text(), this, &OrdersPage::copySelected)->setEnabled(m_copy->isEnabled());
    });

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Status:"), this));
    top->addWidget(m_status);
    top->addWidget(new QLabel(tr("Side:"), this));
    top->addWidget(m_side);
    top->addWidget(m_message, 1);
    top->addWidget(m_copy);
    top->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);

    connect(m_status, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setStatusFilter(static_cast<OrdersModel::StatusFilter>(m_status->currentData().toInt()));
        updateActions();
    });
    connect(m_side, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setSideFilter(static_cast<OrdersModel::SideFilter>(m_side->currentData().toInt()));
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

OrdersPage::~OrdersPage()
{
    if (m_backend && m_watching)
        m_backend->unwatch();
}

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
    create.rate = order.limitPrice.text;
    create.allowStanding = order.allowStanding;
    return SfCommand::orderCreate(create);
}

void OrdersPage::reload()
{
    if (m_backend)
        m_model->setOrders(m_backend->orders());
    // Columns fit the first real rows (times, prices, ids) instead of the empty table's headers.
    m_table->fitColumnsOnce();
    updateActions();
}

void OrdersPage::updateActions()
{
    const Order* order = m_model->orderAt(m_table->currentSourceRow());
    m_cancel->setEnabled(order && OrdersModel::isOpen(*order));
    m_copy->setEnabled(order != nullptr);
}

void OrdersPage::cancelSelected()
{
    const Order* order = m_model->orderAt(m_table->currentSourceRow());
    if (!order || !OrdersModel::isOpen(*order) || !m_backend)
        return;
    const QString id = order->id;
    if (!m_confirmer(this, tr("Cancel order %1 (%n node(s), limit $%2)?", nullptr, int(order->nodeCount()))
                               .arg(id, order->limitPrice.text)))
        return;
    m_message->setText(tr("Cancelling %1…").arg(id));
    m_backend->cancel(
        id, this, [this, id] { m_message->setText(tr("Order %1 cancelled.").arg(id)); },
        [this, id](const QString& message) {
            m_message->setText(tr("Could not cancel %1: %2").arg(id, message));
        });
}

void OrdersPage::copySelected()
{
    const Order* order = m_model->orderAt(m_table->currentSourceRow());
    if (!order)
        return;
    QApplication::clipboard()->setText(sfCommand(*order));
    m_message->setText(tr("Copied the sf command for %1.").arg(order->id));
}

void OrdersPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_backend && !m_watching) {
        m_watching = true;
        m_backend->watch();
    }
}

void OrdersPage::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    if (m_backend && m_watching) {
        m_watching = false;
        m_backend->unwatch();
    }
}
