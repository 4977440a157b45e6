// SPDX-License-Identifier: Apache-2.0

#include "gui/partitions/deleteblockersdialog.h"

#include "core/util/plaintext.h"
#include "ui_deleteblockersdialog.h"

#include "core/cluster/partitionrelease.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/session.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/listwatch.h"
#include "gui/common/viewcontext.h"

#include <QDateTime>
#include <QPointer>
#include <QPushButton>

#include <algorithm>

namespace sfdesk {

namespace {

constexpr int InstanceIdRole = Qt::UserRole;
constexpr int KindRole = Qt::UserRole + 1;

qint64 nowSecs()
{
    return QDateTime::currentSecsSinceEpoch();
}

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
    m_ui->summaryLabel->setTextFormat(Qt::PlainText);
    m_ui->progressLabel->setTextFormat(Qt::PlainText);
    setObjectName(QStringLiteral("deleteBlockersDialog"));
    m_ui->blockerTree->setAccessibleName(tr("What blocks the deletion"));
    m_ui->terminateButton->setAccessibleDescription(
        tr("Terminates the checked instances after asking once, naming them"));
    m_ui->retryButton->setAccessibleDescription(tr("Asks the server to delete the partition again"));
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->terminateButton, &QPushButton::clicked, this, &DeleteBlockersDialog::terminateChecked);
    connect(m_ui->retryButton, &QPushButton::clicked, this, &DeleteBlockersDialog::retryDelete);
    connect(m_ui->blockerTree, &QTreeWidget::itemChanged, this, &DeleteBlockersDialog::updateButtons);
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &DeleteBlockersDialog::updateRows);
    // The partition and its instances are the connection's: another connection (or none, after a
    // 401) has other ones, and nothing here may be sent to it.
    connect(context, &ViewContext::clientChanged, this,
            [this, session = QPointer<Session>(context->session())] {
                if (m_context->session() != session)
                    reject();
            });
    showBlockers(error);
    // The connection's instance list says which instances are attached and which have released
    // the partition; watched while the dialog is open, it stays fresh and is read again at once
    // after every termination.
    new ListWatch(
        context, {Session::Resource::Instances}, [this](Session::Resource) { readAttached(); }, this);
}

DeleteBlockersDialog::~DeleteBlockersDialog() = default;

void DeleteBlockersDialog::showBlockers(const ApiError& error)
{
    m_blockers = partitionBlockers(error);
    m_deleteOffered = false;
    m_released.clear();
    m_ui->retryButton->setText(tr("&Delete Again"));
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
        item->setData(InstanceColumn, KindRole, static_cast<int>(blocker.kind));
        item->setData(InstanceColumn, InstanceIdRole, blocker.instanceId);
        item->setText(InstanceColumn, blocker.message);
        item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
        // Only readable attached instances can be terminated from here.
        if (blocker.kind == PartitionBlocker::Kind::Attached && !blocker.instanceId.isEmpty()) {
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(InstanceColumn, Qt::Checked);
        }
    }
    updateRows();
    fitColumns();
    // Names and states come from the partition's instance list.
    readAttached();
}

void DeleteBlockersDialog::readAttached()
{
    Session* session = m_context->session();
    if (!session->isLoaded(Session::Resource::Instances))
        return;
    // Attached: in the partition and not released yet (terminated ones included).
    QList<Instance> attached;
    for (const Instance& instance : session->instances()->rows()) {
        if (instance.infinibandPartition && instance.infinibandPartition->id == m_partition.id
            && !instance.infinibandReleasedAt)
            attached.append(instance);
    }
    applyAttached(attached);
}

void DeleteBlockersDialog::applyAttached(const QList<Instance>& instances)
{
    QHash<QString, Instance> attached;
    for (const Instance& instance : instances) {
        attached.insert(instance.id, instance);
        if (!instance.name.isEmpty())
            m_names.insert(instance.id, instance.name);
    }
    for (const PartitionBlocker& blocker : std::as_const(m_blockers)) {
        const QString& id = blocker.instanceId;
        if (id.isEmpty() || attached.contains(id) || m_released.contains(id) || m_terminating.contains(id))
            continue;
        // Listed by the server as a blocker and no longer attached: its node released the partition
        // (the instance list says when, for the delay).
        m_released.insert(id);
    }
    m_attached = attached;
    m_attachedKnown = true;
    learnReleaseDelay(m_context->session()->instances()->rows());
    updateRows();
    fitColumns();
    offerDelete();
}

void DeleteBlockersDialog::fitColumns()
{
    // The instance column fits its text up to about 60 characters, the status its text; the advice
    // takes the rest.
    QTreeWidget* tree = m_ui->blockerTree;
    tree->resizeColumnToContents(InstanceColumn);
    tree->setColumnWidth(InstanceColumn, std::min(tree->columnWidth(InstanceColumn),
                                                  tree->fontMetrics().averageCharWidth() * 60));
    tree->resizeColumnToContents(StatusColumn);
}

