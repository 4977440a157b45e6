// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/marketdepth.h"

#include <QWidget>

class QLabel;

namespace sfdesk {

// The depth of one SKU's book for a window: a price ladder, asks above bids, each level a bar of
// its node count, the user's own resting orders marked at their prices. Focusable, so that a
// screen reader reaches it; the accessible description reads the ladder out.
class DepthChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DepthChart)

public:
    explicit DepthChart(QWidget* parent = nullptr);

    void setLevels(const QList<MarketDepth::Level>& levels);
    const QList<MarketDepth::Level>& levels() const { return m_levels; }
    // Shown instead of the ladder (loading, an error, no SKU).
    void setMessage(const QString& message);
    QString description() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateDescription();

    QList<MarketDepth::Level> m_levels;
    QString m_message;
};

// The recent fills of one SKU: each a point of its rate over the time it was made, sized by its
// node count. Hovering a point tells it; the accessible description sums the fills up.
class FillsChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FillsChart)

public:
    explicit FillsChart(QWidget* parent = nullptr);

    // Fills made in [from, to), oldest first.
    void setFills(const QList<MarketDepth::Fill>& fills, qint64 from, qint64 to);
    const QList<MarketDepth::Fill>& fills() const { return m_fills; }
    void setMessage(const QString& message);
    void setUtc(bool utc);
    QString description() const;
    // What the tooltip says at a position; empty away from every fill.
    QString toolTipAt(const QPoint& pos) const;
    // Where the fill of that index is drawn.
    QPoint positionOf(qsizetype index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Frame
    {
        QRectF plot;
        qint64 from = 0;
        qint64 to = 0;
        qint64 lowRate = 0;
        qint64 highRate = 0;
        QPointF pointOf(const MarketDepth::Fill& fill) const;
    };
    Frame frame() const;
    static qreal radiusOf(qint64 nodes);
    void updateDescription();

    QList<MarketDepth::Fill> m_fills;
    qint64 m_from = 0;
    qint64 m_to = 0;
    bool m_utc = false;
    QString m_message;
};

// Beside the planner: the depth of the chosen SKU's book for the selected window (or the next day
// when nothing is selected) and the SKU's fills of the last two weeks.
class MarketView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MarketView)

public:
    explicit MarketView(QWidget* parent = nullptr);

    static constexpr qint64 FillsDays = 14;

    void setSkuName(const QString& name);
    void setUtc(bool utc);
    // The window the depth is for; `selected` says whether the user chose it.
    void setDepthWindow(qint64 start, qint64 end, bool selected);
    void showDepth(const OrderbookDepth& depth, const QString& sku, const QList<Order>& ownOrders);
    void showFills(const QList<OrderbookFill>& fills, const QString& sku, qint64 since, qint64 now);
    void showDepthLoading();
    void showFillsLoading();
    void showFailure(const QString& message);
    void clear(const QString& message);

    DepthChart* depthChart() const { return m_depth; }
    FillsChart* fillsChart() const { return m_fills; }

private:
    void updateTitles();

    QLabel* m_depthTitle;
    QLabel* m_fillsTitle;
    DepthChart* m_depth;
    FillsChart* m_fills;
    QString m_skuName;
    qint64 m_start = 0;
    qint64 m_end = 0;
    bool m_selected = false;
    bool m_utc = false;
    bool m_fillsTruncated = false;
};

} // namespace sfdesk
