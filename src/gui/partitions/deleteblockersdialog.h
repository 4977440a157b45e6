#pragma once

#include "core/api/apierror.h"
#include "core/api/extracalls.h"
#include "core/model/resources.h"

#include <QDialog>

#include <memory>

namespace Ui {
class DeleteBlockersDialog;
}
class ViewContext;

// Shown when the server refuses to delete a partition (409): every blocker it reported, including
// instances the user cannot read and terminated instances whose node has not released the partition
// yet, with an offer to terminate the attached instances the user can, and to try the delete again.
class DeleteBlockersDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeleteBlockersDialog)

public:
    DeleteBlockersDialog(ViewContext* context, const InfinibandPartition& partition, const ApiError& error,
                         QWidget* parent = nullptr);
    ~DeleteBlockersDialog() override;

    QList<PartitionBlocker> blockers() const { return m_blockers; }
    bool deleted() const { return m_deleted; }

private:
    void showBlockers(const ApiError& error);
    void terminateChecked();
    void retryDelete();
    void updateButtons();

    std::unique_ptr<Ui::DeleteBlockersDialog> m_ui;
    ViewContext* m_context;
    InfinibandPartition m_partition;
    QList<PartitionBlocker> m_blockers;
    int m_running = 0;
    bool m_deleted = false;
};
