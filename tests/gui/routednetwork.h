#pragma once

// A fake network for view tests: answers each request by method and path (below /preview/v2), so
// that views that send several requests at once get the right answers in any order. Requests are
// recorded for the test to check.

#include <QBuffer>
#include <QHash>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <functional>

class RoutedNetwork final : public QNetworkAccessManager
{
public:
    struct Answer
    {
        int status = 200;
        QByteArray body;
    };
    struct Seen
    {
        QByteArray method;
        QString path;
        QUrlQuery query;
        QByteArray body;
    };
    using Handler = std::function<Answer(const Seen&)>;

    void on(const QByteArray& method, const QString& path, Handler handler)
    {
        m_routes.insert(method + ' ' + path.toUtf8(), std::move(handler));
    }
    void on(const QByteArray& method, const QString& path, int status, const QByteArray& body)
    {
        on(method, path, [status, body](const Seen&) { return Answer{status, body}; });
    }
    QList<Seen> seen;
    int count(const QByteArray& method, const QString& path) const
    {
        int n = 0;
        for (const Seen& s : seen)
            n += s.method == method && s.path == path;
        return n;
    }

protected:
    QNetworkReply* createRequest(Operation op, const QNetworkRequest& request, QIODevice* outgoing) override
    {
        QByteArray method;
        switch (op) {
        case GetOperation:
            method = "GET";
            break;
        case PostOperation:
            method = "POST";
            break;
        case PutOperation:
            method = "PUT";
            break;
        case DeleteOperation:
            method = "DELETE";
            break;
        case HeadOperation:
            method = "HEAD";
            break;
        default:
            method = request.attribute(QNetworkRequest::CustomVerbAttribute).toByteArray();
        }
        QString path = request.url().path();
        path.remove(QStringLiteral("/preview/v2"));
        Seen s{method, path, QUrlQuery(request.url()), outgoing ? outgoing->readAll() : QByteArray()};
        seen.append(s);
        const auto handler = m_routes.value(method + ' ' + path.toUtf8());
        const Answer answer =
            handler
                ? handler(s)
                : Answer{404, QByteArrayLiteral(R"({"error":{"type":"not_found","message":"No route."}})")};
        return new Reply(request, op, method, answer, this);
    }

private:
    class Reply final : public QNetworkReply
    {
    public:
        Reply(const QNetworkRequest& request, Operation op, const QByteArray& verb, const Answer& answer,
              QObject* parent)
            : QNetworkReply(parent)
            , m_data(answer.body)
        {
            setRequest(request);
            setUrl(request.url());
            setOperation(op);
            if (op == QNetworkAccessManager::CustomOperation)
                setAttribute(QNetworkRequest::CustomVerbAttribute, verb);
            open(QIODevice::ReadOnly | QIODevice::Unbuffered);
            setAttribute(QNetworkRequest::HttpStatusCodeAttribute, answer.status);
            setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
            setHeader(QNetworkRequest::ContentLengthHeader, m_data.size());
            const NetworkError error = answer.status < 400    ? NoError
                                       : answer.status == 404 ? ContentNotFoundError
                                       : answer.status == 403 ? ContentAccessDenied
                                       : answer.status == 409 ? ContentConflictError
                                       : answer.status >= 500 ? InternalServerError
                                                              : UnknownContentError;
            QTimer::singleShot(0, this, [this, error] {
                if (m_done)
                    return;
                m_done = true;
                if (error != NoError) {
                    setError(error, QStringLiteral("HTTP error"));
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
        qint64 bytesAvailable() const override
        {
            return m_data.size() - m_offset + QIODevice::bytesAvailable();
        }
        bool isSequential() const override { return true; }

    protected:
        qint64 readData(char* data, qint64 maxSize) override
        {
            const qint64 n = qMin(maxSize, m_data.size() - m_offset);
            if (n <= 0)
                return m_done ? -1 : 0;
            memcpy(data, m_data.constData() + m_offset, static_cast<size_t>(n));
            m_offset += n;
            return n;
        }

    private:
        QByteArray m_data;
        qint64 m_offset = 0;
        bool m_done = false;
    };

    QHash<QByteArray, Handler> m_routes;
};
