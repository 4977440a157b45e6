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
#include "gui/common/messageboxes.h"
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

namespace {

void askToConfirm(QWidget* parent, const QString& text, ConfirmDialog::Answer answer)
{
    ConfirmDialog::askYes(parent, ReservationsPage::tr("Place order"), text, QMessageBox::Cancel,
                          std::move(answer));
}

} // namespace

ReservationsPage::ReservationsPage(MarketBackend* backend, QWidget* parent)
    : QWidget(parent)
    , m_backend(backend)
    , m_watch(backend)
    , m_chart(new PlannerChart(this))
    , m_panel(new OrderPanel(this))
    , m_market(new MarketView(this))
    , m_marketDebounce(new QTimer(this))
    , m_pool(new QComboBox(this))
    , m_ranges(new QButtonGroup(this))
    , m_message(new QLabel(this))
    , m_countdowns(new QLabel(this))
    , m_utcButton(new QToolButton(this))
    , m_countdownTimer(new QTimer(this))
    , m_quoteDebounce(new QTimer(this))
    , m_confirmer(askToConfirm)
    , m_procurementList(new QTreeWidget(this))
    , m_menu(new QMenu(tr("&Reservations"), this))
    , m_findAction(new QAction(ThemeIcons::icon(QStringLiteral("edit-find")), tr("Fin&d Window…"), this))
    , m_keep(new QAction(ThemeIcons::icon(QStringLiteral("list-add")), tr("Keep Node&s from Here On…"), this))
    , m_editProcurement(new QAction(ThemeIcons::icon(QStringLiteral("document-properties")),
                                    tr("&Edit Procurement…"), this))
    , m_toggleProcurement(new QAction(ThemeIcons::icon(QStringLiteral("media-playback-pause")),
                                      tr("Disa&ble Procurement"), this))
    , m_deleteProcurement(
          new QAction(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("De&lete Procurement…"), this))
    , m_copyProcurement(new QAction(ThemeIcons::icon(QStringLiteral("edit-copy")),
                                    tr("Copy Procurement as sf &Command"), this))
    , m_spendGuard(new QAction(ThemeIcons::icon(QStringLiteral("dialog-warning")), tr("Spend &Guard…"), this))
    , m_watchAction(
          new QAction(ThemeIcons::icon(QStringLiteral("view-calendar-day")), tr("&Watch This Window…"), this))
    , m_watchesAction(
          new QAction(ThemeIcons::icon(QStringLiteral("document-multiple")), tr("Price Watc&hes…"), this))
{
    setObjectName(u"reservationsPage"_s);
    m_pool->setObjectName(u"plannerPool"_s);
    m_pool->setMinimumContentsLength(16);
    m_message->setObjectName(u"plannerMessage"_s);
    m_message->setTextFormat(Qt::PlainText); // quotes the server

    // Two rows, so that the page fits a 1,024 pixel wide window: what is shown (workspace, pool),
    // then how (range, export) with the message between them, wrapped rather than widening the page.
    auto* top = new QHBoxLayout;
    m_toolbar = top;
    top->addWidget(new QLabel(tr("Pool:"), this));
    top->addWidget(m_pool);
    top->addStretch(1);
    auto* second = new QHBoxLayout;
    const std::pair<PlannerChart::Range, QString> ranges[] = {{PlannerChart::Range::Day, tr("Day")},
                                                              {PlannerChart::Range::Week, tr("Week")},
                                                              {PlannerChart::Range::Month, tr("Month")}};
    for (const auto& [range, title] : ranges) {
        auto* button = new QToolButton(this);
        button->setText(title);
        button->setCheckable(true);
        button->setObjectName(u"range"_s + title);
        m_ranges->addButton(button, int(range));
        second->addWidget(button);
    }
    m_ranges->button(int(PlannerChart::Range::Week))->setChecked(true);
    second->addSpacing(12);
    m_message->setWordWrap(true);
    second->addWidget(m_message, 1);
    m_utcButton->setText(tr("UTC"));
    m_utcButton->setCheckable(true);
    m_utcButton->setObjectName(u"plannerUtc"_s);
    m_utcButton->setToolTip(tr("Show times in UTC instead of local time"));
    second->addWidget(m_utcButton);
    auto* exportButton =
        new QPushButton(ThemeIcons::icon(QStringLiteral("document-export")), tr("Export PNG…"), this);
    exportButton->setObjectName(u"plannerExport"_s);
    auto* findButton =
        new QPushButton(ThemeIcons::icon(QStringLiteral("edit-find")), tr("Fin&d Window…"), this);
    findButton->setObjectName(u"plannerFindWindow"_s);
    findButton->setToolTip(tr("Find the cheapest window to buy by length and start (Ctrl+F)"));
    m_findAction->setObjectName(u"plannerFindWindowAction"_s);
    m_findAction->setShortcut(QKeySequence::Find);
    m_findAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(m_findAction);
    connect(m_findAction, &QAction::triggered, findButton, &QPushButton::click);
    second->addWidget(findButton);
    auto* keepButton = new QPushButton(m_keep->icon(), m_keep->text(), this);
    keepButton->setObjectName(u"plannerKeepNodes"_s);
    keepButton->setToolTip(tr("A procurement that keeps the order panel's nodes over the selected window "
                              "from now on (Ctrl+K)"));
    connect(keepButton, &QPushButton::clicked, m_keep, &QAction::trigger);
    second->addWidget(keepButton);
    second->addWidget(exportButton);
    m_countdowns->setObjectName(u"plannerCountdowns"_s);
    m_countdowns->setWordWrap(true);
    m_countdowns->setTextFormat(Qt::PlainText);

    // The page's menu in the menu bar; the actions work from anywhere on the page.
    m_menu->setObjectName(u"reservationsMenu"_s);
    m_menu->setProperty("sectionMenu", true);
    m_menu->addAction(m_findAction);
    // The connection's limits on what its buys cost, where orders are placed.
    m_spendGuard->setObjectName(u"plannerSpendGuardAction"_s);
    m_spendGuard->setEnabled(false);
    addAction(m_spendGuard);
    m_menu->addAction(m_spendGuard);
    connect(m_spendGuard, &QAction::triggered, this, [this] { openSpendGuard(); });
    setUpPriceWatches();
    m_menu->addSeparator();
    setUpProcurements();

    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(u"reservationsOrderScroll"_s);
    scroll->setAccessibleName(tr("Order"));
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(m_panel->sizeHint().width() + 20);
    // The market's depth and fills under the planner, so that both read on one time scale.
    auto* chartAndMarket = new QSplitter(Qt::Vertical, this);
    chartAndMarket->setObjectName(u"plannerMarketSplitter"_s);
    chartAndMarket->addWidget(m_chart);
    chartAndMarket->addWidget(m_market);
    chartAndMarket->setStretchFactor(0, 3);
    chartAndMarket->setStretchFactor(1, 2);
    chartAndMarket->setChildrenCollapsible(false);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(chartAndMarket);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(second);
    layout->addWidget(m_countdowns);
    layout->addWidget(m_procurementList);
    layout->addWidget(splitter, 1);

    buildMenu(exportButton);

    m_quoteDebounce->setSingleShot(true);
    m_quoteDebounce->setInterval(200);
    connect(m_quoteDebounce, &QTimer::timeout, this, &ReservationsPage::requestQuotes);
    m_marketDebounce->setSingleShot(true);
    m_marketDebounce->setInterval(300);
    connect(m_marketDebounce, &QTimer::timeout, this, &ReservationsPage::requestMarket);

    connect(m_ranges, &QButtonGroup::idClicked, this,
            [this](int id) { m_chart->setRange(static_cast<PlannerChart::Range>(id)); });
    connect(exportButton, &QPushButton::clicked, this, &ReservationsPage::exportWithDialog);
    connect(findButton, &QPushButton::clicked, this, &ReservationsPage::findWindow);
    connect(m_utcButton, &QToolButton::toggled, this, &ReservationsPage::setUtc);
    // Counts down on its own; what it counts to comes from the session's lists.
    m_countdownTimer->setInterval(CountdownIntervalMs);
    connect(m_countdownTimer, &QTimer::timeout, this, &ReservationsPage::updateCountdowns);
    connect(m_pool, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->clearSelection();
        m_skuFollowsPool = true;
        reload();
    });
    connect(m_chart, &PlannerChart::visibleRangeChanged, this, [this] { m_quoteDebounce->start(); });
    connect(m_chart, &PlannerChart::selectionChanged, this, [this](qint64 start, qint64 end) {
        m_panel->setWindow(start, end);
        m_marketDebounce->start();
    });
    connect(m_chart, &PlannerChart::selectionCleared, this, [this] {
        m_panel->clearWindow();
        m_marketDebounce->start();
    });
    connect(m_panel, &OrderPanel::windowEdited, this,
            [this](qint64 start, qint64 end) { m_chart->setSelection(TimeAxis::Window{start, end}); });
    connect(m_panel, &OrderPanel::nodesChanged, m_chart, &PlannerChart::setSelectionNodes);
    connect(m_panel, &OrderPanel::skuChanged, this, [this](const QString& sku) {
        m_chart->setHighlightedSku(sku);
        updateWatchMarkers();
        m_quoteDebounce->start();
        m_marketDebounce->start();
    });
    connect(m_panel, &OrderPanel::placeRequested, this, &ReservationsPage::placeOrder);
    connect(m_chart, &PlannerChart::activated, m_panel, &OrderPanel::placeIfReady);
    connect(m_chart, &PlannerChart::contextMenuRequested, this, &ReservationsPage::showChartMenu);
    connect(m_panel, &OrderPanel::sellLastDayRequested, this, [this] { selectSellWindow(true); });
    connect(m_panel, &OrderPanel::sellWholeFutureRequested, this, [this] { selectSellWindow(false); });
    connect(m_panel, &OrderPanel::extendRequested, this, &ReservationsPage::extend);
    connect(m_panel, &OrderPanel::copyCommandRequested, this, &ReservationsPage::copyOrderCommand);
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
        connect(m_backend, &MarketBackend::changed, m_marketDebounce, qOverload<>(&QTimer::start));
        connect(m_backend, &MarketBackend::depthReady, this,
                [this](const QString& sku, qint64 start, qint64 end, const OrderbookDepth& depth) {
                    priceIdleBlock(sku, start, end, depth);
                    if (sku != m_depthSku || start != m_depthWindow.start || end != m_depthWindow.end)
                        return;
                    m_market->showDepth(depth, sku, m_backend->orders());
                });
        connect(m_backend, &MarketBackend::fillsReady, this,
                [this](const QString& sku, qint64 since, const QList<OrderbookFill>& fills) {
                    if (sku == m_panel->currentSku())
                        m_market->showFills(fills, sku, since, m_backend->now());
                });
        connect(m_backend, &MarketBackend::marketDetailFailed, this,
                [this](const QString& sku, const QString& message) {
                    if (sku == m_panel->currentSku())
                        m_market->showFailure(message);
                });
        connect(m_backend, &MarketBackend::refreshFailed, this,
                [this](const QString& message) { m_message->setText(message); });
        connect(m_backend, &MarketBackend::quotesReady, this,
                [this](const QString& sku, qint64 from, qint64 to, const QList<HourQuote>& quotes) {
                    // Only the chart's own question: the price watches and Find Window ask for
                    // other spans of hours.
                    if (sku != m_panel->currentSku() || from != m_quotesAsked.first
                        || to != m_quotesAsked.second)
                        return;
                    m_quotes = quotes;
                    m_quotesSku = sku;
                    reload();
                });
        reload();
        m_backend->refresh();
        m_marketDebounce->start();
    } else {
        m_message->setText(tr("Not connected: connect to a server to plan reservations."));
        setEnabled(true);
        m_panel->setEnabled(false);
    }
}

