// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/models/moneymodel.h"

#include <QChartView>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace sfdesk {

// The month's net spend, day by day: the cumulative net of the fills up to each day's end (a line
// over the month so far). Its accessible description says the same in words; the exact figures
// are in the table, the chart only draws them.
class BurnDownChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BurnDownChart)

public:
    explicit BurnDownChart(QWidget* parent = nullptr);
    ~BurnDownChart() override;

    // The days of the month so far; `monthEnd` closes the time axis (the first of next month).
    void setDays(const QList<MoneyModel::Day>& days, qint64 monthEnd, const QTimeZone& zone);

    QLineSeries* netSeries() const { return m_net; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyColors();

    QChart* m_chart;
    QDateTimeAxis* m_time;
    QValueAxis* m_dollars;
    QLineSeries* m_net;
};

} // namespace sfdesk