void DeleteBlockersDialog::learnReleaseDelay(const QList<Instance>& instances)
{
    m_releaseDelay = PartitionRelease::observedDelay(instances, m_releaseDelay);
}

QString DeleteBlockersDialog::instanceLabel(const QString& id) const
{
    // Released instances leave the partition's list; the name they had stays known.
    QString name = m_names.value(id);
    if (name.isEmpty() && m_context->session() && m_context->session()->instances())
        if (const Instance* known = m_context->session()->instances()->find(id))
            name = known->name;
    return name.isEmpty() ? id : tr("%1 (%2)").arg(name, id);
}

void DeleteBlockersDialog::updateRows()
{
    const QSignalBlocker block(m_ui->blockerTree);
    bool counting = false;
    for (int i = 0; i < m_ui->blockerTree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_ui->blockerTree->topLevelItem(i);
        const auto kind = static_cast<PartitionBlocker::Kind>(item->data(InstanceColumn, KindRole).toInt());
        const QString id = item->data(InstanceColumn, InstanceIdRole).toString();
        QString status;
        QString advice;
        bool terminable = false;
        if (kind == PartitionBlocker::Kind::Unreadable) {
            const int count = m_blockers.value(i).count;
            status = tr("Not readable with this token");
            advice = tr("Ask someone with access to workspace \"%1\" to terminate them", nullptr, count)
                         .arg(m_partition.workspace);
        } else if (kind == PartitionBlocker::Kind::Other || id.isEmpty()) {
            status = tr("Reported by the server");
            advice = tr("See the server's message");
        } else {
            item->setText(InstanceColumn, instanceLabel(id));
            const auto attached = m_attached.constFind(id);
            if (m_released.contains(id)) {
                status = tr("Released");
                advice = tr("Nothing to do: it no longer blocks the deletion");
            } else if (m_terminating.contains(id)) {
                status = tr("Terminating…");
                advice = tr("Wait for it to terminate");
            } else if (attached != m_attached.cend() && attached->status == Instance::Status::Terminated) {
                status = Format::releasing(*attached, m_releaseDelay, nowSecs());
                advice = tr("Terminated: wait for its node to release the partition");
                counting = true;
            } else if (kind == PartitionBlocker::Kind::PendingRelease) {
                status = tr("Terminated, not yet released");
                advice = tr("Already terminated: wait for its node to release the partition");
            } else {
                status = attached != m_attached.cend() ? Format::instanceStatus(*attached) : tr("Attached");
                const QString failure = m_terminateErrors.value(id);
                advice = failure.isEmpty() ? tr("Terminate it") : tr("Could not terminate: %1").arg(failure);
                terminable = true;
            }
        }
        if (!terminable && (item->flags() & Qt::ItemIsUserCheckable)) {
            item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
            item->setData(InstanceColumn, Qt::CheckStateRole, QVariant());
        }
        item->setText(StatusColumn, status);
        item->setText(AdviceColumn, advice);
        item->setToolTip(InstanceColumn, PlainText::toolTip(item->text(InstanceColumn)));
        item->setToolTip(StatusColumn, PlainText::toolTip(status));
        item->setToolTip(AdviceColumn, PlainText::toolTip(advice));
    }
    if (counting && !m_tick.isActive())
        m_tick.start();
    else if (!counting)
        m_tick.stop();
    updateButtons();
}

void DeleteBlockersDialog::offerDelete()
{
    if (m_running > 0 || m_deleted || !m_attachedKnown)
        return;
    int unreadable = 0;
    for (const PartitionBlocker& blocker : std::as_const(m_blockers)) {
        if (blocker.kind == PartitionBlocker::Kind::Unreadable)
            unreadable += blocker.count;
        else if (blocker.kind == PartitionBlocker::Kind::Other)
            return;
        else if (!blocker.instanceId.isEmpty() && !m_released.contains(blocker.instanceId))
            return;
    }
    const bool wasOffered = m_deleteOffered;
    m_deleteOffered = true;
    m_ui->retryButton->setText(tr("&Delete Partition"));
    m_ui->retryButton->setDefault(true);
    m_ui->progressLabel->setText(
        unreadable > 0
            ? tr("Your instances have released the partition; %n instance(s) you cannot read may still "
                 "block it. Try the delete again.",
                 nullptr, unreadable)
            : tr("Nothing blocks the deletion any more: delete partition \"%1\" now.").arg(m_partition.name));
    if (!wasOffered)
        m_ui->retryButton->setFocus(Qt::OtherFocusReason);
}

void DeleteBlockersDialog::updateButtons()
{
    int checked = 0;
    for (int i = 0; i < m_ui->blockerTree->topLevelItemCount(); ++i) {
        const auto* item = m_ui->blockerTree->topLevelItem(i);
        if ((item->flags() & Qt::ItemIsUserCheckable) && item->checkState(InstanceColumn) == Qt::Checked)
            ++checked;
    }
    m_ui->terminateButton->setEnabled(checked > 0 && m_running == 0);
    m_ui->terminateButton->setText(checked > 0 ? tr("&Terminate %n Instance(s)…", nullptr, checked)
                                               : tr("&Terminate Checked Instances"));
    m_ui->retryButton->setEnabled(m_running == 0);
}

