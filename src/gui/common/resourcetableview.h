#pragma once

#include <QSortFilterProxyModel>
#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QMenu;
class QTableView;
class QTimer;
class Settings;

// Sorts names the way people count ("worker-9" before "worker-10") and filters on every column.
class ResourceFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceFilterProxy)

public:
    explicit ResourceFilterProxy(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

// The table every resource view uses: a filter box, sorting, a column chooser on the header,
// header state remembered per view, and a context menu filled by the owner.
class ResourceTableView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceTableView)

public:
    using MenuProvider = std::function<void(QMenu* menu, const QModelIndexList& sourceRows)>;

    // viewName keys the remembered header state and prefixes the children's object names.
    ResourceTableView(const QString& viewName, Settings* settings, QWidget* parent = nullptr);
    ~ResourceTableView() override;

    void setSourceModel(QAbstractItemModel* model);
    QAbstractItemModel* sourceModel() const;
    ResourceFilterProxy* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_filter; }

    // Selected rows as column-0 indexes of the source model, in view order.
    QModelIndexList selectedSourceRows() const;
    QModelIndex currentSourceRow() const;
    void setMenuProvider(MenuProvider provider);
    void setPlaceholderText(const QString& text);
    // Hides columns that the user has not chosen yet (first run only).
    void setDefaultHiddenColumns(const QList<int>& columns);

Q_SIGNALS:
    void currentSourceRowChanged(const QModelIndex& sourceRow);
    void sourceRowActivated(const QModelIndex& sourceRow);

private:
    void showHeaderMenu(const QPoint& pos);
    void showContextMenu(const QPoint& pos);
    void saveHeaderState();
    void updatePlaceholder();

    QString m_viewName;
    Settings* m_settings;
    QLineEdit* m_filter;
    QTableView* m_table;
    QLabel* m_placeholder;
    ResourceFilterProxy* m_proxy;
    QTimer* m_filterDebounce;
    QTimer* m_saveDebounce;
    MenuProvider m_menuProvider;
    QString m_placeholderText;
    bool m_restoredHeader = false;
};
