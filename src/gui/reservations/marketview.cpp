// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/marketview.h"

#include "core/market/marketbackend.h"
#include "core/models/format.h"
#include "core/util/plaintext.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/reservations/chartcolors.h"
#include "gui/reservations/plannertime.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr int Margin = 6;

// Text inside a chart that says why there is nothing to draw.
void paintMessage(QPainter& painter, const QWidget* widget, const QString& message)
{
    painter.setPen(widget->palette().color(QPalette::PlaceholderText));
    painter.drawText(widget->rect().adjusted(Margin, Margin, -Margin, -Margin),
                     Qt::AlignCenter | Qt::TextWordWrap, message);
}

void paintBackground(QPainter& painter, const QWidget* widget, const ChartColors& colors)
{
    painter.fillRect(widget->rect(), colors.background);
    if (widget->hasFocus()) {
        QPen focus(colors.selection, 2);
        painter.setPen(focus);
        painter.drawRect(QRectF(widget->rect()).adjusted(1, 1, -1, -1));
    }
}

} // namespace

// ---------------------------------------------------------------------------------------------

DepthChart::DepthChart(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(u"marketDepthChart"_s);
    setAccessibleName(tr("Market depth"));
    setFocusPolicy(Qt::StrongFocus);
    setAutoFillBackground(false);
    setMessage(tr("Choose a SKU to see the market's depth."));
}

void DepthChart::setLevels(const QList<MarketDepth::Level>& levels)
{
    m_levels = levels;
    m_message = levels.isEmpty() ? tr("Nobody offers or bids on this window.") : QString();
    updateDescription();
    update();
}

void DepthChart::setMessage(const QString& message)
{
    m_levels.clear();
    m_message = message;
    updateDescription();
    update();
}

QString DepthChart::description() const
{
    if (m_levels.isEmpty())
        return m_message;
    QStringList lines;
    qint64 askNodes = 0, bidNodes = 0;
    int asks = 0, bids = 0;
    std::optional<MarketDepth::Level> bestAsk, bestBid;
    for (const MarketDepth::Level& level : m_levels) {
        if (level.side == MarketDepth::Level::Side::Ask) {
            askNodes += level.nodes;
            asks += level.nodes > 0;
            if (level.nodes > 0)
                bestAsk = level; // asks run from the highest rate down: the last is the best
        } else {
            bidNodes += level.nodes;
            bids += level.nodes > 0;
            if (level.nodes > 0 && !bestBid)
                bestBid = level;
        }
    }
    lines << (bestAsk ? tr("Best ask %1 for %n node(s).", nullptr, int(bestAsk->nodes))
                            .arg(Format::rate(bestAsk->rate))
                      : tr("No asks."));
    lines << (bestBid ? tr("Best bid %1 for %n node(s).", nullptr, int(bestBid->nodes))
                            .arg(Format::rate(bestBid->rate))
                      : tr("No bids."));
    lines << tr("%n ask level(s) with %1 nodes in all,", nullptr, asks).arg(askNodes) + u' '
                 + tr("%n bid level(s) with %1 nodes in all.", nullptr, bids).arg(bidNodes);
    for (const MarketDepth::Level& level : m_levels) {
        if (level.ownOrders > 0)
            lines << tr("Your %1 at %2: %n node(s).", nullptr, int(level.ownNodes))
                         .arg(level.side == MarketDepth::Level::Side::Ask ? tr("sell") : tr("buy"),
                              Format::rate(level.rate));
    }
    return lines.join(u' ');
}

void DepthChart::updateDescription()
{
    setAccessibleDescription(description());
    setToolTip(PlainText::toolTip(description()));
}

QSize DepthChart::sizeHint() const
{
    return {360, 200};
}

QSize DepthChart::minimumSizeHint() const
{
    return {220, 4 * fontMetrics().height() + 2 * Margin};
}

void DepthChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

void DepthChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const ChartColors colors = ChartColors::from(palette());
    paintBackground(painter, this, colors);
    if (m_levels.isEmpty()) {
        paintMessage(painter, this, m_message);
        return;
    }
    const QFontMetrics metrics = fontMetrics();
    const int rowHeight = metrics.height() + 4;
    const QRect area = rect().adjusted(Margin, Margin, -Margin, -Margin);
    const int fitting = std::max(2, area.height() / rowHeight);

    // The rows nearest the spread when not all fit: the lowest asks and the highest bids.
    qsizetype firstBid = 0;
    while (firstBid < m_levels.size() && m_levels.at(firstBid).side == MarketDepth::Level::Side::Ask)
        ++firstBid;
    const qsizetype askCount = firstBid;
    const qsizetype bidCount = m_levels.size() - firstBid;
    qsizetype showAsks = askCount, showBids = bidCount;
    while (showAsks + showBids > fitting) {
        if (showAsks >= showBids && showAsks > 0)
            --showAsks;
        else
            --showBids;
    }
    QList<MarketDepth::Level> rows = m_levels.mid(askCount - showAsks, showAsks);
    rows += m_levels.mid(firstBid, showBids);

    // Each price as rates are shown everywhere; levels that read alike at that precision (levels
    // averaged over a window's hours fall between its steps) are one row, as a book shows a tick.
    QList<MarketDepth::Level> merged;
    for (const MarketDepth::Level& level : std::as_const(rows)) {
        if (!merged.isEmpty() && merged.last().side == level.side
            && Format::rate(merged.last().rate) == Format::rate(level.rate)) {
            MarketDepth::Level& last = merged.last();
            last.nodes += level.nodes;
            last.ownNodes += level.ownNodes;
            last.ownOrders += level.ownOrders;
            continue;
        }
        merged << level;
    }
    showAsks = std::count_if(merged.cbegin(), merged.cend(), [](const MarketDepth::Level& level) {
        return level.side == MarketDepth::Level::Side::Ask;
    });
    rows = merged;

    qint64 most = 1;
    int priceWidth = 0;
    int countWidth = 0;
    for (const MarketDepth::Level& level : std::as_const(rows)) {
        most = std::max(most, std::max(level.nodes, level.ownNodes));
        priceWidth = std::max(priceWidth, metrics.horizontalAdvance(Format::rate(level.rate)));
        countWidth = std::max(countWidth, metrics.horizontalAdvance(QString::number(level.nodes)));
    }
    const QString youText = tr("you");
    const int youWidth = metrics.horizontalAdvance(youText + u" 0000"_s);
    const int barLeft = area.left() + priceWidth + Margin;
    const int barRight = area.right() - countWidth - youWidth - 2 * Margin;
    const int barSpan = std::max(10, barRight - barLeft);

    int y = area.top() + std::max(0, (area.height() - int(rows.size()) * rowHeight) / 2);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const MarketDepth::Level& level = rows.at(i);
        const bool ask = level.side == MarketDepth::Level::Side::Ask;
        const QColor hue = ask ? colors.ask : colors.bid;
        if (i == showAsks && showAsks > 0) {
            painter.setPen(QPen(colors.grid, 1));
            painter.drawLine(area.left(), y, area.right(), y);
        }
        const QRect row(area.left(), y, area.width(), rowHeight);
        painter.setPen(colors.text);
        painter.drawText(QRect(area.left(), y, priceWidth, rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                         Format::rate(level.rate));
        const int width = int(std::lround(double(barSpan) * double(level.nodes) / double(most)));
        QColor fill = hue;
        fill.setAlpha(150);
        const QRect bar(barLeft, y + 2, std::max(level.nodes > 0 ? 2 : 0, width), rowHeight - 4);
        painter.fillRect(bar, fill);
        painter.setPen(colors.text);
        painter.drawText(QRect(bar.right() + 4, y, countWidth + 4, rowHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, QString::number(level.nodes));
        if (level.ownOrders > 0) {
            // The user's own orders: an outline of their size in the colour of their side.
            const int ownWidth = int(std::lround(double(barSpan) * double(level.ownNodes) / double(most)));
            painter.setPen(QPen(ask ? colors.sell : colors.buy, 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(QRect(barLeft, y + 1, std::max(3, ownWidth), rowHeight - 3));
            QFont bold = painter.font();
            bold.setBold(true);
            painter.setFont(bold);
            painter.setPen(ask ? colors.sell : colors.buy);
            painter.drawText(QRect(row.right() - youWidth, y, youWidth, rowHeight),
                             Qt::AlignRight | Qt::AlignVCenter,
                             youText + u' ' + QString::number(level.ownNodes));
            painter.setFont(font());
        }
        y += rowHeight;
    }
}

// ---------------------------------------------------------------------------------------------

FillsChart::FillsChart(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(u"marketFillsChart"_s);
    setAccessibleName(tr("Recent fills"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMessage(tr("Choose a SKU to see its recent fills."));
}

void FillsChart::setFills(const QList<MarketDepth::Fill>& fills, qint64 from, qint64 to)
{
    m_fills = fills;
    m_from = from;
    m_to = std::max(to, from + 1);
    m_message = fills.isEmpty()
                    ? tr("No fills in the last %n day(s).", nullptr, int((to - from + 43'200) / 86'400))
                    : QString();
    updateDescription();
    update();
}

void FillsChart::setMessage(const QString& message)
{
    m_fills.clear();
    m_message = message;
    updateDescription();
    update();
}

void FillsChart::setUtc(bool utc)
{
    m_utc = utc;
    updateDescription();
    update();
}

QString FillsChart::description() const
{
    if (m_fills.isEmpty())
        return m_message;
    qint64 low = m_fills.first().rate, high = low, nodes = 0;
    for (const MarketDepth::Fill& fill : m_fills) {
        low = std::min(low, fill.rate);
        high = std::max(high, fill.rate);
        nodes += fill.nodes;
    }
    const MarketDepth::Fill& last = m_fills.last();
    return tr("%n fill(s) since %1, from %2 to %3 per node-hour, %4 nodes in all.", nullptr,
              int(m_fills.size()))
               .arg(PlannerTime::format(m_from, m_utc), Format::rate(low), Format::rate(high))
               .arg(nodes)
           + u' '
           + tr("Latest: %1 for %n node(s) at %2.", nullptr, int(last.nodes))
                 .arg(Format::rate(last.rate), PlannerTime::format(last.filledAt, m_utc));
}

void FillsChart::updateDescription()
{
    setAccessibleDescription(description());
}

QSize FillsChart::sizeHint() const
{
    return {360, 200};
}

QSize FillsChart::minimumSizeHint() const
{
    return {220, 4 * fontMetrics().height() + 2 * Margin};
}

void FillsChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

qreal FillsChart::radiusOf(qint64 nodes)
{
    return std::min(10.0, 2.5 + 1.5 * std::sqrt(double(std::max<qint64>(nodes, 1))));
}

QPointF FillsChart::Frame::pointOf(const MarketDepth::Fill& fill) const
{
    const double x =
        plot.left() + plot.width() * double(fill.filledAt - from) / double(std::max<qint64>(1, to - from));
    const double y =
        plot.bottom()
        - plot.height() * double(fill.rate - lowRate) / double(std::max<qint64>(1, highRate - lowRate));
    return {x, y};
}

FillsChart::Frame FillsChart::frame() const
{
    Frame f;
    // From a little before the first fill, so that a busy hour does not sit in one column at the edge.
    f.to = m_to;
    f.from = m_from;
    if (!m_fills.isEmpty()) {
        const qint64 span = std::max<qint64>(3600, m_to - m_fills.first().filledAt);
        f.from = std::max(m_from, m_to - span - span / 10);
    }
    qint64 low = m_fills.isEmpty() ? 0 : m_fills.first().rate;
    qint64 high = low;
    for (const MarketDepth::Fill& fill : m_fills) {
        low = std::min(low, fill.rate);
        high = std::max(high, fill.rate);
    }
    // A tenth of the range (at least ten cents) above and below, so that no point sits on an edge.
    const qint64 pad = std::max<qint64>(100'000, (high - low) / 10);
    f.lowRate = std::max<qint64>(0, low - pad);
    f.highRate = high + pad;
    const QFontMetrics metrics = fontMetrics();
    const int labelWidth = std::max(metrics.horizontalAdvance(Format::money(f.highRate)),
                                    metrics.horizontalAdvance(Format::money(f.lowRate)));
    f.plot = QRectF(
        rect().adjusted(Margin + labelWidth + 4, Margin + 4, -Margin - 6, -Margin - metrics.height() - 4));
    return f;
}

QString FillsChart::toolTipAt(const QPoint& pos) const
{
    if (m_fills.isEmpty())
        return {};
    const Frame f = frame();
    const MarketDepth::Fill* nearest = nullptr;
    qreal best = 0;
    for (const MarketDepth::Fill& fill : m_fills) {
        const QPointF d = f.pointOf(fill) - QPointF(pos);
        const qreal distance = std::hypot(d.x(), d.y());
        if (distance <= radiusOf(fill.nodes) + 3 && (!nearest || distance < best)) {
            nearest = &fill;
            best = distance;
        }
    }
    if (!nearest)
        return {};
    QString text = tr("%1 per node-hour for %n node(s), filled %2", nullptr, int(nearest->nodes))
                       .arg(Format::rate(nearest->rate), PlannerTime::format(nearest->filledAt, m_utc));
    if (nearest->trades > 1)
        text += u' ' + tr("(the mean of %n trade(s) made together)", nullptr, nearest->trades);
    return text;
}

QPoint FillsChart::positionOf(qsizetype index) const
{
    if (index < 0 || index >= m_fills.size())
        return {};
    return frame().pointOf(m_fills.at(index)).toPoint();
}

bool FillsChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), PlainText::toolTip(text), this);
        return true;
    }
    return QWidget::event(event);
}

void FillsChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const ChartColors colors = ChartColors::from(palette());
    paintBackground(painter, this, colors);
    if (m_fills.isEmpty()) {
        paintMessage(painter, this, m_message);
        return;
    }
    const Frame f = frame();
    const QFontMetrics metrics = fontMetrics();

    // Three rates up the side, three days along the bottom.
    for (int i = 0; i <= 2; ++i) {
        const qint64 rate = f.lowRate + (f.highRate - f.lowRate) * i / 2;
        const qreal y = f.plot.bottom() - f.plot.height() * i / 2.0;
        painter.setPen(QPen(colors.grid, 1));
        painter.drawLine(QPointF(f.plot.left(), y), QPointF(f.plot.right(), y));
        painter.setPen(colors.text);
        painter.drawText(
            QRectF(Margin, y - metrics.height() / 2.0, f.plot.left() - Margin - 4, metrics.height()),
            Qt::AlignRight | Qt::AlignVCenter, Format::money(rate));
    }
    // Days over a long span, hours over a short one.
    const QString timeFormat = f.to - f.from > 3 * 86'400 ? u"d MMM"_s : u"d MMM HH:mm"_s;
    // The first and last times, and the middle one where it has room between them.
    QList<std::pair<QRectF, QString>> labels;
    for (int i = 0; i <= 2; ++i) {
        const qint64 t = f.from + (f.to - f.from) * i / 2;
        const QString label = QLocale().toString(PlannerTime::at(t, m_utc), timeFormat)
                              + (i == 2 ? u' ' + PlannerTime::zone(t, m_utc) : QString());
        const int width = metrics.horizontalAdvance(label);
        qreal x = f.plot.left() + f.plot.width() * i / 2.0 - width / 2.0;
        x = std::clamp<qreal>(x, f.plot.left(), f.plot.right() - width);
        labels.append({QRectF(x, f.plot.bottom() + 4, width, metrics.height()), label});
    }
    painter.setPen(colors.text);
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const QRectF& where = labels.at(i).first;
        if (i == 1
            && (where.adjusted(-8, 0, 8, 0).intersects(labels.at(0).first)
                || where.adjusted(-8, 0, 8, 0).intersects(labels.at(2).first)))
            continue;
        if (i == 2 && where.intersects(labels.at(0).first))
            continue;
        painter.drawText(where, Qt::AlignLeft | Qt::AlignTop, labels.at(i).second);
    }

    QColor dot = colors.sku(0);
    dot.setAlpha(170);
    painter.setPen(QPen(colors.text, 0.5));
    painter.setBrush(dot);
    for (const MarketDepth::Fill& fill : std::as_const(m_fills)) {
        const qreal r = radiusOf(fill.nodes);
        painter.drawEllipse(f.pointOf(fill), r, r);
    }
    // The latest fill stands out: where the market last traded.
    const MarketDepth::Fill& last = m_fills.last();
    painter.setPen(QPen(colors.now, 2));
    painter.setBrush(Qt::NoBrush);
    const qreal r = radiusOf(last.nodes) + 2;
    painter.drawEllipse(f.pointOf(last), r, r);
}

