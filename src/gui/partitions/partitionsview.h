// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/model/resources.h"
#include "core/models/session.h"

#include "core/util/latestanswer.h"
#include "gui/common/listpage.h"

#include <QPointer>

class QAction;
class QPushButton;
class QComboBox;
class QLabel;

namespace sfdesk {

class CreatePartitionDialog;
class InfinibandCheckDialog;
class InstanceModel;
class LaunchCommandDialog;
class MessageBar;
class PartitionModel;
class ResourceTableView;
class TopologyDialog;
class WorkspaceBar;

// InfiniBand partitions: the list (this workspace or all, filtered by fabric), the details of the
// selected one with its instances, and create, rename and delete. Hidden behind an enrolment
// banner until the account is in the infiniband-preview.
class PartitionsView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PartitionsView)

public:
    explicit PartitionsView(ViewContext* context, QWidget* parent = nullptr);
    ~PartitionsView() override;

    PartitionModel* model() const { return m_model; }
    InstanceModel* instancesModel() const { return m_instancesModel; }
    QList<InfinibandFabric> fabrics() const { return m_fabrics; }
    std::optional<InfinibandPartition> currentPartition() const;

    void createPartition();
    void renameCurrent();
    // Deletes the selected partitions: the current one, explaining a refusal in the blockers
    // dialog; several after one confirmation naming them, with one result naming each refusal.
    void deleteCurrent();
    // What the last deletion of several partitions did.
    QString lastResult() const { return m_lastResult; }
    // Opens the launch commands for the current partition's running instances.
    LaunchCommandDialog* launchCurrent();
    // Opens the InfiniBand checklist of the current partition's workers.
    InfinibandCheckDialog* checkCurrent();
    // The fabric → partition → instance picture of the connection (one window, not modal).
    TopologyDialog* showTopology();
    // Selects a partition by id once it is in the list.
    void selectPartition(const QString& id);

protected:
    void listsFinished() override;
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    void deletePartition(const InfinibandPartition& target);
    void deleteMany(const QList<InfinibandPartition>& partitions);
    void updateEnrolment();
    void readFabrics();
    void bindModel();
    void onListLoaded(Session::Resource resource);
    void showDetails();
    void loadDetailInstances();
    QStringList namesInWorkspace(const QString& workspace) const;

    MessageBar* m_banner;
    QLabel* m_bannerText;
    // What partitions are, shown below the banner until the account is enrolled.
    QLabel* m_intro;
    QPushButton* m_enrolButton;
    WorkspaceBar* m_workspaceBar;
    QComboBox* m_fabricFilter;
    QAction* m_create;
    QAction* m_rename;
    QAction* m_delete;
    QAction* m_launch;
    QAction* m_check;
    QAction* m_topology;
    QPointer<TopologyDialog> m_topologyDialog;
    QString m_lastResult;
    PartitionModel* m_model;
    QWidget* m_details;
    QLabel* m_detailTitle;
    QLabel* m_detailFabric;
    QLabel* m_detailZone;
    QLabel* m_detailPath;
    QLabel* m_detailCreated;
    QLabel* m_detailId;
    InstanceModel* m_instancesModel;
    ResourceTableView* m_instancesTable;
    QList<InfinibandFabric> m_fabrics;
    // The New Partition dialog while it is open: it follows the fabrics as they are read.
    QPointer<CreatePartitionDialog> m_createDialog;
    QString m_selectAfterRefresh;
    LatestAnswer m_latestDetail;
};

} // namespace sfdesk
