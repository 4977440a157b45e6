// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/plannerchart.h"
#include "gui/reservations/plannerchart_p.h"

namespace sfdesk {

using namespace Qt::StringLiterals;

PlannerChart::Private::Private(PlannerChart* owner)
    : q(owner)
{
    chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);

    timeAxis = new QDateTimeAxis;
    timeAxis->setTickCount(9);
    nodeAxis = new QValueAxis;
    nodeAxis->setTitleText(QObject::tr("Nodes"));
    nodeAxis->setLabelFormat(u"%d"_s);
    priceAxis = new QValueAxis;
    priceAxis->setTitleText(QObject::tr("$ per node-hour"));
    priceAxis->setLabelFormat(u"%.2f"_s);
    // A scale's dollars with the locale's decimal point, as money shows everywhere.
    chart->setLocalizeNumbers(true);
    chart->addAxis(timeAxis, Qt::AlignBottom);
    chart->addAxis(nodeAxis, Qt::AlignLeft);
    chart->addAxis(priceAxis, Qt::AlignRight);

    view = new View(chart, this);
    view->setObjectName(u"plannerChartView"_s);
    view->setAccessibleName(PlannerChart::tr("Reservation planner chart"));
    view->viewport()->setObjectName(u"plannerChartViewport"_s);
    // The view takes the keys; its viewport is no tab stop of its own.
    view->viewport()->setFocusPolicy(Qt::NoFocus);
    plotLayer = new PlotLayer(this);
    chart->scene()->addItem(plotLayer);
    overlay = new Overlay(this);
    chart->scene()->addItem(overlay);
    QObject::connect(chart, &QChart::plotAreaChanged, q, [this] {
        plotLayer->refresh();
        overlay->refresh();
    });
    // The legend is a line of text under the chart, not Qt Charts' (which wants a series per entry).
    chart->legend()->hide();
    legend = new QLabel;
    legend->setObjectName(u"plannerLegend"_s);
    legend->setTextFormat(Qt::RichText);
    legend->setWordWrap(true);
    legend->setAlignment(Qt::AlignCenter);
    legend->setAccessibleDescription(PlannerChart::tr("Legend"));
}

double PlannerChart::Private::yOfNodes(double nodes) const
{
    const QRectF area = plotArea();
    return area.bottom() - nodes * area.height() / double(std::max<qint64>(1, nodeMax));
}

void PlannerChart::Private::updatePendingSelection(qint64 a, qint64 b)
{
    selection = TimeAxis::snapWindow(a, b, snapshot.now);
    overlay->update();
    updateDescription();
}

void PlannerChart::Private::stepSelection(qint64 shift, bool resize)
{
    const qint64 now = snapshot.now != 0 ? snapshot.now : QDateTime::currentSecsSinceEpoch();
    if (!selection) {
        // The first key selects the next whole hour.
        const qint64 start = Schedule::floorHour(now) + Hour;
        q->setSelection(TimeAxis::Window{start, start + Hour});
        return;
    }
    TimeAxis::Window window = *selection;
    if (resize) {
        // At least an hour long, ends on hours.
        window.end =
            std::max(Schedule::floorHour(window.end + shift), Schedule::floorHour(window.start) + Hour);
        if (window.end <= window.start)
            window.end += Hour;
    } else {
        const qint64 length = window.end - window.start;
        // Never into the past: the earliest start is the next minute, as a drag would have it.
        window.start = CliTime::snapStartToHour(window.start + shift, now);
        window.end = CliTime::snapEndToHour(window.start + length);
    }
    q->setSelection(window);
}

void PlannerChart::Private::updateDescription()
{
    const QString text = q->description();
    if (view->accessibleDescription() == text)
        return;
    view->setAccessibleDescription(text);
    q->setAccessibleDescription(text);
}

