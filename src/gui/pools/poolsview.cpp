// SPDX-License-Identifier: Apache-2.0

#include "gui/pools/poolsview.h"

#include "common/constvalue.h"
#include "core/cli/sfcommand.h"
#include "core/models/format.h"
#include "core/models/pooltransfermodel.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "core/settings/settings.h"
#include "gui/common/accessibleviews.h"
#include "gui/common/bulkaction.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/namedialog.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/pools/movenodesdialog.h"

#include <QAction>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

PoolsView::PoolsView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("pools"),
                tr("&Pools"),
                tr("Loading pools"),
                // The instances: what of the pools' capacity is idle.
                {Session::Resource::Pools, Session::Resource::PoolTransfers, Session::Resource::Skus,
                 Session::Resource::Instances},
                {PoolModel::IdColumn},
                tr("No pools here. A pool holds the compute you buy; every order and instance needs one.")},
               parent)
    , m_model(context->session()->pools())
    , m_error(PlainText::label(this))
    , m_create(new QAction(ThemeIcons::icon(QStringLiteral("list-add")), tr("&New Pool…"), this))
    , m_rename(new QAction(ThemeIcons::icon(QStringLiteral("edit-rename")), tr("Rena&me…"), this))
    , m_delete(new QAction(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("&Delete…"), this))
    , m_move(new QAction(ThemeIcons::icon(QStringLiteral("go-next")), tr("Move N&odes…"), this))
    , m_sellIdle(new QAction(ThemeIcons::icon(QStringLiteral("document-send")), tr("Sell &Idle…"), this))
    , m_transferFilter(new QSortFilterProxyModel(this))
    , m_transfers(new AccessibleTableView(this))
    , m_transfersTitle(new QLabel(this))
{
    m_error->setObjectName(QStringLiteral("poolsErrorLabel"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    addToolbarWidget(new WorkspaceBar(QStringLiteral("pools"), context, this));
    m_create->setShortcut(QKeySequence::New);
    m_rename->setShortcut(Qt::Key_F2);
    m_delete->setShortcut(QKeySequence::Delete);
    addPageAction(m_create, QStringLiteral("poolsCreateButton"), Scope::Page);
    addPageAction(m_rename, QStringLiteral("poolsRenameButton"), Scope::Row);
    addPageAction(m_delete, QStringLiteral("poolsDeleteButton"), Scope::Row);
    m_move->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    m_move->setToolTip(tr("Move owned nodes of the pool to another pool, in any workspace"));
    addPageAction(m_move, QStringLiteral("poolsMoveNodesButton"), Scope::Row);
    m_sellIdle->setToolTip(tr("Propose a sell order for the pool's owned nodes that no instance uses over "
                              "the next 48 hours, for you to confirm in the planner"));
    addPageAction(m_sellIdle, QStringLiteral("poolsSellIdleButton"), Scope::Row);
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Pools"));
    addFooter(m_error);

    // The transfers into and out of the current pool, newest first, as the session keeps them.
    auto* transfers = new QWidget(this);
    auto* transfersLayout = new QVBoxLayout(transfers);
    transfersLayout->setContentsMargins(0, 0, 0, 0);
    m_transfersTitle->setObjectName(QStringLiteral("poolsTransfersTitle"));
    m_transfersTitle->setTextFormat(Qt::PlainText);
    m_transfersTitle->setBuddy(m_transfers);
    m_transferFilter->setSourceModel(context->session()->poolTransfers());
    m_transferFilter->setFilterRole(PoolTransferModel::PoolsRole);
    m_transferFilter->setFilterKeyColumn(0);
    // Newest first, as the server lists them (the model keeps the order it first saw them in).
    m_transferFilter->setSortRole(ResourceRole::RawRole);
    m_transferFilter->sort(PoolTransferModel::CreatedColumn, Qt::DescendingOrder);
    m_transfers->setObjectName(QStringLiteral("poolsTransfers"));
    m_transfers->setAccessibleName(tr("Transfers of the pool"));
    m_transfers->setModel(m_transferFilter);
    m_transfers->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_transfers->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_transfers->verticalHeader()->hide();
    m_transfers->horizontalHeader()->setStretchLastSection(true);
    m_transfers->setColumnHidden(PoolTransferModel::IdColumn, true);
    transfersLayout->addWidget(m_transfersTitle);
    transfersLayout->addWidget(m_transfers, 1);
    setDetails(transfers, 3, 2);

    connect(m_create, &QAction::triggered, this, &PoolsView::createPool);
    connect(m_rename, &QAction::triggered, this, &PoolsView::renameCurrent);
    connect(m_delete, &QAction::triggered, this, &PoolsView::deleteCurrent);
    connect(m_move, &QAction::triggered, this, &PoolsView::moveNodes);
    connect(m_sellIdle, &QAction::triggered, this, &PoolsView::sellIdle);
    // The idle column moves with the instances: Sell Idle… follows it.
    connect(m_model, &QAbstractItemModel::dataChanged, this, &PoolsView::updateActions);
    updateActions();
}

PoolsView::~PoolsView() = default;

void PoolsView::takeModels(Session* session)
{
    m_model = session->pools();
    setTableModel(m_model);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &PoolsView::updateActions, Qt::UniqueConnection);
    m_transferFilter->setSourceModel(session->poolTransfers());
    updateTransfers();
}

void PoolsView::updateTransfers()
{
    const auto pool = currentPool();
    // A pool id never occurs in another's: its transfers are the rows naming it.
    m_transferFilter->setFilterFixedString(pool ? pool->id : QStringLiteral("\n"));
    m_transfersTitle->setText(pool ? tr("Transfers into and out of %1:").arg(pool->name)
                                   : tr("Transfers: choose a pool to see its own."));
}

std::optional<Pool> PoolsView::currentPool() const
{
    const QModelIndex row = table()->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount())
        return std::nullopt;
    return m_model->at(row.row());
}

