// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/util/plaintext.h"

#include <QAbstractTableModel>
#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

#include <algorithm>
#include <span>
#include <vector>

namespace sfdesk {

// Roles every resource model answers, beyond Qt's.
namespace ResourceRole {
enum : int
{
    IdRole = Qt::UserRole + 1,
    RawRole,       // numbers and dates for sorting; names as text
    ObjectRole,    // the whole value type in a QVariant
    StatusRole,    // the status as the server sent it, if the resource has one
    WorkspaceRole, // the workspace id, if the resource belongs to one
};
}

// A table of one resource type, kept by id. refresh() diffs the new list against the rows: rows
// that are gone are removed, new rows are inserted at the end, changed rows emit dataChanged.
// Nothing is reset, so a view keeps its selection and scroll position across polls.
template <typename T> class ResourceTableModel : public QAbstractTableModel
{
public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : columns();
    }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        const T& item = m_rows[index.row()];
        switch (role) {
        case ResourceRole::IdRole:
            return idOf(item);
        case ResourceRole::ObjectRole:
            return QVariant::fromValue(item);
        default:
            return cell(item, index.column(), role);
        }
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || section < 0 || section >= columns())
            return {};
        if (role == Qt::DisplayRole)
            return header(section);
        return {};
    }

    QHash<int, QByteArray> roleNames() const override
    {
        QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
        names.insert(ResourceRole::IdRole, "id");
        names.insert(ResourceRole::RawRole, "raw");
        names.insert(ResourceRole::ObjectRole, "object");
        names.insert(ResourceRole::StatusRole, "status");
        names.insert(ResourceRole::WorkspaceRole, "workspace");
        return names;
    }

    // Makes the rows equal to items (matched by id) with the fewest signals.
    void refresh(const QList<T>& items)
    {
        // The steady state of a poll: the same objects in the same order, some of them changed.
        // Compared in place, without hashing ten thousand ids.
        if (sameIdsInOrder(items)) {
            std::vector<int> changed;
            for (qsizetype row = 0; row < m_rows.size(); ++row) {
                if (!(std::as_const(m_rows)[row] == items.at(row)))
                    changed.push_back(static_cast<int>(row));
            }
            // The new list is the rows now: shared, not copied row by row.
            if (!changed.empty())
                m_rows = items;
            emitChanged(changed);
            return;
        }
        // The first answer: all of it, at once.
        if (m_rows.isEmpty()) {
            if (items.isEmpty())
                return;
            beginInsertRows({}, 0, static_cast<int>(items.size()) - 1);
            m_rows = items;
            reindex();
            endInsertRows();
            return;
        }
        QHash<QString, qsizetype> incoming;
        incoming.reserve(items.size());
        for (qsizetype i = 0; i < items.size(); ++i)
            incoming.insert(idOf(items.at(i)), i);

        // Removals, bottom up, in contiguous ranges.
        bool removed = false;
        for (int row = static_cast<int>(m_rows.size()) - 1; row >= 0;) {
            if (incoming.contains(idOf(std::as_const(m_rows)[row]))) {
                --row;
                continue;
            }
            int first = row;
            while (first > 0 && !incoming.contains(idOf(std::as_const(m_rows)[first - 1])))
                --first;
            beginRemoveRows({}, first, row);
            m_rows.erase(m_rows.begin() + first, m_rows.begin() + row + 1);
            endRemoveRows();
            removed = true;
            row = first - 1;
        }
        if (removed)
            reindex();

        // Changes in place.
        std::vector<int> changed;
        for (const T& item : items) {
            const auto it = m_index.constFind(idOf(item));
            if (it == m_index.cend())
                continue;
            T& current = m_rows[*it];
            if (!(current == item)) {
                current = item;
                changed.push_back(*it);
            }
        }
        emitChanged(changed);

        // New rows at the end, in one batch.
        QList<const T*> added;
        for (const T& item : items) {
            if (!m_index.contains(idOf(item)))
                added.append(&item);
        }
        if (!added.isEmpty()) {
            const int first = static_cast<int>(m_rows.size());
            beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
            for (const T* item : added) {
                m_index.insert(idOf(*item), static_cast<int>(m_rows.size()));
                m_rows.push_back(*item);
            }
            endInsertRows();
        }
    }

    // One row as the server just answered a write with it: changed in place, or added at the end.
    void upsert(const T& item)
    {
        const auto it = m_index.constFind(idOf(item));
        if (it != m_index.cend()) {
            const int row = *it;
            if (!(std::as_const(m_rows)[row] == item)) {
                m_rows[row] = item;
                Q_EMIT this->dataChanged(this->index(row, 0), this->index(row, columns() - 1));
            }
            return;
        }
        const int row = static_cast<int>(m_rows.size());
        this->beginInsertRows({}, row, row);
        m_index.insert(idOf(item), row);
        m_rows.push_back(item);
        this->endInsertRows();
    }

    // Drops every row with a reset; only for a change of account or connection.
    void clear()
    {
        beginResetModel();
        m_rows.clear();
        m_index.clear();
        endResetModel();
    }

    const QList<T>& rows() const { return m_rows; }
    int rowOf(const QString& id) const { return m_index.value(id, -1); }
    const T* find(const QString& id) const
    {
        const int row = rowOf(id);
        return row < 0 ? nullptr : &m_rows[row];
    }
    const T& at(int row) const { return m_rows.at(row); }