ReservationsPage::~ReservationsPage() = default;

void ReservationsPage::setConfirmer(Confirmer confirmer)
{
    m_confirmer = std::move(confirmer);
}

void ReservationsPage::setSettings(Settings* settings)
{
    m_settings = settings;
    if (settings)
        setUtc(settings->timesInUtc());
    m_spendGuard->setEnabled(m_settings && m_profile);
}

void ReservationsPage::setProfileSource(std::function<ConnectionProfile()> profile)
{
    m_profile = std::move(profile);
    m_spendGuard->setEnabled(m_settings && m_profile);
}

void ReservationsPage::openSpendGuard(bool atCap)
{
    if (!m_settings || !m_profile)
        return;
    SpendGuardDialog::openFor(m_settings, m_profile(), m_backend, this, atCap);
}

void ReservationsPage::setUtc(bool utc)
{
    if (m_settings)
        m_settings->setTimesInUtc(utc);
    {
        QSignalBlocker blocker(m_utcButton);
        m_utcButton->setChecked(utc);
    }
    if (m_utc == utc)
        return;
    m_utc = utc;
    m_chart->setUtc(utc);
    m_panel->setUtc(utc);
    m_market->setUtc(utc);
    updateCountdowns();
}

void ReservationsPage::updateCountdowns()
{
    if (!m_backend) {
        m_countdowns->clear();
        return;
    }
    const qint64 now = m_backend->now();
    QStringList parts;
    const auto when = [this, now](qint64 t) {
        return tr("%1 (%2)").arg(PlannerTime::until(t - now), PlannerTime::format(t, m_utc));
    };
    // Per SKU: the next time owned capacity starts (from none) and ends (to none).
    for (auto it = m_snapshot.ownedBySku.cbegin(); it != m_snapshot.ownedBySku.cend(); ++it) {
        const PlanMath::Steps steps = PlanMath::steps(it.value(), now, now + PlannerHorizonSeconds);
        std::optional<qint64> start;
        std::optional<qint64> end;
        qint64 previous = steps.isEmpty() ? 0 : steps.first().second;
        for (qsizetype i = 1; i < steps.size() && !(start && end); ++i) {
            const auto& [time, count] = steps.at(i);
            if (previous == 0 && count > 0 && !start)
                start = time;
            if (previous > 0 && count == 0 && !end && time < now + PlannerHorizonSeconds)
                end = time;
            previous = count;
        }
        const QString name = skuName(it.key());
        if (start)
            parts << tr("%1: owned capacity starts %2").arg(name, when(*start));
        if (end)
            parts << tr("%1: owned capacity ends %2").arg(name, when(*end));
    }
    int shown = 0;
    for (const PlannerOrder& order : std::as_const(m_snapshot.orders)) {
        // A procurement's orders are its business: its status line speaks for them.
        if (!order.isOpen() || order.end <= now || shown == 5 || !order.procurement.isEmpty())
            continue;
        ++shown;
        const QString what =
            (order.buy ? tr("Buy %1 × %2") : tr("Sell %1 × %2")).arg(order.nodes).arg(skuName(order.sku));
        parts << (order.start > now ? tr("%1 on the book, starts %2").arg(what, when(order.start))
                                    : tr("%1 on the book, ends %2").arg(what, when(order.end)));
    }
    m_countdowns->setText(parts.join(u"; "_s));
    m_countdowns->setVisible(!parts.isEmpty());
}

