#pragma once

#include "core/model/resources.h"
#include "core/models/skumodel.h"

#include "gui/common/listpage.h"

class QCheckBox;
class QLabel;

// SKUs with accelerator, place, fabric and RDMA type, and how many nodes the market offers now; the
// details pane lists what is purchasable over time.
class AvailabilityView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AvailabilityView)

public:
    explicit AvailabilityView(ViewContext* context, QWidget* parent = nullptr);
    ~AvailabilityView() override;

    SkuModel* model() const { return m_model; }

protected:
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    void updateDetails();

    SkuModel* m_model;
    QCheckBox* m_infinibandOnly;
    QLabel* m_details;
};
