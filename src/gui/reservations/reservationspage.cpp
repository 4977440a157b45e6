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

namespace {

constexpr qint64 Hour = 3600;
constexpr qint64 Day = 24 * Hour;

void askToConfirm(QWidget* parent, const QString& text, ConfirmDialog::Answer answer)
{
    ConfirmDialog::askYes(parent, ReservationsPage::tr("Place order"), text, QMessageBox::Cancel,
                          std::move(answer));
}

} // namespace

ReservationsPage::ReservationsPage(MarketBackend* backend, QWidget* parent)
    : QWidget(parent)
    , m_backend(backend)
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

    // The pool's procurements, each with its status line; the procurement actions work on the
    // current one (Enter edits, Delete deletes, the context menu has them all).
    m_procurementList->setObjectName(u"plannerProcurements"_s);
    m_procurementList->setAccessibleName(tr("Procurements of the pool"));
    m_procurementList->setAccessibleDescription(
        tr("Each procurement keeps a target node count of a SKU over a rolling window. Enter edits it, "
           "Delete deletes it, the context menu has every action."));
    m_procurementList->setRootIsDecorated(false);
    m_procurementList->setUniformRowHeights(true);
    m_procurementList->setHeaderLabels(
        {tr("Procurement"), tr("Keeps"), tr("Buys at most"), tr("Sells at least"), tr("Status")});
    m_procurementList->header()->setStretchLastSection(true);
    m_procurementList->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_procurementList->setContextMenuPolicy(Qt::CustomContextMenu);
    m_procurementList->setMaximumHeight(110);
    m_procurementList->hide();

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
    m_menu->addSeparator();
    const std::pair<QAction*, const char*> procurementActions[] = {
        {m_keep, "plannerKeepAction"},
        {m_editProcurement, "plannerEditProcurement"},
        {m_toggleProcurement, "plannerToggleProcurement"},
        {m_deleteProcurement, "plannerDeleteProcurement"},
        {m_copyProcurement, "plannerCopyProcurement"},
    };
    for (const auto& [action, name] : procurementActions) {
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        m_menu->addAction(action);
    }
    m_keep->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_editProcurement->setShortcut(QKeySequence(Qt::Key_F2));
    m_toggleProcurement->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_deleteProcurement->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Delete));
    connect(m_keep, &QAction::triggered, this, &ReservationsPage::keepFromSelection);
    connect(m_editProcurement, &QAction::triggered, this, &ReservationsPage::editProcurement);
    connect(m_toggleProcurement, &QAction::triggered, this, &ReservationsPage::toggleProcurement);
    connect(m_deleteProcurement, &QAction::triggered, this, &ReservationsPage::deleteProcurement);
    connect(m_copyProcurement, &QAction::triggered, this, &ReservationsPage::copyProcurementCommand);
    connect(m_procurementList, &QTreeWidget::itemActivated, this, &ReservationsPage::editProcurement);
    connect(m_procurementList, &QTreeWidget::currentItemChanged, this,
            &ReservationsPage::updateProcurementActions);
    connect(m_procurementList, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QTreeWidgetItem* item = m_procurementList->itemAt(pos);
        showChartMenu(m_procurementList->viewport()->mapToGlobal(pos),
                      item ? item->data(0, Qt::UserRole).toString() : QString());
    });
    // Delete in the list deletes the current procurement (Ctrl+Delete anywhere on the page).
    auto* deleteKey = new QAction(this);
    deleteKey->setShortcut(QKeySequence::Delete);
    deleteKey->setShortcutContext(Qt::WidgetShortcut);
    m_procurementList->addAction(deleteKey);
    connect(deleteKey, &QAction::triggered, this, &ReservationsPage::deleteProcurement);

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
                    // Only the answer to the latest question: an older one is for another window.
                    if (m_idlePricing && sku == m_idlePricing->sku && start == m_idlePricing->start
                        && end == m_idlePricing->end) {
                        const IdleCapacity::Block block = *m_idlePricing;
                        m_idlePricing.reset();
                        const auto rate =
                            MarketDepth::fillingBid(MarketDepth::ladder(depth, sku, {}), block.nodes);
                        if (rate && m_panel->isSell() && m_panel->currentSku() == block.sku) {
                            // On the API's price grid; down, so that the bid still takes it.
                            m_panel->setLimit(Money::formatRate(Money::roundDownToMinutePrecision(*rate)));
                            m_panel->showStatus(
                                tr("Priced at the bid that takes all %n node(s); check and place it.",
                                   nullptr, int(block.nodes)),
                                false);
                        } else if (!rate) {
                            m_panel->showStatus(
                                tr("The book's bids do not take %n node(s) for this window: set "
                                   "a price yourself.",
                                   nullptr, int(block.nodes)),
                                true);
                        }
                    }
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

