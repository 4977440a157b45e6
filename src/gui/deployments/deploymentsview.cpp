// SPDX-License-Identifier: Apache-2.0

#include "gui/deployments/deploymentsview.h"

#include "common/constvalue.h"
#include "core/cli/sfcommand.h"
#include "core/models/deploymentmodel.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/session.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/copyactions.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/deployments/createdeploymentdialog.h"

#include <QAction>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

namespace {

// Enter in the spin box applies it; leaving it does not.
class ReturnFilter final : public QObject
{
public:
    ReturnFilter(QObject* parent, std::function<void()> onReturn)
        : QObject(parent)
        , m_onReturn(std::move(onReturn))
    {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::KeyPress) {
            const int key = static_cast<QKeyEvent*>(event)->key();
            if (key == Qt::Key_Return || key == Qt::Key_Enter) {
                m_onReturn();
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_onReturn;
};

} // namespace

DeploymentsView::DeploymentsView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("deployments"),
                tr("D&eployments"),
                tr("Loading deployments"),
                {Session::Resource::Deployments, Session::Resource::Instances},
                {DeploymentModel::IdColumn, DeploymentModel::CreatedColumn, DeploymentModel::MaxPriceColumn},
                tr("No deployments here. A deployment keeps instances of a template running in a pool: save "
                   "a template from the Cloud-init editor, then create one with New Deployment.")},
               parent)
    , m_model(context->session()->deployments())
    , m_details(PlainText::label(this))
    , m_target(new QSpinBox(this))
    , m_scale(new QPushButton(tr("Sc&ale"), this))
    , m_instances(new QListWidget(this))
    , m_error(PlainText::label(this))
    , m_create(new QAction(ThemeIcons::icon(QStringLiteral("list-add")), tr("&New Deployment…"), this))
    , m_increase(new QAction(ThemeIcons::icon(QStringLiteral("list-add")), tr("&One More Instance"), this))
    , m_decrease(
          new QAction(ThemeIcons::icon(QStringLiteral("list-remove")), tr("One &Fewer Instance"), this))
    , m_pause(new QAction(ThemeIcons::icon(QStringLiteral("media-playback-pause")), tr("&Pause"), this))
    , m_delete(new QAction(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("&Delete…"), this))
    , m_showInstances(new QAction(ThemeIcons::icon(QStringLiteral("go-next")), tr("Show &Instances"), this))
{
    m_details->setObjectName(QStringLiteral("deploymentDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setAccessibleName(tr("Deployment details"));
    m_error->setObjectName(QStringLiteral("deploymentsErrorLabel"));
    m_error->setWordWrap(true);
    m_error->hide();
    m_target->setObjectName(QStringLiteral("deploymentTargetSpin"));
    m_target->setRange(0, 1000);
    m_target->setAccessibleName(tr("Target instances"));
    m_target->setAccessibleDescription(tr("Enter scales the deployment to this number"));
    m_target->installEventFilter(new ReturnFilter(this, [this] { scaleCurrent(m_target->value()); }));
    m_scale->setObjectName(QStringLiteral("deploymentScaleButton"));
    m_scale->setToolTip(tr("Scales the deployment to the number of instances (+ and − in the list add or "
                           "take one)"));
    connect(m_scale, &QPushButton::clicked, this, [this] { scaleCurrent(m_target->value()); });
    m_instances->setObjectName(QStringLiteral("deploymentInstancesList"));
    m_instances->setAccessibleName(tr("Instances of the deployment"));

    addToolbarWidget(new WorkspaceBar(QStringLiteral("deployments"), context, this));
    m_create->setShortcut(QKeySequence::New);
    m_increase->setShortcuts({QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)});
    m_decrease->setShortcut(QKeySequence(Qt::Key_Minus));
    m_pause->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    m_delete->setShortcut(QKeySequence::Delete);
    m_showInstances->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_increase->setIconText(QStringLiteral("+"));
    m_decrease->setIconText(QStringLiteral("−"));
    // The toolbar's buttons say little: the window fits a laptop's screen; menus say it all.
    QPushButton* create = addPageAction(m_create, QStringLiteral("deploymentsCreateButton"), Scope::Page);
    create->setText(tr("&New…"));
    QPushButton* more = addPageAction(m_increase, QStringLiteral("deploymentsIncreaseButton"), Scope::Row);
    QPushButton* fewer = addPageAction(m_decrease, QStringLiteral("deploymentsDecreaseButton"), Scope::Row);
    // The buttons say + and −; their names say what they do.
    for (auto [button, action] : {std::pair{more, m_increase}, std::pair{fewer, m_decrease}}) {
        button->setText(action->iconText());
        button->setIcon({});
        button->setAccessibleName(action->text().remove(u'&'));
        button->setMaximumWidth(button->sizeHint().height() + 6);
    }
    m_pauseButton = addPageAction(m_pause, QStringLiteral("deploymentsPauseButton"), Scope::Row);
    addPageAction(m_delete, QStringLiteral("deploymentsDeleteButton"), Scope::Row);
    // In the menu, the row's menu and Ctrl+I; no room for a button.
    addPageAction(m_showInstances, QStringLiteral("deploymentsShowInstancesButton"), Scope::Row)->hide();
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Deployments"));

    auto* details = new QWidget(this);
    details->setObjectName(QStringLiteral("deploymentDetailsPane"));
    auto* detailsLayout = new QHBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    auto* left = new QVBoxLayout;
    left->addWidget(m_details, 1);
    auto* scaleRow = new QHBoxLayout;
    auto* targetLabel = new QLabel(tr("Target in&stances:"), details);
    targetLabel->setBuddy(m_target);
    scaleRow->addWidget(targetLabel);
    scaleRow->addWidget(m_target);
    scaleRow->addWidget(m_scale);
    scaleRow->addStretch(1);
    left->addLayout(scaleRow);
    detailsLayout->addLayout(left, 3);
    auto* right = new QVBoxLayout;
    auto* instancesLabel = new QLabel(tr("Its instances:"), details);
    instancesLabel->setBuddy(m_instances);
    right->addWidget(instancesLabel);
    right->addWidget(m_instances, 1);
    detailsLayout->addLayout(right, 2);
    setDetails(details, 3, 2);
    addFooter(m_error);

    connect(m_create, &QAction::triggered, this, [this] { createDeployment(); });
    connect(m_increase, &QAction::triggered, this, [this] { stepCurrent(1); });
    connect(m_decrease, &QAction::triggered, this, [this] { stepCurrent(-1); });
    connect(m_pause, &QAction::triggered, this, &DeploymentsView::togglePaused);
    connect(m_delete, &QAction::triggered, this, &DeploymentsView::deleteCurrent);
    connect(m_showInstances, &QAction::triggered, this, [this] {
        if (const auto d = currentDeployment())
            Q_EMIT showInstancesRequested(d->id);
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DeploymentsView::updateDetails);
    updateActions();
}

DeploymentsView::~DeploymentsView() = default;

void DeploymentsView::takeModels(Session* session)
{
    disconnect(m_model, nullptr, this, nullptr);
    m_model = session->deployments();
    m_pendingTarget.clear();
    setTableModel(m_model);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DeploymentsView::updateDetails);
    updateDetails();
}

std::optional<Deployment> DeploymentsView::currentDeployment() const
{
    const QModelIndex row = table()->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount())
        return std::nullopt;
    return m_model->at(row.row());
}

