// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/requests.h"

#include <QDialog>

#include <memory>

namespace Ui {
class CreateDeploymentDialog;
}

namespace sfdesk {

class DialogRequest;
class ListWatch;
class ViewContext;

// New Deployment: a template and a pool of the chosen workspace, the SKU it runs on (and the
// InfiniBand partition its instances join, where the SKU has InfiniBand), how many instances and
// how they are named; a spot deployment also buys the nodes, at most at its price. The choices are
// the session's lists, watched while the dialog is open. The server's refusal stays in the dialog.
class CreateDeploymentDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CreateDeploymentDialog)

public:
    // templateId: the template to start from, if any.
    CreateDeploymentDialog(ViewContext* context, const QString& templateId = {}, QWidget* parent = nullptr);
    ~CreateDeploymentDialog() override;

    NewDeployment request() const;
    // The `sf` command line that does what the dialog would.
    QString command() const;
    // Why the dialog cannot create yet; empty when it can.
    QString problem() const;

    void accept() override;

Q_SIGNALS:
    // The server made it.
    void created(const sfdesk::Deployment& deployment);

private:
    void listLoaded();
    void fillTemplates();
    void fillPools();
    // The SKU the pool owns most of is chosen when the pool changed (or at first).
    void fillSkus(bool poolChanged);
    void fillPartitions();
    void updateState();

    std::unique_ptr<Ui::CreateDeploymentDialog> m_ui;
    ViewContext* m_context;
    QString m_templateId;
    ListWatch* m_lists = nullptr;
    DialogRequest* m_request = nullptr;
    bool m_nameTemplateEdited = false;
    bool m_partitionChosen = false;
};

} // namespace sfdesk
