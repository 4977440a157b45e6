// SPDX-License-Identifier: Apache-2.0

#include "gui/partitions/infinibandcheckdialog.h"

#include "core/models/format.h"
#include "core/models/session.h"
#include "core/util/plaintext.h"
#include "gui/common/copyactions.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "ui_infinibandcheckdialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>

#include <algorithm>

namespace sfdesk {

InfinibandCheckDialog::InfinibandCheckDialog(ViewContext* context, const InfinibandPartition& partition,
                                             QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::InfinibandCheckDialog>())
    , m_context(context)
    , m_partition(partition)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("ibCheckDialog"));
    setWindowTitle(tr("InfiniBand Check for %1").arg(partition.name));
    m_ui->ibCheckTree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ui->ibCheckCommand->setText(IbCheck::manualCommand());
    m_ui->ibCheckCommand->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_ui->ibCheckCopyButton->setIcon(ThemeIcons::icon(QStringLiteral("edit-copy")));
    m_again = new QPushButton(ThemeIcons::icon(QStringLiteral("view-refresh")), tr("Check &Again"), this);
    m_again->setObjectName(QStringLiteral("ibCheckAgainButton"));
    m_again->setAccessibleName(tr("Check again"));

    QDialogButtonBox* buttons = m_ui->buttonBox;
    buttons->button(QDialogButtonBox::Close)->setObjectName(QStringLiteral("ibCheckCloseButton"));
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    buttons->addButton(m_again, QDialogButtonBox::ActionRole);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->ibCheckCopyButton, &QPushButton::clicked, this,
            [this] { CopyActions::copy(m_ui->ibCheckCommand->text()); });
    connect(m_again, &QPushButton::clicked, this, &InfinibandCheckDialog::check);
    check();
}

InfinibandCheckDialog::~InfinibandCheckDialog() = default;

void InfinibandCheckDialog::check()
{
    Session* session = m_context->session();
    if (!session->canSend()) {
        m_ui->ibCheckSummary->setText(tr("Not connected."));
        return;
    }
    // Answers of an earlier check that arrive late are dropped.
    const LatestAnswer::Ticket generation = m_latestCheck.next();
    m_again->setEnabled(false);
    m_ui->ibCheckSummary->setText(tr("Reading the workers' consoles…"));
    session->infinibandPartitionInstances(m_partition.id)
        .onSuccess(
            this,
            [this, session = QPointer<Session>(session), generation](QList<Instance> instances) {
                if (!m_latestCheck.isLatest(generation) || !session)
                    return;
                std::sort(instances.begin(), instances.end(), [](const Instance& a, const Instance& b) {
                    return a.name != b.name ? a.name < b.name : a.id < b.id;
                });
                m_rows.clear();
                QList<QString> toRead;
                for (const Instance& instance : std::as_const(instances)) {
                    // A terminated worker takes no part in a job; its old result would mislead.
                    if (instance.status == Instance::Status::Terminated
                        || instance.status == Instance::Status::Failed)
                        continue;
                    Row row{instance.name.isEmpty() ? instance.id : instance.name, instance.id, {}, {}};
                    if (instance.status == Instance::Status::Running)
                        toRead << instance.id;
                    else
                        row.note = tr("waiting for a node");
                    m_rows.append(row);
                }
                m_pending = static_cast<int>(toRead.size()) + 1;
                for (const QString& id : std::as_const(toRead)) {
                    session->consoleLogs(id)
                        .onSuccess(this,
                                   [this, id, generation](const QList<ConsoleLine>& lines) {
                                       if (!m_latestCheck.isLatest(generation))
                                           return;
                                       for (Row& row : m_rows)
                                           if (row.id == id)
                                               row.result = IbCheck::fromConsole(lines);
                                       oneDone();
                                   })
                        .onFailure(this, [this, id, generation](const ApiError& error) {
                            if (!m_latestCheck.isLatest(generation))
                                return;
                            for (Row& row : m_rows)
                                if (row.id == id)
                                    row.note = tr("console not readable: %1").arg(error.message());
                            oneDone();
                        });
                }
                oneDone();
            })
        .onFailure(this, [this, generation](const ApiError& error) {
            if (!m_latestCheck.isLatest(generation))
                return;
            m_ui->ibCheckSummary->setText(
                tr("Could not read the partition's instances: %1").arg(error.message()));
            m_again->setEnabled(true);
            Q_EMIT checked();
        });
}

void InfinibandCheckDialog::oneDone()
{
    if (--m_pending > 0)
        return;
    render();
    m_again->setEnabled(true);
    Q_EMIT checked();
}

void InfinibandCheckDialog::render()
{
    m_ui->ibCheckTree->clear();
    int active = 0;
    int down = 0;
    int silent = 0;
    for (const Row& row : std::as_const(m_rows)) {
        auto* item = new QTreeWidgetItem(m_ui->ibCheckTree);
        item->setText(0, row.name);
        item->setToolTip(0, PlainText::toolTip(row.id));
        switch (row.result.state) {
        case IbCheck::PortState::Active:
            ++active;
            item->setText(1, tr("Active"));
            item->setIcon(1, ThemeIcons::icon(QStringLiteral("emblem-ok")));
            break;
        case IbCheck::PortState::Down:
            ++down;
            item->setText(1, tr("Down"));
            item->setIcon(1, ThemeIcons::icon(QStringLiteral("dialog-error")));
            break;
        case IbCheck::PortState::NotReported:
            ++silent;
            item->setText(1, tr("Not reported yet"));
            item->setIcon(1, ThemeIcons::icon(QStringLiteral("dialog-question")));
            break;
        }
        item->setText(2, row.result.state != IbCheck::PortState::NotReported
                             ? Format::dateTime(row.result.seenAt)
                             : QString());
        QString details = row.note;
        if (details.isEmpty())
            details = row.result.state == IbCheck::PortState::NotReported
                          ? tr("no ibv_devinfo result in its console yet; a worker reports it about 20 s "
                               "after it boots")
                          : row.result.detail;
        item->setText(3, details);
        item->setToolTip(3, PlainText::toolTip(details));
    }
    if (m_rows.isEmpty()) {
        m_ui->ibCheckSummary->setText(
            tr("No workers in partition %1: create instances into it, then check again.")
                .arg(m_partition.name));
        return;
    }
    m_ui->ibCheckSummary->setText(tr("Partition %1 on fabric %2: %3 active, %4 down, %5 not reported yet.")
                                      .arg(m_partition.name, m_partition.fabric.name)
                                      .arg(active)
                                      .arg(down)
                                      .arg(silent));
}

} // namespace sfdesk
