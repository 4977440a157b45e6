// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cluster/ibcheck.h"
#include "core/model/resources.h"
#include "core/util/latestanswer.h"

#include <QDialog>
#include <QHash>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

class QTreeWidget;

namespace Ui {
class TopologyDialog;
}

namespace sfdesk {

class Session;
class ViewContext;

// The InfiniBand picture of the connection: fabric → partitions → instances, each instance with
// its status, its port state (from ibv_devinfo on its console, and when that ran) and, after
// termination, the time left until its node releases the partition. It reads the connection's
// live lists (watching them while shown) and the consoles of running instances when asked.
class TopologyDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopologyDialog)

public:
    enum Column
    {
        NameColumn,
        StatusColumn,
        PortColumn,
        PortSeenColumn,
        IdColumn,
        ColumnCount
    };

    explicit TopologyDialog(ViewContext* context, QWidget* parent = nullptr);
    ~TopologyDialog() override;

    QTreeWidget* tree() const;
    // Reads the consoles of the running instances shown for their port state.
    void readPorts();

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void bindSession();
    void updateWatch();
    void scheduleRebuild();
    void rebuild();
    void updateFilters();

    std::unique_ptr<Ui::TopologyDialog> m_ui;
    ViewContext* m_context;
    QPointer<Session> m_session;
    QPointer<Session> m_watched;
    QTimer m_rebuild;
    // Counts release countdowns down while any is shown.
    QTimer m_tick;
    // Port state per instance ID, from the last console read.
    QHash<QString, IbCheck::Result> m_ports;
    QHash<QString, QString> m_portErrors;
    int m_portReads = 0;
    bool m_portsReadOnce = false;
    LatestAnswer m_latestPorts;
    std::optional<qint64> m_releaseDelay;
};

} // namespace sfdesk
