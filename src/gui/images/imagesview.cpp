#include "gui/images/imagesview.h"

#include "core/models/session.h"

#include "core/api/apiclient.h"
#include "core/models/format.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>

ImagesView::ImagesView(ViewContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(context->session()->images())
    , m_table(new ResourceTableView(QStringLiteral("images"), context->settings(), this))
    , m_refresh(new ListRefresh(QStringLiteral("images"), tr("Loading images"), context, m_table,
                                {Session::Resource::Images}, this))
{
    setObjectName(QStringLiteral("imagesPage"));
    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new WorkspaceBar(QStringLiteral("images"), context, this));
    toolbar->addStretch(1);
    toolbar->addWidget(m_refresh->label());
    toolbar->addWidget(m_refresh->button());

    m_table->setSourceModel(m_model);
    m_table->setAccessibleNames(tr("Images"));
    m_table->proxy()->setSortRole(ResourceRole::RawRole);
    m_table->setDefaultHiddenColumns({ImageModel::IdColumn});
    m_table->setPlaceholderText(tr("No images in this workspace, and no public images."));
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList& rows) { fillMenu(menu, rows); });

    auto* note =
        new QLabel(tr("The Ubuntu images with CUDA 13.1 or 13.2 ship the InfiniBand stack (DOCA-OFED, "
                      "perftest, nvidia-peermem); other images and older builds do not."),
                   this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(toolbar);
    layout->addWidget(m_table, 1);
    layout->addWidget(note);

    // Public images boot in every workspace, so a workspace's list shows them too; the server
    // leaves them out when asked for one workspace, so the list is read whole and filtered here.
    m_table->proxy()->setRowFilter([this](const QVariant& object) {
        const auto image = object.value<Image>();
        return m_context->allWorkspaces() || image.isPublic || image.workspace == m_context->workspace();
    });
    connect(m_context, &ViewContext::scopeChanged, m_table->proxy(),
            &ResourceProxyModel::invalidateRowFilter);
    connect(m_refresh, &ListRefresh::finished, this, &ImagesView::refreshed);
    connect(m_refresh, &ListRefresh::sessionChanged, this, [this](Session* session) {
        m_model = session->images();
        m_table->setSourceModel(m_model);
    });
}

ImagesView::~ImagesView() = default;

void ImagesView::refresh()
{
    m_refresh->refresh();
}

void ImagesView::fillMenu(QMenu* menu, const QModelIndexList& rows)
{
    if (rows.isEmpty())
        return;
    const Image image = m_model->at(rows.first().row());
    CopyActions::add(menu, QStringLiteral("images"), image.id, image.resourcePath, {});
}
