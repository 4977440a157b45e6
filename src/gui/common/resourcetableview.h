// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/models/resourceproxymodel.h"

#include <QSortFilterProxyModel>
#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QMenu;
class QTableView;
class QTimer;

namespace sfdesk {

class Settings;

// The table every resource view uses: a filter box, sorting, a column chooser on the header,
// header state remembered per view, and a context menu filled by the owner.
class ResourceTableView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceTableView)

public:
    using MenuProvider = std::function<void(QMenu* menu, const QModelIndexList& sourceRows)>;

    // Where the rows come from, so that an empty table says why it is empty.
    enum class LoadState
    {
        NotConnected, // no client: nothing can be listed
        Loading,      // the first answer has not come yet
        Loaded,       // the rows are the server's answer; empty means there are none
        Failed,       // the last answer was an error (rows from an earlier answer stay)
    };
    Q_ENUM(LoadState)

    // viewName keys the remembered header state and prefixes the children's object names.
    ResourceTableView(const QString& viewName, Settings* settings, QWidget* parent = nullptr);
    ~ResourceTableView() override;

    void setSourceModel(QAbstractItemModel* model);
    QAbstractItemModel* sourceModel() const;
    ResourceProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_filter; }

    // Selected rows as column-0 indexes of the source model, in view order.
    QModelIndexList selectedSourceRows() const;
    QModelIndex currentSourceRow() const;
    void setMenuProvider(MenuProvider provider);
    // What a screen reader calls the table ("Pools") and its filter box.
    void setAccessibleNames(const QString& listName);
    // What an empty, loaded table says: that there is nothing and how to make something.
    void setPlaceholderText(const QString& text);
    void setLoadState(LoadState state, const QString& detail = {});
    LoadState loadState() const { return m_loadState; }
    // What the empty table says right now (empty when rows are shown).
    QString placeholderShown() const;
    // Hides columns that the user has not chosen yet (first run only).
    void setDefaultHiddenColumns(const QList<int>& columns);
    // Shows or hides a column the data decides about (not the user), without remembering it.
    void setColumnAvailable(int column, bool available);
    // Sizes the columns to their contents the first time there are rows, unless the user's own
    // header state was restored. Called by the table itself when rows first arrive.
    void fitColumn(int column);
    void fitColumnsOnce();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    void currentSourceRowChanged(const QModelIndex& sourceRow);
    void sourceRowActivated(const QModelIndex& sourceRow);

private:
    void showHeaderMenu(const QPoint& pos);
    void showContextMenu(const QPoint& pos);
    void saveHeaderState();
    void updatePlaceholder();
    // Header changes the table makes itself are not the user's choice and are not remembered.
    void rememberHeaderSoon();
    QString headerKey() const;

    QString m_viewName;
    Settings* m_settings;
    QLineEdit* m_filter;
    QTableView* m_table;
    QLabel* m_placeholder;
    ResourceProxyModel* m_proxy;
    QTimer* m_filterDebounce;
    QTimer* m_saveDebounce;
    MenuProvider m_menuProvider;
    QString m_placeholderText;
    LoadState m_loadState = LoadState::Loaded;
    QString m_failure;
    bool m_restoredHeader = false;
    bool m_adjusting = false;
    bool m_fitted = false;
    bool m_fitPending = false;
};

} // namespace sfdesk
