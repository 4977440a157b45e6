// SPDX-License-Identifier: Apache-2.0

#include "core/models/pooltransfermodel.h"

#include "core/models/format.h"
#include "core/models/poolmodel.h"

#include <algorithm>
#include <array>
#include <limits>

namespace sfdesk {

namespace {

using Column = ResourceColumn<PoolTransferModel, PoolTransfer>;

const std::array<Column, PoolTransferModel::ColumnCount> columnTable{{
    // StatusColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "Status"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return PoolTransferModel::statusText(item);
     },
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant { return item.statusText; }},
    // FromColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "From"),
     [](const PoolTransferModel& model, const PoolTransfer& item) -> QVariant {
         return model.poolName(item.fromPool);
     }},
    // ToColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "To"),
     [](const PoolTransferModel& model, const PoolTransfer& item) -> QVariant {
         return model.poolName(item.toPool);
     }},
    // SkuColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "SKU"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return Format::refName(item.sku);
     }},
    // NodesColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "Nodes"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return QString::number(PoolTransferModel::nodes(item));
     },
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return PoolTransferModel::nodes(item);
     }},
    // StartColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "Start"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return Format::optionalDateTime(PoolTransferModel::startAt(item));
     },
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return PoolTransferModel::startAt(item).value_or(0);
     }},
    // EndColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "End"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         const auto end = PoolTransferModel::endAt(item);
         return end ? Format::dateTime(*end) : PoolTransferModel::tr("open-ended");
     },
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return PoolTransferModel::endAt(item).value_or(std::numeric_limits<qint64>::max());
     }},
    // ReasonColumn: the server's words, as it sent them.
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "Reason"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant { return item.rejectedReason; }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "Created"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant {
         return Format::dateTime(item.createdAt);
     },
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::PoolTransferModel", "ID"),
     [](const PoolTransferModel&, const PoolTransfer& item) -> QVariant { return item.id; }},
}};

} // namespace

PoolTransferModel::PoolTransferModel(QObject* parent)
    : ColumnTableModel<PoolTransferModel, PoolTransfer>(columnTable, parent)
{}

void PoolTransferModel::setPools(PoolModel* pools)
{
    if (m_pools)
        disconnect(m_pools, nullptr, this, nullptr);
    m_pools = pools;
    if (pools) {
        const auto names = [this] {
            const int last = rowCount() - 1;
            if (last >= 0)
                Q_EMIT dataChanged(index(0, FromColumn), index(last, ToColumn));
        };
        connect(pools, &QAbstractItemModel::dataChanged, this, names);
        connect(pools, &QAbstractItemModel::rowsInserted, this, names);
        connect(pools, &QAbstractItemModel::rowsRemoved, this, names);
        connect(pools, &QAbstractItemModel::modelReset, this, names);
    }
}

QVariant PoolTransferModel::otherRole(const PoolTransfer& item, int role) const
{
    if (role == PoolsRole)
        return QString(item.fromPool + QLatin1Char(' ') + item.toPool);
    return ColumnTableModel::otherRole(item, role);
}

QString PoolTransferModel::poolName(const QString& id) const
{
    const Pool* pool = m_pools ? m_pools->find(id) : nullptr;
    if (!pool || pool->name.isEmpty())
        return id;
    return pool->workspace.isEmpty() ? pool->name : tr("%1 (%2)").arg(pool->name, pool->workspace);
}

QString PoolTransferModel::statusText(const PoolTransfer& transfer)
{
    switch (transfer.status) {
    case PoolTransfer::Status::Pending:
        return tr("Pending");
    case PoolTransfer::Status::Executed:
        return tr("Executed");
    case PoolTransfer::Status::Rejected:
        return tr("Rejected");
    case PoolTransfer::Status::Unknown:
        break;
    }
    return transfer.statusText;
}

qint64 PoolTransferModel::nodes(const PoolTransfer& transfer)
{
    qint64 most = 0;
    for (const ScheduleEntry& entry : transfer.delta)
        most = std::max(most, entry.nodeCount);
    return most;
}

std::optional<qint64> PoolTransferModel::startAt(const PoolTransfer& transfer)
{
    for (const ScheduleEntry& entry : transfer.delta) {
        if (entry.nodeCount > 0)
            return entry.startAt;
    }
    return std::nullopt;
}

std::optional<qint64> PoolTransferModel::endAt(const PoolTransfer& transfer)
{
    std::optional<qint64> end;
    for (const ScheduleEntry& entry : transfer.delta) {
        if (entry.nodeCount > 0) {
            if (!entry.endAt)
                return std::nullopt;
            end = entry.endAt;
        }
    }
    return end;
}

} // namespace sfdesk
