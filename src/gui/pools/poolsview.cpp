#include "gui/pools/poolsview.h"

#include "core/api/apiclient.h"
#include "core/cli/sfcommand.h"
#include "core/models/format.h"
#include "core/models/session.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/namedialog.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

PoolsView::PoolsView(ViewContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(context->session()->pools())
    , m_table(new ResourceTableView(QStringLiteral("pools"), context->settings(), this))
    , m_refresh(new ListRefresh(QStringLiteral("pools"), tr("Loading pools"), context, m_table,
                                {Session::Resource::Pools}, this))
    , m_error(new QLabel(this))
    , m_createButton(new QPushButton(QIcon::fromTheme(QStringLiteral("list-add")), tr("&New Pool…"), this))
    , m_renameButton(new QPushButton(tr("Re&name…"), this))
    , m_deleteButton(new QPushButton(QIcon::fromTheme(QStringLiteral("edit-delete")), tr("&Delete…"), this))
{
    setObjectName(QStringLiteral("poolsPage"));
    m_createButton->setObjectName(QStringLiteral("poolsCreateButton"));
    m_renameButton->setObjectName(QStringLiteral("poolsRenameButton"));
    m_deleteButton->setObjectName(QStringLiteral("poolsDeleteButton"));
    m_error->setObjectName(QStringLiteral("poolsErrorLabel"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new WorkspaceBar(QStringLiteral("pools"), context, this));
    toolbar->addStretch(1);
    toolbar->addWidget(m_refresh->label());
    toolbar->addWidget(m_refresh->button());
    toolbar->addWidget(m_createButton);
    toolbar->addWidget(m_renameButton);
    toolbar->addWidget(m_deleteButton);

    m_table->setSourceModel(m_model);
    m_table->setAccessibleNames(tr("Pools"));
    m_table->proxy()->setSortRole(ResourceRole::RawRole);
    m_table->setDefaultHiddenColumns({PoolModel::IdColumn});
    m_table->setPlaceholderText(
        tr("No pools here. A pool holds the compute you buy; every order and instance "
           "needs one."));
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList& rows) { fillMenu(menu, rows); });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(toolbar);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_error);

    connect(m_refresh, &ListRefresh::finished, this, [this] {
        updateActions();
        Q_EMIT refreshed();
    });
    connect(m_refresh, &ListRefresh::sessionChanged, this, [this](Session* session) {
        m_model = session->pools();
        m_table->setSourceModel(m_model);
        updateActions();
    });
    connect(m_createButton, &QPushButton::clicked, this, &PoolsView::createPool);
    connect(m_renameButton, &QPushButton::clicked, this, &PoolsView::renameCurrent);
    connect(m_deleteButton, &QPushButton::clicked, this, &PoolsView::deleteCurrent);
    connect(m_table->table()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &PoolsView::updateActions);
    updateActions();
}

PoolsView::~PoolsView() = default;

void PoolsView::refresh()
{
    m_refresh->refresh();
}

std::optional<Pool> PoolsView::currentPool() const
{
    const QModelIndex row = m_table->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount())
        return std::nullopt;
    return m_model->at(row.row());
}

void PoolsView::selectPool(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row >= 0)
        m_table->table()->selectionModel()->setCurrentIndex(
            m_table->proxy()->mapFromSource(m_model->index(row, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void PoolsView::updateActions()
{
    const bool connected = m_context->client() != nullptr;
    const bool selected = currentPool().has_value();
    m_createButton->setEnabled(connected);
    m_renameButton->setEnabled(connected && selected);
    m_deleteButton->setEnabled(connected && selected);
}

QStringList PoolsView::names() const
{
    QStringList names;
    for (const Pool& pool : m_model->rows())
        if (pool.workspace == m_context->workspace())
            names << pool.name;
    return names;
}

void PoolsView::createPool()
{
    if (!m_context->client())
        return;
    const QString workspace = m_context->workspace();
    const QString reference = m_context->workspaceReference();
    if (reference.isEmpty())
        return;
    auto* dialog = new NameDialog(
        tr("New Pool"),
        tr("Name of the new pool in workspace \"%1\" (the same as %2).")
            .arg(workspace, SfCommand::poolCreate(QStringLiteral("NAME"))),
        {}, names(),
        [this, reference](const QString& name) { return m_context->client()->createPool(reference, name); },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void PoolsView::renameCurrent()
{
    const auto pool = currentPool();
    if (!pool || !m_context->client())
        return;
    const QString id = pool->id;
    auto* dialog = new NameDialog(
        tr("Rename Pool"), tr("New name for pool \"%1\":").arg(pool->name), pool->name, names(),
        [this, id](const QString& name) { return m_context->client()->renamePool(id, name); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void PoolsView::deleteCurrent()
{
    const auto pool = currentPool();
    if (!pool || !m_context->client())
        return;
    if (!ConfirmDialog::ask(
            this, tr("Delete Pool"),
            tr("Delete pool \"%1\" (%2) in workspace \"%3\"? SF Compute refuses while it has active "
               "orders, future allocation, nodes or deployments.")
                .arg(pool->name, pool->id, pool->workspace),
            tr("&Delete Pool")))
        return;
    const Pool target = *pool;
    m_error->hide();
    auto* call = m_context->client()->deletePool(target.id);
    connect(call, &ApiCall::succeeded, this, [this, target] {
        m_context->reportMessage(tr("Deleted pool %1.").arg(target.name));
        Q_EMIT actionFinished();
    });
    call->onFailure(this, [this, target](const ApiError& error) {
        // The reasons follow as a list, so the headline carries only the server's summary.
        const bool listsReasons = !error.details().isEmpty() && !error.serverMessage().isEmpty();
        QString text = tr("Pool \"%1\" was not deleted: %2")
                           .arg(target.name, listsReasons ? error.serverMessage() : error.message());
        for (const ApiErrorDetail& detail : error.details())
            text += QStringLiteral("\n• ") + detail.message;
        m_error->setText(text);
        m_error->show();
        m_context->reportError(tr("Deleting pool %1").arg(target.name), error);
        Q_EMIT actionFinished();
    });
}

void PoolsView::fillMenu(QMenu* menu, const QModelIndexList& rows)
{
    if (rows.isEmpty())
        return;
    const Pool pool = m_model->at(rows.first().row());
    menu->addAction(tr("Re&name…"), this, &PoolsView::renameCurrent);
    menu->addAction(tr("&Delete…"), this, &PoolsView::deleteCurrent);
    CopyActions::add(menu, QStringLiteral("pools"), pool.id, pool.resourcePath,
                     {{tr("Copy as sf command: delete"),
                       SfCommand::poolDelete(pool.resourcePath.isEmpty() ? pool.id : pool.resourcePath),
                       QStringLiteral("poolsCopyDeleteCommand")}});
}