void ReservationsPage::copyOrderCommand(const OrderRequest& request)
{
    SfCommand::OrderCreate order;
    order.buy = request.side != u"sell"_s;
    const int poolIndex = m_pool->findData(request.pool);
    order.pool = poolIndex >= 0 ? m_pool->itemText(poolIndex) : request.pool;
    order.sku = skuName(request.sku);
    order.nodes = request.nodeCount;
    order.startAt = request.startAt;
    order.durationSeconds = request.endAt - request.startAt;
    order.rate = request.limitPrice;
    order.allowStanding = request.allowStanding;
    CopyActions::copy(SfCommand::orderCreate(order));
}

QString ReservationsPage::skuName(const QString& id) const
{
    return m_skuNames.value(id, id);
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
    for (const InstanceSku& sku : constValue(m_backend->skus())) {
        const QString name = sku.alias.isEmpty() ? sku.id : sku.alias;
        skus.append({sku.id, name});
        names.insert(sku.id, name);
    }
    // SKUs the pool owns come first, even ones the SKU list does not know.
    if (pool) {
        QList<std::pair<QString, QString>> owned;
        for (auto it = pool->bySku.cbegin(); it != pool->bySku.cend(); ++it) {
            const auto known = std::find_if(skus.begin(), skus.end(),
                                            [&it](const auto& sku) { return sku.first == it.key(); });
            if (known != skus.end()) {
                owned.append(*known);
                skus.erase(known);
            } else {
                owned.append({it.key(), it.key()});
                names.insert(it.key(), it.key());
            }
        }
        skus = owned + skus;
    }
    m_chart->setSkuNames(names);
    m_skuNames = names;
    m_panel->setSkus(skus);
    // A pool chosen (or first shown) plans what it owns: its first SKU unless one it owns is chosen.
    if (m_skuFollowsPool && pool) {
        m_skuFollowsPool = false;
        if (!pool->bySku.isEmpty() && !pool->bySku.contains(m_panel->currentSku()))
            m_panel->setSku(pool->bySku.firstKey());
    }
    m_panel->setPool(pool ? pool->id : QString());
    m_panel->setNow(m_backend->now());

    m_snapshot = pool ? PlannerConversion::snapshot(*pool, m_backend->orders(), m_backend->now(),
                                                    m_backend->procurements())
                      : PlannerSnapshot{};
    m_snapshot.now = m_backend->now();
    if (m_quotesSku == m_panel->currentSku()) {
        m_snapshot.quotes = m_quotes;
        m_snapshot.quoteSku = m_quotesSku;
    }
    m_chart->setSnapshot(m_snapshot);
    m_chart->setHighlightedSku(m_panel->currentSku());
    updateIdle();
    if (!m_quoteDebounce->isActive() && m_quotesSku != m_panel->currentSku())
        m_quoteDebounce->start();
    updateCountdowns();
    updateProcurementList();
    if (pools.isEmpty())
        m_message->setText(tr("No pools yet: create one in Pools to hold what you buy."));
    else
        m_message->clear();
}

