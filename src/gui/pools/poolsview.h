#pragma once

#include "core/model/resources.h"
#include "core/models/poolmodel.h"

#include <QModelIndexList>
#include <QWidget>

class QLabel;
class QMenu;
class QPushButton;
class ListRefresh;
class ResourceTableView;
class ViewContext;

// Pools of the workspace: every order and instance needs one. Create, rename, and delete, which the
// server refuses (422) while a pool still has orders, allocation, nodes or deployments; its reasons
// are shown under the table.
class PoolsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PoolsView)

public:
    explicit PoolsView(ViewContext* context, QWidget* parent = nullptr);
    ~PoolsView() override;

    void refresh();
    PoolModel* model() const { return m_model; }
    std::optional<Pool> currentPool() const;
    void createPool();
    void renameCurrent();
    void deleteCurrent();
    void selectPool(const QString& id);

Q_SIGNALS:
    void refreshed();
    void actionFinished();

private:
    void updateActions();
    void fillMenu(QMenu* menu, const QModelIndexList& rows);
    QStringList names() const;

    ViewContext* m_context;
    PoolModel* m_model;
    ResourceTableView* m_table;
    ListRefresh* m_refresh;
    QLabel* m_error;
    QPushButton* m_createButton;
    QPushButton* m_renameButton;
    QPushButton* m_deleteButton;
};
