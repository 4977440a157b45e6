// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QDialog>

#include <memory>

namespace Ui {
class SaveTemplateDialog;
}

namespace sfdesk {

class DialogRequest;
class ListWatch;
class ViewContext;

// Save as Instance Template: the Cloud-init editor's text (already checked) with an image, under a
// name, in the chosen workspace. The images are the session's, watched while the dialog is open;
// the server's refusal stays in the dialog.
class SaveTemplateDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaveTemplateDialog)

public:
    // title: what the editor calls the text; savedFile: the file it matches, if saved (for the
    // sf command).
    SaveTemplateDialog(ViewContext* context, const QByteArray& userData, const QString& title,
                       const QString& savedFile, QWidget* parent = nullptr);
    ~SaveTemplateDialog() override;

    QString command() const;
    QString problem() const;
    void accept() override;

Q_SIGNALS:
    void saved(const sfdesk::InstanceTemplate& tmpl);

private:
    void fillImages();
    void updateState();

    std::unique_ptr<Ui::SaveTemplateDialog> m_ui;
    ViewContext* m_context;
    QByteArray m_userData;
    QString m_savedFile;
    ListWatch* m_lists = nullptr;
    DialogRequest* m_request = nullptr;
};

} // namespace sfdesk
