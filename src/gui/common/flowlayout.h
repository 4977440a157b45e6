// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QLayout>
#include <QList>

namespace sfdesk {

// Lays its widgets out left to right and starts a new row when the next one does not fit, so that a
// page's toolbar never makes the window wider than a small screen. A row's widgets share its height
// and are centred in it vertically.
class FlowLayout final : public QLayout
{
public:
    explicit FlowLayout(QWidget* parent = nullptr);
    ~FlowLayout() override;

    void insertWidget(int index, QWidget* widget);

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    // Places the items in `rect` (only measures when `apply` is false); returns the height used.
    int arrange(const QRect& rect, bool apply) const;
    int spacingBetween() const;

    QList<QLayoutItem*> m_items;
};

} // namespace sfdesk
