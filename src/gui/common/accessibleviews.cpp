// SPDX-License-Identifier: Apache-2.0

// Over 700 lines on purpose: the accessibility of item views is one bridge whose interfaces (the
// view, its cells and its header cells) refer to each other and share one registry of views.

#include "gui/common/accessibleviews.h"

#include "common/constvalue.h"

#include <QAccessible>
#include <QAccessibleWidget>
#include <QHash>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPersistentModelIndex>
#include <QPointer>
#include <QWindow>

#include <algorithm>
#include <memory>

namespace sfdesk {

namespace {

class AccessibleItemView;

// Each view's interface, so that its cells find the layout they are placed by.
QHash<const QAbstractItemView*, AccessibleItemView*>& views()
{
    static QHash<const QAbstractItemView*, AccessibleItemView*> registry;
    return registry;
}

QWindow* windowOf(const QWidget* widget)
{
    return widget && widget->window() ? widget->window()->windowHandle() : nullptr;
}

QHeaderView* horizontalHeaderOf(const QAbstractItemView* view)
{
    if (const auto* table = qobject_cast<const QTableView*>(view))
        return table->horizontalHeader();
    if (const auto* tree = qobject_cast<const QTreeView*>(view))
        return tree->header();
    return nullptr;
}

// What a header cell and an item cell share: no object of their own, no children, the view as
// their parent.
class AccessibleViewLeaf : public QAccessibleInterface
{
public:
    explicit AccessibleViewLeaf(QAbstractItemView* view)
        : m_view(view)
    {}

    QObject* object() const override { return nullptr; }
    QWindow* window() const override { return windowOf(m_view); }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QAccessibleInterface* parent() const override
    {
        return QAccessible::queryAccessibleInterface(m_view.data());
    }
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }

protected:
    QPointer<QAbstractItemView> m_view;
};

// A column's header, as a table's first row of cells.
class AccessibleHeaderCell final : public AccessibleViewLeaf
{
public:
    AccessibleHeaderCell(QAbstractItemView* view, int section)
        : AccessibleViewLeaf(view)
        , m_section(section)
    {}

    int section() const { return m_section; }
    bool isValid() const override
    {
        return m_view && m_view->model() && m_section < m_view->model()->columnCount(m_view->rootIndex());
    }
    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        const QAbstractItemModel* model = m_view->model();
        if (t == QAccessible::Name) {
            const QString name =
                model->headerData(m_section, Qt::Horizontal, Qt::AccessibleTextRole).toString();
            return name.isEmpty() ? model->headerData(m_section, Qt::Horizontal).toString() : name;
        }
        if (t == QAccessible::Description)
            return model->headerData(m_section, Qt::Horizontal, Qt::AccessibleDescriptionRole).toString();
        return {};
    }
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override
    {
        QHeaderView* header = horizontalHeaderOf(m_view);
        if (!isValid() || !header)
            return {};
        const QPoint zero = header->mapToGlobal(QPoint(0, 0));
        return {zero.x() + header->sectionViewportPosition(m_section), zero.y(),
                header->sectionSize(m_section), header->height()};
    }
    QAccessible::Role role() const override { return QAccessible::ColumnHeader; }
    QAccessible::State state() const override
    {
        QAccessible::State state;
        if (const QHeaderView* header = horizontalHeaderOf(m_view)) {
            state.invisible = !header->isVisible() || header->isSectionHidden(m_section);
            state.disabled = !header->isEnabled();
        }
        return state;
    }

private:
    int m_section;
};

