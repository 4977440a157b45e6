// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"
#include "core/market/timeaxis.h"

#include <QMap>
#include <QWidget>

#include <memory>
#include <optional>

class QGraphicsView;

namespace sfdesk {

// The reservation planner's chart of one pool: owned nodes per SKU over time (stacked steps), the
// pool's open buy and sell orders as windows, its procurements as their target lines over their
// managed windows (with the orders they placed outlined in their colour), the market's best ask
// and bid per hour on a price axis, and a line for now. The context menu (right click, the Menu
// key or Shift+F10) is the page's: contextMenuRequested() says on which procurement, if any. Drag to select
// an order window (snapped to hours, never starting in the past); wheel to zoom; drag with Shift or Ctrl (or
// the middle button) to pan. From the keyboard: the arrow keys select the next hour, then move the selection
// by an hour (Page Up and Page Down by a day), with Shift they move its end instead; Ctrl with the arrows
// pans, + and - zoom, Enter asks to place the selected window (activated()), Escape clears the selection. The
// accessible description says what the chart shows and what is selected.
//
// Every use of Qt Charts stays inside this class's implementation, so the chart can move to
// another rendering library without touching the rest of the planner.
class PlannerChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlannerChart)

public:
    enum class Range
    {
        Day,
        Week,
        Month
    };

    explicit PlannerChart(QWidget* parent = nullptr);
    ~PlannerChart() override;

    void setSnapshot(const PlannerSnapshot& snapshot);
    const PlannerSnapshot& snapshot() const;
    // Display names of SKU ids; ids show as they are without one.
    void setSkuNames(const QMap<QString, QString>& names);
    // The SKU whose prices the price axis shows; its area is drawn stronger.
    void setHighlightedSku(const QString& sku);

    // Times in UTC rather than local time (labels, tooltips, the description, day boundaries).
    void setUtc(bool utc);
    bool isUtc() const;

    // Shows the range starting shortly before now.
    void setRange(Range range);
    void setVisibleRange(qint64 from, qint64 to);
    qint64 visibleFrom() const;
    qint64 visibleTo() const;

    std::optional<TimeAxis::Window> selection() const;
    void setSelection(const TimeAxis::Window& window);
    void clearSelection();
    // Nodes of the selected window, drawn as its height.
    void setSelectionNodes(qint64 nodes);

    // A window a price watch found offered at or under its price, marked until it has passed.
    struct WatchMarker
    {
        qint64 start = 0;
        qint64 end = 0;
        qint64 nodes = 0;
        qint64 rateMicros = 0; // offered, per node-hour
        bool operator==(const WatchMarker&) const = default;
    };
    void setWatchMarkers(const QList<WatchMarker>& markers);
    QList<WatchMarker> watchMarkers() const;

    // The pool's owned nodes that no instance uses, every SKU together (IdleCapacity), drawn as a
    // hatched band from the axis up.
    void setIdle(const Schedule& idle);
    Schedule idle() const;

    // The chart view's viewport (where the mouse goes) and the mapping of its x coordinate.
    QWidget* viewport() const;
    TimeAxis axis() const;
    // A point of the viewport inside the plot area at `time`.
    QPoint viewportPointAt(qint64 time) const;
    // What the tooltip says at a viewport position; empty outside the plot area.
    QString toolTipAt(const QPoint& viewportPos) const;
    // The procurement whose target line passes close to a viewport position; empty if none.
    QString procurementAt(const QPoint& viewportPos) const;
    // A viewport point on a procurement's target line (its window's middle), for tests and the
    // keyboard's context menu.
    std::optional<QPoint> procurementPoint(const QString& id) const;
    // What the chart shows and what is selected, in words.
    QString description() const;

    // The chart as it is on screen, at the device pixel ratio.
    QImage image() const;
    bool exportPng(const QString& fileName, QString* error = nullptr) const;

Q_SIGNALS:
    void selectionChanged(qint64 start, qint64 end);
    void selectionCleared();
    void visibleRangeChanged(qint64 from, qint64 to);
    // Enter on a selection.
    void activated();
    // The context menu, at a point of the screen, on the procurement there (or none).
    void contextMenuRequested(const QPoint& globalPos, const QString& procurementId);

protected:
    void changeEvent(QEvent* event) override;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace sfdesk
