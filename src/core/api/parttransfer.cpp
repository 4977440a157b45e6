// SPDX-License-Identifier: Apache-2.0

#include "core/api/parttransfer.h"

#include "core/api/apiclient.h"

#include <QFile>
#include <QIODevice>

#include <algorithm>
#include <unordered_map>

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

// Lives on the transfer thread: its transport, exchanges and file slices are that thread's.
class PartTransferWorker final : public QObject
{
    Q_OBJECT

public:
    explicit PartTransferWorker(std::shared_ptr<HttpNetwork> network)
        : m_network(std::move(network))
    {}
    ~PartTransferWorker() override
    {
        // Nobody is told any more: the owner is going away. An exchange destroyed is aborted.
        m_exchanges.clear();
    }

    void send(quint64 id, const PartTransfer::Job& job, const PartTransfer::Progress& progress)
    {
        auto* slice = new FileSlice(job.path, job.offset, job.length, nullptr);
        if (!slice->open(QIODevice::ReadOnly)) {
            const QString problem = slice->errorString();
            delete slice;
            Q_EMIT finished(
                id, ApiError::configuration(PartTransfer::tr("Cannot read %1: %2").arg(job.path, problem)));
            return;
        }
        if (!m_network) {
            delete slice;
            Q_EMIT finished(id, ApiError::configuration(ApiCall::tr("the connection was closed")));
            return;
        }
        if (!m_transport)
            m_transport = m_network->ownTransport(std::nullopt);
        HttpRequest request;
        request.method = "PUT";
        request.url = job.url;
        request.contentType = QByteArrayLiteral("application/octet-stream");
        request.contentLength = job.length;
        request.headers = {{QByteArrayLiteral("User-Agent"), ApiClient::userAgent()}};
        // A presigned URL is followed nowhere else; a minute without progress ends the attempt.
        request.transferTimeout = std::chrono::milliseconds(60000);
        // The exchange takes the slice over.
        request.upload = slice;
        HttpHandlers handlers;
        handlers.uploadProgress = [progress](qint64 sent, qint64) {
            progress->store(sent, std::memory_order_relaxed);
        };
        handlers.done = [this, id](const HttpResponse& response) {
            m_exchanges.erase(id);
            const int status = response.status;
            if (status >= 200 && status < 300 && !response.hasError())
                Q_EMIT finished(id, ApiError());
            else if (response.error == TransportError::OperationCanceled)
                Q_EMIT finished(id, ApiError::cancelled());
            else if (status > 0)
                Q_EMIT finished(id, ApiError::fromStatus(status, response.body));
            else
                Q_EMIT finished(id, ApiError::transport(response.error, response.errorString));
        };
        m_exchanges[id] = m_transport->send(request, std::move(handlers));
    }

    void abort(quint64 id)
    {
        const auto found = m_exchanges.find(id);
        if (found != m_exchanges.end() && found->second)
            found->second->abort();
    }

Q_SIGNALS:
    void finished(quint64 id, const sfdesk::ApiError& error);

private:
    std::shared_ptr<HttpNetwork> m_network;
    std::unique_ptr<HttpTransport> m_transport;
    std::unordered_map<quint64, std::unique_ptr<HttpExchange>> m_exchanges;
};

PartTransfer::PartTransfer(std::shared_ptr<HttpNetwork> network, QObject* parent)
    : QObject(parent)
    , m_worker(new PartTransferWorker(std::move(network)))
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
