#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QVariant>

// Roles every resource table answers besides DisplayRole.
namespace ResourceRoles {
inline constexpr int Sort = Qt::UserRole;   // raw value for sorting (numbers for times)
inline constexpr int Id = Qt::UserRole + 1; // the object's id
} // namespace ResourceRoles

// A table of API objects that a poll refreshes in place: rows are matched by id, so a refresh
// inserts, removes and updates rows without a reset, and the selection survives.
template <typename T> class ResourceListModel : public QAbstractTableModel
{
public:
    explicit ResourceListModel(QObject* parent = nullptr)
        : QAbstractTableModel(parent)
    {}

    const QList<T>& items() const { return m_items; }
    const T& item(int row) const { return m_items.at(row); }
    int rowOf(const QString& id) const
    {
        for (int row = 0; row < m_items.size(); ++row)
            if (m_items.at(row).id == id)
                return row;
        return -1;
    }

    void setItems(const QList<T>& items)
    {
        QHash<QString, qsizetype> incoming;
        for (qsizetype i = 0; i < items.size(); ++i)
            incoming.insert(items.at(i).id, i);
        // Remove rows that are gone, from the bottom so that rows keep their numbers.
        for (int row = static_cast<int>(m_items.size()) - 1; row >= 0; --row) {
            if (!incoming.contains(m_items.at(row).id)) {
                beginRemoveRows({}, row, row);
                m_items.removeAt(row);
                endRemoveRows();
            }
        }
        QHash<QString, int> present;
        for (int row = 0; row < m_items.size(); ++row)
            present.insert(m_items.at(row).id, row);
        for (const T& item : items) {
            const auto it = present.constFind(item.id);
            if (it == present.cend()) {
                const int row = static_cast<int>(m_items.size());
                beginInsertRows({}, row, row);
                m_items.append(item);
                endInsertRows();
            } else if (!(m_items.at(*it) == item)) {
                m_items[*it] = item;
                Q_EMIT dataChanged(index(*it, 0), index(*it, columnCount() - 1));
            }
        }
    }

    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(m_items.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(headers().size());
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0
            || section >= headers().size())
            return {};
        return headers().at(section);
    }
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        const T& item = m_items.at(index.row());
        switch (role) {
        case Qt::DisplayRole:
            return display(item, index.column());
        case ResourceRoles::Sort: {
            const QVariant value = sortValue(item, index.column());
            return value.isValid() ? value : display(item, index.column());
        }
        case ResourceRoles::Id:
            return item.id;
        case Qt::ToolTipRole:
            return toolTip(item, index.column());
        default:
            return {};
        }
    }

protected:
    virtual QStringList headers() const = 0;
    virtual QVariant display(const T& item, int column) const = 0;
    virtual QVariant sortValue(const T&, int) const { return {}; }
    virtual QVariant toolTip(const T&, int) const { return {}; }

private:
    QList<T> m_items;
};
