// SPDX-License-Identifier: Apache-2.0

#include "gui/common/workspacebar.h"

#include "gui/common/viewcontext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace sfdesk {

WorkspaceBar::WorkspaceBar(const QString& viewName, ViewContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_combo(new QComboBox(this))
    , m_all(new QCheckBox(tr("All wor&kspaces"), this))
{
    m_combo->setObjectName(viewName + QStringLiteral("WorkspaceCombo"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_all->setObjectName(viewName + QStringLiteral("AllWorkspaces"));
    m_all->setToolTip(tr("List every workspace you can read (sf … list --all)"));
    auto* label = new QLabel(tr("&Workspace:"), this);
    label->setBuddy(m_combo);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_combo);
    layout->addWidget(m_all);

    connect(m_combo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            m_context->setWorkspace(m_combo->itemData(index).toString());
    });
    connect(m_all, &QCheckBox::toggled, m_context, &ViewContext::setAllWorkspaces);
    connect(m_context, &ViewContext::workspacesChanged, this, &WorkspaceBar::sync);
    connect(m_context, &ViewContext::scopeChanged, this, &WorkspaceBar::sync);
    sync();
}

WorkspaceBar::~WorkspaceBar() = default;

void WorkspaceBar::sync()
{
    const QSignalBlocker blockCombo(m_combo);
    const QSignalBlocker blockAll(m_all);
    m_combo->clear();
    const auto workspaces = m_context->workspaces();
    for (const Workspace& workspace : workspaces)
        m_combo->addItem(workspace.name, workspace.name);
    if (m_combo->findData(m_context->workspace()) < 0)
        m_combo->addItem(m_context->workspace(), m_context->workspace());
    m_combo->setCurrentIndex(m_combo->findData(m_context->workspace()));
    m_all->setChecked(m_context->allWorkspaces());
    // While every workspace is listed, no one workspace is shown: the choice waits, greyed out.
    m_combo->setEnabled(!m_context->allWorkspaces());
    if (m_context->allWorkspaces())
        m_combo->setToolTip(tr("Every workspace is listed; clear All workspaces to show and create in one"));
    else
        m_combo->setToolTip(tr("The workspace this view shows and creates in"));
}

} // namespace sfdesk
