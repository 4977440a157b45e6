// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/plannerchart.h"

#include "common/clitime.h"
#include "common/constvalue.h"
#include "common/money.h"
#include "common/schedule.h"
#include "core/market/planmath.h"
#include "core/models/format.h"
#include "gui/reservations/chartcolors.h"
#include "gui/reservations/plannertime.h"

#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QGraphicsItem>
#include <QImageWriter>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QTimeZone>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Hour = 3600;
constexpr qint64 Day = 24 * Hour;

QString nodeCount(qint64 nodes)
{
    return PlannerChart::tr("%n node(s)", nullptr, int(nodes));
}

} // namespace

class PlannerChart::Private
{
public:
    class View;
    class Layer;
    class PlotLayer;
    class Overlay;

    explicit Private(PlannerChart* q);

    void rebuildSeries();
    void applyColors();
    void updateLegend();
    void updateAxes();
    void setRangeAndNotify(qint64 from, qint64 to);
    QRectF plotArea() const { return chart->plotArea(); }
    double yOfNodes(double nodes) const;
    QString skuName(const QString& id) const { return skuNames.value(id, id); }
    QString timeText(qint64 t) const { return PlannerTime::format(t, utc); }
    // Qt Charts' time axis labels in local time: in UTC the chart's x values are moved by the
    // local offset at the start of the range, so that its labels read UTC.
    qint64 labelShift() const
    {
        return utc ? qint64(QDateTime::fromSecsSinceEpoch(from).offsetFromUtc()) : 0;
    }
    void updatePendingSelection(qint64 a, qint64 b);
    void updateDescription();
    // The keyboard's selection: moved by `shift` seconds, or its end moved when `resize`.
    void stepSelection(qint64 shift, bool resize);
    // Pans (and zooms out when it is longer than the range) so that the window is visible.
    void showWindow(const TimeAxis::Window& window);
    // The visible part of a procurement's managed window, from now; nullopt when none of it is.
    std::optional<std::pair<qint64, qint64>> procurementLine(const PlannerProcurement& procurement) const
    {
        const qint64 start = std::max(snapshot.now, from);
        const qint64 end = std::min(snapshot.now + procurement.window, to);
        if (snapshot.now == 0 || end <= start)
            return std::nullopt;
        return std::pair{start, end};
    }
    const PlannerProcurement* procurement(const QString& id) const
    {
        for (const PlannerProcurement& candidate : snapshot.procurements) {
            if (candidate.id == id)
                return &candidate;
        }
        return nullptr;
    }

    PlannerChart* q;
    QChart* chart = nullptr;
    View* view = nullptr;
    PlotLayer* plotLayer = nullptr;
    Overlay* overlay = nullptr;
    QDateTimeAxis* timeAxis = nullptr;
    QValueAxis* nodeAxis = nullptr;
    QValueAxis* priceAxis = nullptr;
    // The price axis's top, in dollars per node-hour.
    double priceTop = 1.0;
    // Owned nodes per SKU, stacked: layer i's top is the sum of SKUs 0..i (drawn by PlotLayer).
    QList<PlanMath::Steps> ownedLayers;
    QStringList ownedSkus;
    QLabel* legend = nullptr;

    PlannerSnapshot snapshot;
    QMap<QString, QString> skuNames;
    QString highlightedSku;
    ChartColors colors;
    qint64 from = 0;
    qint64 to = Day;
    qint64 nodeMax = 1;
    std::optional<TimeAxis::Window> selection;
    qint64 selectionNodes = 0;
    QList<PlannerChart::WatchMarker> watchMarkers;
    Schedule idle;
    bool utc = false;
};