ReservationsPage::~ReservationsPage()
{
    if (m_backend && m_watching)
        m_backend->unwatch();
}

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

SpendGuard::Limits ReservationsPage::spendLimits() const
{
    if (!m_settings || !m_profile)
        return {};
    return SpendGuard::savedLimits(*m_settings, m_profile().id);
}

std::optional<SpendGuard::Decision> ReservationsPage::checkSpend(const OrderRequest& request)
{
    const SpendGuard::Limits limits = spendLimits();
    // A cap counts the day's orders: not knowing them yet is no reason to let an order through.
    if (limits.dailyBuyCap && request.side == u"buy" && !m_backend->ordersKnown()) {
        m_panel->showStatus(tr("Not placed: today's orders are still being read to check your daily buy cap. "
                               "Place it again in a moment."),
                            true);
        return std::nullopt;
    }
    const SpendGuard::Decision decision =
        SpendGuard::decide(request, limits, m_backend->orders(), m_backend->now());
    if (decision.verdict == SpendGuard::Verdict::Refuse) {
        showCapRefusal(decision, *limits.dailyBuyCap);
        return std::nullopt;
    }
    return decision;
}

void ReservationsPage::showCapRefusal(const SpendGuard::Decision& decision, qint64 cap)
{
    m_panel->showStatus(
        tr("Not placed: it would take today's buys past your daily buy cap of %1.").arg(Format::money(cap)),
        true);
    auto* box = new QMessageBox(
        QMessageBox::Warning, tr("Daily buy cap"),
        tr("This order was not placed: it would take today's buys past your daily buy cap of %1.\n\n"
           "Bought today: %2\nThis order at its limit: %3\nTogether: %4\n\n"
           "Change the cap to place it, or place a smaller order.")
            .arg(Format::money(cap), Format::money(decision.boughtToday), Format::money(decision.total),
                 Format::money(decision.together)),
        QMessageBox::NoButton, this);
    box->setObjectName(u"spendCapRefusal"_s);
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* change = box->addButton(tr("Change &Cap…"), QMessageBox::ActionRole);
    change->setObjectName(u"spendCapChange"_s);
    change->setIcon(m_spendGuard->icon());
    box->addButton(QMessageBox::Close);
    box->setDefaultButton(QMessageBox::Close);
    connect(change, &QPushButton::clicked, this, [this] { openSpendGuard(true); });
    box->open();
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
                watch.earliestStart = offer.start;
                watch.latestStart = offer.start;
                watch.maxRateMicros =
                    Money::roundDownToMinutePrecision(offer.rateMicros() - offer.rateMicros() / 10);
                watch.expiresAt = offer.start;
                openWatchDialog(watch);
            });
    dialog->open();
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
    const qint64 start = selection ? selection->start : Schedule::floorHour(now) + Hour;
    const qint64 end = selection ? selection->end : start + Day;
    PriceWatch watch;
    watch.sku = m_panel->currentSku();
    watch.nodes = std::max(1, m_panel->nodes());
    watch.duration = std::max<qint64>(Hour, (end - start + Hour - 1) / Hour * Hour);
    watch.earliestStart = start;
    watch.latestStart = start;
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
    const qint64 start = watch.fired ? watch.fired->start : watch.earliestStart;
    const qint64 end = watch.fired ? watch.fired->end : watch.earliestStart + watch.duration;
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
    const qint64 nextHour = Schedule::floorHour(now) + Hour;
    return {TimeAxis::Window{nextHour, nextHour + Day}, false};
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
    m_backend->requestFills(sku, m_backend->now() - MarketView::FillsDays * Day);
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
    // An attempt whose answer was lost (perhaps before a restart) placed this very order: show it
    // instead of placing it again.
    if (const auto earlier = m_backend->takePlacedEarlier(request)) {
        m_panel->showStatus(tr("Order %1 placed by an earlier attempt whose answer was lost: %2. Placing "
                               "it again is another order.")
                                .arg(earlier->id, earlier->statusText),
                            false);
        return;
    }
    const auto spend = checkSpend(request);
    if (!spend)
        return;
    m_panel->setPlacing(true);
    m_confirmer(this, m_panel->confirmationText(request), [this, request, spend = *spend](bool confirmed) {
        if (!confirmed) {
            m_panel->setPlacing(false);
            return;
        }
        if (spend.verdict != SpendGuard::Verdict::AskAgain) {
            placeConfirmed(request);
            return;
        }
        // Above the connection's threshold: asked once more, the total in a sentence of its own.
        const auto threshold = spendLimits().confirmAbove;
        if (!threshold || spend.total <= *threshold) {
            placeConfirmed(request);
            return;
        }
        m_confirmer(this,
                    tr("This order costs %1 at its limit — more than your confirmation threshold of %2. "
                       "Place it?")
                        .arg(Format::money(spend.total), Format::money(*threshold)),
                    [this, request](bool sure) {
                        if (sure)
                            placeConfirmed(request);
                        else
                            m_panel->setPlacing(false);
                    });
    });
}

