// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QDialog>
#include <QPointer>

#include <memory>
#include <optional>

class QPushButton;

namespace Ui {
class MoveNodesDialog;
}

namespace sfdesk {

class DialogRequest;
class Session;

// Moves owned nodes of one SKU from a pool to another, which may be in another workspace (a pool
// transfer): how many, over which window, to which pool. Before anything is sent it shows both
// pools' schedules of the SKU over the window as they are and as they will be, and refuses a move
// of more than the source owns. The transfer is accepted pending and carried out by the server;
// moved() reports it, and the Pools page lists it until it is executed or rejected. Open it with
// open().
class MoveNodesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MoveNodesDialog)

public:
    // `targets` are the pools it may move to (the source among them is left out); `now` is the
    // server's time.
    MoveNodesDialog(Session* session, const Pool& source, const QList<Pool>& targets,
                    const QMap<QString, QString>& skuNames, qint64 now, bool utc, QWidget* parent = nullptr);
    ~MoveNodesDialog() override;

    // What the fields describe; nullopt (and *why) when the move cannot be made.
    std::optional<PoolTransferRequest> request(QString* why = nullptr) const;
    // The two schedules before and after, as the preview shows them.
    QString preview() const;
    QString command() const;

    void accept() override;

Q_SIGNALS:
    void moved(const sfdesk::PoolTransfer& transfer);

private:
    void skuChosen();
    void updateState();
    std::optional<Pool> target() const;
    QString skuName(const QString& id) const;

    std::unique_ptr<Ui::MoveNodesDialog> m_ui;
    QPointer<Session> m_session;
    Pool m_source;
    QList<Pool> m_targets;
    QMap<QString, QString> m_skuNames;
    qint64 m_now = 0;
    bool m_utc = false;
    QPushButton* m_move = nullptr;
    QPushButton* m_copy = nullptr;
    DialogRequest* m_request = nullptr;
};

} // namespace sfdesk
