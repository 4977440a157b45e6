// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/sshdetailsdialog.h"

#include "ui_sshdetailsdialog.h"

#include "core/cli/sfcommand.h"
#include "core/cloudinit/bootstrap.h"
#include "core/cluster/launchplan.h"
#include "gui/common/copyactions.h"
#include "gui/common/viewcontext.h"

#include <QPushButton>

namespace sfdesk {

SshDetailsDialog::SshDetailsDialog(ViewContext* context, const QString& instanceId,
                                   const QString& instanceName, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SshDetailsDialog>())
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("sshDetailsDialog"));
    setWindowTitle(tr("SSH to %1").arg(instanceName));
    m_ui->introLabel->setText(tr("Loading…"));
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->copyButton, &QPushButton::clicked, this, [this] { CopyActions::copy(command()); });
    m_ui->copyButton->setEnabled(false);
    if (!context->session()->canSend())
        return;
    context->session()
        ->sshDetails(instanceId)
        .onSuccess(
            this,
            [this, instanceId, instanceName](const SshDetails& details) {
                QStringList keys;
                for (const SshHostKey& key : details.hostKeys)
                    keys << key.keyType + u' ' + key.key;
                m_ui->hostKeysText->setPlainText(keys.join(u'\n'));
                if (!LaunchPlan::isUsableHost(details.hostname)) {
                    // Never a command built around an address that is not one (it could hold shell text).
                    m_ui->introLabel->setText(
                        tr("The server gave no usable address for this instance (\"%1\"); use %2 instead.")
                            .arg(LaunchPlan::commentText(details.hostname),
                                 SfCommand::instanceSsh(instanceId)));
                    Q_EMIT loaded();
                    return;
                }
                LaunchPlan::Options options;
                // The SSH bootstrap disables root login; its user is the one to suggest.
                options.user = CloudInit::defaultUserName();
                m_ui->commandEdit->setText(LaunchPlan::sshCommand(
                    {instanceName, instanceId, details.hostname, details.port}, options));
                m_ui->introLabel->setText(
                    tr("Log in as the user your cloud-init user data created (%1 with the SSH bootstrap; "
                       "root login is disabled) with its key, or use %2:")
                        .arg(CloudInit::defaultUserName(), SfCommand::instanceSsh(instanceId)));
                m_ui->copyButton->setEnabled(true);
                Q_EMIT loaded();
            })
        .onFailure(this, [this](const ApiError& error) {
            m_ui->introLabel->setText(
                tr("No SSH details yet (%1). A running instance can take up to ten minutes to boot.")
                    .arg(error.message()));
            Q_EMIT loaded();
        });
}

SshDetailsDialog::~SshDetailsDialog() = default;

QString SshDetailsDialog::command() const
{
    return m_ui->commandEdit->text();
}

} // namespace sfdesk