// One item of the view: a table's cell, or a tree's item with its level.
class AccessibleItemCell final : public AccessibleViewLeaf,
                                 public QAccessibleTableCellInterface,
                                 public QAccessibleAttributesInterface,
                                 public QAccessibleActionInterface
{
public:
    AccessibleItemCell(QAbstractItemView* view, const QModelIndex& index, bool tree)
        : AccessibleViewLeaf(view)
        , m_index(index)
        , m_tree(tree)
    {}

    const QPersistentModelIndex& index() const { return m_index; }

    bool isValid() const override
    {
        return m_view && m_index.isValid() && m_index.model() == m_view->model();
    }
    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        if (t == QAccessible::Name) {
            const QString name = m_index.data(Qt::AccessibleTextRole).toString();
            return name.isEmpty() ? m_index.data(Qt::DisplayRole).toString() : name;
        }
        if (t == QAccessible::Description)
            return m_index.data(Qt::AccessibleDescriptionRole).toString();
        return {};
    }
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override
    {
        if (!isValid())
            return {};
        QRect area = m_view->visualRect(m_index);
        if (!area.isNull()) {
            area.translate(m_view->viewport()->mapTo(m_view, QPoint(0, 0)));
            area.translate(m_view->mapToGlobal(QPoint(0, 0)));
        }
        return area;
    }
    QAccessible::Role role() const override { return m_tree ? QAccessible::TreeItem : QAccessible::Cell; }
    QAccessible::State state() const override
    {
        QAccessible::State state;
        if (!isValid())
            return state;
        const QRect shown(m_view->mapToGlobal(QPoint(0, 0)), m_view->size());
        state.invisible = !shown.intersects(rect());
        const QItemSelectionModel* selection = m_view->selectionModel();
        state.selected = selection && selection->isSelected(m_index);
        state.focused = selection && selection->currentIndex() == m_index;
        const QVariant check = m_index.data(Qt::CheckStateRole);
        state.checked = check.toInt() == Qt::Checked;
        const Qt::ItemFlags flags = m_index.flags();
        state.checkable = (flags & Qt::ItemIsUserCheckable) && check.isValid();
        if (flags & Qt::ItemIsSelectable) {
            state.selectable = true;
            state.focusable = true;
            state.multiSelectable = m_view->selectionMode() == QAbstractItemView::MultiSelection;
            state.extSelectable = m_view->selectionMode() == QAbstractItemView::ExtendedSelection;
        }
        if (const auto* tree = qobject_cast<const QTreeView*>(m_view); tree && m_index.column() == 0) {
            state.expandable = tree->model()->hasChildren(m_index);
            state.expanded = tree->isExpanded(m_index);
        }
        return state;
    }
    void* interface_cast(QAccessible::InterfaceType type) override
    {
        switch (type) {
        case QAccessible::TableCellInterface:
            return static_cast<QAccessibleTableCellInterface*>(this);
        case QAccessible::AttributesInterface:
            return static_cast<QAccessibleAttributesInterface*>(this);
        case QAccessible::ActionInterface:
            return static_cast<QAccessibleActionInterface*>(this);
        default:
            return nullptr;
        }
    }

    // QAccessibleTableCellInterface
    bool isSelected() const override
    {
        return isValid() && m_view->selectionModel() && m_view->selectionModel()->isSelected(m_index);
    }
    QList<QAccessibleInterface*> columnHeaderCells() const override;
    QList<QAccessibleInterface*> rowHeaderCells() const override { return {}; }
    int columnIndex() const override;
    int rowIndex() const override;
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface* table() const override { return parent(); }

    // QAccessibleAttributesInterface: a tree item's level, 1 at the top.
    QList<QAccessible::Attribute> attributeKeys() const override
    {
        return m_tree ? QList<QAccessible::Attribute>{QAccessible::Attribute::Level}
                      : QList<QAccessible::Attribute>{};
    }
    QVariant attributeValue(QAccessible::Attribute key) const override
    {
        if (!m_tree || key != QAccessible::Attribute::Level || !isValid())
            return {};
        int level = 1;
        for (QModelIndex up = m_index.parent(); up.isValid() && up != m_view->rootIndex(); up = up.parent())
            ++level;
        return level;
    }

    // QAccessibleActionInterface: selecting the item, as a click does.
    QStringList actionNames() const override { return {toggleAction()}; }
    void doAction(const QString& name) override
    {
        if (name != toggleAction() || !isValid() || !m_view->selectionModel()
            || m_view->selectionMode() == QAbstractItemView::NoSelection)
            return;
        QItemSelectionModel::SelectionFlags flags =
            isSelected() ? QItemSelectionModel::Deselect : QItemSelectionModel::Select;
        if (m_view->selectionMode() == QAbstractItemView::SingleSelection && !isSelected())
            flags = QItemSelectionModel::ClearAndSelect;
        if (m_view->selectionBehavior() == QAbstractItemView::SelectRows)
            flags |= QItemSelectionModel::Rows;
        m_view->selectionModel()->select(m_index, flags);
    }
    QStringList keyBindingsForAction(const QString&) const override { return {}; }

private:
    QPersistentModelIndex m_index;
    bool m_tree;
};