void PoolsView::selectPool(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row >= 0)
        table()->table()->selectionModel()->setCurrentIndex(
            table()->proxy()->mapFromSource(m_model->index(row, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void PoolsView::updateActions()
{
    const bool connected = context()->session()->canSend();
    const bool selected = currentPool().has_value();
    m_create->setEnabled(connected);
    m_rename->setEnabled(connected && selected);
    m_delete->setEnabled(connected && selected);
    m_move->setEnabled(connected && selected);
    m_sellIdle->setEnabled(connected && selected && m_model->idleOf(currentPool()->id).sellable.has_value());
    updateTransfers();
}

void PoolsView::sellIdle()
{
    const auto pool = currentPool();
    if (pool && m_model->idleOf(pool->id).sellable)
        Q_EMIT sellIdleRequested(pool->id);
}

void PoolsView::moveNodes()
{
    const auto pool = currentPool();
    if (!pool || !context()->session()->canSend())
        return;
    const Pool& source = *pool;
    // Any workspace's pool: the session's list when it holds every workspace, else one read of
    // them all for the choice.
    if (context()->allWorkspaces()) {
        openMoveNodes(source, m_model->rows());
        return;
    }
    context()->session()->allPools().onSuccess(
        this, [this, source](const QList<Pool>& all) { openMoveNodes(source, all); });
}

void PoolsView::openMoveNodes(const Pool& source, const QList<Pool>& targets)
{
    QMap<QString, QString> skuNames;
    for (const InstanceSku& sku : context()->session()->skus()->rows())
        skuNames.insert(sku.id, sku.alias.isEmpty() ? sku.id : sku.alias);
    auto* dialog =
        new MoveNodesDialog(context()->session(), source, targets, skuNames,
                            QDateTime::currentSecsSinceEpoch(), context()->settings()->timesInUtc(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &MoveNodesDialog::moved, this, [this](const PoolTransfer& transfer) {
        // In the list at once; the session reads the lists again after the write.
        context()->session()->poolTransfers()->upsert(transfer);
        context()->reportMessage(
            tr("Transfer %1 asked for: %2.").arg(transfer.id, PoolTransferModel::statusText(transfer)));
        Q_EMIT actionFinished();
    });
    dialog->open();
}

QStringList PoolsView::names() const
{
    QStringList names;
    for (const Pool& pool : m_model->rows())
        if (pool.workspace == context()->workspace())
            names << pool.name;
    return names;
}

void PoolsView::createPool()
{
    if (!context()->session()->canSend())
        return;
    const QString workspace = context()->workspace();
    const QString reference = context()->workspaceReference();
    if (reference.isEmpty())
        return;
    auto* dialog = new NameDialog(
        tr("New Pool"),
        tr("Name of the new pool in workspace \"%1\" (the same as %2).")
            .arg(workspace, SfCommand::poolCreate(QStringLiteral("NAME"))),
        {}, names(),
        [this, reference](const QString& name) { return context()->session()->createPool(reference, name); },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void PoolsView::renameCurrent()
{
    const auto pool = currentPool();
    if (!pool || !context()->session()->canSend())
        return;
    const QString id = pool->id;
    auto* dialog = new NameDialog(
        tr("Rename Pool"), tr("New name for pool \"%1\":").arg(pool->name), pool->name, names(),
        [this, id](const QString& name) { return context()->session()->renamePool(id, name); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void PoolsView::deleteCurrent()
{
    const auto pool = currentPool();
    if (!pool || !context()->session()->canSend())
        return;
    QList<Pool> selected;
    for (const QModelIndex& row : constValue(table()->selectedSourceRows()))
        selected << m_model->at(row.row());
    if (selected.size() > 1) {
        deleteMany(selected);
        return;
    }
    confirm(tr("Delete Pool"),
            tr("Delete pool \"%1\" (%2) in workspace \"%3\"? SF Compute refuses while it has active "
               "orders, future allocation, nodes or deployments.")
                .arg(pool->name, pool->id, pool->workspace),
            tr("&Delete Pool"), [this, target = *pool] { deletePool(target); });
}

void PoolsView::deletePool(const Pool& target)
{
    m_error->hide();
    const auto call = context()->session()->deletePool(target.id);
    call.onSuccess(this, [this, target] {
        context()->reportMessage(tr("Deleted pool %1.").arg(target.name));
        Q_EMIT actionFinished();
    });
    call.onFailure(this, [this, target](const ApiError& error) {
        // The reasons follow as a list, so the headline carries only the server's summary.
        const bool listsReasons = !error.details().isEmpty() && !error.serverMessage().isEmpty();
        QString text = tr("Pool \"%1\" was not deleted: %2")
                           .arg(target.name, listsReasons ? error.serverMessage() : error.message());
        text += error.detailLines();
        m_error->setText(text);
        m_error->show();
        context()->reportError(tr("Deleting pool %1").arg(target.name), error);
        Q_EMIT actionFinished();
    });
}

void PoolsView::deleteMany(const QList<Pool>& pools)
{
    QStringList names;
    QList<BulkAction::Item> items;
    for (const Pool& pool : pools) {
        names << pool.name;
        const QString id = pool.id;
        items.append({pool.name, [this, id] { return context()->session()->deletePool(id); }});
    }
    confirm(tr("Delete Pools"),
            tr("Delete %n pool(s): %1? SF Compute refuses each one that has active orders, "
               "future allocation, nodes or deployments.",
               nullptr, static_cast<int>(pools.size()))
                .arg(names.join(QStringLiteral(", "))),
            tr("&Delete %n Pool(s)", nullptr, static_cast<int>(pools.size())), [this, items] {
                m_error->hide();
                BulkAction::run(this, items, [this](const BulkAction::Outcome& outcome) {
                    QString result =
                        tr("Deleted %1 of %n pool(s).", nullptr, outcome.total).arg(outcome.done);
                    if (!outcome.failures.isEmpty()) {
                        result += u' '
                                  + tr("Not deleted, with the reason: %1.")
                                        .arg(outcome.failures.join(QStringLiteral("; ")));
                        m_error->setText(result);
                        m_error->show();
                    }
                    context()->reportMessage(result);
                    Q_EMIT actionFinished();
                });
            });
}

void PoolsView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const Pool pool = m_model->at(rows.first().row());
    CopyActions::add(menu, QStringLiteral("pools"), pool.id, pool.resourcePath,
                     {{tr("Copy as sf command: delete"),
                       SfCommand::poolDelete(pool.resourcePath.isEmpty() ? pool.id : pool.resourcePath),
                       QStringLiteral("poolsCopyDeleteCommand")}});
}

} // namespace sfdesk
