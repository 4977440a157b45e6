// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/models/idindex.h"
#include "core/util/clock.h"
#include "core/util/plaintext.h"

#include <QAbstractTableModel>
#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QScopedValueRollback>
#include <QString>
#include <QThreadPool>
#include <QtConcurrentRun>

#include <algorithm>
#include <functional>
#include <optional>
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
// Nothing is reset, so a view keeps its selection and scroll position across polls. A long list's
// diff runs on a worker thread (refreshInBackground()); the UI thread only applies its outcome.
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

    // Makes the rows equal to items (matched by id) with the fewest signals, at once. A newer list
    // than one refreshInBackground() is still working on: that one is dropped.
    void refresh(const QList<T>& items)
    {
        dropBackground();
        RowChanges changes = changesBetween(m_rows, m_index, items);
        applyChanges(changes);
    }

    // refresh() of a list long enough to stall the UI thread: what changes is worked out on a
    // worker thread, and only applied here. wanted() is asked before applying (a newer answer may
    // be on its way; then nothing is applied); done() is called once the list is applied or
    // dropped, also when a newer list supersedes it. A short list is refreshed at once.
    void refreshInBackground(QList<T> items, std::function<bool()> wanted, std::function<void()> done)
    {
        if (std::max(items.size(), m_rows.size()) < BackgroundRows) {
            if (wanted())
                refresh(items);
            done();
            return;
        }
        dropBackground();
        m_background = Background{std::move(items), std::move(wanted), std::move(done), ++m_backgroundToken};
        diffInBackground();
    }
    bool isRefreshingInBackground() const { return m_background.has_value(); }

    // From this many rows on, refreshInBackground() works on a worker thread: a diff of fewer rows
    // takes well under a frame.
    static constexpr qsizetype BackgroundRows = 1000;

    // One row as the server just answered a write with it: changed in place, or added at the end.
    void upsert(const T& item)
    {
        const int found = rowOf(idOf(item));
        if (found >= 0) {
            const int row = found;
            if (!(std::as_const(m_rows)[row] == item)) {
                ++m_generation;
                m_rows[row] = item;
                Q_EMIT this->dataChanged(this->index(row, 0), this->index(row, columns() - 1));
            }
            return;
        }
        const int row = static_cast<int>(m_rows.size());
        ++m_generation;
        this->beginInsertRows({}, row, row);
        m_index.insert(idOf(item), row, [this](int at) -> const QString& { return idOf(m_rows.at(at)); });
        m_rows.push_back(item);
        this->endInsertRows();
    }

    // Drops every row with a reset; only for a change of account or connection.
    void clear()
    {
        dropBackground();
        ++m_generation;
        beginResetModel();
        m_rows.clear();
        m_index.clear();
        endResetModel();
    }

    const QList<T>& rows() const { return m_rows; }
    int rowOf(const QString& id) const
    {
        // While rows are inserted, the index already knows them: a row not there yet is not found.
        const int row = m_index.find(id, [this](int at) {
            return at < m_rows.size() ? QStringView(idOf(m_rows.at(at))) : QStringView();
        });
        return row < m_rows.size() ? row : -1;
    }
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
    // Static: the diff of a long list runs on a worker thread, without the model.
    static const QString& idOf(const T& item) { return item.id; }

    // Re-emits every row's data (e.g. when a time-dependent column such as "available now" moved).
    void touchAll()
    {
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, columns() - 1));
    }

