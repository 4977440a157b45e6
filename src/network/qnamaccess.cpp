// SPDX-License-Identifier: Apache-2.0

// What tests reach through a QNetworkAccessManager of their own: core declares these, and only a
// program that calls them links this file (and Qt Network).

#include "core/api/apiclient.h"
#include "core/api/httptransport.h"
#include "network/qthttpnetwork.h"

#include <QNetworkAccessManager>
#include <QSslConfiguration>

namespace sfdesk {

NetworkAccess::NetworkAccess(QNetworkAccessManager* network)
{
    if (!network)
        return;
    auto shared = std::make_shared<QtHttpNetwork>(network);
    m_source = [shared](QString*) -> std::shared_ptr<HttpNetwork> { return shared; };
}

ApiClient::ApiClient(const QUrl& serverUrl, QNetworkAccessManager* network, QObject* parent)
    : ApiClient(serverUrl, std::make_shared<QtHttpNetwork>(network),
                std::make_unique<QtHttpTransport>(network), parent)
{}

QSslConfiguration ApiClient::sslConfiguration() const
{
    const auto* transport = dynamic_cast<const QtHttpTransport*>(m_transport.get());
    return transport ? transport->sslConfiguration() : QSslConfiguration();
}

} // namespace sfdesk
