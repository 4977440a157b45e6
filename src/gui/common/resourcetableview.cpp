// SPDX-License-Identifier: Apache-2.0

#include "gui/common/resourcetableview.h"

#include "core/models/resourcetablemodel.h"
#include "core/settings/settings.h"
#include "gui/common/accessibleviews.h"
#include "gui/common/plaintextwidgets.h"

#include <QCollator>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScopedValueRollback>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace sfdesk {

ResourceTableView::ResourceTableView(const QString& viewName, Settings* settings, QWidget* parent)
    : QWidget(parent)
    , m_viewName(viewName)
    , m_settings(settings)
    , m_filter(new QLineEdit(this))
    , m_table(new AccessibleTableView(this))
    , m_placeholder(PlainText::label(m_table))
    , m_proxy(new ResourceProxyModel(this))
    , m_filterDebounce(new QTimer(this))
    , m_saveDebounce(new QTimer(this))
{
    setObjectName(viewName + QStringLiteral("View"));
    m_filter->setObjectName(viewName + QStringLiteral("Filter"));
    m_filter->setPlaceholderText(tr("Filter"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter"));
    m_filter->setAccessibleDescription(tr("Shows only the rows that contain this text"));
    m_table->setObjectName(viewName + QStringLiteral("Table"));
    // Tab leaves the table for the next control; the arrow keys move between rows and cells.
    m_table->setTabKeyNavigation(false);
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
    m_placeholder->setContentsMargins(24, 24, 24, 24);
    m_placeholder->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_placeholder->hide();
    m_table->viewport()->installEventFilter(this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);

    m_filterDebounce->setSingleShot(true);
    m_filterDebounce->setInterval(200);
    connect(m_filter, &QLineEdit::textChanged, m_filterDebounce, qOverload<>(&QTimer::start));
    connect(m_filterDebounce, &QTimer::timeout, this, [this] {
        m_proxy->setFilterText(m_filter->text().trimmed());
        updatePlaceholder();
    });

    m_saveDebounce->setSingleShot(true);
    m_saveDebounce->setInterval(300);
    connect(m_saveDebounce, &QTimer::timeout, this, &ResourceTableView::saveHeaderState);
    auto* header = m_table->horizontalHeader();
    connect(header, &QHeaderView::sectionMoved, this, &ResourceTableView::rememberHeaderSoon);
    connect(header, &QHeaderView::sectionResized, this, [this, header](int logicalIndex) {
        // A hidden section "resized" to nothing is a hide, which the column menu saves itself.
        if (header->isSectionHidden(logicalIndex))
            return;
        // The last section stretches with the window; that is not the user sizing it.
        for (int visual = header->count() - 1; visual >= 0; --visual) {
            const int logical = header->logicalIndex(visual);
            if (!header->isSectionHidden(logical)) {
                if (logical != logicalIndex)
                    rememberHeaderSoon();
                return;
            }
        }
    });
    connect(header, &QHeaderView::sortIndicatorChanged, this, &ResourceTableView::rememberHeaderSoon);
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
    // Tearing down the children resizes and resets them; this object no longer listens.
    m_table->horizontalHeader()->disconnect(this);
    m_table->viewport()->removeEventFilter(this);
    m_proxy->disconnect(this);
}

void ResourceTableView::setSourceModel(QAbstractItemModel* model)
{
    // Resource models sort by their raw values; any other model by what it shows.
    const bool hasRaw = model && model->roleNames().contains(ResourceRole::RawRole);
    m_proxy->setSortRole(hasRaw ? int(ResourceRole::RawRole) : int(Qt::DisplayRole));
    m_proxy->setSourceModel(model);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                Q_EMIT currentSourceRowChanged(
                    current.isValid() ? m_proxy->mapToSource(current.siblingAtColumn(0)) : QModelIndex());
            });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &ResourceTableView::updatePlaceholder);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ResourceTableView::updatePlaceholder);
    // The first rows decide the column widths: an empty table only knows its headers.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &ResourceTableView::fitColumnsOnce);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ResourceTableView::fitColumnsOnce);

    const QScopedValueRollback adjusting(m_adjusting, true);
    const QByteArray state = m_settings->headerState(headerKey());
    m_restoredHeader = !state.isEmpty() && m_table->horizontalHeader()->restoreState(state);
    if (!m_restoredHeader) {
        m_table->sortByColumn(0, Qt::AscendingOrder);
        m_table->resizeColumnsToContents();
    }
    updatePlaceholder();
    fitColumnsOnce();
}

QAbstractItemModel* ResourceTableView::sourceModel() const
{
    return m_proxy->sourceModel();
}

void ResourceTableView::setDefaultHiddenColumns(const QList<int>& columns)
{
    if (m_restoredHeader)
        return;
    const QScopedValueRollback adjusting(m_adjusting, true);
    for (int column : columns)
        m_table->setColumnHidden(column, true);
}

void ResourceTableView::setColumnAvailable(int column, bool available)
{
    const QScopedValueRollback adjusting(m_adjusting, true);
    const bool appears = available && m_table->isColumnHidden(column);
    m_table->setColumnHidden(column, !available);
    // A column that appears after the others were fitted (the partition column once enrolment is
    // known) is fitted the same way, unless the user's own header layout was restored.
    if (appears && m_fitted && !m_restoredHeader)
        fitColumn(column);
}