// The view: a table (or tree) of a header row, then a row per item shown; a table's columns are
// those shown, in the order shown; a tree's are its model's, as QTreeView counts them in its own
// focus events. Cells are made when first asked for and kept while their item lives.
class AccessibleItemView final : public QAccessibleWidget, public QAccessibleTableInterface
{
public:
    AccessibleItemView(QAbstractItemView* view, bool tree)
        : QAccessibleWidget(view, tree ? QAccessible::Tree : QAccessible::Table)
        , m_key(view)
        , m_tree(tree)
        , m_watch(std::make_unique<QObject>())
    {
        views().insert(m_key, this);
        // What moves rows or columns: the tree's list of shown items is read again.
        const auto changed = [this] { m_dirty = true; };
        if (auto* treeView = qobject_cast<QTreeView*>(view)) {
            QObject::connect(treeView, &QTreeView::expanded, m_watch.get(), changed);
            QObject::connect(treeView, &QTreeView::collapsed, m_watch.get(), changed);
        }
    }
    ~AccessibleItemView() override
    {
        views().remove(m_key);
        for (const QAccessible::Id id : std::as_const(m_cells))
            QAccessible::deleteAccessibleInterface(id);
        for (const QAccessible::Id id : std::as_const(m_headers))
            QAccessible::deleteAccessibleInterface(id);
    }
    Q_DISABLE_COPY_MOVE(AccessibleItemView)

    QAbstractItemView* view() const { return qobject_cast<QAbstractItemView*>(object()); }

    // The logical columns, in the order they count.
    QList<int> columns() const
    {
        QList<int> result;
        const QAbstractItemView* itemView = view();
        const QAbstractItemModel* model = itemView ? itemView->model() : nullptr;
        if (!model)
            return result;
        const int count = model->columnCount(itemView->rootIndex());
        const QHeaderView* header = horizontalHeaderOf(itemView);
        if (m_tree || !header) {
            for (int column = 0; column < count; ++column)
                result << column;
            return result;
        }
        for (int visual = 0; visual < header->count(); ++visual) {
            const int logical = header->logicalIndex(visual);
            if (logical >= 0 && logical < count && !header->isSectionHidden(logical))
                result << logical;
        }
        return result;
    }
    int shownRowCount() const
    {
        const QAbstractItemView* itemView = view();
        if (!itemView || !itemView->model())
            return 0;
        if (m_tree)
            return int(treeRows().size());
        return itemView->model()->rowCount(itemView->rootIndex());
    }
    // The row-th row shown, at its first column.
    QModelIndex rowAt(int row) const
    {
        const QAbstractItemView* itemView = view();
        if (!itemView || !itemView->model() || row < 0)
            return {};
        if (m_tree) {
            const QList<QPersistentModelIndex>& rows = treeRows();
            return row < rows.size() ? QModelIndex(rows.at(row)) : QModelIndex();
        }
        return itemView->model()->index(row, 0, itemView->rootIndex());
    }
    int rowOf(const QModelIndex& index) const
    {
        if (!index.isValid())
            return -1;
        if (m_tree) {
            treeRows();
            return m_rowOf.value(QPersistentModelIndex(index.siblingAtColumn(0)), -1);
        }
        return index.row();
    }
    int columnOf(int logical) const { return int(columns().indexOf(logical)); }
    // The place of an item's cell among the children; -1 for a column not shown.
    int childOf(const QModelIndex& index) const
    {
        const QList<int> shown = columns();
        const int column = int(shown.indexOf(index.column()));
        const int row = rowOf(index);
        return column < 0 || row < 0 ? -1 : (row + 1) * int(shown.size()) + column;
    }
    QAccessibleInterface* headerCell(int logical) const
    {
        if (const auto id = m_headers.constFind(logical); id != m_headers.cend())
            return QAccessible::accessibleInterface(*id);
        auto* cell = new AccessibleHeaderCell(view(), logical);
        m_headers.insert(logical, QAccessible::registerAccessibleInterface(cell));
        return cell;
    }
    QAccessibleInterface* cellFor(const QModelIndex& index) const
    {
        if (!index.isValid())
            return nullptr;
        purgeStaleCells();
        const QPersistentModelIndex key(index);
        if (const auto id = m_cells.constFind(key); id != m_cells.cend())
            return QAccessible::accessibleInterface(*id);
        auto* cell = new AccessibleItemCell(view(), index, m_tree);
        m_cells.insert(key, QAccessible::registerAccessibleInterface(cell));
        return cell;
    }