void PlannerChart::Private::showWindow(const TimeAxis::Window& window)
{
    if (window.start >= from && window.end <= to)
        return;
    const qint64 span = to - from;
    const qint64 length = window.end - window.start;
    if (length + length / 5 > span) {
        // A tenth of the window's length on either side, to see what comes before and after.
        const qint64 margin = std::max<qint64>(Hour, length / 10);
        setRangeAndNotify(Schedule::floorHour(window.start - margin),
                          Schedule::floorHour(window.start - margin)
                              + std::min(TimeAxis::MaximumSpan, length + 2 * margin + Hour));
        return;
    }
    // Keep the span; the window a tenth of it from the edge it came in by.
    const qint64 newFrom = window.start < from ? Schedule::floorHour(window.start - span / 10)
                                               : Schedule::floorHour(window.end + span / 10 - span) + Hour;
    setRangeAndNotify(newFrom, newFrom + span);
}

void PlannerChart::Private::setRangeAndNotify(qint64 newFrom, qint64 newTo)
{
    if (newTo <= newFrom || (newFrom == from && newTo == to))
        return;
    from = newFrom;
    to = newTo;
    rebuildSeries();
    updateDescription();
    Q_EMIT q->visibleRangeChanged(from, to);
}

void PlannerChart::Private::rebuildSeries()
{
    ownedSkus = snapshot.ownedBySku.keys();

    // Owned nodes, stacked per SKU; each step drawn as a vertical edge.
    QList<Schedule> layers;
    for (const QString& sku : std::as_const(ownedSkus))
        layers.append(snapshot.ownedBySku.value(sku));
    ownedLayers = PlanMath::stackedSteps(layers, from, to);
    qint64 top = 1;
    for (const PlanMath::Steps& steps : std::as_const(ownedLayers)) {
        for (const auto& step : steps)
            top = std::max(top, step.second);
    }
    shownMarks.clear();
    for (qsizetype i = 0; i < orderMarks.size(); ++i) {
        const PlannerOrder& order = snapshot.orders.at(orderMarks.at(i).order);
        if (order.end <= from || order.start >= to)
            continue;
        shownMarks.append(i);
        if (order.isOpen())
            top = std::max(top, order.nodes);
    }
    for (const PlannerProcurement& procurement : std::as_const(snapshot.procurements)) {
        if (procurementLine(procurement))
            top = std::max(top, procurement.target);
    }
    top = std::max(top, selectionNodes);
    for (const PlannerChart::WatchMarker& marker : std::as_const(watchMarkers))
        top = std::max(top, marker.nodes);
    nodeMax = top + std::max<qint64>(1, top / 5);

    // The price axis reaches a fifth above the highest best price shown.
    qint64 priceMax = 0;
    for (const HourQuote& quote : std::as_const(snapshot.quotes)) {
        if (quote.hourStart + Hour <= from || quote.hourStart >= to)
            continue;
        priceMax = std::max({priceMax, quote.bestAsk.value_or(0), quote.bestBid.value_or(0)});
    }
    priceTop = std::max(1.0, std::ceil(double(priceMax) * 1.2 / double(Money::MicrosPerDollar)));
    priceAxis->setRange(0, priceTop);
    priceAxis->setVisible(true);

    applyColors();
    updateAxes();
    plotLayer->refresh();
    overlay->refresh();
}

namespace {

// Orders that the overlay draws alike (see PlannerChart::Private::OrderMark).
bool drawnAlike(const PlannerOrder& a, const PlannerOrder& b)
{
    return a.start == b.start && a.end == b.end && a.nodes == b.nodes && a.buy == b.buy
           && a.limitMicros == b.limitMicros && a.isOpen() == b.isOpen()
           && a.procurement.isEmpty() == b.procurement.isEmpty()
           && (a.status == PlannerOrder::Status::Standing) == (b.status == PlannerOrder::Status::Standing)
           && a.filled == b.filled;
}

} // namespace

