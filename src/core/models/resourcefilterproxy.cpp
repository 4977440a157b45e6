#include "core/models/resourcefilterproxy.h"

#include "core/models/resourcetablemodel.h"

ResourceFilterProxy::ResourceFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    m_collator.setNumericMode(true);
    m_collator.setCaseSensitivity(Qt::CaseInsensitive);
    setSortRole(ResourceRole::RawRole);
    setDynamicSortFilter(true);
}

void ResourceFilterProxy::setFilterText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateRowsFilter();
}

void ResourceFilterProxy::setStatuses(const QStringList& statuses)
{
    if (statuses == m_statuses)
        return;
    m_statuses = statuses;
    invalidateRowsFilter();
}

void ResourceFilterProxy::setWorkspace(const QString& workspaceId)
{
    if (workspaceId == m_workspace)
        return;
    m_workspace = workspaceId;
    invalidateRowsFilter();
}

bool ResourceFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QAbstractItemModel* model = sourceModel();
    const QModelIndex first = model->index(sourceRow, 0, sourceParent);
    if (!m_workspace.isEmpty() && model->data(first, ResourceRole::WorkspaceRole).toString() != m_workspace)
        return false;
    if (!m_statuses.isEmpty()
        && !m_statuses.contains(model->data(first, ResourceRole::StatusRole).toString()))
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

bool ResourceFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
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
