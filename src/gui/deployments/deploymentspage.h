// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class QTabWidget;

namespace sfdesk {

class DeploymentsView;
class InstanceTemplatesView;
class ViewContext;

// The Deployments section: the deployments, and on a second tab the instance templates they start
// their instances from (a deployment is made from a template, so the two live together). Each tab
// is a list page with its own menu; both menus are in the menu bar while the section is open.
class DeploymentsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeploymentsPage)

public:
    explicit DeploymentsPage(ViewContext* context, QWidget* parent = nullptr);
    ~DeploymentsPage() override;

    DeploymentsView* deployments() const { return m_deployments; }
    InstanceTemplatesView* templates() const { return m_templates; }
    QTabWidget* tabs() const { return m_tabs; }
    void showTemplates();
    void showDeployments();

private:
    QTabWidget* m_tabs;
    DeploymentsView* m_deployments;
    InstanceTemplatesView* m_templates;
};

} // namespace sfdesk