void PlannerChart::Private::indexOrders()
{
    orderMarks.clear();
    shownMarks.clear();
    procurementOrders.clear();
    // Marks by a hash of what draws them; alike orders are then compared in full.
    QMultiHash<size_t, qsizetype> marksByKey;
    for (qsizetype i = 0; i < snapshot.orders.size(); ++i) {
        const PlannerOrder& order = snapshot.orders.at(i);
        if (!order.procurement.isEmpty())
            ++procurementOrders[order.procurement];
        // A closed order is drawn only as what a procurement's order filled.
        if (!order.isOpen() && (order.procurement.isEmpty() || order.filled.isEmpty()))
            continue;
        const size_t key =
            qHashMulti(0, order.start, order.end, order.nodes, order.limitMicros, order.buy, order.isOpen(),
                       order.procurement.isEmpty(), order.status == PlannerOrder::Status::Standing);
        bool merged = false;
        for (auto it = marksByKey.constFind(key); it != marksByKey.cend() && it.key() == key; ++it) {
            OrderMark& mark = orderMarks[*it];
            if (drawnAlike(snapshot.orders.at(mark.order), order)) {
                ++mark.count;
                merged = true;
                break;
            }
        }
        if (merged)
            continue;
        marksByKey.insert(key, orderMarks.size());
        orderMarks.append(OrderMark{i, 1, order.filled.entries()});
    }
}

void PlannerChart::Private::updateAxes()
{
    const qint64 shift = labelShift();
    timeAxis->setRange(QDateTime::fromSecsSinceEpoch(from + shift),
                       QDateTime::fromSecsSinceEpoch(to + shift));
    timeAxis->setTitleText(PlannerChart::tr("Time (%1)").arg(PlannerTime::zone(from, utc)));
    const qint64 span = to - from;
    timeAxis->setFormat(span <= 2 * Day ? u"HH:mm"_s : span <= 10 * Day ? u"ddd d"_s : u"d MMM"_s);
    // Ticks on round intervals when the span allows it (it does for the preset ranges).
    int ticks = 9;
    for (const qint64 interval :
         {Hour, 2 * Hour, 3 * Hour, 6 * Hour, 12 * Hour, Day, 2 * Day, 3 * Day, 7 * Day}) {
        if (span % interval == 0 && span / interval <= 12) {
            ticks = int(span / interval) + 1;
            break;
        }
    }
    timeAxis->setTickCount(ticks);
    nodeAxis->setRange(0, double(nodeMax));
    nodeAxis->setTickCount(int(std::min<qint64>(nodeMax, 10)) + 1);
    nodeAxis->applyNiceNumbers();
}

void PlannerChart::Private::applyColors()
{
    colors = ChartColors::from(q->palette());
    chart->setBackgroundBrush(colors.background);
    chart->setPlotAreaBackgroundVisible(false);
    chart->legend()->setLabelColor(colors.text);
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(timeAxis), static_cast<QAbstractAxis*>(nodeAxis),
                                static_cast<QAbstractAxis*>(priceAxis)}) {
        axis->setLabelsColor(colors.text);
        axis->setTitleBrush(colors.text);
        axis->setGridLineColor(colors.grid);
        axis->setLinePenColor(colors.grid);
    }
    updateLegend();
    plotLayer->update();
    overlay->update();
}

void PlannerChart::Private::updateLegend()
{
    // One line of text: swatches in the areas' and lines' colours, then their names.
    QStringList entries;
    const auto swatch = [](const QColor& color, const QString& mark) {
        return u"<span style=\"color:%1\">%2</span>"_s.arg(color.name(), mark);
    };
    for (qsizetype i = 0; i < ownedSkus.size(); ++i)
        entries << swatch(colors.sku(i), u"\u25A0"_s) + u"&nbsp;"_s
                       + skuName(ownedSkus.at(i)).toHtmlEscaped();
    entries << swatch(colors.ask, u"\u2501"_s) + u"&nbsp;"_s + PlannerChart::tr("Best ask").toHtmlEscaped();
    entries << swatch(colors.bid, u"\u254D"_s) + u"&nbsp;"_s + PlannerChart::tr("Best bid").toHtmlEscaped();
    if (!snapshot.procurements.isEmpty())
        entries << swatch(colors.procurement, u"\u2501"_s) + u"&nbsp;"_s
                       + PlannerChart::tr("Procurement target and its orders").toHtmlEscaped();
    const QString text = entries.join(u"&nbsp;&nbsp; "_s);
    if (legend->text() != text)
        legend->setText(text);
}

PlannerChart::PlannerChart(QWidget* parent)
    : QWidget(parent)
    , d(std::make_unique<Private>(this))
{
    setObjectName(u"plannerChart"_s);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view, 1);
    layout->addWidget(d->legend);
    setFocusProxy(d->view);
    setAccessibleName(tr("Reservation planner chart"));
    setRange(Range::Week);
    d->updateDescription();
}

