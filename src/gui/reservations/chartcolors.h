// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QColor>
#include <QList>
#include <QPalette>

namespace sfdesk {

// Colours of the planner's charts, derived from the palette: SKU hues keep their identity in both
// schemes and get lighter on dark backgrounds so that they stay readable; asks, bids, buys and
// sells read the same on every chart of the planner.
struct ChartColors
{
    QColor background, text, grid, now, selection, buy, sell, ask, bid, procurement;
    QList<QColor> skus;

    static bool isDark(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

    static ChartColors from(const QPalette& palette)
    {
        const bool dark = isDark(palette);
        ChartColors c;
        c.background = palette.color(QPalette::Base);
        c.text = palette.color(QPalette::Text);
        c.grid = palette.color(QPalette::Text);
        c.grid.setAlpha(dark ? 40 : 30);
        c.now = palette.color(QPalette::Highlight);
        c.selection = palette.color(QPalette::Highlight);
        const int saturation = dark ? 150 : 190;
        const int value = dark ? 235 : 200;
        c.buy = QColor::fromHsv(150, saturation, dark ? 220 : 150);
        c.sell = QColor::fromHsv(28, saturation + 40, dark ? 250 : 215);
        c.ask = QColor::fromHsv(355, saturation, value);
        c.bid = QColor::fromHsv(120, saturation, dark ? 220 : 150);
        c.procurement = QColor::fromHsv(285, dark ? 140 : 200, dark ? 245 : 170);
        for (const int hue : {212, 265, 175, 45, 310, 95, 195, 0, 235, 140, 330, 60})
            c.skus.append(QColor::fromHsv(hue, dark ? 120 : 140, 215));
        return c;
    }
    QColor sku(qsizetype index) const { return skus.at(index % skus.size()); }
};

} // namespace sfdesk