void ReservationsPage::placeConfirmed(const OrderRequest& request)
{
    // The page moved on while the question was open (the connection, the pool, the hour): what was
    // confirmed is not what it shows now.
    if (const auto shown = m_panel->request(); !m_backend || !shown || *shown != request) {
        m_panel->setPlacing(false);
        m_panel->showStatus(tr("Not placed: the order changed while the question was open. Check it and "
                               "place it again."),
                            true);
        return;
    }
    // What was bought while the question was open counts too.
    if (!checkSpend(request)) {
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
            if (m_backend && m_backend->placeOutcomeUnknown(request)) {
                // The promise holds past a restart only while the record of the attempt is saved.
                const QString notKept = m_backend->unknownOutcomesNotKept();
                m_panel->showStatus(
                    notKept.isEmpty()
                        ? tr("The order may or may not have been placed. %1 Place the same order again "
                             "to find out; it will not be placed twice.")
                              .arg(message)
                        : tr("The order may or may not have been placed. %1 Place the same order again "
                             "before closing sfdesk to find out; until then it will not be placed twice. "
                             "%2")
                              .arg(message, notKept),
                    true);
            } else
                m_panel->showStatus(tr("The order was not placed. %1").arg(message), true);
        });
}

void ReservationsPage::selectSellWindow(bool lastDayOnly)
{
    const QString sku = m_panel->currentSku();
    const qint64 now = m_snapshot.now;
    const std::optional<qint64> lastEnd = m_snapshot.ownedBySku.value(sku).lastEnd();
    // What is sold starts at the next whole hour: the hour under way is already being used.
    const qint64 start = Schedule::ceilTo(now, Hour);
    if (!lastEnd || *lastEnd <= start) {
        m_panel->showStatus(tr("The pool owns nothing of this SKU from now on."), true);
        return;
    }
    const qint64 end = *lastEnd;
    // The last 24 hours exactly, even when the end is not on an hour.
    const qint64 from = lastDayOnly ? std::max(start, end - Day) : start;
    m_chart->setSelection(TimeAxis::Window{from, end});
    m_panel->setNodes(int(std::max<qint64>(1, PlanMath::sellableNodes(m_snapshot, sku, from, end))));
}

