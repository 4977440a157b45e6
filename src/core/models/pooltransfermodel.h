// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"

#include <QPointer>

namespace sfdesk {

class PoolModel;

// Pool transfer rows for the views, newest first as the server lists them; see
// ResourceTableModel for the refresh rules. Transfers name their pools by id: the pools the
// session knows show by name.
class PoolTransferModel final : public ColumnTableModel<PoolTransferModel, PoolTransfer>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PoolTransferModel)

public:
    enum Column
    {
        StatusColumn,
        FromColumn,
        ToColumn,
        SkuColumn,
        NodesColumn,
        StartColumn,
        EndColumn,
        ReasonColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    // Both pools' ids, space-separated: a proxy filters the transfers of a pool by it.
    static constexpr int PoolsRole = ResourceRole::WorkspaceRole + 1;

    explicit PoolTransferModel(QObject* parent = nullptr);
    // Where the pools' names come from; their changes show at once.
    void setPools(PoolModel* pools);
    QString poolName(const QString& id) const;

    static QString statusText(const PoolTransfer& transfer);
    // The most nodes the transfer moves at any one time, and its first start and last end.
    static qint64 nodes(const PoolTransfer& transfer);
    static std::optional<qint64> startAt(const PoolTransfer& transfer);
    static std::optional<qint64> endAt(const PoolTransfer& transfer);

protected:
    QVariant otherRole(const PoolTransfer& item, int role) const override;

private:
    QPointer<PoolModel> m_pools;
};

} // namespace sfdesk
