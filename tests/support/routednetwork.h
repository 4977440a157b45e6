// SPDX-License-Identifier: Apache-2.0

#pragma once

// A fake network for view tests: answers each request by method and path (below /preview/v2), so
// that views that send several requests at once get the right answers in any order. Requests are
// recorded for the test to check.

#include "support/cannedreply.h"

#include <QHash>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrl>
#include <QUrlQuery>

#include <functional>

namespace sfdesk {

class RoutedNetwork final : public QNetworkAccessManager
{
public:
    using Answer = CannedAnswer;
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
        return new CannedReply(request, op, method, answer, this);
    }

private:
    QHash<QByteArray, Handler> m_routes;
};

} // namespace sfdesk