void ReservationsPage::extend()
{
    if (!m_backend || m_panel->isPlacing())
        return;
    const QString sku = m_panel->currentSku();
    const qint64 length = m_panel->windowLength() > 0 ? m_panel->windowLength() : Day;
    const auto window = PlanMath::extension(m_snapshot, sku, length);
    if (!window || window->nodeCount <= 0) {
        m_panel->showStatus(tr("The pool owns nothing of this SKU from now on to extend."), true);
        return;
    }
    const qint64 start = window->startAt;
    const qint64 end = window->endAt.value_or(start + length);
    m_panel->setSell(false);
    m_panel->setNodes(int(window->nodeCount));
    m_chart->setSelection(TimeAxis::Window{start, end});
    // setSelection leaves the window as it was when it is already selected.
    m_panel->setWindow(start, end);
    // A limit in the field was chosen for another window: the market is asked for this one's.
    m_panel->setLimit(QString());
    QString why;
    auto request = m_panel->request(&why);
    if (!request) {
        m_panel->showStatus(why, true);
        return;
    }
    m_panel->showStatus(tr("Asking the market for the rate…"), false);
    m_backend->preview(
        *request, this,
        [this, request = *request](const OrderPreview& preview) {
            const auto rate = Money::parseRate(preview.postOrderBody.limitPrice);
            // The answer is for the extension as it was asked for; the panel may have moved on.
            const auto shown = m_panel->request();
            if (!shown || shown->startAt != request.startAt || shown->endAt != request.endAt
                || shown->nodeCount != request.nodeCount || shown->sku != request.sku)
                return;
            if (!preview.quoted || !rate) {
                m_panel->showStatus(tr("The market has no rate for this window; set a limit and place it."),
                                    true);
                return;
            }
            // The market's price, rounded up to a rate's precision so that the order still fills.
            m_panel->setProposedLimit(Format::rateInput(*rate, Format::Rounding::Up));
            if (const auto withLimit = m_panel->request(); withLimit && !withLimit->limitPrice.isEmpty())
                placeOrder(*withLimit);
        },
        [this, request = *request](const QString& message) {
            m_panel->showPreviewError(request, message);
            m_panel->showStatus(tr("No rate for the extension: %1").arg(message), true);
        });
}

bool ReservationsPage::exportChart(const QString& fileName, QString* error) const
{
    return m_chart->exportPng(fileName, error);
}

void ReservationsPage::exportWithDialog()
{
    FileDialogs::toSave(
        this, u"plannerExportDialog"_s, tr("Export chart"), u"planner.png"_s, tr("PNG images (*.png)"),
        [this](const QString& file) {
            QString error;
            if (exportChart(file, &error))
                return;
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Export chart"),
                                        tr("Could not write %1: %2").arg(file, error), QMessageBox::Ok, this);
            box->setObjectName(u"plannerExportErrorBox"_s);
            box->setTextFormat(Qt::PlainText);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        })
        ->open();
}

void ReservationsPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_backend && !m_watching) {
        m_watching = true;
        m_backend->watch();
    }
    m_countdownTimer->start();
    updateCountdowns();
    // Asked for at once: the charts say what they are reading rather than what they last showed.
    if (m_marketStale)
        requestMarket();
}

void ReservationsPage::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    if (m_backend && m_watching) {
        m_watching = false;
        m_backend->unwatch();
    }
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

QString ReservationsPage::procurementStatus(const PlannerProcurement& procurement) const
{
    const qint64 now = m_snapshot.now;
    const QList<HourQuote> quotes = procurement.sku == m_quotesSku ? m_quotes : QList<HourQuote>();
    const ProcurementCheck::Standing check =
        ProcurementCheck::evaluate(procurement, m_snapshot.ownedBySku.value(procurement.sku), now, quotes);
    const QString window = ProcurementModel::windowText(procurement.window / 60);
    switch (check.kind) {
    case ProcurementCheck::Standing::Kind::Disabled:
        return tr("Disabled: it places no orders.");
    case ProcurementCheck::Standing::Kind::OnTarget:
        return tr("On target: %n node(s) over the next %1.", nullptr, int(procurement.target)).arg(window);
    case ProcurementCheck::Standing::Kind::Over:
        return tr("Over target: %1 of %2 nodes at %3; it sells the rest at %4 or more.")
            .arg(check.owned)
            .arg(procurement.target)
            .arg(PlannerTime::format(check.at, m_utc), Format::rate(procurement.minSellMicros));
    case ProcurementCheck::Standing::Kind::Short:
        break;
    }
    const QString start = tr("Short of target: %1 of %2 nodes at %3")
                              .arg(check.owned)
                              .arg(procurement.target)
                              .arg(PlannerTime::format(check.at, m_utc));
    if (check.capUnderAsk())
        return tr("%1; the price cap, %2, is under the best ask, %3.")
            .arg(start, Format::rate(procurement.maxBuyMicros), Format::rate(*check.bestAsk));
    if (check.quoteKnown && !check.bestAsk)
        return tr("%1; nothing is offered then.").arg(start);
    if (check.quoteKnown)
        return tr("%1; buying at up to %2.").arg(start, Format::rate(procurement.maxBuyMicros));
    // Without the market's prices for that hour, the server's word for why.
    return procurement.statusMessage.isEmpty() ? start + u'.'
                                               : tr("%1. %2").arg(start, procurement.statusMessage);
}