    // QAccessibleInterface
    int childCount() const override
    {
        const qsizetype columnCount = columns().size();
        return columnCount == 0 ? 0 : (shownRowCount() + 1) * int(columnCount);
    }
    QAccessibleInterface* child(int index) const override
    {
        const QList<int> shown = columns();
        if (index < 0 || shown.isEmpty())
            return nullptr;
        const int row = index / int(shown.size());
        const int column = shown.at(index % int(shown.size()));
        if (row == 0)
            return headerCell(column);
        const QModelIndex first = rowAt(row - 1);
        return first.isValid() ? cellFor(first.siblingAtColumn(column)) : nullptr;
    }
    int indexOfChild(const QAccessibleInterface* child) const override
    {
        if (!child || !child->parent() || child->parent()->object() != object())
            return -1;
        if (child->role() == QAccessible::ColumnHeader)
            return columnOf(static_cast<const AccessibleHeaderCell*>(child)->section());
        if (child->role() == QAccessible::Cell || child->role() == QAccessible::TreeItem)
            return childOf(static_cast<const AccessibleItemCell*>(child)->index());
        return -1;
    }
    QAccessibleInterface* childAt(int x, int y) const override
    {
        const QAbstractItemView* itemView = view();
        if (!itemView)
            return nullptr;
        const QPoint inViewport = itemView->viewport()->mapFromGlobal(QPoint(x, y));
        const int index = childOf(itemView->indexAt(inViewport));
        return index >= 0 ? child(index) : nullptr;
    }
    QAccessibleInterface* focusChild() const override
    {
        const QAbstractItemView* itemView = view();
        const int index = itemView ? childOf(itemView->currentIndex()) : -1;
        return index >= 0 ? child(index) : nullptr;
    }
    void* interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::TableInterface)
            return static_cast<QAccessibleTableInterface*>(this);
        return QAccessibleWidget::interface_cast(type);
    }

    // QAccessibleTableInterface: rows and columns as shown.
    QAccessibleInterface* caption() const override { return nullptr; }
    QAccessibleInterface* summary() const override { return nullptr; }
    QAccessibleInterface* cellAt(int row, int column) const override
    {
        const QList<int> shown = columns();
        if (column < 0 || column >= shown.size())
            return nullptr;
        const QModelIndex first = rowAt(row);
        return first.isValid() ? cellFor(first.siblingAtColumn(shown.at(column))) : nullptr;
    }
    int selectedCellCount() const override { return int(selectedCells().size()); }
    QList<QAccessibleInterface*> selectedCells() const override
    {
        QList<QAccessibleInterface*> cells;
        const QAbstractItemView* itemView = view();
        if (!itemView || !itemView->selectionModel())
            return cells;
        for (const QModelIndex& index : constValue(itemView->selectionModel()->selectedIndexes()))
            if (childOf(index) >= 0)
                cells << cellFor(index);
        return cells;
    }
    QString columnDescription(int column) const override
    {
        const QList<int> shown = columns();
        const QAbstractItemView* itemView = view();
        if (!itemView || column < 0 || column >= shown.size())
            return {};
        return itemView->model()->headerData(shown.at(column), Qt::Horizontal).toString();
    }
    QString rowDescription(int) const override { return {}; }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override { return int(selectedRows().size()); }
    int columnCount() const override { return int(columns().size()); }
    int rowCount() const override { return shownRowCount(); }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override
    {
        QList<int> rows;
        const QAbstractItemView* itemView = view();
        if (!itemView || !itemView->selectionModel())
            return rows;
        for (const QModelIndex& index : constValue(itemView->selectionModel()->selectedRows()))
            if (const int row = rowOf(index); row >= 0)
                rows << row;
        std::sort(rows.begin(), rows.end());
        return rows;
    }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int row) const override
    {
        const QAbstractItemView* itemView = view();
        const QModelIndex first = rowAt(row);
        return first.isValid() && itemView->selectionModel()
               && itemView->selectionModel()->isRowSelected(first.row(), first.parent());
    }
    bool selectRow(int row) override { return selectRowAs(row, QItemSelectionModel::Select); }
    bool unselectRow(int row) override { return selectRowAs(row, QItemSelectionModel::Deselect); }
    bool selectColumn(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent*) override
    {
        m_dirty = true;
        purgeStaleCells();
    }

