// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cluster/ibcheck.h"
#include "core/model/resources.h"
#include "core/util/latestanswer.h"

#include <QDialog>

#include <memory>

class QPushButton;

namespace Ui {
class InfinibandCheckDialog;
}

namespace sfdesk {

class ViewContext;

// "Check InfiniBand" for a partition: every attached worker's console read for the ibv_devinfo
// result, as a checklist (active, down, not yet reported), with the command to run by hand.
class InfinibandCheckDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InfinibandCheckDialog)

public:
    struct Row
    {
        QString name;
        QString id;
        IbCheck::Result result;
        // Why there is no result: waiting for a node, console unreadable; empty otherwise.
        QString note;
    };

    InfinibandCheckDialog(ViewContext* context, const InfinibandPartition& partition,
                          QWidget* parent = nullptr);
    ~InfinibandCheckDialog() override;

    QList<Row> rows() const { return m_rows; }
    // Reads every worker's console again.
    void check();

Q_SIGNALS:
    // Every worker's console has been read (or failed to be) and the checklist shows it.
    void checked();

private:
    void oneDone();
    void render();

    std::unique_ptr<Ui::InfinibandCheckDialog> m_ui;
    ViewContext* m_context;
    InfinibandPartition m_partition;
    QPushButton* m_again = nullptr;
    QList<Row> m_rows;
    int m_pending = 0;
    LatestAnswer m_latestCheck;
};

} // namespace sfdesk