void ReservationsPage::updateProcurementList()
{
    const QString current = currentProcurement() ? currentProcurement()->id : QString();
    QSignalBlocker blocker(m_procurementList);
    m_procurementList->clear();
    for (const PlannerProcurement& procurement : std::as_const(m_snapshot.procurements)) {
        auto* item = new QTreeWidgetItem(m_procurementList);
        item->setData(0, Qt::UserRole, procurement.id);
        item->setText(0, procurement.name);
        item->setText(
            1, tr("%1 × %2 over %3")
                   .arg(procurement.target)
                   .arg(skuName(procurement.sku), ProcurementModel::windowText(procurement.window / 60)));
        item->setText(2, Format::rate(procurement.maxBuyMicros));
        item->setText(3, Format::rate(procurement.minSellMicros));
        const QString status = procurementStatus(procurement);
        item->setText(4, status);
        // The line may quote the server.
        item->setToolTip(4, PlainText::toolTip(status));
        if (procurement.id == current)
            m_procurementList->setCurrentItem(item);
    }
    if (!m_procurementList->currentItem() && m_procurementList->topLevelItemCount() > 0)
        m_procurementList->setCurrentItem(m_procurementList->topLevelItem(0));
    m_procurementList->setVisible(m_procurementList->topLevelItemCount() > 0);
    blocker.unblock();
    updateProcurementActions();
}

std::optional<Procurement> ReservationsPage::currentProcurement() const
{
    const QTreeWidgetItem* item = m_procurementList->currentItem();
    if (!item || !m_backend)
        return std::nullopt;
    const QString id = item->data(0, Qt::UserRole).toString();
    for (const Procurement& procurement : constValue(m_backend->procurements())) {
        if (procurement.id == id)
            return procurement;
    }
    return std::nullopt;
}

void ReservationsPage::selectProcurement(const QString& id)
{
    for (int i = 0; i < m_procurementList->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_procurementList->topLevelItem(i);
        if (item->data(0, Qt::UserRole).toString() == id)
            m_procurementList->setCurrentItem(item);
    }
}

void ReservationsPage::updateProcurementActions()
{
    const auto current = currentProcurement();
    m_keep->setEnabled(m_backend && !currentPool().isEmpty());
    for (QAction* action : {m_editProcurement, m_toggleProcurement, m_deleteProcurement, m_copyProcurement})
        action->setEnabled(current.has_value());
    const bool disabled = current && !current->enabled;
    m_toggleProcurement->setText(disabled ? tr("Ena&ble Procurement") : tr("Disa&ble Procurement"));
    m_toggleProcurement->setIcon(ThemeIcons::icon(disabled ? QStringLiteral("media-playback-start")
                                                           : QStringLiteral("media-playback-pause")));
}

void ReservationsPage::keepFromSelection()
{
    const QString sku = m_panel->currentSku();
    if (!m_backend || currentPool().isEmpty() || sku.isEmpty())
        return;
    // The selection's end says how far ahead; without one, the next day.
    const qint64 now = m_backend->now();
    const qint64 until = m_chart->selection() ? m_chart->selection()->end : now + Day;
    keepNodes(sku, std::max(1, m_panel->nodes()), until);
}

