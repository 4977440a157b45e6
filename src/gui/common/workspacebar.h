// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;

namespace sfdesk {

class ViewContext;

// The workspace switcher and the "all workspaces" toggle of a view's toolbar. Every view has its
// own, all bound to the one ViewContext, so switching in one view switches them all.
class WorkspaceBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceBar)

public:
    WorkspaceBar(const QString& viewName, ViewContext* context, QWidget* parent = nullptr);
    ~WorkspaceBar() override;

    QComboBox* combo() const { return m_combo; }
    QCheckBox* allToggle() const { return m_all; }

private:
    void sync();

    ViewContext* m_context;
    QComboBox* m_combo;
    QCheckBox* m_all;
};

} // namespace sfdesk
