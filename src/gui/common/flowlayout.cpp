// SPDX-License-Identifier: Apache-2.0

#include "gui/common/flowlayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace sfdesk {

FlowLayout::FlowLayout(QWidget* parent)
    : QLayout(parent)
{}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::insertWidget(int index, QWidget* widget)
{
    addChildWidget(widget);
    m_items.insert(std::clamp<qsizetype>(index, 0, m_items.size()), new QWidgetItem(widget));
    invalidate();
}

void FlowLayout::addItem(QLayoutItem* item)
{
    m_items.append(item);
}

int FlowLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem* FlowLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem* FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    return {};
}

bool FlowLayout::hasHeightForWidth() const
{
    return true;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as its widest item: everything else wraps.
    QSize size;
    for (const QLayoutItem* item : m_items)
        size = size.expandedTo(item->minimumSize());
    const QMargins margins = contentsMargins();
    return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One row, as wide as all of it.
    int width = 0;
    int height = 0;
    for (const QLayoutItem* item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width() + (width > 0 ? spacingBetween() : 0);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins margins = contentsMargins();
    return {width + margins.left() + margins.right(), height + margins.top() + margins.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::spacingBetween() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget* owner = parentWidget();
    return owner ? owner->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, owner) : 6;
}

int FlowLayout::arrange(const QRect& rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int gap = spacingBetween();
    int y = area.y();
    int row = 0;
    while (row < m_items.size()) {
        // The items of this row: as many as fit (at least one), and the row's height.
        int width = 0;
        int height = 0;
        int end = row;
        for (; end < m_items.size(); ++end) {
            const QLayoutItem* item = m_items.at(end);
            if (item->isEmpty())
                continue;
            const int itemWidth = item->sizeHint().width();
            const int next = width + (width > 0 ? gap : 0) + itemWidth;
            if (next > area.width() && width > 0)
                break;
            width = next;
            height = std::max(height, item->sizeHint().height());
        }
        if (apply) {
            int x = area.x();
            for (int i = row; i < end; ++i) {
                QLayoutItem* item = m_items.at(i);
                if (item->isEmpty())
                    continue;
                const QSize hint = item->sizeHint();
                const int itemWidth = std::min(hint.width(), area.width());
                item->setGeometry(QRect(x, y + (height - hint.height()) / 2, itemWidth, hint.height()));
                x += itemWidth + gap;
            }
        }
        y += height + (end < m_items.size() ? gap : 0);
        row = end;
    }
    return y - rect.y() + contentsMargins().bottom();
}

} // namespace sfdesk
