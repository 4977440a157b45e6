// SPDX-License-Identifier: Apache-2.0

#include "gui/partitions/launchcommanddialog.h"

#include "core/cloudinit/bootstrap.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "gui/common/copyactions.h"
#include "gui/common/filedialogs.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "ui_launchcommanddialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>

namespace sfdesk {

LaunchCommandDialog::LaunchCommandDialog(ViewContext* context, const InfinibandPartition& partition,
                                         QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::LaunchCommandDialog>())
    , m_context(context)
    , m_partition(partition)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("launchCommandDialog"));
    setWindowTitle(tr("Launch Command for %1").arg(partition.name));
    m_ui->launchStatusLabel->setText(tr("Reading the partition's running instances…"));
    m_ui->launchUserEdit->setText(CloudInit::defaultUserName());
    m_ui->launchText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_copy = new QPushButton(ThemeIcons::icon(QStringLiteral("edit-copy")), tr("&Copy"), this);
    m_save = new QPushButton(ThemeIcons::icon(QStringLiteral("document-save")), tr("&Save…"), this);
    m_copy->setObjectName(QStringLiteral("launchCopyButton"));
    m_save->setObjectName(QStringLiteral("launchSaveButton"));
    m_copy->setEnabled(false);
    m_save->setEnabled(false);
    m_copy->setAccessibleName(tr("Copy launch commands"));
    m_save->setAccessibleName(tr("Save launch commands"));

    QDialogButtonBox* buttons = m_ui->buttonBox;
    buttons->button(QDialogButtonBox::Close)->setObjectName(QStringLiteral("launchCloseButton"));
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, [this] { CopyActions::copy(text()); });
    connect(m_save, &QPushButton::clicked, this, [this] {
        FileDialogs::toSave(this, QStringLiteral("launchSaveDialog"), tr("Save Launch Commands"),
                            m_partition.name + QStringLiteral("-launch.txt"),
                            tr("Text files (*.txt);;All files (*)"),
                            [this](const QString& path) { saveTo(path); })
            ->open();
    });
    connect(m_ui->launchUserEdit, &QLineEdit::textChanged, this, &LaunchCommandDialog::render);
    connect(m_ui->launchPortSpin, &QSpinBox::valueChanged, this, &LaunchCommandDialog::render);
    connect(m_ui->launchScriptEdit, &QLineEdit::textChanged, this, &LaunchCommandDialog::render);
    if (context->session()->canSend()) {
        m_session = context->session();
        m_session->watch(Session::Resource::Skus);
        connect(m_session, &Session::listLoaded, this, [this](Session::Resource resource) {
            if (resource == Session::Resource::Skus && m_waitingForSkus)
                takeSkus();
        });
        connect(
            m_session, &Session::listFailed, this, [this](Session::Resource resource, const ApiError& error) {
                if (resource != Session::Resource::Skus || !m_waitingForSkus)
                    return;
                m_waitingForSkus = false;
                m_problems
                    << tr("GPUs per node unknown (%1); torchrun uses every GPU it sees").arg(error.message());
                oneDone();
            });
    }
    load();
}

LaunchCommandDialog::~LaunchCommandDialog()
{
    if (m_session)
        m_session->unwatch(Session::Resource::Skus);
}

void LaunchCommandDialog::takeSkus()
{
    m_waitingForSkus = false;
    for (const InstanceSku& s : m_session->skus()->rows())
        if (s.id == m_sku || s.alias == m_sku)
            m_gpus = s.property(QStringLiteral("num_accelerators")).toInt();
    oneDone();
}

QString LaunchCommandDialog::text() const
{
    return m_ui->launchText->toPlainText();
}

bool LaunchCommandDialog::saveTo(const QString& path)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Text) && file.write(text().toUtf8()) >= 0
        && file.commit())
        return true;
    m_ui->launchStatusLabel->setText(tr("Could not save %1: %2").arg(path, file.errorString()));
    return false;
}

LaunchPlan::Options LaunchCommandDialog::options() const
{
    LaunchPlan::Options options;
    options.partitionName = m_partition.name;
    options.fabricName = m_partition.fabric.name;
    options.user = m_ui->launchUserEdit->text().trimmed();
    options.gpusPerNode = m_gpus;
    options.masterPort = m_ui->launchPortSpin->value();
    const QString script = m_ui->launchScriptEdit->text().trimmed();
    options.script = script.isEmpty() ? QStringLiteral("train.py") : script;
    return options;
}

void LaunchCommandDialog::load()
{
    Session* session = m_context->session();
    if (!session->canSend()) {
        m_ui->launchStatusLabel->setText(tr("Not connected."));
        return;
    }
    session->infinibandPartitionInstances(m_partition.id)
        .onSuccess(this,
                   [this, session = QPointer<Session>(session)](const QList<Instance>& instances) {
                       if (!session)
                           return;
                       m_workers = LaunchPlan::runningWorkers(instances);
                       QString sku;
                       for (const Instance& instance : instances)
                           if (instance.status == Instance::Status::Running && sku.isEmpty())
                               sku = instance.sku.id;
                       if (m_workers.isEmpty()) {
                           m_ui->launchStatusLabel->setText(
                               tr("No running instances in partition %1: create instances into it, "
                                  "and once they run their launch commands show here.")
                                   .arg(m_partition.name));
                           Q_EMIT loaded();
                           return;
                       }
                       // The addresses ssh reaches, and the SKU's GPUs for --nproc_per_node.
                       m_pending = static_cast<int>(m_workers.size()) + 1;
                       for (const LaunchPlan::Worker& worker : std::as_const(m_workers)) {
                           const QString id = worker.id;
                           const QString name = worker.name;
                           session->sshDetails(id)
                               .onSuccess(this,
                                          [this, id](const SshDetails& details) {
                                              for (LaunchPlan::Worker& w : m_workers)
                                                  if (w.id == id) {
                                                      w.host = details.hostname;
                                                      w.sshPort = details.port;
                                                  }
                                              oneDone();
                                          })
                               .onFailure(this, [this, name](const ApiError& error) {
                                   m_problems << tr("%1: no SSH details yet (%2)").arg(name, error.message());
                                   oneDone();
                               });
                       }
                       m_sku = sku;
                       m_waitingForSkus = true;
                       if (m_session && m_session->isLoaded(Session::Resource::Skus))
                           takeSkus();
                   })
        .onFailure(this, [this](const ApiError& error) {
            m_ui->launchStatusLabel->setText(
                tr("Could not read the partition's instances: %1").arg(error.message()));
            Q_EMIT loaded();
        });
}

void LaunchCommandDialog::oneDone()
{
    if (--m_pending > 0)
        return;
    render();
    Q_EMIT loaded();
}

void LaunchCommandDialog::render()
{
    if (m_workers.isEmpty() || m_pending > 0)
        return;
    m_ui->launchText->setPlainText(LaunchPlan::document(m_workers, options()));
    QString status = tr("%n running worker(s) in partition %1 on fabric %2. Run each node's line on that "
                        "node; rank 0 is the master.",
                        nullptr, static_cast<int>(m_workers.size()))
                         .arg(m_partition.name, m_partition.fabric.name);
    if (!m_problems.isEmpty())
        status += u' ' + m_problems.join(QStringLiteral("; ")) + u'.';
    m_ui->launchStatusLabel->setText(status);
    m_copy->setEnabled(true);
    m_save->setEnabled(true);
}

} // namespace sfdesk
