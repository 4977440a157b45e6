// SPDX-License-Identifier: Apache-2.0

#include "gui/common/listpage.h"

#include "core/models/resourcetablemodel.h"
#include "core/models/tableexport.h"
#include "core/util/plaintext.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/flowlayout.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/tableexportdialog.h"
#include "gui/common/themeicons.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

ListPage::ListPage(ViewContext* context, Setup setup, QWidget* parent)
    : QWidget(parent)
    , m_id(setup.id)
    , m_hiddenColumns(setup.hiddenColumns)
    , m_context(context)
    , m_content(new QWidget(this))
    , m_pageLayout(new QVBoxLayout(this))
    , m_contentLayout(new QVBoxLayout(m_content))
    , m_toolbar(new FlowLayout)
    , m_table(new ResourceTableView(setup.id, context->settings(), m_content))
    , m_refresh(new ListRefresh(setup.id, setup.loadingAction, context, m_table, setup.resources, this))
    , m_menu(new QMenu(setup.menuTitle, this))
{
    setObjectName(setup.id + QStringLiteral("Page"));
    m_content->setObjectName(setup.id + QStringLiteral("Content"));
    m_menu->setObjectName(setup.id + QStringLiteral("Menu"));
    // MainWindow puts it in the menu bar while this page is current.
    m_menu->setProperty("sectionMenu", true);

    m_toolbar->addWidget(m_refresh->label());
    m_toolbar->addWidget(m_refresh->button());
    QAction* refreshAction = m_menu->addAction(ThemeIcons::icon(QStringLiteral("view-refresh")),
                                               tr("&Refresh"), m_refresh, &ListRefresh::refresh);
    // F5 belongs to the Refresh button (one owner, or the shortcut is ambiguous). The menu item has
    // it as its key, shown and told to screen readers as one; in the context of a widget's own focus,
    // which a menu in the menu bar never has, it takes no key itself.
    refreshAction->setShortcut(QKeySequence::Refresh);
    refreshAction->setShortcutContext(Qt::WidgetShortcut);
    refreshAction->setObjectName(setup.id + QStringLiteral("RefreshAction"));
    QAction* exportAction = m_menu->addAction(ThemeIcons::icon(QStringLiteral("document-export")),
                                              tr("&Export…"), this, &ListPage::exportTable);
    exportAction->setObjectName(setup.id + QStringLiteral("ExportAction"));
    exportAction->setToolTip(tr("Saves the rows shown, in the order shown, as CSV or JSON"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    // Like the page's other actions: only while the focus is on this page.
    exportAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(exportAction);
    m_menu->addSeparator();

    m_table->proxy()->setSortRole(ResourceRole::RawRole);
    m_table->setPlaceholderText(setup.placeholder);
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList& rows) {
        if (rows.isEmpty())
            return;
        for (QAction* action : std::as_const(m_rowActions))
            menu->addAction(action);
        fillRowMenu(menu, rows);
    });

    m_contentLayout->setContentsMargins(0, 0, 0, 0);
    m_contentLayout->addLayout(m_toolbar);
    m_contentLayout->addWidget(m_table, 1);
    m_pageLayout->addWidget(m_content, 1);

    connect(m_refresh, &ListRefresh::finished, this, [this] {
        listsFinished();
        updateActions();
        Q_EMIT refreshed();
    });
    connect(m_refresh, &ListRefresh::sessionChanged, this, [this](Session* session) {
        takeModels(session);
        updateActions();
    });
    connect(m_table, &ResourceTableView::currentSourceRowChanged, this, [this] { updateActions(); });
    connect(m_table->table()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { updateActions(); });
    connect(m_context, &ViewContext::clientChanged, this, [this] { updateActions(); });
}

ListPage::~ListPage() = default;

void ListPage::refresh()
{
    m_refresh->refresh();
}

bool ListPage::exportTo(const QString& path, ExportFormat format, QString* error) const
{
    return TableExportDialog::write(m_table->table(), path,
                                    format == ExportFormat::Csv ? TableExportDialog::FileType::Csv
                                                                : TableExportDialog::FileType::Json,
                                    error);
}

void ListPage::exportTable()
{
    TableExportDialog::ask(this, m_table->table(), m_id, tr("Export %1").arg(m_menu->title().remove(u'&')),
                           [this](const QString& message) { m_context->reportMessage(message); });
}

void ListPage::confirm(const QString& title, const QString& text, const QString& confirmText,
                       std::function<void()> confirmed)
{
    const QPointer<Session> session = m_context->session();
    QMessageBox* box = ConfirmDialog::ask(
        this, title, text, confirmText, [this, session, confirmed = std::move(confirmed)](bool yes) {
            if (yes && session && m_context->session() == session && m_context->session()->canSend())
                confirmed();
        });
    connect(m_context, &ViewContext::clientChanged, box, [this, box, session] {
        if (m_context->session() != session)
            box->reject();
    });
}

void ListPage::addToolbarWidget(QWidget* widget)
{
    m_toolbar->insertWidget(m_toolbarLeading++, widget);
}

QPushButton* ListPage::addPageAction(QAction* action, const QString& buttonObjectName, Scope scope)
{
    action->setParent(this);
    // Its shortcut works while the focus is on this page (the table, the filter, the toolbar), so
    // Delete in another page or the sidebar never reaches it.
    addAction(action);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    auto* button = new QPushButton(action->icon(), action->text(), m_content);
    button->setObjectName(buttonObjectName);
    button->setEnabled(action->isEnabled());
    if (!action->shortcut().isEmpty())
        button->setToolTip(PlainText::toolTip(QStringLiteral("%1 (%2)").arg(
            action->toolTip(), action->shortcut().toString(QKeySequence::NativeText))));
    connect(button, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::enabledChanged, button, &QPushButton::setEnabled);
    m_toolbar->addWidget(button);
    m_menu->addAction(action);
    if (scope == Scope::Row)
        m_rowActions.append(action);
    return button;
}

void ListPage::setDetails(QWidget* details, int tableStretch, int detailsStretch)
{
    auto* splitter = new QSplitter(Qt::Vertical, m_content);
    splitter->setObjectName(m_id + QStringLiteral("Splitter"));
    // replaceWidget hands back the table's old layout item; the layout no longer owns it.
    delete m_contentLayout->replaceWidget(m_table, splitter);
    splitter->addWidget(m_table);
    splitter->addWidget(details);
    splitter->setStretchFactor(0, tableStretch);
    splitter->setStretchFactor(1, detailsStretch);
    m_contentLayout->setStretchFactor(splitter, 1);
}

void ListPage::addFooter(QWidget* widget)
{
    widget->setParent(m_content);
    m_contentLayout->addWidget(widget);
}

void ListPage::setTableModel(QAbstractItemModel* model)
{
    const bool first = m_table->sourceModel() == nullptr;
    m_table->setSourceModel(model);
    // The columns exist once there is a model.
    if (first)
        m_table->setDefaultHiddenColumns(m_hiddenColumns);
}

void ListPage::fillRowMenu(QMenu*, const QModelIndexList&) {}

} // namespace sfdesk
