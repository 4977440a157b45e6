// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/models/moneymodel.h"
#include "gui/common/listpage.h"

class QComboBox;
class QLabel;

namespace sfdesk {

class BurnDownChart;

// Money: per pool or per workspace, what the user's own fills bought and sold, the net, the nodes
// owned now and what they cost per hour now, with the month's net spend as a chart and the totals
// in words; Export saves the table as CSV (or JSON). It reads the session's orders and pools, in
// the connection's scope, and polls nothing of its own.
class MoneyView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MoneyView)

public:
    // `now`: the server's clock (the market knows it); the system clock without one.
    explicit MoneyView(ViewContext* context, MoneyModel::Now now = {}, QWidget* parent = nullptr);
    ~MoneyView() override;

    MoneyModel* model() const { return m_model; }
    BurnDownChart* chart() const { return m_chart; }
    QLabel* summary() const { return m_summary; }
    void setGrouping(MoneyModel::Grouping grouping);

protected:
    void takeModels(Session* session) override;

private:
    void updateZone();
    void showFigures();

    MoneyModel* m_model;
    QComboBox* m_grouping;
    QLabel* m_summary;
    BurnDownChart* m_chart;
    QMetaObject::Connection m_loaded;
    bool m_sized = false;
};

} // namespace sfdesk
