#pragma once

#include "core/model/resources.h"

#include <QModelIndexList>
#include <QWidget>

class InstanceModel;
class QLabel;
class QMenu;
class QPushButton;
class ListRefresh;
class ResourceTableView;
class ViewContext;

// Instances of the current workspace (or all): create (wizard), terminate, delete, console log and
// ssh details. The partition column appears once the account is in the InfiniBand preview.
class InstancesView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstancesView)

public:
    explicit InstancesView(ViewContext* context, QWidget* parent = nullptr);
    ~InstancesView() override;

    void refresh();
    InstanceModel* model() const { return m_model; }
    QList<Instance> selectedInstances() const;
    void selectInstance(const QString& id);

    void createInstances();
    void terminateSelected();
    void deleteSelected();
    void showConsoleLog();
    void showSshDetails();

Q_SIGNALS:
    void refreshed();
    // A terminate or delete round finished (tests wait for it).
    void actionFinished();

private:
    void updateActions();
    void updateDetails();
    void fillMenu(QMenu* menu, const QModelIndexList& rows);
    void runOnEach(const QList<Instance>& instances, bool terminate);

    ViewContext* m_context;
    InstanceModel* m_model;
    ResourceTableView* m_table;
    ListRefresh* m_refresh;
    QLabel* m_details;
    QPushButton* m_createButton;
    QPushButton* m_terminateButton;
    QPushButton* m_deleteButton;
    QPushButton* m_logsButton;
    QPushButton* m_sshButton;
};