void DeleteBlockersDialog::terminateChecked()
{
    QStringList ids;
    QStringList names;
    for (int i = 0; i < m_ui->blockerTree->topLevelItemCount(); ++i) {
        const auto* item = m_ui->blockerTree->topLevelItem(i);
        if (!(item->flags() & Qt::ItemIsUserCheckable) || item->checkState(InstanceColumn) != Qt::Checked)
            continue;
        const QString id = item->data(InstanceColumn, InstanceIdRole).toString();
        if (id.isEmpty())
            continue;
        ids.append(id);
        names.append(item->text(InstanceColumn));
    }
    if (ids.isEmpty())
        return;
    const QString question = tr("Terminate %n instance(s) attached to partition \"%1\": %2? Terminated "
                                "instances cannot be started "
                                "again; their nodes then release the partition.",
                                nullptr, static_cast<int>(ids.size()))
                                 .arg(m_partition.name, names.join(QStringLiteral(", ")));
    // The question is this dialog's child: if the dialog closes first, nothing is terminated.
    ConfirmDialog::ask(this, tr("Terminate Instances"), question,
                       tr("&Terminate %n Instance(s)", nullptr, static_cast<int>(ids.size())),
                       [this, ids](bool confirmed) {
                           if (confirmed)
                               terminate(ids);
                       });
}

void DeleteBlockersDialog::terminate(QStringList ids)
{
    // The partition was read again while the question was open: what has been released since is
    // left alone.
    ids.removeIf([this](const QString& id) { return m_released.contains(id) || m_terminating.contains(id); });
    if (ids.isEmpty() || !m_context->session()->canSend() || m_running > 0)
        return;
    m_terminateTotal = static_cast<int>(ids.size());
    m_terminateDone = 0;
    m_terminateFailed = 0;
    for (const QString& id : ids) {
        m_terminateErrors.remove(id);
        ++m_running;
        m_terminating.insert(id);
        m_context->session()
            ->terminateInstance(id)
            .onSuccess(this,
                       [this, id](const Instance& terminated) {
                           m_terminating.remove(id);
                           ++m_terminateDone;
                           // Its termination time starts the release countdown.
                           Instance known = terminated;
                           if (known.status != Instance::Status::Terminated) {
                               known.status = Instance::Status::Terminated;
                               known.updatedAt = nowSecs();
                           }
                           m_attached.insert(id, known);
                           finishTerminate();
                       })
            .onFailure(this, [this, id](const ApiError& error) {
                m_terminating.remove(id);
                ++m_terminateFailed;
                m_terminateErrors.insert(id, error.message());
                finishTerminate();
            });
    }
    m_ui->progressLabel->setText(tr("Terminating %n instance(s)…", nullptr, m_terminateTotal));
    updateRows();
}

void DeleteBlockersDialog::finishTerminate()
{
    --m_running;
    const int finished = m_terminateDone + m_terminateFailed;
    if (finished < m_terminateTotal) {
        m_ui->progressLabel->setText(
            tr("Terminated %1 of %n instance(s)…", nullptr, m_terminateTotal).arg(m_terminateDone));
    } else if (m_terminateFailed == 0) {
        m_ui->progressLabel->setText(
            tr("Terminated %n instance(s). Waiting for their nodes to release the partition.", nullptr,
               m_terminateDone));
    } else {
        m_ui->progressLabel->setText(tr("Terminated %1 of %n instance(s); the others could not be terminated "
                                        "(see their rows).",
                                        nullptr, m_terminateTotal)
                                         .arg(m_terminateDone));
    }
    // Where things stand now, also for terminations whose answer was lost, comes with the instance
    // list the session reads again after each of them.
    updateRows();
}

void DeleteBlockersDialog::retryDelete()
{
    if (!m_context->session()->canSend())
        return;
    ++m_running;
    updateButtons();
    m_ui->progressLabel->setText(tr("Deleting partition \"%1\"…").arg(m_partition.name));
    const auto call = m_context->session()->deleteInfinibandPartition(m_partition.id);
    call.onSuccess(this, [this] {
        --m_running;
        m_deleted = true;
        m_context->reportMessage(tr("Deleted partition %1.").arg(m_partition.name));
        accept();
    });
    call.onFailure(this, [this](const ApiError& error) {
        --m_running;
        // An earlier attempt whose answer was lost deleted it: gone is what the user asked for.
        if (error.reason() == ApiError::Reason::NotFound) {
            m_deleted = true;
            m_context->reportMessage(tr("Partition %1 is deleted.").arg(m_partition.name));
            accept();
            return;
        }
        if (error.reason() == ApiError::Reason::Conflict) {
            showBlockers(error);
            m_ui->progressLabel->setText(tr("Still blocked."));
            return;
        }
        m_ui->progressLabel->setText(error.message());
        updateButtons();
    });
}

} // namespace sfdesk
