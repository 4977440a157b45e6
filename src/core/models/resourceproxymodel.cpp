// SPDX-License-Identifier: Apache-2.0

#include "core/models/resourceproxymodel.h"

#include "core/models/resourcetablemodel.h"

namespace sfdesk {

ResourceProxyModel::ResourceProxyModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    m_collator.setNumericMode(true);
    m_collator.setCaseSensitivity(Qt::CaseInsensitive);
    setSortRole(ResourceRole::RawRole);
    setDynamicSortFilter(true);
    setFilterKeyColumn(-1);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void ResourceProxyModel::setFilterText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateRowsFilter();
}

void ResourceProxyModel::setStatuses(const QStringList& statuses)
{
    if (statuses == m_statuses)
        return;
    m_statuses = statuses;
    invalidateRowsFilter();
}

void ResourceProxyModel::setWorkspace(const QString& workspaceId)
{
    if (workspaceId == m_workspace)
        return;
    m_workspace = workspaceId;
    invalidateRowsFilter();
}

void ResourceProxyModel::setRowFilter(RowFilter filter)
{
    m_rowFilter = std::move(filter);
    invalidateRowsFilter();
}

bool ResourceProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QAbstractItemModel* model = sourceModel();
    const QModelIndex first = model->index(sourceRow, 0, sourceParent);
    if (m_rowFilter && !m_rowFilter(model->data(first, ResourceRole::ObjectRole)))
        return false;
    if (!m_workspace.isEmpty() && model->data(first, ResourceRole::WorkspaceRole).toString() != m_workspace)
        return false;
    if (!m_statuses.isEmpty()
        && !m_statuses.contains(model->data(first, ResourceRole::StatusRole).toString()))
        return false;
    // A filter set through the base class (setFilterFixedString and friends) applies as well.
    if (!QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent))
        return false;
    if (m_text.isEmpty())
        return true;
    const int columns = model->columnCount(sourceParent);
    for (int column = 0; column < columns; ++column) {
        const QString text =
            model->data(model->index(sourceRow, column, sourceParent), Qt::DisplayRole).toString();
        if (text.contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool ResourceProxyModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
        return m_collator.compare(a.toString(), b.toString()) < 0;
    const auto order = QVariant::compare(a, b);
    if (order == QPartialOrdering::Unordered)
        return m_collator.compare(a.toString(), b.toString()) < 0;
    return order == QPartialOrdering::Less;
}

} // namespace sfdesk
