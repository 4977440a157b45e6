// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QtGlobal>

class QChart;
class QChartView;

namespace sfdesk::ChartViews {

// How every Qt Charts view of the app starts: antialiased, frameless, as tall as `minimumHeight`
// and no taller than its pane gives it, a tab stop (so that a screen reader reads its name and
// description; the viewport is none), and a plain chart with its legend below.
void setUp(QChartView* view, QChart* chart, int minimumHeight);

// Micro-dollars as a plotted value: only for drawing, every figure the user reads is formatted
// from the exact micro-dollars.
double dollars(qint64 micros);

} // namespace sfdesk::ChartViews
