// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/orderpanel.h"

#include "common/clitime.h"
#include "common/money.h"
#include "core/models/format.h"
#include "core/util/plaintext.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/plannertime.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Hour = 3600;

QString unavailableText(const QString& reason)
{
    if (reason == u"no_availability")
        return OrderPanel::tr("No availability for this window.");
    if (reason == u"no_matching_instance_skus")
        return OrderPanel::tr("No SKU matches this order.");
    return reason.isEmpty() ? OrderPanel::tr("The market gave no reason.") : reason;
}

// A rate as typed: "3" is read as "3.0" (the API's form needs the decimal point).
std::optional<qint64> parseTypedRate(const QString& text, QString* error = nullptr)
{
    return Money::parseRate(text.contains(u'.') ? text : text + u".0"_s, error);
}

} // namespace

OrderPanel::OrderPanel(QWidget* parent)
    : QWidget(parent)
    , m_side(new QComboBox(this))
    , m_start(new QLineEdit(this))
    , m_end(new QLineEdit(this))
    , m_duration(PlainText::label(this))
    , m_nodes(new QSpinBox(this))
    , m_sku(new QComboBox(this))
    , m_limit(new QLineEdit(this))
    , m_standing(new QCheckBox(tr("Standing (rest on the book until filled)"), this))
    , m_partial(new QCheckBox(tr("Allow partial fills"), this))
    , m_owned(PlainText::label(this))
    , m_previewLabel(new QLabel(this))
    , m_status(new QLabel(this))
    , m_quote(new QPushButton(ThemeIcons::icon(QStringLiteral("accessories-calculator")), tr("&Quote"), this))
    , m_place(new QPushButton(ThemeIcons::icon(QStringLiteral("document-send")), tr("&Place order…"), this))
    , m_copyCommand(
          new QPushButton(ThemeIcons::icon(QStringLiteral("edit-copy")), tr("Cop&y as sf Command"), this))
    , m_sellLastDay(
          new QPushButton(ThemeIcons::icon(QStringLiteral("view-calendar-day")), tr("Last day"), this))
    , m_sellWholeFuture(
          new QPushButton(ThemeIcons::icon(QStringLiteral("edit-select-all")), tr("All from now"), this))
    , m_extend(new QPushButton(ThemeIcons::icon(QStringLiteral("go-last")), tr("E&xtend…"), this))
    , m_debounce(new QTimer(this))
{
    setObjectName(u"orderPanel"_s);
    m_side->setObjectName(u"orderSide"_s);
    m_start->setObjectName(u"orderStart"_s);
    m_end->setObjectName(u"orderEnd"_s);
    m_duration->setObjectName(u"orderDuration"_s);
    m_nodes->setObjectName(u"orderNodes"_s);
    m_sku->setObjectName(u"orderSku"_s);
    m_limit->setObjectName(u"orderLimit"_s);
    m_standing->setObjectName(u"orderStanding"_s);
    m_partial->setObjectName(u"orderPartial"_s);
    m_owned->setObjectName(u"orderSellable"_s);
    m_previewLabel->setObjectName(u"orderPreview"_s);
    m_status->setObjectName(u"orderStatus"_s);
    // Both quote the server: plain text, never markup or a link.
    m_previewLabel->setTextFormat(Qt::PlainText);
    m_status->setTextFormat(Qt::PlainText);
    m_quote->setObjectName(u"orderQuote"_s);
    m_place->setObjectName(u"orderPlace"_s);
    m_copyCommand->setObjectName(u"orderCopyCommand"_s);
    m_copyCommand->setToolTip(tr("Copy the sf orders create command that places this order"));
    m_sellLastDay->setObjectName(u"sellLastDay"_s);
    m_sellWholeFuture->setObjectName(u"sellWholeFuture"_s);
    m_extend->setObjectName(u"orderExtend"_s);
    m_extend->setToolTip(tr("Buy the same SKU and node count for the window right after what the pool "
                            "owns: as long as the chosen window, or a day"));

    m_side->addItem(tr("Buy"), u"buy"_s);
    m_side->addItem(tr("Sell"), u"sell"_s);
    // Typed as the sf command line takes times; blank until a window is chosen.
    m_start->setPlaceholderText(tr("e.g. now, in 3d, oct 12 14:00"));
    m_end->setPlaceholderText(tr("e.g. in 5d, oct 14 14:00"));
    m_start->setAccessibleName(tr("Start"));
    m_end->setAccessibleName(tr("End"));
    m_start->setToolTip(tr("now, in 6h, in 3d, oct 12 14:00, 2026-10-12 14:00 or ISO 8601; Enter applies"));
    m_end->setToolTip(m_start->toolTip());
    m_nodes->setRange(1, 10000);
    m_nodes->setValue(1);
    m_limit->setPlaceholderText(tr("dollars per node-hour, e.g. 2.50"));
    m_limit->setClearButtonEnabled(true);
    for (QLabel* label : {m_duration, m_owned, m_previewLabel, m_status}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_previewLabel->setMinimumHeight(3 * fontMetrics().height());
    m_previewLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto* form = new QFormLayout;
    form->addRow(tr("Side:"), m_side);
    form->addRow(tr("Start:"), m_start);
    form->addRow(tr("End:"), m_end);
    form->addRow(tr("Duration:"), m_duration);
    form->addRow(tr("Nodes:"), m_nodes);
    form->addRow(tr("SKU:"), m_sku);
    form->addRow(tr("Limit:"), m_limit);
    auto* sellRow = new QHBoxLayout;
    sellRow->addWidget(m_sellLastDay);
    sellRow->addWidget(m_sellWholeFuture);
    form->addRow(tr("Sell window:"), sellRow);
    form->addRow(tr("Owned:"), m_extend);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_quote);
    buttons->addStretch();
    buttons->addWidget(m_place);
    // A row of its own: beside Quote and Place it widened the panel past a 1,024 px screen.
    auto* copyRow = new QHBoxLayout;
    copyRow->addStretch();
    copyRow->addWidget(m_copyCommand);

    auto* layout = new QVBoxLayout(this);
    auto* hint = new QLabel(tr("Drag across the chart or type Start and End to choose a window. On the "
                               "chart, the arrow keys move the selection by an hour, Shift with them "
                               "resizes it, Page Up and Page Down move it by a day, Enter places it."),
                            this);
    hint->setWordWrap(true);
    layout->addWidget(hint);
    layout->addLayout(form);
    layout->addWidget(m_standing);
    layout->addWidget(m_partial);
    layout->addWidget(m_owned);
    auto* previewTitle = new QLabel(tr("<b>Preview</b>"), this);
    layout->addWidget(previewTitle);
    layout->addWidget(m_previewLabel);
    layout->addLayout(buttons);
    layout->addLayout(copyRow);
    layout->addWidget(m_status);
    layout->addStretch();

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(PreviewDelayMs);
    connect(m_debounce, &QTimer::timeout, this, &OrderPanel::requestPreviewNow);

    connect(m_side, &QComboBox::currentIndexChanged, this, [this] {
        const bool sell = isSell();
        // Selling: standing and partial by default, so a slice finds buyers over time.
        m_standing->setChecked(sell);
        m_partial->setChecked(sell);
        m_limit->setPlaceholderText(sell ? tr("minimum dollars per node-hour")
                                         : tr("dollars per node-hour, e.g. 2.50"));
        Q_EMIT sideChanged(sell);
        inputChanged();
    });
    connect(m_start, &QLineEdit::editingFinished, this, [this] { timeEdited(true); });
    connect(m_end, &QLineEdit::editingFinished, this, [this] { timeEdited(false); });
    connect(m_nodes, &QSpinBox::valueChanged, this, [this](int value) {
        Q_EMIT nodesChanged(value);
        inputChanged();
    });
    connect(m_sku, &QComboBox::currentIndexChanged, this, [this] {
        Q_EMIT skuChanged(currentSku());
        inputChanged();
    });
    connect(m_limit, &QLineEdit::textChanged, this, &OrderPanel::updateValidity);
    connect(m_standing, &QCheckBox::toggled, this, &OrderPanel::updateValidity);
    connect(m_partial, &QCheckBox::toggled, this, &OrderPanel::updateValidity);
    connect(m_quote, &QPushButton::clicked, this, &OrderPanel::requestPreviewNow);
    connect(m_copyCommand, &QPushButton::clicked, this, [this] {
        if (const auto order = request())
            Q_EMIT copyCommandRequested(*order);
    });
    connect(m_place, &QPushButton::clicked, this, [this] {
        if (const auto order = request())
            Q_EMIT placeRequested(*order);
    });
    connect(m_sellLastDay, &QPushButton::clicked, this, &OrderPanel::sellLastDayRequested);
    connect(m_sellWholeFuture, &QPushButton::clicked, this, &OrderPanel::sellWholeFutureRequested);
    connect(m_extend, &QPushButton::clicked, this, &OrderPanel::extendRequested);

    clearWindow();
}