PlannerChart::~PlannerChart()
{
    // The overlay points back at Private; take it off the scene before Private goes.
    d->chart->scene()->removeItem(d->overlay);
    delete d->overlay;
    d->chart->scene()->removeItem(d->plotLayer);
    delete d->plotLayer;
}

void PlannerChart::setSnapshot(const PlannerSnapshot& snapshot)
{
    // The range follows now when it is first known, and when the server's clock turns out to be
    // far from the one the range was drawn around.
    const bool firstNow = (d->snapshot.now == 0 && snapshot.now != 0)
                          || (snapshot.now != 0 && (snapshot.now < d->from || snapshot.now >= d->to)
                              && qAbs(snapshot.now - d->snapshot.now) > Day);
    d->snapshot = snapshot;
    d->indexOrders();
    if (firstNow) {
        const qint64 span = d->to - d->from;
        setRange(span <= Day ? Range::Day : span <= 10 * Day ? Range::Week : Range::Month);
    }
    d->rebuildSeries();
    d->updateDescription();
}

const PlannerSnapshot& PlannerChart::snapshot() const
{
    return d->snapshot;
}

void PlannerChart::setSkuNames(const QMap<QString, QString>& names)
{
    d->skuNames = names;
    d->rebuildSeries();
}

void PlannerChart::setHighlightedSku(const QString& sku)
{
    d->highlightedSku = sku;
    d->applyColors();
}

void PlannerChart::setRange(Range range)
{
    const qint64 now = d->snapshot.now != 0 ? d->snapshot.now : QDateTime::currentSecsSinceEpoch();
    // Starts on whole hours (a day) or local midnights (a week, a month), at or a little before
    // now, so that the ticks fall on round times.
    const QDateTime here = PlannerTime::at(now, d->utc);
    const qint64 midnight = here.date().startOfDay(here.timeZone()).toSecsSinceEpoch();
    switch (range) {
    case Range::Day:
        d->setRangeAndNotify(Schedule::floorHour(now) - 3 * Hour, Schedule::floorHour(now) + 21 * Hour);
        break;
    case Range::Week:
        // From today's midnight through at least eight days ahead: "a week from now" fits whole.
        d->setRangeAndNotify(midnight, midnight + 9 * Day);
        break;
    case Range::Month:
        d->setRangeAndNotify(midnight - 3 * Day, midnight + 27 * Day);
        break;
    }
}

void PlannerChart::setUtc(bool utc)
{
    if (d->utc == utc)
        return;
    d->utc = utc;
    d->rebuildSeries();
    d->updateDescription();
}

bool PlannerChart::isUtc() const
{
    return d->utc;
}

void PlannerChart::setVisibleRange(qint64 from, qint64 to)
{
    d->setRangeAndNotify(from, to);
}

qint64 PlannerChart::visibleFrom() const
{
    return d->from;
}

qint64 PlannerChart::visibleTo() const
{
    return d->to;
}

std::optional<TimeAxis::Window> PlannerChart::selection() const
{
    return d->selection;
}

void PlannerChart::setSelection(const TimeAxis::Window& window)
{
    if (window.end <= window.start)
        return;
    if (d->selection == window)
        return;
    d->selection = window;
    d->showWindow(window);
    d->overlay->update();
    d->updateDescription();
    Q_EMIT selectionChanged(window.start, window.end);
}

void PlannerChart::clearSelection()
{
    if (!d->selection)
        return;
    d->selection.reset();
    d->overlay->update();
    d->updateDescription();
    Q_EMIT selectionCleared();
}

void PlannerChart::setSelectionNodes(qint64 nodes)
{
    if (d->selectionNodes == nodes)
        return;
    d->selectionNodes = nodes;
    d->rebuildSeries();
}

void PlannerChart::setIdle(const Schedule& idle)
{
    if (d->idle == idle)
        return;
    d->idle = idle;
    d->rebuildSeries();
    d->updateDescription();
}

Schedule PlannerChart::idle() const
{
    return d->idle;
}

