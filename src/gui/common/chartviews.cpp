// SPDX-License-Identifier: Apache-2.0

#include "gui/common/chartviews.h"

#include "common/money.h"

#include <QChart>
#include <QChartView>
#include <QLegend>

namespace sfdesk::ChartViews {

void setUp(QChartView* view, QChart* chart, int minimumHeight)
{
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(minimumHeight);
    view->setFrameShape(QFrame::NoFrame);
    view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    view->setFocusPolicy(Qt::StrongFocus);
    view->viewport()->setFocusPolicy(Qt::NoFocus);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
}

double dollars(qint64 micros)
{
    return double(micros) / double(Money::MicrosPerDollar);
}

} // namespace sfdesk::ChartViews