private:
    bool selectRowAs(int row, QItemSelectionModel::SelectionFlag how)
    {
        QAbstractItemView* itemView = view();
        const QModelIndex first = rowAt(row);
        if (!first.isValid() || !itemView->selectionModel()
            || itemView->selectionMode() == QAbstractItemView::NoSelection)
            return false;
        QItemSelectionModel::SelectionFlags flags = how | QItemSelectionModel::Rows;
        if (how == QItemSelectionModel::Select
            && itemView->selectionMode() == QAbstractItemView::SingleSelection)
            flags |= QItemSelectionModel::Clear;
        itemView->selectionModel()->select(first, flags);
        return true;
    }

    // A tree's shown items in the order shown (the children of expanded items after them).
    const QList<QPersistentModelIndex>& treeRows() const
    {
        const QAbstractItemView* itemView = view();
        const QAbstractItemModel* model = itemView ? itemView->model() : nullptr;
        if (!m_dirty && model == m_rowsModel)
            return m_rows;
        if (model != m_rowsModel) {
            QObject::disconnect(m_modelWatch);
            m_rowsModel = model;
            if (model) {
                // Any change of the rows may move what is shown.
                auto* watch = m_watch.get();
                bool* dirty = &m_dirty;
                const auto changed = [dirty] { *dirty = true; };
                m_modelWatch = QObject::connect(model, &QAbstractItemModel::layoutChanged, watch, changed);
                QObject::connect(model, &QAbstractItemModel::rowsInserted, watch, changed);
                QObject::connect(model, &QAbstractItemModel::rowsRemoved, watch, changed);
                QObject::connect(model, &QAbstractItemModel::rowsMoved, watch, changed);
                QObject::connect(model, &QAbstractItemModel::modelReset, watch, changed);
            }
        }
        m_dirty = false;
        m_rows.clear();
        m_rowOf.clear();
        const auto* tree = qobject_cast<const QTreeView*>(itemView);
        if (!tree || !model)
            return m_rows;
        for (QModelIndex index = model->index(0, 0, tree->rootIndex()); index.isValid();
             index = tree->indexBelow(index)) {
            m_rowOf.insert(QPersistentModelIndex(index), int(m_rows.size()));
            m_rows << QPersistentModelIndex(index);
        }
        return m_rows;
    }

    // Cells of items that went are deleted; their places may be another item's now.
    void purgeStaleCells() const
    {
        for (auto it = m_cells.begin(); it != m_cells.end();) {
            if (it.key().isValid()) {
                ++it;
                continue;
            }
            QAccessible::deleteAccessibleInterface(*it);
            it = m_cells.erase(it);
        }
    }

    const QAbstractItemView* m_key;
    bool m_tree;
    std::unique_ptr<QObject> m_watch;
    mutable QMetaObject::Connection m_modelWatch;
    mutable const QAbstractItemModel* m_rowsModel = nullptr;
    mutable bool m_dirty = true;
    mutable QList<QPersistentModelIndex> m_rows;
    mutable QHash<QPersistentModelIndex, int> m_rowOf;
    mutable QHash<QPersistentModelIndex, QAccessible::Id> m_cells;
    mutable QHash<int, QAccessible::Id> m_headers;
};

QList<QAccessibleInterface*> AccessibleItemCell::columnHeaderCells() const
{
    const AccessibleItemView* table = m_view ? views().value(m_view) : nullptr;
    if (!table || !isValid())
        return {};
    return {table->headerCell(m_index.column())};
}

int AccessibleItemCell::columnIndex() const
{
    const AccessibleItemView* table = m_view ? views().value(m_view) : nullptr;
    return table && isValid() ? table->columnOf(m_index.column()) : -1;
}

int AccessibleItemCell::rowIndex() const
{
    const AccessibleItemView* table = m_view ? views().value(m_view) : nullptr;
    return table && isValid() ? table->rowOf(m_index) : -1;
}

// A meter whose value is told as the text it shows.
class AccessibleValueBar final : public QAccessibleWidget, public QAccessibleValueInterface
{
public:
    explicit AccessibleValueBar(QProgressBar* bar)
        : QAccessibleWidget(bar, QAccessible::ProgressBar)
    {}