void ReservationsPage::keepNodes(const QString& sku, qint64 nodes, qint64 until, qint64 rate)
{
    const auto pool = m_backend ? m_backend->pool(currentPool()) : std::nullopt;
    if (!pool)
        return;
    const qint64 now = m_backend->now();
    ProcurementRequest initial;
    initial.pool = pool->id;
    initial.sku = sku;
    initial.target = nodes;
    initial.windowMinutes = std::max<qint64>(60, (until - now + 59) / 60);
    // The best ask the chart shows over the window, for the hint and a cap above it.
    std::optional<qint64> highestAsk;
    if (sku == m_quotesSku) {
        for (const HourQuote& quote : std::as_const(m_quotes)) {
            if (quote.hourStart + Hour > now && quote.hourStart < until && quote.bestAsk)
                highestAsk = std::max(highestAsk.value_or(0), *quote.bestAsk);
        }
    }
    if (rate <= 0)
        rate = Money::parseRate(m_panel->limitText()).value_or(0);
    // A cap a tenth above the dearest hour, so that it buys through the window.
    if (rate <= 0 && highestAsk)
        rate = *highestAsk + *highestAsk / 10;
    if (rate > 0) {
        initial.maxBuyPrice = Money::formatRate(Money::roundUpToMinutePrecision(rate));
        // Selling back only well above what it pays.
        initial.minSellPrice = Money::formatRate(Money::roundUpToMinutePrecision(rate * 2));
    }
    auto* dialog = new ProcurementDialog(m_backend, pool->id, pool->name, skuChoices(), initial, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (highestAsk)
        dialog->setMarketHint(tr("The best ask over the next %1 is %2 at most (the chart's prices).")
                                  .arg(CliTime::formatDuration(until - now), Format::rate(*highestAsk)));
    else
        dialog->setMarketHint(tr("It keeps the target from now on, over a window that rolls forward."));
    connect(dialog, &ProcurementDialog::saved, this, [this](const Procurement& made) {
        selectProcurement(made.id);
        m_message->setText(tr("Procurement %1 keeps %n node(s) of %2.", nullptr, int(made.target))
                               .arg(made.name, skuName(made.sku.id)));
    });
    dialog->open();
}

void ReservationsPage::editProcurement()
{
    const auto current = currentProcurement();
    if (!current || !m_backend)
        return;
    auto* dialog = new ProcurementDialog(m_backend, *current, skuChoices(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ProcurementDialog::saved, this, [this](const Procurement& saved) {
        selectProcurement(saved.id);
        m_message->setText(tr("Procurement %1 saved.").arg(saved.name));
    });
    dialog->open();
}

void ReservationsPage::toggleProcurement()
{
    const auto current = currentProcurement();
    if (!current || !m_backend)
        return;
    ProcurementChange change;
    change.enabled = !current->enabled;
    const QString name = current->name;
    m_backend->updateProcurement(
        current->id, change, this,
        [this](const Procurement& changed) {
            m_message->setText(changed.enabled ? tr("Procurement %1 runs again.").arg(changed.name)
                                               : tr("Procurement %1 is disabled: its standing orders "
                                                    "are cancelled.")
                                                     .arg(changed.name));
        },
        [this, name](const QString& message) {
            m_message->setText(tr("Procurement %1 was not changed: %2").arg(name, message));
        });
}

void ReservationsPage::deleteProcurement()
{
    const auto current = currentProcurement();
    if (!current || !m_backend)
        return;
    const Procurement& target = *current;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Delete Procurement"),
                                tr("Delete procurement \"%1\"? It stops buying and selling, and its standing "
                                   "orders are cancelled; what it bought stays in the pool.")
                                    .arg(target.name),
                                QMessageBox::NoButton, this);
    box->setObjectName(u"deleteProcurementBox"_s);
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* yes = box->addButton(tr("&Delete Procurement"), QMessageBox::DestructiveRole);
    yes->setObjectName(u"deleteProcurementConfirm"_s);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::buttonClicked, this, [this, yes, target](QAbstractButton* clicked) {
        if (clicked != yes || !m_backend)
            return;
        m_backend->deleteProcurement(
            target.id, this,
            [this, target] { m_message->setText(tr("Procurement %1 deleted.").arg(target.name)); },
            [this, target](const QString& message) {
                m_message->setText(tr("Procurement %1 was not deleted: %2").arg(target.name, message));
            });
    });
    box->open();
}

void ReservationsPage::copyProcurementCommand()
{
    const auto current = currentProcurement();
    if (!current)
        return;
    SfCommand::ProcurementCreate create;
    create.name = current->name;
    create.pool = current->pool.name.isEmpty() ? current->pool.id : current->pool.name;
    create.sku = current->sku.id;
    create.target = current->target;
    create.maxBuyPrice = Money::formatRate(current->maxBuyPrice.micros);
    create.minSellPrice = Money::formatRate(current->minSellPrice.micros);
    create.windowMinutes = current->windowMinutes;
    CopyActions::copy(SfCommand::procurementCreate(create));
    m_message->setText(tr("Copied the sf command that creates procurement %1.").arg(current->name));
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