// ---------------------------------------------------------------------------------------------

MarketView::MarketView(QWidget* parent)
    : QWidget(parent)
    , m_depthTitle(PlainText::label(this))
    , m_fillsTitle(PlainText::label(this))
    , m_depth(new DepthChart(this))
    , m_fills(new FillsChart(this))
{
    setObjectName(u"marketView"_s);
    m_depthTitle->setObjectName(u"marketDepthTitle"_s);
    m_fillsTitle->setObjectName(u"marketFillsTitle"_s);
    for (QLabel* title : {m_depthTitle, m_fillsTitle}) {
        title->setTextFormat(Qt::PlainText);
        title->setWordWrap(true);
    }
    m_depthTitle->setBuddy(m_depth);
    m_fillsTitle->setBuddy(m_fills);

    auto* depthColumn = new QVBoxLayout;
    depthColumn->addWidget(m_depthTitle);
    depthColumn->addWidget(m_depth, 1);
    auto* fillsColumn = new QVBoxLayout;
    fillsColumn->addWidget(m_fillsTitle);
    fillsColumn->addWidget(m_fills, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(depthColumn, 1);
    layout->addLayout(fillsColumn, 1);
    updateTitles();
}

void MarketView::setSkuName(const QString& name)
{
    m_skuName = name;
    updateTitles();
}

void MarketView::setUtc(bool utc)
{
    m_utc = utc;
    m_fills->setUtc(utc);
    updateTitles();
}

void MarketView::setDepthWindow(qint64 start, qint64 end, bool selected)
{
    m_start = start;
    m_end = end;
    m_selected = selected;
    updateTitles();
}

void MarketView::updateTitles()
{
    if (m_skuName.isEmpty() || m_end <= m_start) {
        m_depthTitle->setText(tr("Depth"));
    } else {
        const QString window =
            PlannerTime::format(m_start, m_utc) + u" – "_s + PlannerTime::format(m_end, m_utc);
        m_depthTitle->setText(m_selected
                                  ? tr("Depth of %1 for the selected window, %2").arg(m_skuName, window)
                                  : tr("Depth of %1 for the next day, %2").arg(m_skuName, window));
    }
    m_fillsTitle->setText(
        m_skuName.isEmpty() ? tr("Recent fills")
        : m_fillsTruncated  ? tr("The newest %1 fills of %2 in the last %n day(s)", nullptr, int(FillsDays))
                                 .arg(MarketBackend::MaxFills)
                                 .arg(m_skuName)
                           : tr("Fills of %1 in the last %n day(s)", nullptr, int(FillsDays)).arg(m_skuName));
}

void MarketView::showDepth(const OrderbookDepth& depth, const QString& sku, const QList<Order>& ownOrders)
{
    m_depth->setLevels(MarketDepth::ladder(depth, sku, ownOrders));
}

void MarketView::showFills(const QList<OrderbookFill>& fills, const QString& sku, qint64 since, qint64 now)
{
    m_fills->setFills(MarketDepth::fills(fills, sku), since, now);
    // A full answer may leave older fills out: the title says so.
    m_fillsTruncated = fills.size() >= MarketBackend::MaxFills;
    updateTitles();
}

void MarketView::showDepthLoading()
{
    if (m_depth->levels().isEmpty())
        m_depth->setMessage(tr("Reading the depth…"));
}

void MarketView::showFillsLoading()
{
    if (m_fills->fills().isEmpty())
        m_fills->setMessage(tr("Reading the fills…"));
}

void MarketView::showFailure(const QString& message)
{
    const QString text = tr("The market could not be read: %1").arg(message);
    if (m_depth->levels().isEmpty())
        m_depth->setMessage(text);
    if (m_fills->fills().isEmpty())
        m_fills->setMessage(text);
}

void MarketView::clear(const QString& message)
{
    m_skuName.clear();
    m_fillsTruncated = false;
    m_depth->setMessage(message);
    m_fills->setMessage(message);
    updateTitles();
}

} // namespace sfdesk