private:
    // What refreshing the rows with a new list changes, worked out without touching them.
    struct RowChanges
    {
        // Ranges of rows removed, bottom up.
        std::vector<std::pair<int, int>> removed;
        // The rows left after the removals with their new values (when replaceKept), and which of
        // them changed, ascending.
        QList<T> kept;
        bool replaceKept = false;
        std::vector<int> changed;
        // New rows, added at the end.
        QList<T> added;
        // Row by id of kept and added; unset when it is as it was.
        std::optional<IdIndex> index;
    };

    struct Background
    {
        QList<T> items;
        std::function<bool()> wanted;
        std::function<void()> done;
        quint64 token = 0;
    };

    static bool sameIdsInOrder(const QList<T>& rows, const QList<T>& items)
    {
        if (items.size() != rows.size() || items.isEmpty())
            return false;
        for (qsizetype row = 0; row < rows.size(); ++row) {
            if (idOf(rows.at(row)) != idOf(items.at(row)))
                return false;
        }
        return true;
    }

    static IdIndex indexOf(const QList<T>& rows)
    {
        IdIndex index;
        index.reserve(rows.size());
        const auto idAt = [&rows](int row) -> const QString& { return idOf(rows.at(row)); };
        for (qsizetype i = 0; i < rows.size(); ++i)
            index.insert(idOf(rows.at(i)), static_cast<int>(i), idAt);
        return index;
    }

    // Pure: runs on a worker thread for a long list. rows and index are the model's as they were.
    static RowChanges changesBetween(const QList<T>& rows, const IdIndex& index, const QList<T>& items)
    {
        RowChanges changes;
        // The steady state of a poll: the same objects in the same order, some of them changed.
        // Compared in place, without hashing ten thousand ids.
        if (sameIdsInOrder(rows, items)) {
            for (qsizetype row = 0; row < rows.size(); ++row) {
                if (!(rows.at(row) == items.at(row)))
                    changes.changed.push_back(static_cast<int>(row));
            }
            // The new list is the rows now: shared, not copied row by row.
            if (!changes.changed.empty()) {
                changes.kept = items;
                changes.replaceKept = true;
            }
            return changes;
        }
        // The first answer: all of it, at once.
        if (rows.isEmpty()) {
            changes.added = items;
            if (!items.isEmpty())
                changes.index = indexOf(items);
            return changes;
        }
        const IdIndex incoming = indexOf(items);
        const auto itemId = [&items](int item) -> const QString& { return idOf(items.at(item)); };

        // Removals, bottom up, in contiguous ranges; the rows kept, with their new values.
        for (int row = static_cast<int>(rows.size()) - 1; row >= 0;) {
            if (incoming.find(idOf(rows.at(row)), itemId) >= 0) {
                --row;
                continue;
            }
            int first = row;
            while (first > 0 && incoming.find(idOf(rows.at(first - 1)), itemId) < 0)
                --first;
            changes.removed.emplace_back(first, row);
            row = first - 1;
        }
        changes.kept.reserve(rows.size());
        for (const T& row : rows) {
            const int found = incoming.find(idOf(row), itemId);
            if (found < 0)
                continue;
            const T& item = items.at(found);
            if (!(row == item))
                changes.changed.push_back(static_cast<int>(changes.kept.size()));
            changes.kept.append(item);
        }
        changes.replaceKept = true;

        // New rows at the end, in the order they came.
        const auto rowId = [&rows](int row) -> const QString& { return idOf(rows.at(row)); };
        for (const T& item : items) {
            if (index.find(idOf(item), rowId) < 0)
                changes.added.append(item);
        }
        IdIndex newIndex = indexOf(changes.kept);
        newIndex.reserve(changes.kept.size() + changes.added.size());
        const auto newId = [&changes](int row) -> const QString& {
            return row < changes.kept.size() ? idOf(changes.kept.at(row))
                                             : idOf(changes.added.at(row - changes.kept.size()));
        };
        for (qsizetype i = 0; i < changes.added.size(); ++i)
            newIndex.insert(idOf(changes.added.at(i)), static_cast<int>(changes.kept.size() + i), newId);
        changes.index = std::move(newIndex);
        return changes;
    }

    // Applies changes worked out against the rows as they are; what they replaced is left in them.
    void applyChanges(RowChanges& changes)
    {
        if (changes.removed.empty() && changes.changed.empty() && changes.added.isEmpty())
            return;
        ++m_generation;
        for (const auto& [first, last] : changes.removed) {
            beginRemoveRows({}, first, last);
            m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
            endRemoveRows();
        }
        if (changes.replaceKept) {
            Q_ASSERT(changes.kept.size() == m_rows.size());
            std::swap(m_rows, changes.kept);
        }
        if (changes.index)
            std::swap(m_index, *changes.index);
        emitChanged(changes.changed);
        if (!changes.added.isEmpty()) {
            const int first = static_cast<int>(m_rows.size());
            beginInsertRows({}, first, first + static_cast<int>(changes.added.size()) - 1);
            if (m_rows.isEmpty())
                std::swap(m_rows, changes.added);
            else
                m_rows.append(changes.added);
            endInsertRows();
        }
    }

    void diffInBackground()
    {
        const quint64 token = m_background->token;
        const quint64 generation = m_generation;
        const QScopedValueRollback starting(m_startingDiff, true);
        // The worker lets go of the lists before it answers: rows still shared with it when they
        // are changed here would be copied, on this thread.
        QtConcurrent::run([rows = m_rows, index = m_index, items = m_background->items]() mutable {
            const QList<T> before = std::exchange(rows, {});
            const IdIndex beforeIndex = std::exchange(index, {});
            const QList<T> after = std::exchange(items, {});
            return changesBetween(before, beforeIndex, after);
        }).then(this, [this, token, generation](RowChanges changes) {
            // A diff already done when its continuation is attached runs it at once: the changes
            // are applied in a turn of the event loop of their own all the same.
            if (m_startingDiff) {
                QMetaObject::invokeMethod(
                    this,
                    [this, token, generation, changes = std::move(changes)]() mutable {
                        finishDiff(token, generation, std::move(changes));
                    },
                    Qt::QueuedConnection);
                return;
            }
            finishDiff(token, generation, std::move(changes));
        });
    }

    void finishDiff(quint64 token, quint64 generation, RowChanges changes)
    {
        if (!m_background || m_background->token != token) {
            discard(std::move(changes)); // superseded
            return;
        }
        if (!m_background->wanted()) {
            discard(std::move(changes));
            dropBackground();
            return;
        }
        if (generation != m_generation) {
            // The rows changed meanwhile (a write's answer): worked out again against them.
            discard(std::move(changes));
            diffInBackground();
            return;
        }
        const std::function<void()> done = std::move(m_background->done);
        m_background.reset();
        applyChanges(changes);
        discard(std::move(changes));
        done();
    }

    // The rows a refresh replaced are freed on a worker thread: ten thousand rows are a lot of
    // strings.
    static void discard(RowChanges changes)
    {
        QThreadPool::globalInstance()->start(
            [changes = std::move(changes)]() mutable { const RowChanges gone = std::move(changes); });
    }

    void dropBackground()
    {
        if (!m_background)
            return;
        const std::function<void()> done = std::move(m_background->done);
        m_background.reset();
        if (done)
            done();
    }

    // rows ascending.
    void emitChanged(const std::vector<int>& rows)
    {
        if (rows.empty())
            return;
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
    IdIndex m_index;
    // Counts every change of the rows: a diff worked out against older rows is not applied.
    quint64 m_generation = 0;
    std::optional<Background> m_background;
    quint64 m_backgroundToken = 0;
    bool m_startingDiff = false;
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

// A ColumnTableModel with columns that depend on "now" (nodes owned or available now). They read one
// clock, the system's unless a test fixes another.
template <typename Model, typename T> class ClockedTableModel : public ColumnTableModel<Model, T>
{
public:
    using ColumnTableModel<Model, T>::ColumnTableModel;

    // Every row is read again by the new clock.
    void setClock(const Clock* clock)
    {
        m_clock = clock ? clock : Clock::system();
        clockChanged();
        this->touchAll();
    }
    qint64 nowSecs() const { return m_clock->nowSecs(); }

protected:
    // What else the model works out from "now", before the rows are read again.
    virtual void clockChanged() {}

private:
    const Clock* m_clock = Clock::system();
};

} // namespace sfdesk