void ReservationsPage::findWindow()
{
    if (!m_backend)
        return;
    QList<std::pair<QString, QString>> skus;
    for (const InstanceSku& sku : constValue(m_backend->skus()))
        skus.append({sku.id, skuName(sku.id)});
    auto* dialog =
        new WindowSearchDialog(m_backend, skus, m_panel->currentSku(), m_panel->nodes(), m_utc, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &WindowSearchDialog::chosen, this,
            [this](const QString& sku, const WindowSearch::Offer& offer) {
                // A buy of the window found, selected as a drag would select it; the panel previews it.
                m_panel->setSell(false);
                m_panel->setSku(sku);
                m_panel->setNodes(int(offer.nodes));
                m_chart->setSelection(TimeAxis::Window{offer.start, offer.end});
                m_panel->setWindow(offer.start, offer.end);
                m_panel->setFocus();
            });
    // A result kept by a procurement instead: its nodes from now on, up to the window's end.
    connect(dialog, &WindowSearchDialog::keepChosen, this,
            [this](const QString& sku, const WindowSearch::Offer& offer) {
                keepNodes(sku, offer.nodes, offer.end, offer.rateMicros() + offer.rateMicros() / 10);
            });
    // Or watched for a price a tenth under what it costs now.
    connect(dialog, &WindowSearchDialog::watchChosen, this,
            [this](const QString& sku, const WindowSearch::Offer& offer) {
                PriceWatch watch;
                watch.sku = sku;
                watch.nodes = offer.nodes;
                watch.duration = offer.end - offer.start;
                watch.starts = {offer.start, offer.start};
                watch.maxRateMicros =
                    Money::roundDownToMinutePrecision(offer.rateMicros() - offer.rateMicros() / 10);
                watch.expiresAt = offer.start;
                openWatchDialog(watch);
            });
    dialog->open();
}

