// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCollator>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <functional>

namespace sfdesk {

// Filters and sorts any resource model: free text over the displayed columns, a set of statuses,
// one workspace. Sorts on ResourceRole::RawRole; text compares with a numeric-aware collator, so
// that "node-10" sorts after "node-9".
class ResourceProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceProxyModel)

public:
    explicit ResourceProxyModel(QObject* parent = nullptr);

    QString filterText() const { return m_text; }
    void setFilterText(const QString& text);
    // Raw statuses to keep; empty keeps all.
    void setStatuses(const QStringList& statuses);
    // A workspace id to keep; empty keeps all.
    void setWorkspace(const QString& workspaceId);
    // A page's own filter over the row's whole object (ResourceRole::ObjectRole); null keeps all.
    // Call again (or invalidateRowFilter) when what it compares with changes.
    using RowFilter = std::function<bool(const QVariant& object)>;
    void setRowFilter(RowFilter filter);
    void invalidateRowFilter() { invalidateRowsFilter(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QString m_text;
    QStringList m_statuses;
    QString m_workspace;
    RowFilter m_rowFilter;
    QCollator m_collator;
};

} // namespace sfdesk
