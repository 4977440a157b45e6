// SPDX-License-Identifier: Apache-2.0

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

namespace sfdesk {

ImagesView::ImagesView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("images"),
                tr("I&mages"),
                tr("Loading images"),
                {Session::Resource::Images},
                {ImageModel::IdColumn},
                tr("No images in this workspace, and no public images.")},
               parent)
    , m_model(context->session()->images())
{
    addToolbarWidget(new WorkspaceBar(QStringLiteral("images"), context, this));
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Images"));
    auto* note =
        new QLabel(tr("The Ubuntu images with CUDA 13.1 or 13.2 ship the InfiniBand stack (DOCA-OFED, "
                      "perftest, nvidia-peermem); other images and older builds do not."),
                   this);
    note->setObjectName(QStringLiteral("imagesNote"));
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    addFooter(note);

    // Public images boot in every workspace, so a workspace's list shows them too; the server
    // leaves them out when asked for one workspace, so the list is read whole and filtered here.
    table()->proxy()->setRowFilter([this](const QVariant& object) {
        const auto image = object.value<Image>();
        return this->context()->allWorkspaces() || image.isPublic
               || image.workspace == this->context()->workspace();
    });
    connect(context, &ViewContext::scopeChanged, table()->proxy(), &ResourceProxyModel::invalidateRowFilter);
}

ImagesView::~ImagesView() = default;

void ImagesView::takeModels(Session* session)
{
    m_model = session->images();
    setTableModel(m_model);
}

void ImagesView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const Image image = m_model->at(rows.first().row());
    CopyActions::add(menu, QStringLiteral("images"), image.id, image.resourcePath, {});
}

} // namespace sfdesk
