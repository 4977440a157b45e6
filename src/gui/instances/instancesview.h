// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "gui/common/listpage.h"

class QAction;
class QComboBox;
class QLabel;

namespace sfdesk {

class InstanceModel;
class PriorityDelegate;

// Instances of the current workspace (or all): create (wizard), terminate, replace, delete, console
// log and ssh details. The partition column appears once the account is in the InfiniBand preview.
// A deployment's instances are a group: the Deployment column, and the filter that shows one
// deployment's. The Priority column is edited for the whole selection in one batch request.
class InstancesView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstancesView)

public:
    explicit InstancesView(ViewContext* context, QWidget* parent = nullptr);
    ~InstancesView() override;

    InstanceModel* model() const { return m_model; }
    QList<Instance> selectedInstances() const;
    void selectInstance(const QString& id);
    // What the last terminate or delete round did: how many succeeded, and each failure with why.
    QString lastResult() const { return m_lastResult; }

    void createInstances();
    void terminateSelected();
    void deleteSelected();
    void showConsoleLog();
    void showSshDetails();
    void replaceSelected();
    // Opens the priority editor on the current row; the level chosen goes to every selected instance.
    void editPriority();
    // Sends one batch (one per workspace: the API takes one workspace a batch) for these instances.
    void setPriority(const QList<Instance>& instances, const QString& priority);
    // Shows only the deployment's instances (empty: every instance).
    void showDeployment(const QString& deploymentId);
    QComboBox* deploymentFilter() const { return m_deploymentFilter; }

protected:
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    void updateDetails();
    void runOnEach(const QList<Instance>& instances, bool terminate);
    void fillDeploymentFilter();
    void applyDeploymentFilter();

    InstanceModel* m_model;
    QLabel* m_details;
    QAction* m_create;
    QAction* m_terminate;
    QAction* m_delete;
    QAction* m_logs;
    QAction* m_ssh;
    QAction* m_replace;
    QAction* m_priority;
    QComboBox* m_deploymentFilter;
    PriorityDelegate* m_priorityDelegate;
    QString m_lastResult;
};

} // namespace sfdesk
