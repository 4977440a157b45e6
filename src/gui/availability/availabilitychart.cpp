// SPDX-License-Identifier: Apache-2.0

#include "gui/availability/availabilitychart.h"

#include "common/constvalue.h"
#include "core/models/format.h"
#include "core/util/plaintext.h"
#include "gui/common/chartviews.h"

#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace sfdesk {

namespace {

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

} // namespace

AvailabilityChart::AvailabilityChart(QWidget* parent)
    // The chart is given to the constructor: setChart() would only release, not delete, the default
    // chart a view makes for itself.
    : QChartView(new QChart, parent)
    , m_chart(chart())
    , m_time(new QDateTimeAxis(m_chart))
    , m_nodeAxis(new QValueAxis(m_chart))
    , m_priceAxis(new QValueAxis(m_chart))
    , m_nodes(new QLineSeries(m_chart))
    , m_prices(new QLineSeries(m_chart))
{
    setObjectName(QStringLiteral("availabilityChart"));
    setAccessibleName(tr("Availability chart"));
    // A chart in a details pane: it shrinks with the pane instead of growing the window.
    ChartViews::setUp(this, m_chart, 240);

    m_time->setTickCount(8);
    m_time->setFormat(QStringLiteral("MMM d"));
    m_nodeAxis->setTitleText(tr("Nodes for sale"));
    m_nodeAxis->setLabelFormat(QStringLiteral("%d"));
    m_priceAxis->setTitleText(tr("$ per node-hour"));
    m_priceAxis->setLabelFormat(QStringLiteral("%.2f"));
    // A scale's dollars with the locale's decimal point, as money shows everywhere.
    chart()->setLocalizeNumbers(true);
    m_chart->addAxis(m_time, Qt::AlignBottom);
    m_chart->addAxis(m_nodeAxis, Qt::AlignLeft);
    m_chart->addAxis(m_priceAxis, Qt::AlignRight);

    m_nodes->setName(tr("Nodes for sale"));
    m_prices->setName(tr("Best ask"));
    m_chart->addSeries(m_nodes);
    m_nodes->attachAxis(m_time);
    m_nodes->attachAxis(m_nodeAxis);
    m_chart->addSeries(m_prices);
    m_prices->attachAxis(m_time);
    m_prices->attachAxis(m_priceAxis);
    applyColors();
    clear();
}

AvailabilityChart::~AvailabilityChart() = default;

void AvailabilityChart::setNodes(const NodeSchedule& schedule, qint64 from, qint64 to)
{
    m_schedule = schedule;
    m_from = from;
    m_to = std::max(to, from + 3600);
    QList<QPointF> points;
    // A step line: each count holds until its entry ends; a gap between entries offers nothing.
    const auto at = [](qint64 secs) { return double(secs) * 1000.0; };
    for (const ScheduleEntry& entry : schedule) {
        const qint64 start = std::clamp(entry.startAt, m_from, m_to);
        const qint64 end = std::clamp(entry.endAt.value_or(m_to), m_from, m_to);
        if (end <= start)
            continue;
        if (!points.isEmpty() && points.last().x() < at(start)) {
            points.append({points.last().x(), 0.0});
            points.append({at(start), 0.0});
        }
        points.append({at(start), double(entry.nodeCount)});
        points.append({at(end), double(entry.nodeCount)});
    }
    m_nodes->replace(points);
    updateAxes();
    updateDescription();
}

void AvailabilityChart::setPrices(const QList<HourQuote>& quotes)
{
    m_quotes = quotes;
    QList<QPointF> points;
    for (const HourQuote& quote : quotes) {
        if (!quote.bestAsk || quote.hourStart < m_from || quote.hourStart >= m_to)
            continue;
        const double price = ChartViews::dollars(*quote.bestAsk);
        points.append({double(quote.hourStart) * 1000.0, price});
        points.append({double(quote.hourStart + 3600) * 1000.0, price});
    }
    m_prices->replace(points);
    updateAxes();
    updateDescription();
}