void ReservationsPage::requestQuotes()
{
    if (!m_backend || m_panel->currentSku().isEmpty())
        return;
    m_quotesAsked = {m_chart->visibleFrom(), m_chart->visibleTo()};
    m_backend->requestQuotes(m_panel->currentSku(), m_quotesAsked.first, m_quotesAsked.second);
}

std::pair<TimeAxis::Window, bool> ReservationsPage::depthWindow() const
{
    if (const auto selection = m_chart->selection())
        return {*selection, true};
    const qint64 now = m_backend ? m_backend->now() : 0;
    const qint64 nextHour = Schedule::floorHour(now) + PlannerTime::Hour;
    return {TimeAxis::Window{nextHour, nextHour + PlannerTime::Day}, false};
}

void ReservationsPage::requestMarket()
{
    if (!m_backend)
        return;
    if (!isVisible()) {
        m_marketStale = true;
        return;
    }
    m_marketStale = false;
    const QString sku = m_panel->currentSku();
    if (sku.isEmpty()) {
        m_depthSku.clear();
        m_market->clear(tr("Choose a SKU in the order panel to see its market."));
        return;
    }
    const auto [window, selected] = depthWindow();
    if (sku != m_depthSku)
        m_market->clear(QString());
    m_market->setSkuName(skuName(sku));
    m_market->setDepthWindow(window.start, window.end, selected);
    m_depthSku = sku;
    m_depthWindow = window;
    m_market->showDepthLoading();
    m_market->showFillsLoading();
    m_backend->requestDepth(sku, window.start, window.end);
    m_backend->requestFills(sku, m_backend->now() - MarketView::FillsDays * PlannerTime::Day);
}

