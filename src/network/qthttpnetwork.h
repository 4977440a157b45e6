// SPDX-License-Identifier: Apache-2.0

#pragma once

// The HTTP seam of core (core/api/httptransport.h) over Qt Network. Tests and the tools built on
// sfsim link it; the app loads it as the module sfdesk-network.so (networkmodule.cpp).

#include "core/api/httptransport.h"

#include <QPointer>
#include <QSslConfiguration>

#include <optional>

class QNetworkAccessManager;

namespace sfdesk {

// Requests through a QNetworkAccessManager, its own or another's. API requests are made as a
// QNetworkRequestFactory makes them (base URL, path and query, common headers, the bearer token);
// redirects are followed only within their origin, other requests follow none; TLS errors are never
// ignored.
class QtHttpTransport final : public HttpTransport
{
public:
    // Over `network`, which must outlive the transport.
    explicit QtHttpTransport(QNetworkAccessManager* network);
    // Over a manager of its own, with this proxy if any.
    explicit QtHttpTransport(const std::optional<HttpProxy>& proxy);
    ~QtHttpTransport() override;
    Q_DISABLE_COPY_MOVE(QtHttpTransport)

    std::unique_ptr<HttpExchange> send(const HttpRequest& request, HttpHandlers handlers) override;
    void addCaCertificates(const QByteArray& pem) override;

    // The TLS settings API requests are made with (null until CA certificates are added).
    QSslConfiguration sslConfiguration() const { return m_ssl.value_or(QSslConfiguration()); }

private:
    std::unique_ptr<QNetworkAccessManager> m_own;
    QPointer<QNetworkAccessManager> m_network;
    std::optional<QSslConfiguration> m_ssl;
};

// Transports over one shared manager, the given one or one made when first needed.
class QtHttpNetwork final : public HttpNetwork
{
public:
    // Over `shared`, which must outlive the network and its transports; null: its own.
    explicit QtHttpNetwork(QNetworkAccessManager* shared = nullptr);
    ~QtHttpNetwork() override;
    Q_DISABLE_COPY_MOVE(QtHttpNetwork)

    std::unique_ptr<HttpTransport> sharedTransport() override;
    std::unique_ptr<HttpTransport> ownTransport(const std::optional<HttpProxy>& proxy) override;
    int certificateCount(const QByteArray& pem) override;

private:
    std::unique_ptr<QNetworkAccessManager> m_own;
    QNetworkAccessManager* m_shared;
};

} // namespace sfdesk