void AvailabilityChart::clear()
{
    m_schedule.clear();
    m_quotes.clear();
    m_nodes->clear();
    m_prices->clear();
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    m_from = now;
    m_to = now + 7 * 86400;
    updateAxes();
    updateDescription();
}

void AvailabilityChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyColors();
}

void AvailabilityChart::applyColors()
{
    const QPalette p = palette();
    const bool dark = isDark(p);
    m_chart->setBackgroundBrush(p.color(QPalette::Base));
    m_chart->setPlotAreaBackgroundVisible(false);
    const QColor text = p.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(dark ? 40 : 30);
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(m_time), static_cast<QAbstractAxis*>(m_nodeAxis),
                                static_cast<QAbstractAxis*>(m_priceAxis)}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
    m_chart->legend()->setLabelColor(text);
    QPen nodes(QColor::fromHsv(212, dark ? 120 : 170, dark ? 235 : 190), 2);
    m_nodes->setPen(nodes);
    QPen ask(QColor::fromHsv(355, dark ? 150 : 190, dark ? 235 : 200), 2);
    m_prices->setPen(ask);
}

void AvailabilityChart::updateAxes()
{
    m_time->setRange(QDateTime::fromSecsSinceEpoch(m_from), QDateTime::fromSecsSinceEpoch(m_to));
    qint64 maxNodes = 1;
    for (const ScheduleEntry& entry : std::as_const(m_schedule))
        maxNodes = std::max(maxNodes, entry.nodeCount);
    m_nodeAxis->setRange(0, double(maxNodes + std::max<qint64>(1, maxNodes / 8)));
    m_nodeAxis->setTickCount(int(std::min<qint64>(maxNodes + 2, 6)));
    m_nodeAxis->applyNiceNumbers();
    double maxPrice = 0;
    for (const QPointF& point : constValue(m_prices->points()))
        maxPrice = std::max(maxPrice, point.y());
    m_priceAxis->setRange(0, maxPrice > 0 ? std::ceil(maxPrice * 1.15) : 1.0);
    m_priceAxis->setTickCount(5);
    m_priceAxis->applyNiceNumbers();
    // The time axis says in which zone it counts.
    m_time->setTitleText(tr("Local time (%1)").arg(QDateTime::currentDateTime().timeZoneAbbreviation()));
}

void AvailabilityChart::updateDescription()
{
    QStringList parts;
    if (m_schedule.isEmpty()) {
        parts << tr("No nodes published for sale.");
    } else {
        qint64 least = std::numeric_limits<qint64>::max();
        qint64 most = 0;
        for (const ScheduleEntry& entry : std::as_const(m_schedule)) {
            least = std::min(least, entry.nodeCount);
            most = std::max(most, entry.nodeCount);
        }
        const ScheduleEntry& last = m_schedule.constLast();
        parts << tr("Nodes for sale from %1 to %2: between %3 and %4.")
                     .arg(Format::dateTime(m_schedule.constFirst().startAt),
                          last.endAt ? Format::dateTime(*last.endAt) : tr("onwards"))
                     .arg(least)
                     .arg(most);
    }
    std::optional<HourQuote> cheapest;
    int priced = 0;
    for (const HourQuote& quote : std::as_const(m_quotes)) {
        if (!quote.bestAsk)
            continue;
        ++priced;
        if (!cheapest || *quote.bestAsk < *cheapest->bestAsk)
            cheapest = quote;
    }
    if (cheapest)
        parts << tr("Lowest best ask %1 per node-hour, for the hour from %2 (%n hour(s) with asks).", nullptr,
                    priced)
                     .arg(Format::rate(*cheapest->bestAsk), Format::dateTime(cheapest->hourStart));
    else
        parts << tr("No asks in the order book for this range.");
    setAccessibleDescription(parts.join(u' '));
    setToolTip(PlainText::toolTip(accessibleDescription()));
}

} // namespace sfdesk
