// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cluster/launchplan.h"
#include "core/model/resources.h"

#include <QDialog>
#include <QPointer>

#include <memory>

class QPushButton;

namespace Ui {
class LaunchCommandDialog;
}

namespace sfdesk {

class Session;
class ViewContext;

// The launch of a multi-node job on a partition's running instances: hostfile, a torchrun line per
// node, the NCCL settings for InfiniBand and the ssh command for each worker, to copy or save.
class LaunchCommandDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LaunchCommandDialog)

public:
    LaunchCommandDialog(ViewContext* context, const InfinibandPartition& partition,
                        QWidget* parent = nullptr);
    ~LaunchCommandDialog() override;

    QString text() const;
    QList<LaunchPlan::Worker> workers() const { return m_workers; }
    // Writes the text to path; false with a message shown when it cannot.
    bool saveTo(const QString& path);

Q_SIGNALS:
    // Every running instance's address has been asked for, and the text shows the answers.
    void loaded();

private:
    void load();
    // The GPUs per node, from the session's SKU list once it is read.
    void takeSkus();
    void oneDone();
    void render();
    LaunchPlan::Options options() const;

    std::unique_ptr<Ui::LaunchCommandDialog> m_ui;
    ViewContext* m_context;
    InfinibandPartition m_partition;
    QPushButton* m_copy = nullptr;
    QPushButton* m_save = nullptr;
    QList<LaunchPlan::Worker> m_workers;
    // The session whose SKU list the dialog watches while it is open.
    QPointer<Session> m_session;
    QString m_sku;
    bool m_waitingForSkus = false;
    int m_gpus = 0;
    int m_pending = 0;
    QStringList m_problems;
};

} // namespace sfdesk
