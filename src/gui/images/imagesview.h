#pragma once

#include "core/model/resources.h"
#include "core/models/imagemodel.h"

#include <QModelIndexList>
#include <QWidget>

class QMenu;
class ListRefresh;
class ResourceTableView;
class ViewContext;

// Images instances boot from: SF Compute's public ones and the workspace's own.
class ImagesView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImagesView)

public:
    explicit ImagesView(ViewContext* context, QWidget* parent = nullptr);
    ~ImagesView() override;

    void refresh();
    ImageModel* model() const { return m_model; }

Q_SIGNALS:
    void refreshed();

private:
    void fillMenu(QMenu* menu, const QModelIndexList& rows);

    ViewContext* m_context;
    ImageModel* m_model;
    ResourceTableView* m_table;
    ListRefresh* m_refresh;
};