void PlannerChart::setWatchMarkers(const QList<WatchMarker>& markers)
{
    if (d->watchMarkers == markers)
        return;
    d->watchMarkers = markers;
    d->rebuildSeries();
    d->updateDescription();
}

QList<PlannerChart::WatchMarker> PlannerChart::watchMarkers() const
{
    return d->watchMarkers;
}

QWidget* PlannerChart::viewport() const
{
    return d->view->viewport();
}

TimeAxis PlannerChart::axis() const
{
    return d->view->axis();
}

QPoint PlannerChart::viewportPointAt(qint64 time) const
{
    const QPointF centre = d->view->mapFromScene(d->plotArea().center());
    return QPoint(int(std::lround(axis().xOf(time))), int(centre.y()));
}

QString PlannerChart::toolTipAt(const QPoint& viewportPos) const
{
    if (!d->view->mapFromScene(d->plotArea()).boundingRect().contains(viewportPos))
        return {};
    const qint64 t = axis().timeAt(viewportPos.x());
    QStringList lines;
    lines << u"<b>%1</b>"_s.arg(d->timeText(t).toHtmlEscaped());
    qint64 total = 0;
    for (const auto& [sku, owned] : std::as_const(d->snapshot.ownedBySku).asKeyValueRange()) {
        const qint64 nodes = owned.at(t);
        total += nodes;
        if (nodes != 0)
            lines << tr("%1: %2 owned").arg(d->skuName(sku).toHtmlEscaped(), nodeCount(nodes));
    }
    if (total == 0)
        lines << tr("No nodes owned");
    for (const PlannerOrder& order : std::as_const(d->snapshot.orders)) {
        if (t < order.start || t >= order.end)
            continue;
        const PlannerProcurement* owner = d->procurement(order.procurement);
        if (!order.isOpen() && (!owner || order.filled.at(t) == 0))
            continue;
        const QString what = order.buy ? tr("Buy") : tr("Sell");
        QString line =
            tr("%1 %2 of %3, %4 to %5, limit %6 (%7), %8 filled now")
                .arg(what, QString::number(order.nodes), d->skuName(order.sku).toHtmlEscaped(),
                     d->timeText(order.start), d->timeText(order.end), Format::rate(order.limitMicros),
                     (order.statusText.isEmpty() ? order.id : order.statusText).toHtmlEscaped(),
                     QString::number(order.filled.at(t)));
        if (owner)
            line += u' ' + tr("(placed by procurement %1)").arg(owner->name.toHtmlEscaped());
        lines << line;
    }
    for (const PlannerProcurement& procurement : std::as_const(d->snapshot.procurements)) {
        const auto line = d->procurementLine(procurement);
        if (!line || t < line->first || t >= line->second)
            continue;
        lines << tr("Procurement %1 keeps %2 of %3 until %4; buys at most %5, sells at least %6%7")
                     .arg(procurement.name.toHtmlEscaped(), nodeCount(procurement.target),
                          d->skuName(procurement.sku).toHtmlEscaped(),
                          d->timeText(d->snapshot.now + procurement.window),
                          Format::rate(procurement.maxBuyMicros), Format::rate(procurement.minSellMicros),
                          procurement.enabled ? QString() : tr(" (disabled)"));
    }
    const qint64 hour = Schedule::floorHour(t);
    for (const HourQuote& quote : std::as_const(d->snapshot.quotes)) {
        if (quote.hourStart != hour)
            continue;
        const QString sku = d->skuName(d->snapshot.quoteSku).toHtmlEscaped();
        lines << tr("Best ask for %1 at %2: %3")
                     .arg(sku,
                          PlannerTime::at(hour, d->utc).toString(u"HH:mm"_s) + u' '
                              + PlannerTime::zone(hour, d->utc),
                          quote.bestAsk ? Format::rate(*quote.bestAsk) : tr("none"));
        lines << tr("Best bid: %1").arg(quote.bestBid ? Format::rate(*quote.bestBid) : tr("none"));
    }
    if (d->selection && t >= d->selection->start && t < d->selection->end)
        lines
            << tr("Selected: %1 to %2").arg(d->timeText(d->selection->start), d->timeText(d->selection->end));
    return lines.join(u"<br>"_s);
}