void DeploymentsView::selectDeployment(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row >= 0)
        table()->table()->selectionModel()->setCurrentIndex(
            table()->proxy()->mapFromSource(m_model->index(row, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

QString DeploymentsView::reference(const Deployment& deployment)
{
    return deployment.resourcePath.isEmpty() ? deployment.id : deployment.resourcePath;
}

void DeploymentsView::updateActions()
{
    const bool connected = context()->session()->canSend();
    const auto current = currentDeployment();
    m_create->setEnabled(connected);
    for (QAction* action : {m_increase, m_decrease, m_pause, m_delete, m_showInstances})
        action->setEnabled(connected && current.has_value());
    m_decrease->setEnabled(connected && current
                           && m_pendingTarget.value(current->id, current->targetInstanceCount) > 0);
    if (current && !current->enabled) {
        m_pause->setText(tr("&Resume"));
        m_pause->setIcon(ThemeIcons::icon(QStringLiteral("media-playback-start")));
        m_pause->setToolTip(
            tr("Resumes the deployment: it keeps its target number of instances running again"));
    } else {
        m_pause->setText(tr("&Pause"));
        m_pause->setIcon(ThemeIcons::icon(QStringLiteral("media-playback-pause")));
        m_pause->setToolTip(tr("Pauses the deployment: it neither starts nor stops instances until resumed; "
                               "those running go on"));
    }
    if (m_pauseButton) {
        m_pauseButton->setText(m_pause->text());
        m_pauseButton->setIcon(m_pause->icon());
        m_pauseButton->setToolTip(PlainText::toolTip(QStringLiteral("%1 (%2)").arg(
            m_pause->toolTip(), m_pause->shortcut().toString(QKeySequence::NativeText))));
    }
    m_target->setEnabled(connected && current.has_value());
    m_scale->setEnabled(connected && current.has_value());
    updateDetails();
}

void DeploymentsView::updateDetails()
{
    const auto current = currentDeployment();
    m_instances->clear();
    if (!current) {
        m_details->setText(tr("Select a deployment to see its details and its instances."));
        return;
    }
    const Deployment& d = *current;
    QStringList lines;
    lines << tr("%1 · %2 deployment · %3").arg(d.name, DeploymentModel::kindText(d), d.id);
    lines << tr("Template %1 in pool %2, SKU %3").arg(d.instanceTemplate.name, d.pool.name, d.sku.name);
    if (d.infinibandPartition)
        lines << tr("Instances join InfiniBand partition %1").arg(d.infinibandPartition->name);
    lines << tr("Instance names: %1").arg(d.instanceNameTemplate);
    if (d.maxBuyPrice)
        lines << tr("Buys nodes at up to %1").arg(Format::pricePerNodeHour(*d.maxBuyPrice));
    lines << tr("Running: %1 of %n instance(s)", nullptr, d.targetInstanceCount).arg(m_model->running(d.id));
    // The server's own words on how its reconciliation goes.
    lines << (d.statusMessage.isEmpty()
                  ? tr("Status: %1").arg(DeploymentModel::stateText(d))
                  : tr("Status: %1 (%2)").arg(DeploymentModel::stateText(d), d.statusMessage));
    m_details->setText(lines.join(u'\n'));
    // The spin box follows the deployment unless the user is editing it.
    if (!m_target->hasFocus())
        m_target->setValue(m_pendingTarget.value(d.id, d.targetInstanceCount));
    for (const Instance& instance : constValue(m_model->activeInstances(d.id))) {
        auto* item =
            new QListWidgetItem(tr("%1 — %2, priority %3")
                                    .arg(instance.name, Format::instanceStatus(instance), instance.priority),
                                m_instances);
        item->setData(Qt::UserRole, instance.id);
    }
    if (m_instances->count() == 0)
        new QListWidgetItem(tr("None running"), m_instances);
}

void DeploymentsView::createDeployment(const QString& templateId)
{
    if (!context()->session()->canSend())
        return;
    auto* dialog = new CreateDeploymentDialog(context(), templateId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CreateDeploymentDialog::created, this, [this](const Deployment& deployment) {
        m_model->upsert(deployment);
        selectDeployment(deployment.id);
        Q_EMIT actionFinished();
    });
    dialog->open();
}

void DeploymentsView::change(const Deployment& deployment, const DeploymentChange& change,
                             const QString& what)
{
    m_error->hide();
    const QString id = deployment.id;
    const QString name = deployment.name;
    const auto call = context()->session()->changeDeployment(id, change);
    call.onSuccess(this, [this, id](const Deployment& changed) {
        // The answer holds the target asked for; a later + waits for no other answer.
        if (m_pendingTarget.value(id, -1) == changed.targetInstanceCount)
            m_pendingTarget.remove(id);
        m_model->upsert(changed);
        context()->reportMessage(tr("Deployment %1: %2").arg(changed.name, changed.statusMessage));
        updateDetails();
        Q_EMIT actionFinished();
    });
    call.onFailure(this, [this, id, name, what](const ApiError& error) {
        m_pendingTarget.remove(id);
        m_error->setText(tr("Deployment %1 was not changed (%2): %3").arg(name, what, error.message()));
        m_error->show();
        context()->reportError(tr("Changing deployment %1").arg(name), error);
        updateDetails();
        Q_EMIT actionFinished();
    });
}

void DeploymentsView::scaleCurrent(int target)
{
    const auto d = currentDeployment();
    if (!d || !context()->session()->canSend() || target < 0)
        return;
    if (target == m_pendingTarget.value(d->id, d->targetInstanceCount))
        return;
    m_pendingTarget.insert(d->id, target);
    m_target->setValue(target);
    DeploymentChange scale;
    scale.targetInstanceCount = target;
    change(*d, scale, tr("scale to %n instance(s)", nullptr, target));
}

void DeploymentsView::stepCurrent(int delta)
{
    const auto d = currentDeployment();
    if (!d)
        return;
    scaleCurrent(qMax(0, m_pendingTarget.value(d->id, d->targetInstanceCount) + delta));
}

void DeploymentsView::togglePaused()
{
    const auto d = currentDeployment();
    if (!d || !context()->session()->canSend())
        return;
    DeploymentChange enable;
    enable.enabled = !d->enabled;
    change(*d, enable, d->enabled ? tr("pause") : tr("resume"));
}

void DeploymentsView::deleteCurrent()
{
    const auto d = currentDeployment();
    if (!d || !context()->session()->canSend())
        return;
    QStringList names;
    for (const Instance& instance : constValue(m_model->activeInstances(d->id)))
        names << instance.name;
    const QString text = names.isEmpty()
                             ? tr("Delete deployment \"%1\"? It runs no instances now.").arg(d->name)
                             : tr("Delete deployment \"%1\"? Its %n instance(s) will be terminated: %2.",
                                  nullptr, static_cast<int>(names.size()))
                                   .arg(d->name, names.join(QStringLiteral(", ")));
    const Deployment& target = *d;
    ConfirmDialog::ask(
        this, tr("Delete Deployment"), text, tr("&Delete Deployment"), [this, target](bool yes) {
            if (!yes || !context()->session()->canSend())
                return;
            m_error->hide();
            const auto call = context()->session()->deleteDeployment(target.id);
            call.onSuccess(this, [this, target] {
                context()->reportMessage(tr("Deleted deployment %1.").arg(target.name));
                Q_EMIT actionFinished();
            });
            call.onFailure(this, [this, target](const ApiError& error) {
                m_error->setText(
                    tr("Deployment \"%1\" was not deleted: %2").arg(target.name, error.message()));
                m_error->show();
                context()->reportError(tr("Deleting deployment %1").arg(target.name), error);
                Q_EMIT actionFinished();
            });
        });
}

void DeploymentsView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const Deployment d = m_model->at(rows.first().row());
    const QString ref = reference(d);
    const int target = m_pendingTarget.value(d.id, d.targetInstanceCount);
    CopyActions::add(
        menu, QStringLiteral("deployments"), d.id, d.resourcePath,
        {{tr("Copy as sf command: scale"), SfCommand::deploymentScale(ref, target),
          QStringLiteral("deploymentsCopyScaleCommand")},
         {d.enabled ? tr("Copy as sf command: pause") : tr("Copy as sf command: resume"),
          SfCommand::deploymentSetEnabled(ref, !d.enabled), QStringLiteral("deploymentsCopyPauseCommand")},
         {tr("Copy as sf command: delete"), SfCommand::deploymentDelete(ref),
          QStringLiteral("deploymentsCopyDeleteCommand")}});
}

} // namespace sfdesk
