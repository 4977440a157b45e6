// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/requests.h"
#include "core/model/resources.h"
#include "gui/common/listpage.h"

#include <QHash>

#include <optional>

class QAction;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace sfdesk {

class DeploymentModel;

// Deployments of the workspace (or all): each keeps a target number of instances of a template
// running in a pool. The list shows the target, how many run, the server's status and its
// message; the details show its instances as a group. New Deployment…, scale (the spin box, or +
// and − in the list), pause and resume (the API's `enabled`), delete (which stops its instances,
// named in the question), Show Instances.
class DeploymentsView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeploymentsView)

public:
    explicit DeploymentsView(ViewContext* context, QWidget* parent = nullptr);
    ~DeploymentsView() override;

    DeploymentModel* model() const { return m_model; }
    std::optional<Deployment> currentDeployment() const;
    void selectDeployment(const QString& id);
    QSpinBox* targetSpin() const { return m_target; }

    // templateId: the template to start from.
    void createDeployment(const QString& templateId = {});
    // Sets the current deployment's target; +1 and −1 add to what was last asked for.
    void scaleCurrent(int target);
    void stepCurrent(int delta);
    void togglePaused();
    void deleteCurrent();

Q_SIGNALS:
    // The user wants the deployment's instances in the Instances section.
    void showInstancesRequested(const QString& deploymentId);

protected:
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    void updateDetails();
    void change(const Deployment& deployment, const DeploymentChange& request, const QString& what);
    static QString reference(const Deployment& deployment);

    DeploymentModel* m_model;
    QLabel* m_details;
    QSpinBox* m_target;
    QPushButton* m_scale;
    QListWidget* m_instances;
    QLabel* m_error;
    QAction* m_create;
    QAction* m_increase;
    QAction* m_decrease;
    QAction* m_pause;
    // Says Pause or Resume, as the action does.
    QPushButton* m_pauseButton = nullptr;
    QAction* m_delete;
    QAction* m_showInstances;
    // The targets asked for and not answered yet, so that + pressed twice adds two.
    QHash<QString, int> m_pendingTarget;
};

} // namespace sfdesk
