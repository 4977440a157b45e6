// SPDX-License-Identifier: Apache-2.0

#include "gui/money/burndownchart.h"

#include "core/models/format.h"
#include "core/util/plaintext.h"
#include "gui/common/chartviews.h"
#include "gui/reservations/chartcolors.h"

#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace sfdesk {

BurnDownChart::BurnDownChart(QWidget* parent)
    // The chart is given to the constructor: setChart() would only release, not delete, the default
    // chart a view makes for itself.
    : QChartView(new QChart, parent)
    , m_chart(chart())
    , m_time(new QDateTimeAxis(m_chart))
    , m_dollars(new QValueAxis(m_chart))
    , m_net(new QLineSeries(m_chart))
{
    setObjectName(QStringLiteral("moneyBurnDownChart"));
    setAccessibleName(tr("Net spend this month"));
    ChartViews::setUp(this, m_chart, 200);
    m_chart->setLocalizeNumbers(true);
    m_time->setFormat(QStringLiteral("MMM d"));
    m_dollars->setTitleText(tr("Dollars"));
    m_dollars->setLabelFormat(QStringLiteral("%.2f"));
    m_chart->addAxis(m_time, Qt::AlignBottom);
    m_chart->addAxis(m_dollars, Qt::AlignLeft);
    m_net->setName(tr("Net spent this month, by the end of each day"));
    m_net->setPointsVisible(true);
    m_chart->addSeries(m_net);
    m_net->attachAxis(m_time);
    m_net->attachAxis(m_dollars);
    applyColors();
    setDays({}, QDateTime::currentSecsSinceEpoch() + 86400, QTimeZone::LocalTime);
}

BurnDownChart::~BurnDownChart() = default;

void BurnDownChart::setDays(const QList<MoneyModel::Day>& days, qint64 monthEnd, const QTimeZone& zone)
{
    QList<QPointF> points;
    double low = 0;
    double high = 0;
    // Each day's figure at its end, from the month's start at nothing.
    if (!days.isEmpty())
        points.append({double(days.constFirst().start) * 1000.0, 0.0});
    for (qsizetype i = 0; i < days.size(); ++i) {
        const qint64 end = i + 1 < days.size() ? days.at(i + 1).start : days.at(i).start + 86400;
        const double value = ChartViews::dollars(days.at(i).cumulativeNet);
        points.append({double(std::min(end, monthEnd)) * 1000.0, value});
        low = std::min(low, value);
        high = std::max(high, value);
    }
    m_net->replace(points);
    const qint64 start = days.isEmpty() ? monthEnd - 30 * 86400 : days.constFirst().start;
    m_time->setRange(QDateTime::fromSecsSinceEpoch(start, zone),
                     QDateTime::fromSecsSinceEpoch(monthEnd, zone));
    m_time->setTickCount(7);
    m_dollars->setRange(low < 0 ? std::floor(low * 1.15) : 0.0, high > 0 ? std::ceil(high * 1.15) : 1.0);
    m_dollars->setTickCount(5);
    m_dollars->applyNiceNumbers();

    QString description;
    if (days.isEmpty() || std::all_of(days.cbegin(), days.cend(), [](const MoneyModel::Day& d) {
            return d.cumulativeNet == 0;
        })) {
        description = tr("No fills this month.");
    } else {
        const MoneyModel::Day& last = days.constLast();
        description = tr("Net spent this month up to %1: %2, over %n day(s).", nullptr, int(days.size()))
                          .arg(QLocale().toString(QDateTime::fromSecsSinceEpoch(last.start, zone).date(),
                                                  QLocale::ShortFormat),
                               Format::money(last.cumulativeNet));
    }
    setAccessibleDescription(description);
    setToolTip(PlainText::toolTip(description));
}

void BurnDownChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyColors();
}

void BurnDownChart::applyColors()
{
    // The planner's colours: spending reads as its buys do.
    const ChartColors colors = ChartColors::from(palette());
    m_chart->setBackgroundBrush(colors.background);
    m_chart->setPlotAreaBackgroundVisible(false);
    for (QAbstractAxis* axis :
         {static_cast<QAbstractAxis*>(m_time), static_cast<QAbstractAxis*>(m_dollars)}) {
        axis->setLabelsColor(colors.text);
        axis->setTitleBrush(colors.text);
        axis->setGridLineColor(colors.grid);
        axis->setLinePenColor(colors.grid);
    }
    m_chart->legend()->setLabelColor(colors.text);
    m_net->setPen(QPen(colors.buy, 2));
    m_net->setBrush(colors.buy);
}

} // namespace sfdesk
