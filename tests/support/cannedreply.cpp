// SPDX-License-Identifier: Apache-2.0

#include "support/cannedreply.h"

#include <QTimer>

#include <cstring>

namespace sfdesk {

CannedReply::CannedReply(const QNetworkRequest& request, QNetworkAccessManager::Operation operation,
                         const QByteArray& verb, const CannedAnswer& answer, QObject* parent)
    : QNetworkReply(parent)
    , m_data(answer.body)
{
    setRequest(request);
    setUrl(request.url());
    setOperation(operation);
    if (operation == QNetworkAccessManager::CustomOperation)
        setAttribute(QNetworkRequest::CustomVerbAttribute, verb);
    open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    if (answer.status > 0) {
        setAttribute(QNetworkRequest::HttpStatusCodeAttribute, answer.status);
        setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        setHeader(QNetworkRequest::ContentLengthHeader, m_data.size());
        for (const auto& [name, value] : answer.headers)
            setRawHeader(name, value);
    }
    if (answer.hang)
        return;
    NetworkError error = answer.error;
    if (error == NoError && answer.status >= 400)
        error = answer.status >= 500   ? InternalServerError
                : answer.status == 404 ? ContentNotFoundError
                : answer.status == 401 ? AuthenticationRequiredError
                : answer.status == 403 ? ContentAccessDenied
                : answer.status == 409 ? ContentConflictError
                                       : UnknownContentError;
    QTimer::singleShot(answer.delayMs, this, [this, error] {
        if (m_done)
            return;
        m_done = true;
        if (error != NoError) {
            setError(error, QStringLiteral("fake network error %1").arg(static_cast<int>(error)));
            Q_EMIT errorOccurred(error);
        }
        setFinished(true);
        Q_EMIT readyRead();
        Q_EMIT finished();
    });
}

CannedReply::~CannedReply() = default;

void CannedReply::abort()
{
    if (m_done)
        return;
    m_done = true;
    setError(OperationCanceledError, QStringLiteral("Operation canceled"));
    Q_EMIT errorOccurred(OperationCanceledError);
    setFinished(true);
    Q_EMIT finished();
}

qint64 CannedReply::bytesAvailable() const
{
    return m_data.size() - m_offset + QIODevice::bytesAvailable();
}

qint64 CannedReply::readData(char* data, qint64 maxSize)
{
    const qint64 count = qMin(maxSize, m_data.size() - m_offset);
    if (count <= 0)
        return m_done ? -1 : 0;
    std::memcpy(data, m_data.constData() + m_offset, static_cast<size_t>(count));
    m_offset += count;
    return count;
}

} // namespace sfdesk
