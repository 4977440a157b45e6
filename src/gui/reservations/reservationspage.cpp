#include "gui/reservations/reservationspage.h"

#include "common/clitime.h"
#include "core/market/marketbackend.h"
#include "core/market/planmath.h"
#include "core/market/plannerconversion.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Day = 24 * 3600;

bool askToConfirm(QWidget* parent, const QString& text)
{
    return QMessageBox::question(parent, ReservationsPage::tr("Place order"), text,
                                 QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
           == QMessageBox::Yes;
}

} // namespace

ReservationsPage::ReservationsPage(MarketBackend* backend, QWidget* parent)
    : QWidget(parent)
    , m_backend(backend)
    , m_chart(new PlannerChart(this))
    , m_panel(new OrderPanel(this))
    , m_pool(new QComboBox(this))
    , m_ranges(new QButtonGroup(this))
    , m_message(new QLabel(this))
    , m_quoteDebounce(new QTimer(this))
    , m_confirmer(askToConfirm)
{
    setObjectName(u"reservationsPage"_s);
    m_pool->setObjectName(u"plannerPool"_s);
    m_pool->setMinimumContentsLength(16);
    m_message->setObjectName(u"plannerMessage"_s);
    m_message->setTextFormat(Qt::PlainText); // quotes the server

    auto* top = new QHBoxLayout;
    m_toolbar = top;
    top->addWidget(new QLabel(tr("Pool:"), this));
    top->addWidget(m_pool);
    top->addSpacing(12);
    const std::pair<PlannerChart::Range, QString> ranges[] = {{PlannerChart::Range::Day, tr("Day")},
                                                              {PlannerChart::Range::Week, tr("Week")},
                                                              {PlannerChart::Range::Month, tr("Month")}};
    for (const auto& [range, title] : ranges) {
        auto* button = new QToolButton(this);
        button->setText(title);
        button->setCheckable(true);
        button->setObjectName(u"range"_s + title);
        m_ranges->addButton(button, int(range));
        top->addWidget(button);
    }
    m_ranges->button(int(PlannerChart::Range::Week))->setChecked(true);
    top->addWidget(m_message, 1);
    auto* exportButton = new QPushButton(tr("Export PNG…"), this);
    exportButton->setObjectName(u"plannerExport"_s);
    top->addWidget(exportButton);

    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(u"reservationsOrderScroll"_s);
    scroll->setAccessibleName(tr("Order"));
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(m_panel->sizeHint().width() + 20);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_chart);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    m_quoteDebounce->setSingleShot(true);
    m_quoteDebounce->setInterval(200);
    connect(m_quoteDebounce, &QTimer::timeout, this, &ReservationsPage::requestQuotes);

    connect(m_ranges, &QButtonGroup::idClicked, this,
            [this](int id) { m_chart->setRange(static_cast<PlannerChart::Range>(id)); });
    connect(exportButton, &QPushButton::clicked, this, &ReservationsPage::exportWithDialog);
    connect(m_pool, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->clearSelection();
        reload();
    });
    connect(m_chart, &PlannerChart::visibleRangeChanged, this, [this] { m_quoteDebounce->start(); });
    connect(m_chart, &PlannerChart::selectionChanged, this,
            [this](qint64 start, qint64 end) { m_panel->setWindow(start, end); });
    connect(m_chart, &PlannerChart::selectionCleared, m_panel, &OrderPanel::clearWindow);
    connect(m_panel, &OrderPanel::windowEdited, this,
            [this](qint64 start, qint64 end) { m_chart->setSelection(TimeAxis::Window{start, end}); });
    connect(m_panel, &OrderPanel::nodesChanged, m_chart, &PlannerChart::setSelectionNodes);
    connect(m_panel, &OrderPanel::skuChanged, this, [this](const QString& sku) {
        m_chart->setHighlightedSku(sku);
        m_quoteDebounce->start();
    });
    connect(m_panel, &OrderPanel::placeRequested, this, &ReservationsPage::placeOrder);
    connect(m_panel, &OrderPanel::sellLastDayRequested, this, [this] { selectSellWindow(true); });
    connect(m_panel, &OrderPanel::sellWholeFutureRequested, this, [this] { selectSellWindow(false); });
    connect(m_panel, &OrderPanel::previewWanted, this, [this](const OrderRequest& request) {
        if (!m_backend)
            return;
        m_backend->preview(
            request, this,
            [this, request](const OrderPreview& preview) { m_panel->showPreview(request, preview); },
            [this, request](const QString& message) { m_panel->showPreviewError(request, message); });
    });
    m_panel->setSellableProvider([this](const QString& sku, qint64 start, qint64 end) {
        return PlanMath::sellableNodes(m_snapshot, sku, start, end);
    });

    if (m_backend) {
        connect(m_backend, &MarketBackend::changed, this, &ReservationsPage::reload);
        connect(m_backend, &MarketBackend::refreshFailed, this,
                [this](const QString& message) { m_message->setText(message); });
        connect(m_backend, &MarketBackend::quotesReady, this,
                [this](const QString& sku, qint64, qint64, const QList<HourQuote>& quotes) {
                    if (sku != m_panel->currentSku())
                        return;
                    m_quotes = quotes;
                    m_quotesSku = sku;
                    reload();
                });
        reload();
        m_backend->refresh();
    } else {
        m_message->setText(tr("Not connected: connect to a server to plan reservations."));
        setEnabled(true);
        m_panel->setEnabled(false);
    }
}

ReservationsPage::~ReservationsPage()
{
    if (m_backend && m_watching)
        m_backend->unwatch();
}

void ReservationsPage::setConfirmer(Confirmer confirmer)
{
    m_confirmer = std::move(confirmer);
}

