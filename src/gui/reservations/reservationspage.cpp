// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/reservationspage.h"

#include "common/clitime.h"
#include "common/constvalue.h"
#include "common/money.h"
#include "common/schedule.h"
#include "core/market/marketbackend.h"
#include "core/market/planmath.h"
#include "core/market/plannerconversion.h"
#include "core/models/format.h"
#include "core/settings/settings.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/marketview.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/plannertime.h"
#include "gui/reservations/windowsearchdialog.h"

#include <QAction>
#include <QButtonGroup>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
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
    auto* findAction = new QAction(findButton->icon(), findButton->text(), this);
    findAction->setObjectName(u"plannerFindWindowAction"_s);
    findAction->setShortcut(QKeySequence::Find);
    findAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(findAction);
    connect(findAction, &QAction::triggered, findButton, &QPushButton::click);
    second->addWidget(findButton);
    second->addWidget(exportButton);
    m_countdowns->setObjectName(u"plannerCountdowns"_s);
    m_countdowns->setWordWrap(true);
    m_countdowns->setTextFormat(Qt::PlainText);

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
    layout->addWidget(splitter, 1);

    buildMenu(findAction, exportButton);

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
        m_quoteDebounce->start();
        m_marketDebounce->start();
    });
    connect(m_panel, &OrderPanel::placeRequested, this, &ReservationsPage::placeOrder);
    connect(m_chart, &PlannerChart::activated, m_panel, &OrderPanel::placeIfReady);
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
                [this](const QString& sku, qint64, qint64, const QList<HourQuote>& quotes) {
                    if (sku != m_panel->currentSku())
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
        if (!order.isOpen() || order.end <= now || shown == 5)
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
    updateCountdowns();
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
    dialog->open();
}

void ReservationsPage::requestQuotes()
{
    if (!m_backend || m_panel->currentSku().isEmpty())
        return;
    m_backend->requestQuotes(m_panel->currentSku(), m_chart->visibleFrom(), m_chart->visibleTo());
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
    m_panel->setPlacing(true);
    m_confirmer(this, m_panel->confirmationText(request), [this, request](bool confirmed) {
        if (confirmed)
            placeConfirmed(request);
        else
            m_panel->setPlacing(false);
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

void ReservationsPage::buildMenu(QAction* findAction, QPushButton* exportButton)
{
    // A direct child marked so: the main window shows it in the menu bar while the page is current.
    auto* menu = new QMenu(tr("&Reservations"), this);
    menu->setObjectName(u"reservationsMenu"_s);
    menu->setProperty("sectionMenu", true);
    menu->addAction(findAction);
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