OrderPanel::~OrderPanel() = default;

void OrderPanel::setPool(const QString& poolId)
{
    // A refresh that keeps the pool keeps the preview too.
    if (m_pool == poolId)
        return;
    m_pool = poolId;
    inputChanged();
}

void OrderPanel::setSkus(const QList<std::pair<QString, QString>>& idsAndNames)
{
    const QString current = currentSku();
    QSignalBlocker blocker(m_sku);
    m_sku->clear();
    for (const auto& [id, name] : idsAndNames)
        m_sku->addItem(name, id);
    const int index = m_sku->findData(current);
    m_sku->setCurrentIndex(index >= 0 ? index : 0);
    blocker.unblock();
    if (currentSku() != current) {
        Q_EMIT skuChanged(currentSku());
        inputChanged();
    }
}

void OrderPanel::setSellableProvider(SellableProvider provider)
{
    m_sellable = std::move(provider);
    updateValidity();
}

void OrderPanel::setNow(qint64 now)
{
    m_now = now;
    updateValidity();
}

void OrderPanel::setSell(bool sell)
{
    m_side->setCurrentIndex(sell ? 1 : 0);
}

bool OrderPanel::isSell() const
{
    return m_side->currentData().toString() == u"sell";
}

void OrderPanel::setWindow(qint64 start, qint64 end)
{
    m_windowStart = start;
    m_windowEnd = end;
    m_hasWindow = true;
    showWindowText();
    inputChanged();
}

