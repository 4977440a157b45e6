#include "gui/common/resourcetableview.h"

#include "core/settings/settings.h"

#include <QCollator>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

ResourceFilterProxy::ResourceFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(-1);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

bool ResourceFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    if (l.typeId() == QMetaType::QString && r.typeId() == QMetaType::QString) {
        static thread_local QCollator collator = [] {
            QCollator c;
            c.setNumericMode(true);
            c.setCaseSensitivity(Qt::CaseInsensitive);
            return c;
        }();
        return collator.compare(l.toString(), r.toString()) < 0;
    }
    return QSortFilterProxyModel::lessThan(left, right);
}

ResourceTableView::ResourceTableView(const QString& viewName, Settings* settings, QWidget* parent)
    : QWidget(parent)
    , m_viewName(viewName)
    , m_settings(settings)
    , m_filter(new QLineEdit(this))
    , m_table(new QTableView(this))
    , m_placeholder(new QLabel(m_table))
    , m_proxy(new ResourceFilterProxy(this))
    , m_filterDebounce(new QTimer(this))
    , m_saveDebounce(new QTimer(this))
{
    setObjectName(viewName + QStringLiteral("View"));
    m_filter->setObjectName(viewName + QStringLiteral("Filter"));
    m_filter->setPlaceholderText(tr("Filter"));
    m_filter->setClearButtonEnabled(true);
    m_table->setObjectName(viewName + QStringLiteral("Table"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_placeholder->setObjectName(viewName + QStringLiteral("Placeholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);

    m_filterDebounce->setSingleShot(true);
    m_filterDebounce->setInterval(200);
    connect(m_filter, &QLineEdit::textChanged, m_filterDebounce, qOverload<>(&QTimer::start));
    connect(m_filterDebounce, &QTimer::timeout, this, [this] {
        m_proxy->setFilterFixedString(m_filter->text().trimmed());
        updatePlaceholder();
    });

    m_saveDebounce->setSingleShot(true);
    m_saveDebounce->setInterval(300);
    connect(m_saveDebounce, &QTimer::timeout, this, &ResourceTableView::saveHeaderState);
    auto* header = m_table->horizontalHeader();
    connect(header, &QHeaderView::sectionMoved, m_saveDebounce, qOverload<>(&QTimer::start));
    connect(header, &QHeaderView::sectionResized, m_saveDebounce, qOverload<>(&QTimer::start));
    connect(header, &QHeaderView::sortIndicatorChanged, m_saveDebounce, qOverload<>(&QTimer::start));
    connect(header, &QHeaderView::customContextMenuRequested, this, &ResourceTableView::showHeaderMenu);
    connect(m_table, &QTableView::customContextMenuRequested, this, &ResourceTableView::showContextMenu);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        Q_EMIT sourceRowActivated(m_proxy->mapToSource(index.siblingAtColumn(0)));
    });
}

ResourceTableView::~ResourceTableView()
{
    if (m_saveDebounce->isActive())
        saveHeaderState();
}

void ResourceTableView::setSourceModel(QAbstractItemModel* model)
{
    m_proxy->setSourceModel(model);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                Q_EMIT currentSourceRowChanged(
                    current.isValid() ? m_proxy->mapToSource(current.siblingAtColumn(0)) : QModelIndex());
            });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &ResourceTableView::updatePlaceholder);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ResourceTableView::updatePlaceholder);

    const QByteArray state = m_settings->headerState(m_viewName);
    m_restoredHeader = !state.isEmpty() && m_table->horizontalHeader()->restoreState(state);
    if (!m_restoredHeader) {
        m_table->sortByColumn(0, Qt::AscendingOrder);
        m_table->resizeColumnsToContents();
    }
    updatePlaceholder();
}

QAbstractItemModel* ResourceTableView::sourceModel() const
{
    return m_proxy->sourceModel();
}

void ResourceTableView::setDefaultHiddenColumns(const QList<int>& columns)
{
    if (m_restoredHeader)
        return;
    for (int column : columns)
        m_table->setColumnHidden(column, true);
}

QModelIndexList ResourceTableView::selectedSourceRows() const
{
    QModelIndexList rows =
        m_table->selectionModel() ? m_table->selectionModel()->selectedRows(0) : QModelIndexList();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QModelIndexList source;
    source.reserve(rows.size());
    for (const QModelIndex& row : rows)
        source << m_proxy->mapToSource(row);
    return source;
}

QModelIndex ResourceTableView::currentSourceRow() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current.siblingAtColumn(0)) : QModelIndex();
}

void ResourceTableView::setMenuProvider(MenuProvider provider)
{
    m_menuProvider = std::move(provider);
}

void ResourceTableView::setPlaceholderText(const QString& text)
{
    m_placeholderText = text;
    updatePlaceholder();
}

void ResourceTableView::updatePlaceholder()
{
    const bool empty = m_proxy->rowCount() == 0 && !m_placeholderText.isEmpty();
    if (empty) {
        const bool filteredOut = m_proxy->sourceModel() && m_proxy->sourceModel()->rowCount() > 0;
        m_placeholder->setText(filteredOut ? tr("Nothing matches the filter.") : m_placeholderText);
        m_placeholder->setGeometry(m_table->viewport()->geometry());
    }
    m_placeholder->setVisible(empty);
}

void ResourceTableView::showHeaderMenu(const QPoint& pos)
{
    auto* model = m_proxy->sourceModel();
    if (!model)
        return;
    QMenu menu(this);
    menu.setObjectName(m_viewName + QStringLiteral("ColumnMenu"));
    menu.addSection(tr("Columns"));
    int visible = 0;
    for (int column = 0; column < model->columnCount(); ++column)
        visible += m_table->isColumnHidden(column) ? 0 : 1;
    for (int column = 0; column < model->columnCount(); ++column) {
        auto* action = menu.addAction(model->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!m_table->isColumnHidden(column));
        // The last visible column cannot be hidden: an empty table helps nobody.
        action->setEnabled(m_table->isColumnHidden(column) || visible > 1);
        connect(action, &QAction::toggled, this, [this, column](bool on) {
            m_table->setColumnHidden(column, !on);
            saveHeaderState();
        });
    }
    menu.addSeparator();
    connect(menu.addAction(tr("Resize Columns to Contents")), &QAction::triggered, m_table,
            &QTableView::resizeColumnsToContents);
    menu.exec(m_table->horizontalHeader()->mapToGlobal(pos));
}

void ResourceTableView::showContextMenu(const QPoint& pos)
{
    if (!m_menuProvider)
        return;
    const QModelIndexList rows = selectedSourceRows();
    QMenu menu(this);
    menu.setObjectName(m_viewName + QStringLiteral("ContextMenu"));
    m_menuProvider(&menu, rows);
    if (!menu.isEmpty())
        menu.exec(m_table->viewport()->mapToGlobal(pos));
}

void ResourceTableView::saveHeaderState()
{
    m_saveDebounce->stop();
    m_settings->setHeaderState(m_viewName, m_table->horizontalHeader()->saveState());
}
