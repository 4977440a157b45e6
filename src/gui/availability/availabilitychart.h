// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"
#include "core/model/resources.h"

#include <QChartView>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace sfdesk {

// One SKU over time: the nodes the market offers (a step line on the left axis) and the best ask
// (dollars per node-hour, on the right axis). Its accessible description says the same in words,
// for a screen reader and for a quick read.
class AvailabilityChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AvailabilityChart)

public:
    explicit AvailabilityChart(QWidget* parent = nullptr);
    ~AvailabilityChart() override;

    // The nodes for sale from `from` to `to`; the prices stay until setPrices.
    void setNodes(const NodeSchedule& schedule, qint64 from, qint64 to);
    // The hourly best asks; an empty list means none are known (yet).
    void setPrices(const QList<HourQuote>& quotes);
    void clear();

    QLineSeries* nodeSeries() const { return m_nodes; }
    QLineSeries* priceSeries() const { return m_prices; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyColors();
    void updateAxes();
    void updateDescription();

    QChart* m_chart;
    QDateTimeAxis* m_time;
    QValueAxis* m_nodeAxis;
    QValueAxis* m_priceAxis;
    QLineSeries* m_nodes;
    QLineSeries* m_prices;
    NodeSchedule m_schedule;
    QList<HourQuote> m_quotes;
    qint64 m_from = 0;
    qint64 m_to = 0;
};

} // namespace sfdesk
