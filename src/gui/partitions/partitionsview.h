#pragma once

#include "core/api/apierror.h"
#include "core/model/resources.h"
#include "core/models/session.h"

#include <QModelIndexList>
#include <QWidget>

class InstanceModel;
class MessageBar;
class PartitionModel;
class QComboBox;
class QLabel;
class QMenu;
class QPushButton;
class ListRefresh;
class ResourceTableView;
class ViewContext;
class WorkspaceBar;

// InfiniBand partitions: the list (this workspace or all, filtered by fabric), the details of the
// selected one with its instances, and create, rename and delete. Hidden behind an enrolment
// banner until the account is in the infiniband-preview.
class PartitionsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PartitionsView)

public:
    explicit PartitionsView(ViewContext* context, QWidget* parent = nullptr);
    ~PartitionsView() override;

    void refresh();
    PartitionModel* model() const { return m_model; }
    InstanceModel* instancesModel() const { return m_instancesModel; }
    QList<InfinibandFabric> fabrics() const { return m_fabrics; }
    std::optional<InfinibandPartition> currentPartition() const;

    void createPartition();
    void renameCurrent();
    void deleteCurrent();
    // Selects a partition by id once it is in the list.
    void selectPartition(const QString& id);

Q_SIGNALS:
    // A list, the details or the fabrics finished loading (tests wait for it).
    void refreshed();

private:
    void updateEnrolment();
    void readFabrics();
    void bindModel();
    void onListLoaded(Session::Resource resource);
    void showDetails();
    void loadDetailInstances();
    void updateActions();
    void fillMenu(QMenu* menu, const QModelIndexList& rows);
    QStringList namesInWorkspace(const QString& workspace) const;

    ViewContext* m_context;
    MessageBar* m_banner;
    QLabel* m_bannerText;
    // What partitions are, shown below the banner until the account is enrolled.
    QLabel* m_intro;
    QPushButton* m_enrolButton;
    QWidget* m_content;
    WorkspaceBar* m_workspaceBar;
    QComboBox* m_fabricFilter;
    QPushButton* m_createButton;
    QPushButton* m_renameButton;
    QPushButton* m_deleteButton;
    PartitionModel* m_model;
    ResourceTableView* m_table;
    ListRefresh* m_refresh;
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
    QString m_selectAfterRefresh;
    quint64 m_detailGeneration = 0;
};
