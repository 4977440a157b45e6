// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "gui/common/listpage.h"

#include <optional>

class QAction;
class QLabel;
class QPlainTextEdit;

namespace sfdesk {

class InstanceTemplateModel;

// Instance templates of the workspace (or all): an image and cloud-init user data to start
// instances with. The details show the template's cloud-init, read-only (read from the server when
// the template is chosen); Open in Editor puts it in the Cloud-init editor, New Deployment… starts
// a deployment from it, Delete… removes it (the server refuses while a deployment uses it).
// Templates are made from the Cloud-init editor (Save as Instance Template…).
class InstanceTemplatesView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceTemplatesView)

public:
    explicit InstanceTemplatesView(ViewContext* context, QWidget* parent = nullptr);
    ~InstanceTemplatesView() override;

    InstanceTemplateModel* model() const { return m_model; }
    std::optional<InstanceTemplate> currentTemplate() const;
    void selectTemplate(const QString& id);
    QPlainTextEdit* cloudInitView() const { return m_cloudInit; }
    // The cloud-init shown is the current template's (it is read when the template is chosen).
    bool cloudInitShown() const { return m_shownId == m_wantedId && !m_shownId.isEmpty(); }

    void deleteCurrent();
    void openCurrentInEditor();

Q_SIGNALS:
    void deployRequested(const QString& templateId);
    // title: what the editor calls the text ("training-worker (instance template)").
    void openInEditorRequested(const QString& title, const QByteArray& userData);
    // The current template's cloud-init has been read and is shown.
    void cloudInitLoaded();

protected:
    void updateActions() override;
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    void showCurrent();

    InstanceTemplateModel* m_model;
    QLabel* m_summary;
    QPlainTextEdit* m_cloudInit;
    QLabel* m_error;
    QAction* m_deploy;
    QAction* m_openInEditor;
    QAction* m_delete;
    QString m_wantedId;
    QString m_shownId;
    std::optional<QByteArray> m_shownUserData;
};

} // namespace sfdesk
