// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/model/resources.h"

#include <QByteArray>
#include <QDialog>

#include <memory>
#include <optional>

namespace Ui {
class ReplaceInstanceDialog;
}

namespace sfdesk {

class DialogRequest;
class ListWatch;
class ViewContext;

// Replace…: asks before it terminates an instance and starts a new one in its place. The server
// keeps the pool, SKU, partition, tags, priority and deployment; the dialog keeps the rest: the
// image and cloud-init of the instance's template (its deployment's) or its own, and its name.
// The API reserves a replaced instance's name while it lingers terminated, so keeping the name
// deletes the terminated record and renames the replacement (three requests, each shown).
class ReplaceInstanceDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplaceInstanceDialog)

public:
    ReplaceInstanceDialog(ViewContext* context, const Instance& instance, QWidget* parent = nullptr);
    ~ReplaceInstanceDialog() override;

    QString command() const;
    // What the new instance will start from has been read.
    bool isReady() const { return m_userData.has_value(); }
    void accept() override;

Q_SIGNALS:
    // The cloud-init to keep has been read (or found missing).
    void ready();
    // Done: the replacement as it stands (renamed when the name was kept).
    void replaced(const sfdesk::Instance& replacement);
    void failed(const QString& why);

private:
    void readSource();
    // What the replacement starts with, in the Cloud-init line.
    void showSource(const QString& text);
    void fillImages();
    void updateState();
    void fail(const QString& step, const ApiError& error);
    void finishName(const Instance& replacement);

    std::unique_ptr<Ui::ReplaceInstanceDialog> m_ui;
    ViewContext* m_context;
    Instance m_instance;
    ListWatch* m_lists = nullptr;
    QString m_sourceImage; // the image the source (template or instance) names
    QString m_sourceName;  // "template training-worker" or "the instance"
    std::optional<QByteArray> m_userData;
    QByteArray m_idempotencyKey;
    DialogRequest* m_request = nullptr;
};

} // namespace sfdesk
