// SPDX-License-Identifier: Apache-2.0

#include "support/fakenetworkaccessmanager.h"

#include "support/cannedreply.h"

namespace sfdesk {

FakeNetworkAccessManager::FakeNetworkAccessManager(QObject* parent)
    : QNetworkAccessManager(parent)
{}

QStringList FakeNetworkAccessManager::paths() const
{
    QStringList result;
    for (const Request& request : requests) {
        const QUrl url = request.request.url();
        result.append(url.path() + (url.hasQuery() ? u'?' + url.query() : QString()));
    }
    return result;
}

QNetworkReply* FakeNetworkAccessManager::createRequest(Operation op, const QNetworkRequest& request,
                                                       QIODevice* outgoingData)
{
    Request recorded{op, request.attribute(QNetworkRequest::CustomVerbAttribute).toByteArray(), request,
                     outgoingData ? outgoingData->readAll() : QByteArray()};
    requests.push_back(recorded);
    Reply canned;
    QString route;
    for (auto it = m_routes.cbegin(); it != m_routes.cend(); ++it) {
        if (request.url().path().endsWith(it.key()) && it.key().size() > route.size())
            route = it.key();
    }
    if (!route.isEmpty()) {
        canned = m_routes.value(route);
    } else if (m_replies.empty()) {
        canned.status = 0;
        canned.error = QNetworkReply::ProtocolFailure;
    } else {
        canned = m_replies.front();
        m_replies.pop_front();
    }
    return new CannedReply(request, op, recorded.verb, canned, this);
}

} // namespace sfdesk
