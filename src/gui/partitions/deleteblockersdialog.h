// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/api/partitionblockers.h"
#include "core/model/resources.h"

#include <QDialog>
#include <QHash>
#include <QSet>
#include <QTimer>

#include <memory>
#include <optional>

namespace Ui {
class DeleteBlockersDialog;
}

namespace sfdesk {

class ViewContext;

// Shown when the server refuses to delete a partition (409): every blocker it reported by name, ID
// and status, including instances the user cannot read and terminated instances whose node has not
// released the partition yet. It terminates the attached instances the user can (asking once, naming
// them), shows each termination as it completes, counts down to each release while it watches the
// connection's instance list, and offers the delete again by itself once nothing it can see blocks it.
class DeleteBlockersDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeleteBlockersDialog)

public:
    // The columns of the blocker list.
    enum Column
    {
        InstanceColumn,
        StatusColumn,
        AdviceColumn
    };

    DeleteBlockersDialog(ViewContext* context, const InfinibandPartition& partition, const ApiError& error,
                         QWidget* parent = nullptr);
    ~DeleteBlockersDialog() override;

    QList<PartitionBlocker> blockers() const { return m_blockers; }
    bool deleted() const { return m_deleted; }
    // Whether nothing the user can see blocks the delete any more (the delete is offered again).
    bool deleteOffered() const { return m_deleteOffered; }
    // How long a terminated instance's node takes to release the partition, as this connection has
    // seen it (released instances' release time less their termination time); empty until seen.
    std::optional<qint64> releaseDelay() const { return m_releaseDelay; }

private:
    void showBlockers(const ApiError& error);
    void readAttached();
    void applyAttached(const QList<Instance>& instances);
    void learnReleaseDelay(const QList<Instance>& instances);
    void updateRows();
    void fitColumns();
    void terminateChecked();
    void terminate(QStringList ids);
    void finishTerminate();
    void retryDelete();
    void updateButtons();
    void offerDelete();
    QString instanceLabel(const QString& id) const;

    std::unique_ptr<Ui::DeleteBlockersDialog> m_ui;
    ViewContext* m_context;
    InfinibandPartition m_partition;
    QList<PartitionBlocker> m_blockers;
    // The partition's attached instances as last read, by ID (readable ones only).
    QHash<QString, Instance> m_attached;
    bool m_attachedKnown = false;
    // Instance names by ID, as seen in the partition's list.
    QHash<QString, QString> m_names;
    // Blocker instances seen attached once and gone from the partition since: released.
    QSet<QString> m_released;
    QSet<QString> m_terminating;
    // Why the last termination of an instance failed, by ID.
    QHash<QString, QString> m_terminateErrors;
    int m_terminateTotal = 0;
    int m_terminateDone = 0;
    int m_terminateFailed = 0;
    int m_running = 0;
    std::optional<qint64> m_releaseDelay;
    bool m_deleted = false;
    bool m_deleteOffered = false;
    // Counts the release countdowns down.
    QTimer m_tick;
};

} // namespace sfdesk