// A layer painted straight onto the chart's scene over the plot area, clipped to it, in the
// chart's time coordinates.
class PlannerChart::Private::Layer : public QGraphicsItem
{
public:
    Layer(Private* d, qreal z)
        : d(d)
    {
        setZValue(z);
        setAcceptedMouseButtons(Qt::NoButton);
    }
    QRectF boundingRect() const override { return d->plotArea(); }
    void refresh()
    {
        prepareGeometryChange();
        update();
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) final
    {
        const QRectF area = d->plotArea();
        if (area.isEmpty())
            return;
        const TimeAxis axis(d->from, d->to, area.left(), area.width());
        painter->save();
        painter->setClipRect(area);
        painter->setRenderHint(QPainter::Antialiasing, false);
        paintPlot(painter, axis, area);
        painter->restore();
    }

protected:
    virtual void paintPlot(QPainter* painter, const TimeAxis& axis, const QRectF& area) = 0;

    Private* d;
};

// The owned nodes per SKU as stacked steps and the market's best prices per hour as lines, drawn
// straight onto the scene: a new snapshot or range costs new points, not Qt Charts series to build
// and lay out. Qt Charts keeps the axes and the grid.
class PlannerChart::Private::PlotLayer final : public PlannerChart::Private::Layer
{
public:
    // Above Qt Charts' grid (z 2), under the order overlay.
    explicit PlotLayer(Private* d)
        : Layer(d, 3.5)
    {}

protected:
    void paintPlot(QPainter* painter, const TimeAxis& axis, const QRectF& area) override
    {
        paintOwned(painter, axis);
        paintPrices(painter, axis, area);
    }

private:
    void paintOwned(QPainter* painter, const TimeAxis& axis) const
    {
        const bool dark = ChartColors::isDark(d->q->palette());
        QPolygonF previousTop;
        for (qsizetype i = 0; i < d->ownedLayers.size(); ++i) {
            // The layer's top edge as steps, then back along the layer below (or the axis).
            QPolygonF top;
            qint64 last = 0;
            const PlanMath::Steps& steps = d->ownedLayers.at(i);
            for (qsizetype s = 0; s < steps.size(); ++s) {
                const auto& [time, count] = steps.at(s);
                const double x = axis.xOf(time);
                if (s > 0)
                    top << QPointF(x, d->yOfNodes(double(last)));
                top << QPointF(x, d->yOfNodes(double(count)));
                last = count;
            }
            if (top.isEmpty())
                continue;
            QPolygonF shape = top;
            if (previousTop.isEmpty()) {
                shape << QPointF(top.last().x(), d->yOfNodes(0)) << QPointF(top.first().x(), d->yOfNodes(0));
            } else {
                for (auto it = previousTop.crbegin(); it != previousTop.crend(); ++it)
                    shape << *it;
            }
            QColor fill = d->colors.sku(i);
            const bool strong = d->highlightedSku.isEmpty() || d->ownedSkus.at(i) == d->highlightedSku;
            fill.setAlpha(strong ? 170 : 70);
            painter->setPen(Qt::NoPen);
            painter->setBrush(fill);
            painter->drawPolygon(shape);
            painter->setPen(QPen(d->colors.sku(i).darker(dark ? 100 : 130), 1));
            painter->setBrush(Qt::NoBrush);
            painter->drawPolyline(top);
            previousTop = top;
        }
    }

    // Each hour's best ask and bid as a step; an hour without one breaks the line. The steps are
    // filled bars, not a stroked polyline: a month is a thousand steps per line, and the raster
    // engine fills rectangles many times faster than it strokes a wide or dashed line.
    void paintPrices(QPainter* painter, const TimeAxis& axis, const QRectF& area) const
    {
        constexpr double Width = 2;
        const auto yOf = [&area, this](qint64 micros) {
            return area.bottom()
                   - double(micros) / double(Money::MicrosPerDollar) * area.height() / d->priceTop;
        };
        for (const bool ask : {true, false}) {
            const QColor color = ask ? d->colors.ask : d->colors.bid;
            const auto bar = [painter, &color, dashed = !ask](const QRectF& rect) {
                if (dashed)
                    fillDashed(painter, rect, color);
                else
                    painter->fillRect(rect, color);
            };
            std::optional<double> lastY;
            qint64 lastEnd = 0;
            for (const HourQuote& quote : std::as_const(d->snapshot.quotes)) {
                if (quote.hourStart + Hour <= d->from || quote.hourStart >= d->to)
                    continue;
                const std::optional<qint64>& price = ask ? quote.bestAsk : quote.bestBid;
                if (!price || quote.hourStart != lastEnd)
                    lastY.reset();
                if (!price)
                    continue;
                const double y = yOf(*price);
                const double left = axis.xOf(quote.hourStart);
                if (lastY && *lastY != y)
                    bar(QRectF(left - Width / 2, std::min(*lastY, y) - Width / 2, Width,
                               std::abs(y - *lastY) + Width));
                bar(QRectF(left, y - Width / 2, axis.xOf(quote.hourStart + Hour) - left, Width));
                lastY = y;
                lastEnd = quote.hourStart + Hour;
            }
        }
    }

