// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/skumodel.h"

#include "core/util/latestanswer.h"
#include "gui/common/listpage.h"

#include <QPointer>

class QCheckBox;
class QLabel;

namespace sfdesk {

class AvailabilityChart;

// SKUs with accelerator, place, fabric and RDMA type, and how many nodes the market offers now; the
// details pane charts the selected SKU's nodes for sale and best ask over the next weeks, and for an
// InfiniBand SKU names its fabric and this workspace's partitions on it.
class AvailabilityView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AvailabilityView)

public:
    explicit AvailabilityView(ViewContext* context, QWidget* parent = nullptr);
    ~AvailabilityView() override;

    SkuModel* model() const { return m_model; }
    AvailabilityChart* chart() const { return m_chart; }
    // How far ahead the chart looks.
    static constexpr qint64 RangeSeconds = 21 * 86400;

protected:
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void updateDetails();
    void requestPrices(const InstanceSku& sku);
    void updatePartitionWatch();
    QString fabricText(const InstanceSku& sku) const;

    SkuModel* m_model;
    QCheckBox* m_infinibandOnly;
    QLabel* m_details;
    AvailabilityChart* m_chart;
    // The SKU whose prices the chart shows or waits for, and when they were asked.
    QString m_pricedSku;
    qint64 m_pricedAt = 0;
    LatestAnswer m_latestPrices;
    QPointer<Session> m_partitionWatch;
};

} // namespace sfdesk