void ResourceTableView::fitColumn(int column)
{
    // The last column follows the view's right edge; sizing it by hand would stop that.
    auto* header = m_table->horizontalHeader();
    int lastVisible = header->count() - 1;
    while (lastVisible >= 0 && header->isSectionHidden(header->logicalIndex(lastVisible)))
        --lastVisible;
    if (header->stretchLastSection() && header->visualIndex(column) == lastVisible)
        return;
    m_table->resizeColumnToContents(column);
    header->resizeSection(column, qMin(header->sectionSize(column) + 12, 320));
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

void ResourceTableView::setAccessibleNames(const QString& listName)
{
    m_table->setAccessibleName(listName);
    m_filter->setAccessibleName(tr("Filter %1").arg(listName));
}

void ResourceTableView::setPlaceholderText(const QString& text)
{
    m_placeholderText = text;
    updatePlaceholder();
}

void ResourceTableView::setLoadState(LoadState state, const QString& detail)
{
    m_loadState = state;
    m_failure = state == LoadState::Failed ? detail : QString();
    updatePlaceholder();
}

QString ResourceTableView::placeholderShown() const
{
    if (m_proxy->rowCount() > 0)
        return {};
    if (m_proxy->sourceModel() && m_proxy->sourceModel()->rowCount() > 0)
        return tr("Nothing matches the filter.");
    switch (m_loadState) {
    case LoadState::NotConnected:
        return tr("Not connected.");
    case LoadState::Loading:
        return tr("Loading…");
    case LoadState::Failed:
        return m_failure.isEmpty() ? tr("Could not load the list.")
                                   : tr("Could not load the list: %1").arg(m_failure);
    case LoadState::Loaded:
        break;
    }
    return m_placeholderText;
}

void ResourceTableView::updatePlaceholder()
{
    const QString text = placeholderShown();
    if (!text.isEmpty()) {
        m_placeholder->setText(text);
        m_placeholder->setGeometry(m_table->viewport()->geometry());
    }
    m_placeholder->setVisible(!text.isEmpty());
    // The painted text is what a screen reader says of an empty table.
    if (m_table->accessibleDescription() != text)
        m_table->setAccessibleDescription(text);
}

bool ResourceTableView::eventFilter(QObject* watched, QEvent* event)
{
    // The viewport's size is only known once the table is laid out; the placeholder follows it.
    if (watched == m_table->viewport()
        && (event->type() == QEvent::Resize || event->type() == QEvent::Move
            || event->type() == QEvent::Show)) {
        m_placeholder->setGeometry(m_table->viewport()->geometry());
        if (m_fitPending)
            QTimer::singleShot(0, this, &ResourceTableView::fitColumnsOnce);
    }
    return QWidget::eventFilter(watched, event);
}

QString ResourceTableView::headerKey() const
{
    // Header states stored under the bare view name were also written when the table sized
    // itself, before any rows had arrived; they are not the user's choice, so they are not read.
    return m_viewName + QStringLiteral("-chosen");
}

void ResourceTableView::rememberHeaderSoon()
{
    if (!m_adjusting)
        m_saveDebounce->start();
}

void ResourceTableView::showHeaderMenu(const QPoint& pos)
{
    auto* model = m_proxy->sourceModel();
    if (!model)
        return;
    // A popup, not exec(): it is this view's child and goes when it closes or the view goes.
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setObjectName(m_viewName + QStringLiteral("ColumnMenu"));
    menu->addSection(tr("Columns"));
    int visible = 0;
    for (int column = 0; column < model->columnCount(); ++column)
        visible += m_table->isColumnHidden(column) ? 0 : 1;
    for (int column = 0; column < model->columnCount(); ++column) {
        auto* action = menu->addAction(model->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!m_table->isColumnHidden(column));
        // The last visible column cannot be hidden: an empty table helps nobody.
        action->setEnabled(m_table->isColumnHidden(column) || visible > 1);
        connect(action, &QAction::toggled, this, [this, column](bool on) {
            m_table->setColumnHidden(column, !on);
            saveHeaderState();
        });
    }
    menu->addSeparator();
    connect(menu->addAction(tr("Resize Columns to Contents")), &QAction::triggered, m_table,
            &QTableView::resizeColumnsToContents);
    menu->popup(m_table->horizontalHeader()->mapToGlobal(pos));
}

void ResourceTableView::showContextMenu(const QPoint& pos)
{
    if (!m_menuProvider)
        return;
    const QModelIndexList rows = selectedSourceRows();
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setObjectName(m_viewName + QStringLiteral("ContextMenu"));
    m_menuProvider(menu, rows);
    if (menu->isEmpty())
        delete menu;
    else
        menu->popup(m_table->viewport()->mapToGlobal(pos));
}

void ResourceTableView::saveHeaderState()
{
    m_saveDebounce->stop();
    m_settings->setHeaderState(headerKey(), m_table->horizontalHeader()->saveState());
}

void ResourceTableView::fitColumnsOnce()
{
    if (m_fitted || m_restoredHeader || m_proxy->rowCount() == 0)
        return;
    // Contents are measured over the rows the viewport shows: a table not laid out yet (a page
    // not shown yet) would fit its headers only. The viewport's resize brings it back here.
    if (!m_table->isVisible()
        || m_table->viewport()->height() < m_table->verticalHeader()->defaultSectionSize()) {
        m_fitPending = true;
        return;
    }
    m_fitPending = false;
    m_fitted = true;
    const QScopedValueRollback adjusting(m_adjusting, true);
    for (int column = 0; column < m_table->horizontalHeader()->count(); ++column) {
        if (!m_table->isColumnHidden(column))
            fitColumn(column);
    }
}

} // namespace sfdesk
