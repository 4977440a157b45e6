// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cli/sfcommand.h"
#include "core/model/resources.h"

#include <QDialog>
#include <QStringList>

#include <memory>

namespace Ui {
class CreatePartitionDialog;
}

namespace sfdesk {

class DialogRequest;
class ViewContext;

// Creates a partition in the current workspace: a name checked as it is typed (the Name pattern
// and the names the workspace already has), and either a fabric (listed with the SKUs on it) or a
// region and zone where that zone has exactly one fabric. OK sends the request; the server's
// refusal stays in the dialog.
class CreatePartitionDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CreatePartitionDialog)

public:
    CreatePartitionDialog(ViewContext* context, const QList<InfinibandFabric>& fabrics,
                          const QStringList& takenNames, QWidget* parent = nullptr);
    ~CreatePartitionDialog() override;

    // Offers only this fabric (the instance wizard creates a partition for the SKU's fabric).
    void restrictToFabric(const QString& fabricId);
    // The fabrics as now known (a dialog opened before they were read gets them when they are),
    // keeping the fabric, region and zone chosen where they still exist.
    void setFabrics(const QList<InfinibandFabric>& fabrics);
    void setName(const QString& name);
    SfCommand::PartitionCreate request() const;
    InfinibandPartition createdPartition() const { return m_created; }

    void accept() override;

private:
    void fillFabrics();
    void fillZones();
    void updateState();
    QString selectedFabricId() const;
    QList<InfinibandFabric> fabricsInZone(const QString& region, const QString& zone) const;

    std::unique_ptr<Ui::CreatePartitionDialog> m_ui;
    ViewContext* m_context;
    QList<InfinibandFabric> m_fabrics;
    QString m_onlyFabric;
    QStringList m_takenNames;
    InfinibandPartition m_created;
    DialogRequest* m_request = nullptr;
};

} // namespace sfdesk