    // The part of `rect` under the dashes of a line dashed along x (8 on, 4 off, in scene pixels),
    // so that the dashes of adjacent bars line up.
    static void fillDashed(QPainter* painter, const QRectF& rect, const QColor& color)
    {
        constexpr double Dash = 8;
        constexpr double Period = 12;
        for (double x = std::floor(rect.left() / Period) * Period; x < rect.right(); x += Period) {
            const double left = std::max(x, rect.left());
            const double right = std::min(x + Dash, rect.right());
            if (right > left)
                painter->fillRect(QRectF(left, rect.top(), right - left, rect.height()), color);
        }
    }
};

// Draws what Qt Charts has no series for (order windows, the now line, the selection) straight
// onto the scene, in the chart's coordinates: a thousand orders stay one item.
class PlannerChart::Private::Overlay final : public PlannerChart::Private::Layer
{
public:
    explicit Overlay(Private* d)
        : Layer(d, 100)
    {}

protected:
    void paintPlot(QPainter* painter, const TimeAxis& axis, const QRectF& area) override
    {

        const QFontMetrics metrics(painter->font());
        const double shortestLabel = metrics.horizontalAdvance(u"Buy 1 @ $1.00"_s) + 6;
        for (const PlannerOrder& order : std::as_const(d->snapshot.orders)) {
            if (order.end <= d->from || order.start >= d->to)
                continue;
            // A procurement's order that is no longer open shows what it bought (or sold) as an
            // outline over the owned area, in the procurement's colour.
            if (!order.isOpen()) {
                if (order.procurement.isEmpty() || order.filled.isEmpty())
                    continue;
                QColor outline = d->colors.procurement;
                outline.setAlpha(150);
                painter->setPen(QPen(outline, 1, Qt::DotLine));
                painter->setBrush(Qt::NoBrush);
                for (const ScheduleEntry& span : constValue(order.filled.entries()))
                    painter->drawRect(
                        QRectF(QPointF(axis.xOf(span.startAt), d->yOfNodes(double(span.nodeCount))),
                               QPointF(axis.xOf(span.endAt.value_or(order.end)), d->yOfNodes(0))));
                continue;
            }
            const bool automated = !order.procurement.isEmpty();
            const QColor base = order.buy ? d->colors.buy : d->colors.sell;
            const QRectF window(QPointF(axis.xOf(order.start), d->yOfNodes(double(order.nodes))),
                                QPointF(axis.xOf(order.end), d->yOfNodes(0)));
            QColor fill = base;
            fill.setAlpha(45);
            painter->fillRect(window, fill);
            // What has filled so far, solid.
            QColor filled = base;
            filled.setAlpha(120);
            for (const ScheduleEntry& span : constValue(order.filled.entries()))
                painter->fillRect(QRectF(QPointF(axis.xOf(span.startAt), d->yOfNodes(double(span.nodeCount))),
                                         QPointF(axis.xOf(span.endAt.value_or(order.end)), d->yOfNodes(0))),
                                  filled);
            // A procurement's own orders are outlined in its colour.
            QPen pen(automated ? d->colors.procurement : base, automated ? 2 : 1,
                     order.status == PlannerOrder::Status::Standing ? Qt::DashLine : Qt::SolidLine);
            painter->setPen(pen);
            painter->drawRect(window);
            // Most windows of a long range are too narrow for any label: not even made for them.
            if (window.width() < shortestLabel || metrics.height() + 4 >= window.height())
                continue;
            const QString label =
                (automated ? (order.buy ? QObject::tr("Auto buy %1 @ %2") : QObject::tr("Auto sell %1 @ %2"))
                           : (order.buy ? QObject::tr("Buy %1 @ %2") : QObject::tr("Sell %1 @ %2")))
                    .arg(order.nodes)
                    .arg(Format::rate(order.limitMicros));
            if (metrics.horizontalAdvance(label) + 6 < window.width()) {
                painter->setPen(d->colors.text);
                painter->drawText(window.adjusted(3, 2, -3, -2), Qt::AlignLeft | Qt::AlignTop, label);
            }
        }

        // Each procurement's target over its managed window, from now.
        for (const PlannerProcurement& procurement : std::as_const(d->snapshot.procurements)) {
            const auto line = d->procurementLine(procurement);
            if (!line)
                continue;
            const auto& [from, to] = *line;
            const double y = d->yOfNodes(double(procurement.target));
            QColor color = procurement.enabled ? d->colors.procurement : d->colors.grid;
            if (!procurement.enabled)
                color.setAlpha(200);
            painter->setPen(QPen(color, 3, procurement.enabled ? Qt::SolidLine : Qt::DashLine, Qt::FlatCap));
            painter->drawLine(QPointF(axis.xOf(from), y), QPointF(axis.xOf(to), y));
            painter->setPen(QPen(color, 2));
            for (const qint64 end : {from, to})
                painter->drawLine(QPointF(axis.xOf(end), y - 5), QPointF(axis.xOf(end), y + 5));
            const QString label = QObject::tr("Keep %1: %2").arg(procurement.target).arg(procurement.name);
            const double left = axis.xOf(from) + 4;
            if (metrics.horizontalAdvance(label) + 8 < axis.xOf(to) - left) {
                painter->setPen(color);
                painter->drawText(QPointF(left, y - 5), label);
            }
        }

        // Idle nodes: hatched in the text colour over the owned area, from the axis up, outlined.
        for (const ScheduleEntry& entry : constValue(d->idle.entries())) {
            const qint64 end = entry.endAt.value_or(d->to);
            if (end <= d->from || entry.startAt >= d->to)
                continue;
            const QRectF band(QPointF(axis.xOf(entry.startAt), d->yOfNodes(double(entry.nodeCount))),
                              QPointF(axis.xOf(end), d->yOfNodes(0)));
            QColor hatch = d->colors.text;
            hatch.setAlpha(150);
            painter->setPen(Qt::NoPen);
            painter->setBrush(QBrush(hatch, Qt::BDiagPattern));
            painter->drawRect(band);
            painter->setPen(QPen(hatch, 1, Qt::DotLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(band);
        }

        // Windows offered at a watch's price: filled lightly and outlined in the buy colour, at least
        // a few pixels wide on a long range, with the price on a label that the price lines do not
        // cross.
        for (const PlannerChart::WatchMarker& marker : std::as_const(d->watchMarkers)) {
            if (marker.end <= d->from || marker.start >= d->to)
                continue;
            const double left = axis.xOf(marker.start);
            const QRectF window(QPointF(left, d->yOfNodes(double(marker.nodes))),
                                QPointF(std::max(axis.xOf(marker.end), left + 4), d->yOfNodes(0)));
            QColor fill = d->colors.buy;
            fill.setAlpha(60);
            painter->fillRect(window, fill);
            painter->setPen(QPen(d->colors.buy, 2, Qt::DashLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(window);
            const QString label =
                QObject::tr("★ Watched %1 @ %2").arg(marker.nodes).arg(Format::rate(marker.rateMicros));
            QRectF box(QPointF(window.left(), window.top() - metrics.height() - 6),
                       QSizeF(metrics.horizontalAdvance(label) + 8, metrics.height() + 4));
            // Kept inside the plot area at its right edge.
            if (box.right() > area.right())
                box.moveRight(area.right());
            QColor back = d->colors.background;
            back.setAlpha(230);
            painter->setPen(QPen(d->colors.buy, 1));
            painter->setBrush(back);
            painter->drawRect(box);
            painter->setPen(d->colors.text);
            painter->drawText(box, Qt::AlignCenter, label);
        }

        if (d->selection) {
            QColor fill = d->colors.selection;
            fill.setAlpha(50);
            const double top = d->selectionNodes > 0 ? d->yOfNodes(double(d->selectionNodes)) : area.top();
            const QRectF window(QPointF(axis.xOf(d->selection->start), top),
                                QPointF(axis.xOf(d->selection->end), area.bottom()));
            painter->fillRect(window, fill);
            painter->setPen(QPen(d->colors.selection, 2, Qt::DashLine));
            painter->drawRect(window);
            const QString label = QObject::tr("Selected: %1")
                                      .arg(CliTime::formatDuration(d->selection->end - d->selection->start));
            if (metrics.horizontalAdvance(label) + 6 < window.width()) {
                painter->setPen(d->colors.text);
                painter->drawText(QRectF(window.left() + 3, window.top() - metrics.height() - 2,
                                         window.width() - 6, metrics.height()),
                                  Qt::AlignLeft | Qt::AlignBottom, label);
            }
        }

        if (d->snapshot.now >= d->from && d->snapshot.now < d->to) {
            const double x = axis.xOf(d->snapshot.now);
            painter->setPen(QPen(d->colors.now, 2));
            painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
            painter->setPen(d->colors.now);
            painter->drawText(QPointF(x + 4, area.top() + metrics.ascent() + 2), QObject::tr("now"));
        }
    }
};

class PlannerChart::Private::View final : public QChartView
{
public:
    View(QChart* chart, Private* d)
        : QChartView(chart)
        , d(d)
    {
        setRenderHint(QPainter::Antialiasing);
        setMouseTracking(true);
        viewport()->setMouseTracking(true);
        setFocusPolicy(Qt::StrongFocus);
        setRubberBand(QChartView::NoRubberBand);
        setDragMode(QGraphicsView::NoDrag);
    }

    TimeAxis axis() const
    {
        const QRectF area = d->plotArea();
        const QPointF left = mapFromScene(area.topLeft());
        return TimeAxis(d->from, d->to, left.x(), area.width());
    }

protected:
    void mousePressEvent(QMouseEvent* event) override
    {
        setFocus(Qt::MouseFocusReason);
        const bool panModifier = event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier);
        if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && panModifier)) {
            m_panning = true;
            m_lastPanX = event->position().x();
            viewport()->setCursor(Qt::ClosedHandCursor);
        } else if (event->button() == Qt::LeftButton && insidePlot(event->position())) {
            m_selecting = true;
            m_anchor = axis().timeAt(event->position().x());
            d->updatePendingSelection(m_anchor, m_anchor);
        }
        event->accept();
    }
    void mouseMoveEvent(QMouseEvent* event) override
    {
        const TimeAxis current = axis();
        if (m_panning) {
            const double dx = event->position().x() - m_lastPanX;
            m_lastPanX = event->position().x();
            const qint64 seconds =
                std::llround(-dx * double(current.span()) / std::max(1.0, current.width()));
            d->setRangeAndNotify(d->from + seconds, d->to + seconds);
        } else if (m_selecting) {
            d->updatePendingSelection(m_anchor, current.timeAt(clampedX(event->position().x())));
        } else {
            const QString text = d->q->toolTipAt(event->position().toPoint());
            if (text.isEmpty())
                QToolTip::hideText();
            else // rich text: toolTipAt escapes every name in it
                QToolTip::showText(event->globalPosition().toPoint(), text, viewport());
        }
        event->accept();
    }
    void mouseReleaseEvent(QMouseEvent* event) override
    {
        if (m_panning) {
            m_panning = false;
            viewport()->unsetCursor();
        } else if (m_selecting && event->button() == Qt::LeftButton) {
            m_selecting = false;
            d->updatePendingSelection(m_anchor, axis().timeAt(clampedX(event->position().x())));
            if (d->selection)
                Q_EMIT d->q->selectionChanged(d->selection->start, d->selection->end);
        }
        event->accept();
    }
    void wheelEvent(QWheelEvent* event) override
    {
        const double steps = event->angleDelta().y() / 120.0;
        if (steps == 0) {
            event->ignore();
            return;
        }
        const TimeAxis current = axis();
        const TimeAxis zoomed = current.zoomed(std::pow(0.8, steps), current.timeAt(event->position().x()));
        d->setRangeAndNotify(zoomed.from(), zoomed.to());
        event->accept();
    }
    void keyPressEvent(QKeyEvent* event) override
    {
        const TimeAxis current = axis();
        const qint64 step = std::max<qint64>(Hour, current.span() / 8);
        const qint64 centre = d->from + current.span() / 2;
        const bool pan = event->modifiers() & Qt::ControlModifier;
        const bool resize = event->modifiers() & Qt::ShiftModifier;
        switch (event->key()) {
        case Qt::Key_Left:
            if (pan)
                d->setRangeAndNotify(d->from - step, d->to - step);
            else
                d->stepSelection(-Hour, resize);
            break;
        case Qt::Key_Right:
            if (pan)
                d->setRangeAndNotify(d->from + step, d->to + step);
            else
                d->stepSelection(Hour, resize);
            break;
        case Qt::Key_PageUp:
            d->stepSelection(-Day, resize);
            break;
        case Qt::Key_PageDown:
            d->stepSelection(Day, resize);
            break;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (!d->selection) {
                event->ignore();
                return;
            }
            Q_EMIT d->q->activated();
            break;
        case Qt::Key_Plus:
        case Qt::Key_Equal: {
            const TimeAxis zoomed = current.zoomed(0.8, centre);
            d->setRangeAndNotify(zoomed.from(), zoomed.to());
            break;
        }
        case Qt::Key_Minus: {
            const TimeAxis zoomed = current.zoomed(1.25, centre);
            d->setRangeAndNotify(zoomed.from(), zoomed.to());
            break;
        }
        case Qt::Key_Escape:
            d->q->clearSelection();
            break;
        default:
            QChartView::keyPressEvent(event);
            return;
        }
        event->accept();
    }

    void contextMenuEvent(QContextMenuEvent* event) override
    {
        // From the keyboard, at the selection (or the plot's middle).
        QPoint at = event->pos();
        if (event->reason() == QContextMenuEvent::Keyboard) {
            const QRectF area = mapFromScene(d->plotArea()).boundingRect();
            at = d->selection ? QPoint(int(axis().xOf((d->selection->start + d->selection->end) / 2)),
                                       int(area.center().y()))
                              : area.center().toPoint();
        }
        Q_EMIT d->q->contextMenuRequested(viewport()->mapToGlobal(at), d->q->procurementAt(at));
        event->accept();
    }

private:
    bool insidePlot(const QPointF& pos) const
    {
        return mapFromScene(d->plotArea()).boundingRect().contains(pos.toPoint());
    }
    double clampedX(double x) const
    {
        const TimeAxis current = axis();
        return std::clamp(x, current.left(), current.left() + current.width());
    }

    Private* d;
    bool m_selecting = false;
    bool m_panning = false;
    qint64 m_anchor = 0;
    double m_lastPanX = 0;
};

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
    for (const PlannerOrder& order : std::as_const(snapshot.orders)) {
        if (order.isOpen() && order.end > from && order.start < to)
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
        qsizetype orders = 0;
        for (const PlannerOrder& order : std::as_const(d->snapshot.orders))
            orders += order.procurement == procurement.id ? 1 : 0;
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
