#pragma once

#include "core/model/resources.h"
#include "core/models/skumodel.h"

#include <QModelIndexList>
#include <QWidget>

class QCheckBox;
class QLabel;
class QMenu;
class ListRefresh;
class ResourceTableView;
class ViewContext;

// SKUs with accelerator, place, fabric and RDMA type, and how many nodes the market offers now; the
// details pane lists what is purchasable over time.
class AvailabilityView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AvailabilityView)

public:
    explicit AvailabilityView(ViewContext* context, QWidget* parent = nullptr);
    ~AvailabilityView() override;

    void refresh();
    SkuModel* model() const { return m_model; }
    ResourceTableView* table() const { return m_table; }

Q_SIGNALS:
    void refreshed();

private:
    void updateDetails();
    void fillMenu(QMenu* menu, const QModelIndexList& rows);

    ViewContext* m_context;
    SkuModel* m_model;
    ResourceTableView* m_table;
    QCheckBox* m_infinibandOnly;
    ListRefresh* m_refresh;
    QLabel* m_details;
};
