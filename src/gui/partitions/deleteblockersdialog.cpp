#include "gui/partitions/deleteblockersdialog.h"

#include "ui_deleteblockersdialog.h"

#include "core/api/apiclient.h"
#include "gui/common/viewcontext.h"

#include <QPushButton>

#include <algorithm>

namespace {

constexpr int InstanceIdRole = Qt::UserRole;

} // namespace

DeleteBlockersDialog::DeleteBlockersDialog(ViewContext* context, const InfinibandPartition& partition,
                                           const ApiError& error, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::DeleteBlockersDialog>())
    , m_context(context)
    , m_partition(partition)
{
    m_ui->setupUi(this);
    // Server text is data: never markup or a link.
    m_ui->progressLabel->setTextFormat(Qt::PlainText);
    setObjectName(QStringLiteral("deleteBlockersDialog"));
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->terminateButton, &QPushButton::clicked, this, &DeleteBlockersDialog::terminateChecked);
    connect(m_ui->retryButton, &QPushButton::clicked, this, &DeleteBlockersDialog::retryDelete);
    connect(m_ui->blockerTree, &QTreeWidget::itemChanged, this, &DeleteBlockersDialog::updateButtons);
    showBlockers(error);
}

DeleteBlockersDialog::~DeleteBlockersDialog() = default;

void DeleteBlockersDialog::showBlockers(const ApiError& error)
{
    m_blockers = partitionBlockers(error);
    m_ui->summaryLabel->setText(tr("Partition \"%1\" cannot be deleted yet: %2 Every instance attached to it "
                                   "has to be terminated, and "
                                   "each terminated instance's node has to release the partition.")
                                    .arg(m_partition.name, error.serverMessage().isEmpty()
                                                               ? error.message()
                                                               : error.serverMessage()));
    const QSignalBlocker block(m_ui->blockerTree);
    m_ui->blockerTree->clear();
    for (const PartitionBlocker& blocker : std::as_const(m_blockers)) {
        auto* item = new QTreeWidgetItem(m_ui->blockerTree);
        item->setText(0, blocker.message);
        // Only readable attached instances can be terminated from here.
        item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
        switch (blocker.kind) {
        case PartitionBlocker::Kind::Attached:
            item->setText(1, tr("Terminate it"));
            item->setData(0, InstanceIdRole, blocker.instanceId);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(0, Qt::Checked);
            break;
        case PartitionBlocker::Kind::Unreadable:
            item->setText(
                1, tr("Ask someone with access to workspace \"%1\" to terminate them", nullptr, blocker.count)
                       .arg(m_partition.workspace));
            break;
        case PartitionBlocker::Kind::PendingRelease:
            item->setText(1, tr("Already terminated: wait for its node to release the partition"));
            break;
        case PartitionBlocker::Kind::Other:
            item->setText(1, tr("Reported by the server"));
            break;
        }
        item->setToolTip(0, blocker.message);
        item->setToolTip(1, item->text(1));
    }
    // The blocker column fits its text up to about 60 characters; the advice takes the rest.
    m_ui->blockerTree->resizeColumnToContents(0);
    m_ui->blockerTree->setColumnWidth(0, std::min(m_ui->blockerTree->columnWidth(0),
                                                  m_ui->blockerTree->fontMetrics().averageCharWidth() * 60));
    updateButtons();
}

void DeleteBlockersDialog::updateButtons()
{
    int checked = 0;
    for (int i = 0; i < m_ui->blockerTree->topLevelItemCount(); ++i) {
        const auto* item = m_ui->blockerTree->topLevelItem(i);
        if ((item->flags() & Qt::ItemIsUserCheckable) && item->checkState(0) == Qt::Checked)
            ++checked;
    }
    m_ui->terminateButton->setEnabled(checked > 0 && m_running == 0);
    m_ui->terminateButton->setText(checked > 0 ? tr("&Terminate %n Instance(s)", nullptr, checked)
                                               : tr("&Terminate Checked Instances"));
    m_ui->retryButton->setEnabled(m_running == 0);
}

void DeleteBlockersDialog::terminateChecked()
{
    for (int i = 0; i < m_ui->blockerTree->topLevelItemCount(); ++i) {
        auto* item = m_ui->blockerTree->topLevelItem(i);
        if (!(item->flags() & Qt::ItemIsUserCheckable) || item->checkState(0) != Qt::Checked)
            continue;
        const QString id = item->data(0, InstanceIdRole).toString();
        if (id.isEmpty())
            continue;
        ++m_running;
        item->setText(1, tr("Terminating…"));
        m_context->client()
            ->terminateInstance(id)
            ->onSuccess<Instance>(this,
                                  [this, item](const Instance&) {
                                      --m_running;
                                      item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
                                      item->setData(0, Qt::CheckStateRole, QVariant());
                                      item->setText(
                                          1, tr("Terminated: wait for its node to release the partition"));
                                      updateButtons();
                                  })
            ->onFailure(this, [this, item](const ApiError& error) {
                --m_running;
                item->setText(1, tr("Could not terminate: %1").arg(error.message()));
                updateButtons();
            });
    }
    m_ui->progressLabel->setText(tr("Terminating %n instance(s)…", nullptr, m_running));
    updateButtons();
}

void DeleteBlockersDialog::retryDelete()
{
    ++m_running;
    updateButtons();
    m_ui->progressLabel->setText(tr("Deleting partition \"%1\"…").arg(m_partition.name));
    auto* call = m_context->client()->deleteInfinibandPartition(m_partition.id);
    connect(call, &ApiCall::succeeded, this, [this] {
        --m_running;
        m_deleted = true;
        m_context->reportMessage(tr("Deleted partition %1.").arg(m_partition.name));
        accept();
    });
    call->onFailure(this, [this](const ApiError& error) {
        --m_running;
        // An earlier attempt whose answer was lost deleted it: gone is what the user asked for.
        if (error.httpStatus() == 404) {
            m_deleted = true;
            m_context->reportMessage(tr("Partition %1 is deleted.").arg(m_partition.name));
            accept();
            return;
        }
        if (error.httpStatus() == 409) {
            m_ui->progressLabel->setText(tr("Still blocked."));
            showBlockers(error);
            return;
        }
        m_ui->progressLabel->setText(error.message());
        updateButtons();
    });
}
