// SPDX-License-Identifier: Apache-2.0

#include "gui/deployments/instancetemplatesview.h"

#include "core/cli/sfcommand.h"
#include "core/models/format.h"
#include "core/models/instancetemplatemodel.h"
#include "core/models/session.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/copyactions.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"

#include <QAction>
#include <QFontDatabase>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

InstanceTemplatesView::InstanceTemplatesView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("instanceTemplates"),
                tr("Instance &Templates"),
                tr("Loading instance templates"),
                {Session::Resource::InstanceTemplates},
                {InstanceTemplateModel::IdColumn},
                tr("No instance templates here. Write the cloud-init in the Cloud-init editor, then choose "
                   "Cloud-init > Save as Instance Template…")},
               parent)
    , m_model(context->session()->instanceTemplates())
    , m_summary(PlainText::label(this))
    , m_cloudInit(new QPlainTextEdit(this))
    , m_error(PlainText::label(this))
    , m_deploy(new QAction(ThemeIcons::icon(QStringLiteral("list-add")), tr("New De&ployment…"), this))
    , m_openInEditor(
          new QAction(ThemeIcons::icon(QStringLiteral("document-open")), tr("&Open in Editor"), this))
    , m_delete(new QAction(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("&Delete…"), this))
{
    m_summary->setObjectName(QStringLiteral("templateSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_summary->setAccessibleName(tr("Template details"));
    m_cloudInit->setObjectName(QStringLiteral("templateCloudInit"));
    m_cloudInit->setReadOnly(true);
    m_cloudInit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_cloudInit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_cloudInit->setAccessibleName(tr("Cloud-init of the template"));
    m_cloudInit->setAccessibleDescription(tr("Read-only; Open in Editor edits a copy"));
    m_cloudInit->setTabChangesFocus(true);
    m_error->setObjectName(QStringLiteral("templatesErrorLabel"));
    m_error->setWordWrap(true);
    m_error->hide();

    addToolbarWidget(new WorkspaceBar(QStringLiteral("instanceTemplates"), context, this));
    m_deploy->setShortcut(QKeySequence::New);
    m_openInEditor->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    m_delete->setShortcut(QKeySequence::Delete);
    addPageAction(m_deploy, QStringLiteral("templatesDeployButton"), Scope::Row);
    addPageAction(m_openInEditor, QStringLiteral("templatesOpenInEditorButton"), Scope::Row);
    addPageAction(m_delete, QStringLiteral("templatesDeleteButton"), Scope::Row);
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Instance templates"));

    auto* details = new QWidget(this);
    auto* layout = new QVBoxLayout(details);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_cloudInit, 1);
    setDetails(details, 2, 3);
    addFooter(m_error);

    connect(m_deploy, &QAction::triggered, this, [this] {
        if (const auto t = currentTemplate())
            Q_EMIT deployRequested(t->id);
    });
    connect(m_openInEditor, &QAction::triggered, this, &InstanceTemplatesView::openCurrentInEditor);
    connect(m_delete, &QAction::triggered, this, &InstanceTemplatesView::deleteCurrent);
    updateActions();
}

InstanceTemplatesView::~InstanceTemplatesView() = default;

void InstanceTemplatesView::takeModels(Session* session)
{
    m_model = session->instanceTemplates();
    setTableModel(m_model);
}

std::optional<InstanceTemplate> InstanceTemplatesView::currentTemplate() const
{
    const QModelIndex row = table()->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount())
        return std::nullopt;
    return m_model->at(row.row());
}

