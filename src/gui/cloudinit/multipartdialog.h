// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cloudinit/diagnostic.h"
#include "core/cloudinit/multipart.h"
#include "gui/common/backgroundcheck.h"

#include <QDialog>
#include <QJsonObject>

#include <memory>

class QTimer;

namespace Ui {
class MultipartDialog;
}

namespace sfdesk {

// Builds multipart/mixed user data from parts (cloud-config, shell script, boothook, Jinja), each
// edited and validated on its own, with previews of the merged cloud-config and of the MIME text;
// opens an existing multipart file into its parts. Validation runs off the UI thread.
class MultipartDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MultipartDialog)

public:
    explicit MultipartDialog(QWidget* parent = nullptr);
    ~MultipartDialog() override;

    QList<CloudInit::MimePart> parts() const { return m_parts; }
    // What Jinja parts are rendered with (the editor's instance data; sample data at first).
    void setInstanceData(const QJsonObject& data);
    void setParts(const QList<CloudInit::MimePart>& parts);
    void addPart(const QString& contentType);
    void removeCurrentPart();
    void moveCurrentPart(int delta);
    int currentPart() const;
    void setCurrentPart(int index);

    // The payload as it would be sent: the MIME text of the parts.
    QByteArray payload() const;
    bool openFile(const QString& path, QString* error = nullptr);
    bool saveTo(const QString& path, QString* error = nullptr);
    // Checks the parts and the merged cloud-config now, off the UI thread; checked() follows.
    void checkNow();
    bool isChecking() const;

    // The file dialogs of the buttons (they return at once).
    void chooseFileToOpen();
    void saveAs();

    // Whether the parts differ from what was opened, saved or last used in the editor.
    bool hasUnusedEdits() const;
    // The editor took this payload (after its own question about unsaved text): the parts that
    // make it are kept, and a close that waited on it goes ahead.
    void payloadUsed(const QByteArray& payload);

    // Close and Escape ask first when the edited parts are kept nowhere: use them in the editor
    // (the default), discard them or go back to them. The question does not block.
    void reject() override;

Q_SIGNALS:
    // The parts, the merged cloud-config and the MIME text were checked and are shown.
    void checked();
    // The user wants the payload in the Cloud-init editor.
    void useInEditor(const QByteArray& payload);

private:
    struct Check;

    void buildUi();
    void showPart(int index);
    void refreshList();
    void partEdited();
    void showCheck(const Check& check);
    void showError(const QString& title, const QString& text);

    std::unique_ptr<Ui::MultipartDialog> m_ui;
    QList<CloudInit::MimePart> m_parts;
    QJsonObject m_instanceData;
    QList<CloudInit::ValidationResult> m_results;
    QTimer* m_checkTimer = nullptr;
    bool m_showing = false;
    // The payload as opened, saved or used in the editor: the parts are edited when theirs differs.
    QByteArray m_keptPayload;
    // Closing waits for the editor to take the payload.
    bool m_closeWhenUsed = false;
    // Told of every edit: verdicts are shown only for the parts they were computed from.
    std::unique_ptr<BackgroundCheck<Check>> m_check;
};

} // namespace sfdesk