protected:
    virtual int columns() const = 0;
    virtual QString header(int column) const = 0;
    virtual QVariant cell(const T& item, int column, int role) const = 0;
    virtual QString idOf(const T& item) const { return item.id; }

    // Re-emits every row's data (e.g. when a time-dependent column such as "available now" moved).
    void touchAll()
    {
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, columns() - 1));
    }

private:
    bool sameIdsInOrder(const QList<T>& items) const
    {
        if (items.size() != m_rows.size() || items.isEmpty())
            return false;
        for (qsizetype row = 0; row < m_rows.size(); ++row) {
            if (idOf(m_rows.at(row)) != idOf(items.at(row)))
                return false;
        }
        return true;
    }

    void reindex()
    {
        m_index.clear();
        m_index.reserve(m_rows.size());
        for (qsizetype i = 0; i < m_rows.size(); ++i)
            m_index.insert(idOf(m_rows.at(i)), static_cast<int>(i));
    }

    void emitChanged(std::vector<int>& rows)
    {
        if (rows.empty())
            return;
        std::sort(rows.begin(), rows.end());
        const int last = columns() - 1;
        // Many changes: one range is cheaper for views than many small ones.
        if (rows.size() * 2 > static_cast<size_t>(m_rows.size())) {
            Q_EMIT dataChanged(index(rows.front(), 0), index(rows.back(), last));
            return;
        }
        size_t start = 0;
        for (size_t i = 1; i <= rows.size(); ++i) {
            if (i == rows.size() || rows[i] != rows[i - 1] + 1) {
                Q_EMIT dataChanged(index(rows[start], 0), index(rows[i - 1], last));
                start = i;
            }
        }
    }

    QList<T> m_rows;
    QHash<QString, int> m_index;
};

// One column of a resource table: its title (marked with QT_TRANSLATE_NOOP in the model's class
// context), the text shown, and the value sorting and filters compare (the shown text when null).
template <typename Model, typename T> struct ResourceColumn
{
    const char* title;
    QVariant (*shown)(const Model& model, const T& item);
    QVariant (*raw)(const Model& model, const T& item) = nullptr;
};

// A ResourceTableModel described by a table of columns, so a model lists each column once instead
// of switching over the column for every role.
template <typename Model, typename T> class ColumnTableModel : public ResourceTableModel<T>
{
public:
    using Column = ResourceColumn<Model, T>;

    ColumnTableModel(std::span<const Column> columns, QObject* parent)
        : ResourceTableModel<T>(parent)
        , m_columns(columns)
    {}

protected:
    int columns() const override { return static_cast<int>(m_columns.size()); }
    QString header(int column) const override
    {
        return QCoreApplication::translate(Model::staticMetaObject.className(),
                                           m_columns[static_cast<size_t>(column)].title);
    }
    QVariant cell(const T& item, int column, int role) const override
    {
        const Column& spec = m_columns[static_cast<size_t>(column)];
        const Model& model = static_cast<const Model&>(*this);
        if (role == Qt::DisplayRole)
            return spec.shown(model, item);
        // The cell's text in full (a narrow column elides it), shown as it is.
        if (role == Qt::ToolTipRole)
            return PlainText::toolTip(spec.shown(model, item).toString());
        if (role == ResourceRole::RawRole)
            return spec.raw ? spec.raw(model, item) : spec.shown(model, item);
        return otherRole(item, role);
    }
    // Roles that do not depend on the column: the status as the server sent it and the workspace,
    // for the resources that have them. A model overrides it where a role means something else.
    virtual QVariant otherRole(const T& item, int role) const
    {
        if constexpr (requires { item.statusText; }) {
            if (role == ResourceRole::StatusRole)
                return item.statusText;
        }
        if constexpr (requires { item.workspaceId; }) {
            if (role == ResourceRole::WorkspaceRole)
                return item.workspaceId;
        }
        Q_UNUSED(item);
        Q_UNUSED(role);
        return {};
    }

private:
    std::span<const Column> m_columns;
};

} // namespace sfdesk