bool ReservationsPage::exportChart(const QString& fileName, QString* error) const
{
    return m_chart->exportPng(fileName, error);
}

void ReservationsPage::exportWithDialog()
{
    FileDialogs::toSave(this, u"plannerExportDialog"_s, tr("Export chart"), u"planner.png"_s,
                        tr("PNG images (*.png)"),
                        [this](const QString& file) {
                            QString error;
                            if (exportChart(file, &error))
                                return;
                            MessageBoxes::warn(this, u"plannerExportErrorBox"_s, tr("Export chart"),
                                               tr("Could not write %1: %2").arg(file, error));
                        })
        ->open();
}

void ReservationsPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_watch.hold(true);
    m_countdownTimer->start();
    updateCountdowns();
    // Asked for at once: the charts say what they are reading rather than what they last showed.
    if (m_marketStale)
        requestMarket();
}

void ReservationsPage::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_watch.hold(false);
    m_countdownTimer->stop();
}

QList<std::pair<QString, QString>> ReservationsPage::skuChoices() const
{
    QList<std::pair<QString, QString>> skus;
    if (!m_backend)
        return skus;
    for (const InstanceSku& sku : constValue(m_backend->skus()))
        skus.append({sku.id, skuName(sku.id)});
    return skus;
}

void ReservationsPage::showChartMenu(const QPoint& globalPos, const QString& procurementId)
{
    if (!procurementId.isEmpty())
        selectProcurement(procurementId);
    updateProcurementActions();
    auto* menu = new QMenu(this);
    menu->setObjectName(u"plannerChartMenu"_s);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addAction(m_keep);
    if (currentProcurement()) {
        menu->addSeparator();
        for (QAction* action :
             {m_editProcurement, m_toggleProcurement, m_deleteProcurement, m_copyProcurement})
            menu->addAction(action);
    }
    menu->addSeparator();
    menu->addAction(m_findAction);
    menu->addAction(m_watchAction);
    // Not exec(): the menu shows and the page goes on.
    menu->popup(globalPos);
}

void ReservationsPage::buildMenu(QPushButton* exportButton)
{
    // After Find Window and the procurement actions, the order panel's and the toolbar's buttons.
    QMenu* menu = m_menu;
    menu->addSeparator();
    // The panel's and the toolbar's buttons, as they are when the menu opens.
    const auto mirror = [menu](QAbstractButton* button) {
        auto* action = menu->addAction(button->icon(), button->text(), button, &QAbstractButton::click);
        action->setObjectName(button->objectName() + u"Action"_s);
        action->setEnabled(button->isEnabled());
        QObject::connect(menu, &QMenu::aboutToShow, action,
                         [action, button] { action->setEnabled(button->isEnabled()); });
    };
    for (const char* name : {"orderQuote", "orderPlace", "orderExtend"})
        mirror(m_panel->findChild<QPushButton*>(QLatin1StringView(name)));
    menu->addSeparator();
    mirror(exportButton);
    auto* utc = menu->addAction(tr("Times in &UTC"));
    utc->setObjectName(u"plannerUtcAction"_s);
    utc->setCheckable(true);
    connect(menu, &QMenu::aboutToShow, utc, [this, utc] { utc->setChecked(m_utc); });
    connect(utc, &QAction::triggered, this, &ReservationsPage::setUtc);
}

void ReservationsPage::setScopeBar(QWidget* bar)
{
    m_toolbar->insertWidget(0, bar);
}

} // namespace sfdesk
