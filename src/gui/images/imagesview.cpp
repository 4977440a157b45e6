#include "gui/images/imagesview.h"

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
    , m_model(new ImageModel(this))
    , m_table(new ResourceTableView(QStringLiteral("images"), context->settings(), this))
    , m_refresh(new ListRefresh(QStringLiteral("images"), tr("Loading images"), context, m_table, this))
{
    setObjectName(QStringLiteral("imagesPage"));
    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new WorkspaceBar(QStringLiteral("images"), context, this));
    toolbar->addStretch(1);
    toolbar->addWidget(m_refresh->label());
    toolbar->addWidget(m_refresh->button());

    m_table->setSourceModel(m_model);
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

    connect(m_refresh, &ListRefresh::requested, this, &ImagesView::refresh);
    connect(m_context, &ViewContext::scopeChanged, this, &ImagesView::refresh);
    // What the app itself changed is shown at once, whichever view changed it.
    connect(m_context, &ViewContext::dataWritten, this, &ImagesView::refresh);
    connect(m_context, &ViewContext::clientChanged, this, &ImagesView::refresh);
    refresh();
}

ImagesView::~ImagesView() = default;

void ImagesView::refresh()
{
    if (!m_context->client()) {
        m_model->refresh({});
        m_refresh->showNotConnected();
        return;
    }
    // Public images boot in every workspace, so a workspace's list shows them too; the server
    // leaves them out when asked for one workspace.
    const QString workspace = m_context->allWorkspaces() ? QString() : m_context->workspace();
    m_refresh->load<QList<Image>>(
        m_context->client()->images(),
        [this, workspace](const QList<Image>& images) {
            QList<Image> shown;
            for (const Image& image : images)
                if (workspace.isEmpty() || image.isPublic || image.workspace == workspace)
                    shown << image;
            m_model->refresh(shown);
        },
        [this] { Q_EMIT refreshed(); });
}

void ImagesView::fillMenu(QMenu* menu, const QModelIndexList& rows)
{
    if (rows.isEmpty())
        return;
    const Image image = m_model->at(rows.first().row());
    CopyActions::add(menu, QStringLiteral("images"), image.id, image.resourcePath, {});
}
