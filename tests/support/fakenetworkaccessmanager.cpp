#include "support/fakenetworkaccessmanager.h"

#include <QBuffer>
#include <QTimer>

namespace {

class FakeReply final : public QNetworkReply
{
public:
    FakeReply(const QNetworkRequest& request, QNetworkAccessManager::Operation op, const QByteArray& verb,
              const FakeNetworkAccessManager::Reply& canned, QObject* parent)
        : QNetworkReply(parent)
        , m_data(canned.body)
    {
        setRequest(request);
        setUrl(request.url());
        setOperation(op);
        if (op == QNetworkAccessManager::CustomOperation)
            setAttribute(QNetworkRequest::CustomVerbAttribute, verb);
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
        if (canned.status > 0) {
            setAttribute(QNetworkRequest::HttpStatusCodeAttribute, canned.status);
            setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
            setHeader(QNetworkRequest::ContentLengthHeader, m_data.size());
            for (const auto& [name, value] : canned.headers)
                setRawHeader(name, value);
        }
        if (canned.hang)
            return;
        QNetworkReply::NetworkError error = canned.error;
        if (error == QNetworkReply::NoError && canned.status >= 400)
            error = canned.status >= 500   ? QNetworkReply::InternalServerError
                    : canned.status == 404 ? QNetworkReply::ContentNotFoundError
                    : canned.status == 401 ? QNetworkReply::AuthenticationRequiredError
                    : canned.status == 403 ? QNetworkReply::ContentAccessDenied
                    : canned.status == 409 ? QNetworkReply::ContentConflictError
                                           : QNetworkReply::UnknownContentError;
        QTimer::singleShot(0, this, [this, error] {
            if (m_done)
                return;
            m_done = true;
            if (error != QNetworkReply::NoError) {
                setError(error, QStringLiteral("fake network error %1").arg(static_cast<int>(error)));
                Q_EMIT errorOccurred(error);
            }
            setFinished(true);
            Q_EMIT readyRead();
            Q_EMIT finished();
        });
    }

    void abort() override
    {
        if (m_done)
            return;
        m_done = true;
        setError(OperationCanceledError, QStringLiteral("Operation canceled"));
        Q_EMIT errorOccurred(OperationCanceledError);
        setFinished(true);
        Q_EMIT finished();
    }

    qint64 bytesAvailable() const override { return m_data.size() - m_offset + QIODevice::bytesAvailable(); }
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char* data, qint64 maxSize) override
    {
        const qint64 count = qMin(maxSize, m_data.size() - m_offset);
        if (count <= 0)
            return m_done ? -1 : 0;
        memcpy(data, m_data.constData() + m_offset, static_cast<size_t>(count));
        m_offset += count;
        return count;
    }

private:
    QByteArray m_data;
    qint64 m_offset = 0;
    bool m_done = false;
};

} // namespace

FakeNetworkAccessManager::FakeNetworkAccessManager(QObject* parent)
    : QNetworkAccessManager(parent)
{}

QNetworkReply* FakeNetworkAccessManager::createRequest(Operation op, const QNetworkRequest& request,
                                                       QIODevice* outgoingData)
{
    Request recorded{op, request.attribute(QNetworkRequest::CustomVerbAttribute).toByteArray(), request,
                     outgoingData ? outgoingData->readAll() : QByteArray()};
    requests.push_back(recorded);
    Reply canned;
    if (m_replies.empty()) {
        canned.status = 0;
        canned.error = QNetworkReply::ProtocolFailure;
    } else {
        canned = m_replies.front();
        m_replies.pop_front();
    }
    return new FakeReply(request, op, recorded.verb, canned, this);
}
