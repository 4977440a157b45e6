// SPDX-License-Identifier: Apache-2.0

#include "core/api/parttransfer.h"

#include "core/api/apiclient.h"

#include <QFile>
#include <QHash>
#include <QIODevice>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>

#include <algorithm>

namespace sfdesk {

namespace {

// A byte range of a file as a device of its own, read where the transfer runs. Random access and of
// known size, so that the network manager streams it in blocks (and can start it over) instead of
// reading it into memory first.
class FileSlice final : public QIODevice
{
public:
    FileSlice(const QString& path, qint64 offset, qint64 length, QObject* parent)
        : QIODevice(parent)
        , m_file(path)
        , m_offset(offset)
        , m_length(length)
    {}

    bool open(OpenMode mode) override
    {
        if ((mode & WriteOnly) || !m_file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)
            || !m_file.seek(m_offset)) {
            setErrorString(m_file.errorString());
            return false;
        }
        m_position = 0;
        return QIODevice::open(ReadOnly | Unbuffered);
    }
    void close() override
    {
        m_file.close();
        QIODevice::close();
    }
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_length; }
    bool seek(qint64 position) override
    {
        if (position < 0 || position > m_length || !m_file.seek(m_offset + position))
            return false;
        m_position = position;
        return QIODevice::seek(position);
    }

protected:
    qint64 readData(char* data, qint64 maxSize) override
    {
        const qint64 wanted = std::min(maxSize, m_length - m_position);
        if (wanted <= 0)
            return m_position >= m_length ? -1 : 0;
        const qint64 read = m_file.read(data, wanted);
        if (read > 0)
            m_position += read;
        else if (read == 0)
            setErrorString(QStringLiteral("%1 ended early").arg(m_file.fileName()));
        return read > 0 ? read : -1;
    }
    qint64 writeData(const char*, qint64) override { return -1; }

private:
    QFile m_file;
    qint64 m_offset;
    qint64 m_length;
    qint64 m_position = 0;
};

} // namespace

// Lives on the transfer thread: its network manager, replies and file slices are that thread's.
class PartTransferWorker final : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~PartTransferWorker() override
    {
        // Nobody is told any more: the owner is going away.
        const QHash<quint64, QPointer<QNetworkReply>> replies = std::exchange(m_replies, {});
        for (const QPointer<QNetworkReply>& reply : replies) {
            if (reply) {
                reply->disconnect(this);
                reply->abort();
            }
        }
    }

    void send(quint64 id, const PartTransfer::Job& job, const PartTransfer::Progress& progress)
    {
        if (!m_network)
            m_network = new QNetworkAccessManager(this);
        auto* slice = new FileSlice(job.path, job.offset, job.length, this);
        if (!slice->open(QIODevice::ReadOnly)) {
            const QString problem = slice->errorString();
            delete slice;
            Q_EMIT finished(
                id, ApiError::configuration(PartTransfer::tr("Cannot read %1: %2").arg(job.path, problem)));
            return;
        }
        QNetworkRequest request(job.url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
        request.setHeader(QNetworkRequest::ContentLengthHeader, job.length);
        request.setHeader(QNetworkRequest::UserAgentHeader, ApiClient::userAgent());
        // A presigned URL is followed nowhere else; a minute without progress ends the attempt.
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setTransferTimeout(60000);
        QNetworkReply* reply = m_network->put(request, slice);
        slice->setParent(reply);
        m_replies.insert(id, reply);
        connect(reply, &QNetworkReply::uploadProgress, this,
                [progress](qint64 sent, qint64) { progress->store(sent, std::memory_order_relaxed); });
        connect(reply, &QNetworkReply::finished, this, [this, id, reply] {
            m_replies.remove(id);
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            // An aborted reply is closed and has nothing to read.
            const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
            if (status >= 200 && status < 300 && reply->error() == QNetworkReply::NoError)
                Q_EMIT finished(id, ApiError());
            else if (reply->error() == QNetworkReply::OperationCanceledError)
                Q_EMIT finished(id, ApiError::cancelled());
            else if (status > 0)
                Q_EMIT finished(id, ApiError::fromStatus(status, body));
            else
                Q_EMIT finished(id, ApiError::transport(reply->error(), reply->errorString()));
        });
    }

    void abort(quint64 id)
    {
        if (const QPointer<QNetworkReply> reply = m_replies.value(id))
            reply->abort();
    }

Q_SIGNALS:
    void finished(quint64 id, const sfdesk::ApiError& error);

private:
    QNetworkAccessManager* m_network = nullptr;
    QHash<quint64, QPointer<QNetworkReply>> m_replies;
};

PartTransfer::PartTransfer(QObject* parent)
    : QObject(parent)
    , m_worker(new PartTransferWorker)
{
    m_thread.setObjectName(QStringLiteral("image upload transfers"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &PartTransferWorker::finished, this, &PartTransfer::finished);
    m_thread.start();
}

PartTransfer::~PartTransfer()
{
    m_thread.quit();
    m_thread.wait();
}

quint64 PartTransfer::send(const Job& job, const Progress& progress)
{
    const quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, job, progress] { worker->send(id, job, progress); },
        Qt::QueuedConnection);
    return id;
}

void PartTransfer::abort(quint64 id)
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, id] { worker->abort(id); }, Qt::QueuedConnection);
}

bool PartTransfer::isAllowedUrl(const QUrl& url, QString* why)
{
    return ApiClient::isAllowedServerUrl(url, why);
}

} // namespace sfdesk

#include "parttransfer.moc"