void OrderPanel::clearWindow()
{
    m_hasWindow = false;
    m_windowStart = 0;
    m_windowEnd = 0;
    showWindowText();
    inputChanged();
}

std::optional<qint64> OrderPanel::windowStart() const
{
    return m_hasWindow ? std::optional(m_windowStart) : std::nullopt;
}

std::optional<qint64> OrderPanel::windowEnd() const
{
    return m_hasWindow ? std::optional(m_windowEnd) : std::nullopt;
}

void OrderPanel::showWindowText()
{
    m_start->setText(m_hasWindow ? PlannerTime::field(m_windowStart, m_utc) : QString());
    m_end->setText(m_hasWindow ? PlannerTime::field(m_windowEnd, m_utc) : QString());
}

void OrderPanel::timeEdited(bool start)
{
    QLineEdit* field = start ? m_start : m_end;
    const QString text = field->text().trimmed();
    const qint64 shownValue = start ? m_windowStart : m_windowEnd;
    if (text.isEmpty() || (m_hasWindow && text == PlannerTime::field(shownValue, m_utc)))
        return;
    const qint64 now = m_now != 0 ? m_now : QDateTime::currentSecsSinceEpoch();
    QString error;
    const auto parsed = CliTime::parseWindowTime(text, now, &error, m_utc);
    if (!parsed) {
        showStatus(error, true);
        return;
    }
    // As the sf command line rounds them: a start now means the next minute, a later one the
    // next hour; an end the next hour.
    qint64 newStart = m_windowStart;
    qint64 newEnd = m_windowEnd;
    const qint64 length = m_hasWindow ? m_windowEnd - m_windowStart : Hour;
    if (start) {
        newStart = CliTime::roundStart(*parsed, now);
        // The end stays unless the start passes it; then the window keeps its length.
        if (!m_hasWindow || newEnd <= newStart)
            newEnd = CliTime::roundEnd(newStart + length);
    } else {
        newEnd = CliTime::roundEnd(*parsed);
        if (!m_hasWindow)
            newStart = CliTime::roundStart(now, now);
        if (newEnd <= newStart) {
            showStatus(tr("The end must come after the start."), true);
            return;
        }
    }
    Q_EMIT windowEdited(newStart, newEnd);
    // Shown as read, whether or not the chart took it.
    if (m_windowStart != newStart || m_windowEnd != newEnd || !m_hasWindow)
        setWindow(newStart, newEnd);
    else
        showWindowText();
}