QString PlannerChart::procurementAt(const QPoint& viewportPos) const
{
    const QRectF area = d->view->mapFromScene(d->plotArea()).boundingRect();
    if (!area.contains(viewportPos))
        return {};
    const qint64 t = axis().timeAt(viewportPos.x());
    QString nearest;
    double best = 8; // pixels
    for (const PlannerProcurement& procurement : std::as_const(d->snapshot.procurements)) {
        const auto line = d->procurementLine(procurement);
        if (!line || t < line->first || t > line->second)
            continue;
        const double y = d->view->mapFromScene(QPointF(0, d->yOfNodes(double(procurement.target)))).y();
        const double distance = std::abs(y - viewportPos.y());
        if (distance < best) {
            best = distance;
            nearest = procurement.id;
        }
    }
    return nearest;
}

std::optional<QPoint> PlannerChart::procurementPoint(const QString& id) const
{
    const PlannerProcurement* procurement = d->procurement(id);
    const auto line = procurement ? d->procurementLine(*procurement) : std::nullopt;
    if (!line)
        return std::nullopt;
    const double y = d->view->mapFromScene(QPointF(0, d->yOfNodes(double(procurement->target)))).y();
    return QPoint(int(std::lround(axis().xOf((line->first + line->second) / 2))), int(std::lround(y)));
}

QString PlannerChart::description() const
{
    QStringList parts;
    parts << tr("Nodes the pool %1 owns per SKU, its open orders and the market's best prices per "
                "node-hour from %2 to %3.")
                 .arg(d->snapshot.poolName.isEmpty() ? d->snapshot.poolId : d->snapshot.poolName,
                      d->timeText(d->from), d->timeText(d->to));
    for (const PlannerProcurement& procurement : std::as_const(d->snapshot.procurements)) {
        const qsizetype orders = d->procurementOrders.value(procurement.id);
        parts << tr("Procurement %1 keeps %2 of %3 over the next %4, buying at most %5 and selling at "
                    "least %6%7; %n order(s) of it shown.",
                    nullptr, int(orders))
                     .arg(procurement.name, nodeCount(procurement.target), d->skuName(procurement.sku),
                          CliTime::formatDuration(procurement.window), Format::rate(procurement.maxBuyMicros),
                          Format::rate(procurement.minSellMicros),
                          procurement.enabled ? QString() : tr(" (disabled)"));
    }
    if (!d->idle.isEmpty()) {
        const qint64 nodeHours = d->idle.nodeSeconds().value_or(0) / Hour;
        parts << tr("Idle: %n node-hour(s) owned over the next 48 hours with no instance on them, hatched, "
                    "from %1 to %2.",
                    nullptr, int(nodeHours))
                     .arg(d->timeText(d->idle.firstStart().value_or(0)),
                          d->timeText(d->idle.lastEnd().value_or(0)));
    }
    for (const WatchMarker& marker : std::as_const(d->watchMarkers))
        parts << tr("A price watch found %1 offered from %2 to %3 at %4.")
                     .arg(nodeCount(marker.nodes), d->timeText(marker.start), d->timeText(marker.end),
                          Format::ratePerNodeHour(marker.rateMicros));
    if (d->selection) {
        const TimeAxis::Window& s = *d->selection;
        QString selected =
            tr("Selected: %1 to %2 (%3)")
                .arg(d->timeText(s.start), d->timeText(s.end), CliTime::formatDuration(s.end - s.start));
        if (d->selectionNodes > 0)
            selected += u", "_s + nodeCount(d->selectionNodes);
        parts << selected + u"."_s;
        parts << tr("Arrow keys move it by an hour, Shift with them resizes it, Page Up and Page Down "
                    "move it by a day, Enter places it.");
    } else {
        parts << tr("Nothing selected: press an arrow key to select the next hour.");
    }
    return parts.join(u' ');
}

QImage PlannerChart::image() const
{
    return d->q->grab().toImage();
}

bool PlannerChart::exportPng(const QString& fileName, QString* error) const
{
    QImageWriter writer(fileName, "png");
    if (writer.write(image()))
        return true;
    if (error)
        *error = writer.errorString();
    return false;
}

void PlannerChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        d->applyColors();
    QWidget::changeEvent(event);
}

} // namespace sfdesk
