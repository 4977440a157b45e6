// SPDX-License-Identifier: Apache-2.0

// The planner chart's private classes: its state, the layers painted over the plot area and the
// view that takes the mouse and keys. Included by plannerchart.cpp alone.

#pragma once

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
#include <QHash>
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

namespace PlannerChartDetail {

using PlannerTime::Day;
using PlannerTime::Hour;

inline QString nodeCount(qint64 nodes)
{
    return PlannerChart::tr("%n node(s)", nullptr, int(nodes));
}

} // namespace PlannerChartDetail

using PlannerChartDetail::Day;
using PlannerChartDetail::Hour;
using PlannerChartDetail::nodeCount;

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
    // Works out once per snapshot which orders the overlay draws (indexOrders()), and per range
    // which of them are in it (in rebuildSeries()).
    void indexOrders();
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
    // An order window as the overlay draws it, standing for every order of the snapshot that draws
    // exactly the same (same window, nodes, side, status, price and fills; a pool's many orders for
    // the same hours do): they are painted once, their fills as opaque as that many layers of them.
    struct OrderMark
    {
        qsizetype order = 0; // the first such order in snapshot.orders
        int count = 1;
        QList<ScheduleEntry> filled; // its fills' entries
    };
    // What the overlay may draw of the snapshot's orders, in the order of their first orders.
    QList<OrderMark> orderMarks;
    // The marks overlapping the visible range, in the same order.
    QList<qsizetype> shownMarks;
    // The snapshot's orders per procurement id, for the description.
    QHash<QString, qsizetype> procurementOrders;
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

    // The alpha of one fill that covers as `count` fills of `alpha` over each other do.
    static int stackedAlpha(int alpha, int count)
    {
        if (count <= 1)
            return alpha;
        return int(std::lround(255.0 * (1.0 - std::pow(1.0 - alpha / 255.0, count))));
    }

protected:
    void paintPlot(QPainter* painter, const TimeAxis& axis, const QRectF& area) override
    {

        const QFontMetrics metrics(painter->font());
        const double shortestLabel = metrics.horizontalAdvance(u"Buy 1 @ $1.00"_s) + 6;
        for (const qsizetype shown : std::as_const(d->shownMarks)) {
            const OrderMark& mark = d->orderMarks.at(shown);
            const PlannerOrder& order = d->snapshot.orders.at(mark.order);
            // A procurement's order that is no longer open shows what it bought (or sold) as an
            // outline over the owned area, in the procurement's colour.
            if (!order.isOpen()) {
                QColor outline = d->colors.procurement;
                outline.setAlpha(stackedAlpha(150, mark.count));
                painter->setPen(QPen(outline, 1, Qt::DotLine));
                painter->setBrush(Qt::NoBrush);
                for (const ScheduleEntry& span : mark.filled)
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
            fill.setAlpha(stackedAlpha(45, mark.count));
            painter->fillRect(window, fill);
            // What has filled so far, solid.
            QColor filled = base;
            filled.setAlpha(stackedAlpha(120, mark.count));
            for (const ScheduleEntry& span : mark.filled)
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

} // namespace sfdesk