void OrderPanel::setUtc(bool utc)
{
    if (m_utc == utc)
        return;
    m_utc = utc;
    showWindowText();
}

void OrderPanel::placeIfReady()
{
    QString why;
    const auto order = request(&why);
    if (order && m_place->isEnabled()) {
        Q_EMIT placeRequested(*order);
        return;
    }
    showStatus(order ? m_place->toolTip() : why, true);
}

void OrderPanel::setNodes(int nodes)
{
    m_nodes->setValue(nodes);
}

void OrderPanel::setSku(const QString& sku)
{
    const int index = m_sku->findData(sku);
    if (index >= 0)
        m_sku->setCurrentIndex(index);
}

void OrderPanel::setLimit(const QString& dollarsPerNodeHour)
{
    m_proposedLimit.clear();
    m_limit->setText(dollarsPerNodeHour);
}

void OrderPanel::setProposedLimit(const QString& dollarsPerNodeHour)
{
    m_limit->setText(dollarsPerNodeHour);
    m_proposedLimit = dollarsPerNodeHour;
}

QString OrderPanel::currentSku() const
{
    return m_sku->currentData().toString();
}

QString OrderPanel::limitText() const
{
    return m_limit->text().trimmed();
}

int OrderPanel::nodes() const
{
    return m_nodes->value();
}

