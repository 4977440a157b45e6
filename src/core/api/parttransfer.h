// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/api/httptransport.h"

#include <QObject>
#include <QString>
#include <QThread>
#include <QUrl>

#include <atomic>
#include <memory>

namespace sfdesk {

class PartTransferWorker;

// Sends byte ranges of local files to presigned URLs (PUT, application/octet-stream, no token: the
// URL is the permission), on a thread of its own with a transport of its own (made by `network`).
// The UI thread neither reads the files nor sees the transfers' progress signals: each send reports
// how far it got in an atomic the caller reads when it likes, and once when it ends.
class PartTransfer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PartTransfer)

public:
    struct Job
    {
        QUrl url;
        QString path;
        qint64 offset = 0;
        qint64 length = 0;
    };
    using Progress = std::shared_ptr<std::atomic<qint64>>;

    explicit PartTransfer(std::shared_ptr<HttpNetwork> network, QObject* parent = nullptr);
    // Aborts what is in flight and stops the thread.
    ~PartTransfer() override;

    // Starts a send; `progress` gets the bytes sent so far. Returns the send's id for abort().
    quint64 send(const Job& job, const Progress& progress);
    void abort(quint64 id);

    // Where a presigned URL may point: https, or http to this computer only (as the API itself).
    static bool isAllowedUrl(const QUrl& url, QString* why);

Q_SIGNALS:
    // A send ended: error is of Kind::None when the server took the bytes (a 2xx).
    void finished(quint64 id, const sfdesk::ApiError& error);

private:
    QThread m_thread;
    PartTransferWorker* m_worker;
    quint64 m_nextId = 1;
};

} // namespace sfdesk
