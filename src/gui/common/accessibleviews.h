// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QProgressBar>
#include <QTableView>
#include <QTreeWidget>

namespace sfdesk {

// Widgets that screen readers get as sighted users see them, where Qt's own accessibility does not
// tell it (Qt 6.8): each has an accessible interface of the app's own (accessibleviews.cpp).

// A table whose accessible table is the columns shown, in the order shown: a column the user (or
// the page) hid, such as the IDs, is not walked by a screen reader, as it is not seen.
class AccessibleTableView final : public QTableView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AccessibleTableView)

public:
    explicit AccessibleTableView(QWidget* parent = nullptr);
    ~AccessibleTableView() override;

protected:
    // The focus and selection events name the cell by its place among the columns shown.
    void currentChanged(const QModelIndex& current, const QModelIndex& previous) override;
    void selectionChanged(const QItemSelection& selected, const QItemSelection& deselected) override;
};

// A tree whose items tell their level (1 for the top, 2 for their children, …), so that its
// nesting is heard, not a flat list.
class AccessibleTreeWidget final : public QTreeWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AccessibleTreeWidget)

public:
    explicit AccessibleTreeWidget(QWidget* parent = nullptr);
    ~AccessibleTreeWidget() override;
};

// A meter whose accessible value is the text it shows ("40.0 KiB of 64 KiB …"), not its number.
class ValueTextBar final : public QProgressBar
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ValueTextBar)

public:
    explicit ValueTextBar(QWidget* parent = nullptr);
    ~ValueTextBar() override;

    // The value and the text shown for it, told to screen readers as one change.
    void setReading(int value, const QString& text);
};

} // namespace sfdesk