void ReservationsPage::setCurrentPool(const QString& poolId)
{
    const int index = m_pool->findData(poolId);
    if (index >= 0)
        m_pool->setCurrentIndex(index);
}

QString ReservationsPage::currentPool() const
{
    return m_pool->currentData().toString();
}

void ReservationsPage::reload()
{
    if (!m_backend)
        return;
    const QList<Pool> pools = m_backend->pools();
    {
        const QString current = currentPool();
        QSignalBlocker blocker(m_pool);
        m_pool->clear();
        for (const Pool& pool : pools)
            m_pool->addItem(pool.name.isEmpty() ? pool.id : pool.name, pool.id);
        const int index = m_pool->findData(current);
        m_pool->setCurrentIndex(index >= 0 ? index : (m_pool->count() > 0 ? 0 : -1));
    }
    const auto pool = m_backend->pool(currentPool());
    QList<std::pair<QString, QString>> skus;
    QMap<QString, QString> names;
    for (const InstanceSku& sku : m_backend->skus()) {
        const QString name = sku.alias.isEmpty() ? sku.id : sku.alias;
        skus.append({sku.id, name});
        names.insert(sku.id, name);
    }
    // SKUs the pool owns come first, even ones the SKU list does not know.
    if (pool) {
        for (auto it = pool->bySku.cbegin(); it != pool->bySku.cend(); ++it) {
            if (!names.contains(it.key())) {
                skus.prepend({it.key(), it.key()});
                names.insert(it.key(), it.key());
            }
        }
    }
    m_chart->setSkuNames(names);
    m_panel->setSkus(skus);
    m_panel->setPool(pool ? pool->id : QString());
    m_panel->setNow(m_backend->now());

    m_snapshot =
        pool ? PlannerConversion::snapshot(*pool, m_backend->orders(), m_backend->now()) : PlannerSnapshot{};
    m_snapshot.now = m_backend->now();
    if (m_quotesSku == m_panel->currentSku()) {
        m_snapshot.quotes = m_quotes;
        m_snapshot.quoteSku = m_quotesSku;
    }
    m_chart->setSnapshot(m_snapshot);
    m_chart->setHighlightedSku(m_panel->currentSku());
    if (!m_quoteDebounce->isActive() && m_quotesSku != m_panel->currentSku())
        m_quoteDebounce->start();
    if (pools.isEmpty())
        m_message->setText(tr("No pools yet: create one in Pools to hold what you buy."));
    else
        m_message->clear();
}

void ReservationsPage::requestQuotes()
{
    if (!m_backend || m_panel->currentSku().isEmpty())
        return;
    m_backend->requestQuotes(m_panel->currentSku(), m_chart->visibleFrom(), m_chart->visibleTo());
}

void ReservationsPage::placeOrder(const OrderRequest& request)
{
    // One order at a time: a second click (or a double click) while one is on its way places nothing.
    if (!m_backend || m_panel->isPlacing())
        return;
    if (request.side == u"sell"
        && request.nodeCount
               > PlanMath::sellableNodes(m_snapshot, request.sku, request.startAt, request.endAt)) {
        m_panel->showStatus(tr("You cannot sell more than the pool owns over this window."), true);
        return;
    }
    m_panel->setPlacing(true);
    if (!m_confirmer(this, m_panel->confirmationText(request))) {
        m_panel->setPlacing(false);
        return;
    }
    m_panel->showStatus(tr("Placing the order…"), false);
    m_backend->place(
        request, this,
        [this](const Order& order) {
            m_panel->setPlacing(false);
            m_panel->showStatus(tr("Order %1 placed: %2.").arg(order.id, order.statusText), false);
        },
        [this, request](const QString& message) {
            m_panel->setPlacing(false);
            if (m_backend && m_backend->placeOutcomeUnknown(request))
                m_panel->showStatus(tr("The order may or may not have been placed. %1 Place the same "
                                       "order again to find out; it will not be placed twice.")
                                        .arg(message),
                                    true);
            else
                m_panel->showStatus(tr("The order was not placed. %1").arg(message), true);
        });
}

void ReservationsPage::selectSellWindow(bool lastDayOnly)
{
    const QString sku = m_panel->currentSku();
    const TimeSpans owned = m_snapshot.ownedBySku.value(sku);
    const qint64 now = m_snapshot.now;
    const auto lastEnd = PlanMath::lastOwnedEnd(owned);
    const qint64 start = CliTime::snapStartToHour(now, now);
    if (!lastEnd || *lastEnd <= start) {
        m_panel->showStatus(tr("The pool owns nothing of this SKU from now on."), true);
        return;
    }
    const qint64 end = *lastEnd;
    const qint64 from = lastDayOnly ? std::max(start, CliTime::snapStartToHour(end - Day, now)) : start;
    m_chart->setSelection(TimeAxis::Window{from, end});
    m_panel->setNodes(int(std::max<qint64>(1, PlanMath::sellableNodes(m_snapshot, sku, from, end))));
}

bool ReservationsPage::exportChart(const QString& fileName, QString* error) const
{
    return m_chart->exportPng(fileName, error);
}

void ReservationsPage::exportWithDialog()
{
    const QString file =
        QFileDialog::getSaveFileName(this, tr("Export chart"), u"planner.png"_s, tr("PNG images (*.png)"));
    if (file.isEmpty())
        return;
    QString error;
    if (!exportChart(file, &error))
        QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1: %2").arg(file, error));
}

void ReservationsPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_backend && !m_watching) {
        m_watching = true;
        m_backend->watch();
    }
}

void ReservationsPage::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    if (m_backend && m_watching) {
        m_watching = false;
        m_backend->unwatch();
    }
}

void ReservationsPage::setScopeBar(QWidget* bar)
{
    m_toolbar->insertWidget(0, bar);
}
