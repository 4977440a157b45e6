// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/models/session.h"

#include <QList>
#include <QModelIndexList>
#include <QWidget>

#include <functional>

class QAction;
class QMenu;
class QPushButton;
class QVBoxLayout;

namespace sfdesk {

class FlowLayout;

class ListRefresh;
class ResourceTableView;
class ViewContext;

// What every list page shares: a toolbar (the page's own widgets, then "updated … ago", Refresh
// and the page's actions), the table of the session's list with its load state, the selection
// keeping the actions' state current, the table's context menu, and the page's menu in the menu
// bar. Each action is one QAction, shown as a toolbar button, in the page's menu and, when it
// works on the selected rows, in the context menu.
class ListPage : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ListPage)

public:
    ~ListPage() override;

    ResourceTableView* table() const { return m_table; }
    ListRefresh* listRefresh() const { return m_refresh; }
    // The page's menu in the menu bar, shown while the page is current.
    QMenu* pageMenu() const { return m_menu; }

    enum class ExportFormat
    {
        Csv,
        Json,
    };
    // Writes the table as shown (its rows in the shown order, its shown columns) to path, atomically.
    bool exportTo(const QString& path, ExportFormat format, QString* error = nullptr) const;

public Q_SLOTS:
    // Reads the page's lists again now.
    void refresh();
    // Asks where to export the table (CSV or JSON) and writes it there; the dialog does not block.
    void exportTable();

Q_SIGNALS:
    // A poll of one of the page's lists ended, either way.
    void refreshed();
    // A write of one of the page's actions ended, either way (tests wait for it; a round of
    // terminates or deletes ends once).
    void actionFinished();

protected:
    struct Setup
    {
        QString id;                         // "pools": prefixes object names and keys the table's settings
        QString menuTitle;                  // "&Pools"
        QString loadingAction;              // "Loading pools", what a failure is reported under
        QList<Session::Resource> resources; // the first one is the table's
        QList<int> hiddenColumns;           // hidden until the user shows them (IDs)
        QString placeholder;                // what the empty table says
    };
    enum class Scope
    {
        Page, // toolbar and page menu
        Row,  // also in the table's context menu
    };

    ListPage(ViewContext* context, Setup setup, QWidget* parent = nullptr);

    ViewContext* context() const { return m_context; }
    // The widget that holds the toolbar, the table and the details; a page may hide it.
    QWidget* content() const { return m_content; }
    // The page's outer layout, with content() in it; a page may put more above it.
    QVBoxLayout* pageLayout() const { return m_pageLayout; }
    // A widget at the toolbar's start (the workspace bar, filters).
    void addToolbarWidget(QWidget* widget);
    // An action of the page; returns its toolbar button, named buttonObjectName.
    QPushButton* addPageAction(QAction* action, const QString& buttonObjectName, Scope scope);
    // Details of the current row under the table, in a splitter.
    void setDetails(QWidget* details, int tableStretch = 4, int detailsStretch = 1);
    // A widget under the table (and details), such as an error or a note.
    void addFooter(QWidget* widget);
    // Shows the session's model (the table's list) in the table.
    void setTableModel(QAbstractItemModel* model);
    // Asks to confirm an action on this connection's resources (ConfirmDialog::ask) and runs
    // `confirmed` once the user confirms. The question closes unanswered when the connection's
    // session is another one by then: what it names is not on the new one.
    void confirm(const QString& title, const QString& text, const QString& confirmText,
                 std::function<void()> confirmed);

    // Called when a poll of the page's lists ended, before updateActions() and refreshed().
    virtual void listsFinished() {}
    // Called when the selection or the list changed: enable or disable the actions.
    virtual void updateActions() {}
    // Called to fill the context menu after the row actions (copy actions, say).
    virtual void fillRowMenu(QMenu* menu, const QModelIndexList& rows);
    // The connection's session is another one: take its models.
    virtual void takeModels(Session* session) = 0;

private:
    QString m_id;
    QList<int> m_hiddenColumns;
    ViewContext* m_context;
    QWidget* m_content;
    QVBoxLayout* m_pageLayout;
    QVBoxLayout* m_contentLayout;
    FlowLayout* m_toolbar;
    int m_toolbarLeading = 0;
    ResourceTableView* m_table;
    ListRefresh* m_refresh;
    QMenu* m_menu;
    QList<QAction*> m_rowActions;
};

} // namespace sfdesk