    QProgressBar* bar() const { return qobject_cast<QProgressBar*>(object()); }
    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Value && bar())
            return bar()->text();
        return QAccessibleWidget::text(t);
    }
    void* interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::ValueInterface)
            return static_cast<QAccessibleValueInterface*>(this);
        return QAccessibleWidget::interface_cast(type);
    }
    QVariant currentValue() const override { return bar() ? bar()->value() : 0; }
    void setCurrentValue(const QVariant&) override {}
    QVariant maximumValue() const override { return bar() ? bar()->maximum() : 0; }
    QVariant minimumValue() const override { return bar() ? bar()->minimum() : 0; }
    QVariant minimumStepSize() const override { return 1; }
};

QAccessibleInterface* accessibleFactory(const QString& className, QObject* object)
{
    if (!object || !object->isWidgetType())
        return nullptr;
    if (className == QLatin1StringView(AccessibleTableView::staticMetaObject.className()))
        return new AccessibleItemView(static_cast<AccessibleTableView*>(object), false);
    if (className == QLatin1StringView(AccessibleTreeWidget::staticMetaObject.className()))
        return new AccessibleItemView(static_cast<AccessibleTreeWidget*>(object), true);
    if (className == QLatin1StringView(ValueTextBar::staticMetaObject.className()))
        return new AccessibleValueBar(static_cast<ValueTextBar*>(object));
    return nullptr;
}

void installFactory()
{
    static bool installed = false;
    if (!installed) {
        installed = true;
        QAccessible::installFactory(accessibleFactory);
    }
}

} // namespace

AccessibleTableView::AccessibleTableView(QWidget* parent)
    : QTableView(parent)
{
    installFactory();
}

AccessibleTableView::~AccessibleTableView() = default;

void AccessibleTableView::currentChanged(const QModelIndex& current, const QModelIndex& previous)
{
    if (QAccessible::isActive() && current.isValid() && hasFocus()) {
        QAccessible::queryAccessibleInterface(this);
        if (const AccessibleItemView* table = views().value(this))
            if (const int child = table->childOf(current); child >= 0) {
                QAccessibleEvent event(this, QAccessible::Focus);
                event.setChild(child);
                QAccessible::updateAccessibility(&event);
            }
    }
    // Not QTableView's own: its events count the hidden columns and the hidden row header.
    // NOLINTNEXTLINE(bugprone-parent-virtual-call): QTableView's is skipped on purpose, as said above
    QAbstractItemView::currentChanged(current, previous); // clazy:exclude=skipped-base-method
}

void AccessibleTableView::selectionChanged(const QItemSelection& selected, const QItemSelection& deselected)
{
    if (QAccessible::isActive()) {
        QAccessible::queryAccessibleInterface(this);
        if (const AccessibleItemView* table = views().value(this)) {
            const auto tell = [this, table](const QItemSelection& which, QAccessible::Event type) {
                for (const QModelIndex& index : constValue(which.indexes()))
                    if (const int child = table->childOf(index); child >= 0) {
                        QAccessibleEvent event(this, type);
                        event.setChild(child);
                        QAccessible::updateAccessibility(&event);
                        return;
                    }
            };
            tell(selected, QAccessible::SelectionAdd);
            tell(deselected, QAccessible::SelectionRemove);
        }
    }
    // Not QTableView's own either, for the same reason.
    // NOLINTNEXTLINE(bugprone-parent-virtual-call)
    QAbstractItemView::selectionChanged(selected, deselected); // clazy:exclude=skipped-base-method
}

AccessibleTreeWidget::AccessibleTreeWidget(QWidget* parent)
    : QTreeWidget(parent)
{
    installFactory();
}

AccessibleTreeWidget::~AccessibleTreeWidget() = default;

ValueTextBar::ValueTextBar(QWidget* parent)
    : QProgressBar(parent)
{
    installFactory();
}

ValueTextBar::~ValueTextBar() = default;

void ValueTextBar::setReading(int value, const QString& text)
{
    const bool textChanged = text != format();
    setFormat(text);
    // A new value is told by QProgressBar itself; a new text for the same value is told here.
    if (value != this->value())
        setValue(value);
    else if (textChanged && QAccessible::isActive()) {
        QAccessibleValueChangeEvent event(this, value);
        QAccessible::updateAccessibility(&event);
    }
}

} // namespace sfdesk