void InstanceTemplatesView::selectTemplate(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (row >= 0)
        table()->table()->selectionModel()->setCurrentIndex(
            table()->proxy()->mapFromSource(m_model->index(row, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void InstanceTemplatesView::updateActions()
{
    const bool connected = context()->session()->canSend();
    const bool selected = currentTemplate().has_value();
    m_deploy->setEnabled(connected && selected);
    m_delete->setEnabled(connected && selected);
    m_openInEditor->setEnabled(selected && cloudInitShown() && m_shownUserData.has_value());
    showCurrent();
}

void InstanceTemplatesView::showCurrent()
{
    const auto t = currentTemplate();
    const QString id = t ? t->id : QString();
    if (id == m_wantedId)
        return;
    m_wantedId = id;
    m_shownId.clear();
    m_shownUserData.reset();
    m_cloudInit->clear();
    if (!t) {
        m_summary->setText(tr("Select a template to see its cloud-init."));
        return;
    }
    m_summary->setText(tr("%1 · %2\nImage %3, workspace %4, created %5")
                           .arg(t->name, t->id, t->image.name, t->workspace, Format::dateTime(t->createdAt)));
    if (!t->cloudInitUsed) {
        m_shownId = id;
        m_shownUserData = QByteArray();
        m_cloudInit->setPlaceholderText(tr("This template has no cloud-init: its instances cannot be reached "
                                           "by SSH unless the image lets them."));
        Q_EMIT cloudInitLoaded();
        return;
    }
    if (!context()->session()->canSend())
        return;
    m_cloudInit->setPlaceholderText(tr("Reading the template's cloud-init…"));
    // The list does not carry the user data; the one template does.
    const auto call = context()->session()->instanceTemplate(id);
    call.onSuccess(this, [this, id](const InstanceTemplate& full) {
        if (id != m_wantedId)
            return; // another template was chosen since
        m_shownId = id;
        m_shownUserData = full.cloudInitUserData.value_or(QByteArray());
        m_cloudInit->setPlainText(QString::fromUtf8(*m_shownUserData));
        m_openInEditor->setEnabled(true);
        Q_EMIT cloudInitLoaded();
    });
    call.onFailure(this, [this, id](const ApiError& error) {
        if (id != m_wantedId)
            return;
        m_cloudInit->setPlaceholderText(tr("The cloud-init could not be read: %1").arg(error.message()));
    });
}

void InstanceTemplatesView::openCurrentInEditor()
{
    const auto t = currentTemplate();
    if (!t || !cloudInitShown() || !m_shownUserData)
        return;
    Q_EMIT openInEditorRequested(tr("%1 (instance template)").arg(t->name), *m_shownUserData);
}

void InstanceTemplatesView::deleteCurrent()
{
    const auto t = currentTemplate();
    if (!t || !context()->session()->canSend())
        return;
    const InstanceTemplate& target = *t;
    ConfirmDialog::ask(
        this, tr("Delete Instance Template"),
        tr("Delete instance template \"%1\" (%2)? Instances started from it keep running; SF "
           "Compute refuses while a deployment uses it.")
            .arg(target.name, target.id),
        tr("&Delete Template"), [this, target](bool yes) {
            if (!yes || !context()->session()->canSend())
                return;
            m_error->hide();
            const auto call = context()->session()->deleteInstanceTemplate(target.id);
            call.onSuccess(this, [this, target] {
                context()->reportMessage(tr("Deleted instance template %1.").arg(target.name));
                Q_EMIT actionFinished();
            });
            call.onFailure(this, [this, target](const ApiError& error) {
                QString text =
                    tr("Instance template \"%1\" was not deleted: %2").arg(target.name, error.message());
                text += error.detailLines();
                m_error->setText(text);
                m_error->show();
                context()->reportError(tr("Deleting instance template %1").arg(target.name), error);
                Q_EMIT actionFinished();
            });
        });
}

void InstanceTemplatesView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const InstanceTemplate t = m_model->at(rows.first().row());
    const QString ref = t.resourcePath.isEmpty() ? t.id : t.resourcePath;
    CopyActions::add(menu, QStringLiteral("instanceTemplates"), t.id, t.resourcePath,
                     {{tr("Copy as sf command: get"), SfCommand::instanceTemplateGet(ref),
                       QStringLiteral("templatesCopyGetCommand")},
                      {tr("Copy as sf command: delete"), SfCommand::instanceTemplateDelete(ref),
                       QStringLiteral("templatesCopyDeleteCommand")}});
}

} // namespace sfdesk
