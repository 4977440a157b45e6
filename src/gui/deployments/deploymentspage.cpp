// SPDX-License-Identifier: Apache-2.0

#include "gui/deployments/deploymentspage.h"

#include "gui/deployments/deploymentsview.h"
#include "gui/deployments/instancetemplatesview.h"

#include <QMenu>
#include <QTabWidget>
#include <QVBoxLayout>

namespace sfdesk {

DeploymentsPage::DeploymentsPage(ViewContext* context, QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_deployments(new DeploymentsView(context))
    , m_templates(new InstanceTemplatesView(context))
{
    setObjectName(QStringLiteral("deploymentsSection"));
    m_tabs->setObjectName(QStringLiteral("deploymentsTabs"));
    m_tabs->setAccessibleName(tr("Deployments and instance templates"));
    m_tabs->addTab(m_deployments, tr("Deplo&yments"));
    m_tabs->addTab(m_templates, tr("Instance Te&mplates"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    // The main window shows a section's own menus: both lists' menus belong to the section.
    for (QMenu* menu : {m_deployments->pageMenu(), m_templates->pageMenu()})
        menu->setParent(this, menu->windowFlags());
    connect(m_templates, &InstanceTemplatesView::deployRequested, this, [this](const QString& templateId) {
        showDeployments();
        m_deployments->createDeployment(templateId);
    });
}

DeploymentsPage::~DeploymentsPage() = default;

void DeploymentsPage::showTemplates()
{
    m_tabs->setCurrentWidget(m_templates);
}

void DeploymentsPage::showDeployments()
{
    m_tabs->setCurrentWidget(m_deployments);
}

} // namespace sfdesk