std::optional<OrderRequest> OrderPanel::request(QString* why) const
{
    const auto refuse = [why](const QString& reason) {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    if (m_pool.isEmpty())
        return refuse(tr("Choose a pool."));
    if (!m_hasWindow)
        return refuse(tr("Drag across the chart or type Start and End to choose a window."));
    if (currentSku().isEmpty())
        return refuse(tr("Choose a SKU."));
    OrderRequest order;
    order.pool = m_pool;
    order.side = isSell() ? u"sell"_s : u"buy"_s;
    order.sku = currentSku();
    order.startAt = m_windowStart;
    order.endAt = m_windowEnd;
    order.nodeCount = m_nodes->value();
    order.allowStanding = m_standing->isChecked();
    order.allowPartial = m_partial->isChecked();
    if (order.endAt <= order.startAt)
        return refuse(tr("The end must come after the start."));
    if (m_now != 0 && order.startAt < CliTime::snapStartToHour(m_now, m_now))
        return refuse(tr("The window starts in the past."));
    const QString limitText = m_limit->text().trimmed();
    if (!limitText.isEmpty()) {
        QString error;
        const auto rate = parseTypedRate(limitText, &error);
        if (!rate)
            return refuse(tr("Limit: %1").arg(error));
        // The limit in force: the server rounds what it is sent to per-minute precision, so the
        // confirmation shows it rounded, and what it shows is sent.
        order.limitPrice = Money::format(Money::roundToMinutePrecision(*rate));
    }
    return order;
}

void OrderPanel::inputChanged()
{
    // The market's price for another order is no limit for this one.
    if (!m_proposedLimit.isEmpty() && m_limit->text() == m_proposedLimit)
        m_limit->clear();
    m_proposedLimit.clear();
    const qint64 seconds = m_hasWindow ? m_windowEnd - m_windowStart : 0;
    m_duration->setText(
        m_hasWindow
            ? (seconds > 0 ? tr("%1 (%2 node-hours)")
                                 .arg(CliTime::formatDuration(seconds),
                                      QLocale().toString(double(seconds) * m_nodes->value() / 3600.0, 'f', 2))
                           : tr("empty"))
            : tr("none selected"));
    m_preview.reset();
    m_previewed.reset();
    m_previewLabel->clear();
    // Another order now: what placing the last one reported no longer applies.
    m_shownHint.clear();
    showStatus({}, false);
    updateValidity();
    if (request())
        m_debounce->start();
    else
        m_debounce->stop();
}

void OrderPanel::updateValidity()
{
    const bool sell = isSell();
    m_sellLastDay->setEnabled(sell);
    m_sellWholeFuture->setEnabled(sell);
    QString why;
    const auto order = request(&why);
    bool placeable = order.has_value();
    if (placeable && order->limitPrice.isEmpty()) {
        placeable = false;
        why = sell ? tr("Set the minimum rate to sell at.") : tr("Set the limit price to buy at.");
    }
    m_owned->clear();
    if (sell && order && m_sellable) {
        const qint64 sellable = m_sellable(order->sku, order->startAt, order->endAt);
        m_owned->setText(tr("The pool can sell at most %n node(s) of this SKU over the whole window.",
                            nullptr, int(sellable)));
        if (order->nodeCount > sellable) {
            placeable = false;
            why = tr("You cannot sell more than the pool owns (and has not listed) over this window.");
        }
    }
    m_place->setEnabled(placeable && !m_placing);
    m_extend->setEnabled(!m_pool.isEmpty() && !currentSku().isEmpty() && !m_placing);
    m_quote->setEnabled(order.has_value());
    m_copyCommand->setEnabled(order.has_value());
    m_place->setToolTip(PlainText::toolTip(placeable ? QString() : why));
    // Only a change of the reason touches the status line, so that what placing reported stays
    // until the user changes the order.
    const QString hint = placeable ? QString() : why;
    if (hint != m_shownHint) {
        m_shownHint = hint;
        showStatus(hint, order.has_value());
    }
}

void OrderPanel::setPlacing(bool placing)
{
    m_placing = placing;
    updateValidity();
}

void OrderPanel::requestPreviewNow()
{
    m_debounce->stop();
    const auto order = request();
    if (!order)
        return;
    m_previewed = order;
    m_previewLabel->setText(tr("Asking the market…"));
    Q_EMIT previewWanted(*order);
}

void OrderPanel::showPreview(const OrderRequest& forRequest, const OrderPreview& preview)
{
    if (!m_previewed || *m_previewed != forRequest)
        return;
    m_preview = preview;
    if (!preview.quoted) {
        m_previewLabel->setText(tr("Unavailable: %1").arg(unavailableText(preview.unavailableReason)));
        return;
    }
    const qint64 seconds = forRequest.endAt - forRequest.startAt;
    const qint64 nodeSeconds = qint64(forRequest.nodeCount) * seconds;
    const auto rate = Money::parseRate(preview.postOrderBody.limitPrice);
    if (!rate) {
        m_previewLabel->setText(tr("The market's estimate could not be read."));
        return;
    }
    const qint64 total = Money::totalForNodeSeconds(*rate, nodeSeconds);
    const qint64 fee = Money::fee(preview.feeFlatPerNodeHour ? preview.feeFlatPerNodeHour->micros : 0,
                                  preview.feePercentageBps, nodeSeconds, total);
    QStringList lines;
    lines << tr("Estimated rate: %1 per node-hour").arg(Format::rate(*rate));
    lines << tr("Total: %1").arg(Format::money(total));
    lines << tr("Fee: %1").arg(Format::money(fee));
    for (const MaintenanceNotice& notice : preview.notices)
        lines << tr("Notice: %1").arg(notice.title);
    m_previewLabel->setText(lines.join(u'\n'));
    // The market's price as the limit, unless the user typed one: rounded so that the order still
    // fills at it (a buy's limit up, a sell's minimum down).
    if (m_limit->text().trimmed().isEmpty() || m_limit->text() == m_proposedLimit)
        setProposedLimit(Format::rateInput(*rate, forRequest.side == u"sell" ? Format::Rounding::Down
                                                                             : Format::Rounding::Up));
}

void OrderPanel::showPreviewError(const OrderRequest& forRequest, const QString& message)
{
    if (!m_previewed || *m_previewed != forRequest)
        return;
    m_previewLabel->setText(tr("No preview: %1").arg(message));
}

void OrderPanel::showStatus(const QString& message, bool error)
{
    m_status->setText(message);
    m_status->setForegroundRole(error ? QPalette::BrightText : QPalette::WindowText);
}

QString OrderPanel::confirmationText(const OrderRequest& request) const
{
    const qint64 seconds = request.endAt - request.startAt;
    const qint64 limit = Money::parseRate(request.limitPrice).value_or(0);
    const qint64 atLimit = Money::total(limit, request.nodeCount, seconds);
    const bool sell = request.side == u"sell";
    QString text =
        (sell ? tr("Sell %1 × %2") : tr("Buy %1 × %2")).arg(request.nodeCount).arg(m_sku->currentText());
    text += u"\n"_s
            + tr("from %1 to %2 (%3)")
                  .arg(PlannerTime::format(request.startAt, m_utc), PlannerTime::format(request.endAt, m_utc),
                       CliTime::formatDuration(seconds));
    text += u"\n\n"_s
            + (sell ? tr("Total at the minimum rate of %1 per node-hour: at least %2")
                    : tr("Total at the limit of %1 per node-hour: at most %2"))
                  .arg(Format::rate(limit), Format::money(atLimit));
    // Where the server's rounding of the limit shows (more places typed than a rate is shown to).
    if (const QString typed = m_limit->text().trimmed();
        parseTypedRate(typed) && Format::rate(*parseTypedRate(typed)) != Format::rate(limit))
        text += u"\n"_s
                + tr("SF Compute rounds limits to a multiple of $0.00006 per node-hour (a micro-dollar per "
                     "node-minute): the %1 typed is %2.")
                      .arg(typed, Format::rate(limit));
    const auto sameOrder = [&request](OrderRequest other) {
        other.limitPrice = request.limitPrice;
        return other == request;
    };
    if (m_preview && m_preview->quoted && m_previewed && sameOrder(*m_previewed)) {
        if (const auto rate = Money::parseRate(m_preview->postOrderBody.limitPrice))
            text += u"\n"_s
                    + tr("Estimated total now: %1")
                          .arg(Format::money(Money::total(*rate, request.nodeCount, seconds)));
    }
    text += u"\n\n"_s
            + (request.allowStanding ? tr("The order stands on the book until it fills or ends.")
                                     : tr("The order is cancelled unless it fills at once."));
    text += u" "_s
            + (request.allowPartial ? tr("Partial fills are allowed.")
                                    : tr("It fills completely or not at all."));
    return text;
}

} // namespace sfdesk
