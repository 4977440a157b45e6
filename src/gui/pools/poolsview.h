// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/poolmodel.h"
#include "gui/common/listpage.h"

class QAction;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace sfdesk {

// Pools of the workspace: every order and instance needs one. Create, rename, and delete, which the
// server refuses (422) while a pool still has orders, allocation, nodes or deployments; its reasons
// are shown under the table. Move Nodes transfers owned capacity to another pool (in any workspace);
// under the pools, the transfers into and out of the current one, live until each is executed or
// rejected (with the server's reason).
class PoolsView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PoolsView)

public:
    explicit PoolsView(ViewContext* context, QWidget* parent = nullptr);
    ~PoolsView() override;

    PoolModel* model() const { return m_model; }
    std::optional<Pool> currentPool() const;
    void createPool();
    void renameCurrent();
    // Deletes the selected pools: the current one with its refusal's reasons, several after one
    // confirmation naming them, with one result naming each refusal.
    void deleteCurrent();
    void selectPool(const QString& id);
    // Opens Move Nodes for the current pool.
    void moveNodes();
    QTableView* transfersTable() const { return m_transfers; }
    // Sell Idle…: asks the planner to propose a sell of the current pool's idle block.
    void sellIdle();

Q_SIGNALS:
    // The planner is to open a sell of the pool's idle capacity for the user to confirm.
    void sellIdleRequested(const QString& poolId);

protected:
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    QStringList names() const;
    void deletePool(const Pool& target);
    void deleteMany(const QList<Pool>& pools);
    void openMoveNodes(const Pool& source, const QList<Pool>& targets);
    void updateTransfers();

    PoolModel* m_model;
    QLabel* m_error;
    QAction* m_create;
    QAction* m_rename;
    QAction* m_delete;
    QAction* m_move;
    QAction* m_sellIdle;
    QSortFilterProxyModel* m_transferFilter;
    QTableView* m_transfers;
    QLabel* m_transfersTitle;
};

} // namespace sfdesk
