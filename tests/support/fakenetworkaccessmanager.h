// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "support/cannedreply.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStringList>

#include <deque>
#include <vector>

namespace sfdesk {

// A network for tests: records every request and answers from a queue of canned replies, each
// finishing asynchronously (queued), as a real reply would. Without a canned reply it answers
// with a network error, so a test that forgets one fails loudly.
class FakeNetworkAccessManager final : public QNetworkAccessManager
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FakeNetworkAccessManager)

public:
    struct Request
    {
        Operation operation;
        QByteArray verb;
        QNetworkRequest request;
        QByteArray body;
    };

    using Reply = CannedAnswer;

    explicit FakeNetworkAccessManager(QObject* parent = nullptr);

    void enqueue(const Reply& reply) { m_replies.push_back(reply); }
    void enqueueJson(int status, const QByteArray& json)
    {
        Reply reply;
        reply.status = status;
        reply.body = json;
        enqueue(reply);
    }
    void enqueueError(QNetworkReply::NetworkError error)
    {
        Reply reply;
        reply.status = 0;
        reply.error = error;
        enqueue(reply);
    }
    void enqueueHang()
    {
        Reply reply;
        reply.hang = true;
        enqueue(reply);
    }

    // Answers every request whose URL path ends with pathSuffix with this reply (before the queue).
    void setRoute(const QString& pathSuffix, const Reply& reply) { m_routes.insert(pathSuffix, reply); }
    void setRouteJson(const QString& pathSuffix, int status, const QByteArray& json)
    {
        Reply reply;
        reply.status = status;
        reply.body = json;
        setRoute(pathSuffix, reply);
    }

    std::vector<Request> requests;
    // Paths (with query) requested so far, in order.
    QStringList paths() const;
    qsizetype pendingReplies() const { return static_cast<qsizetype>(m_replies.size()); }

protected:
    QNetworkReply* createRequest(Operation op, const QNetworkRequest& request,
                                 QIODevice* outgoingData) override;

private:
    std::deque<Reply> m_replies;
    QHash<QString, Reply> m_routes;
};

} // namespace sfdesk
