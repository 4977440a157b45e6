// SPDX-License-Identifier: Apache-2.0

#include "core/api/apierror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

namespace sfdesk {

namespace {

bool isTimeout(TransportError error)
{
    return error == TransportError::Timeout || error == TransportError::ProxyTimeout;
}

bool isTls(TransportError error)
{
    return error == TransportError::SslHandshakeFailed;
}

} // namespace

void ApiError::readEnvelope(const QByteArray& body)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    const QJsonValue error = document.object().value(u"error");
    if (error.isObject()) {
        const QJsonObject object = error.toObject();
        m_type = object.value(u"type").toString();
        m_serverMessage = object.value(u"message").toString();
        const QJsonArray details = object.value(u"details").toArray();
        for (const auto& detail : details) {
            const QJsonObject d = detail.toObject();
            m_details.append(
                {d.value(u"field").toString(), d.value(u"code").toString(), d.value(u"message").toString()});
        }
    } else if (document.isObject() && document.object().value(u"message").isString()) {
        // The v0 shape: {code, message}.
        m_type = document.object().value(u"code").toString();
        m_serverMessage = document.object().value(u"message").toString();
    }
}

ApiError ApiError::fromStatus(int httpStatus, const QByteArray& body)
{
    ApiError error;
    error.m_kind = Kind::Http;
    error.m_httpStatus = httpStatus;
    error.readEnvelope(body);
    return error;
}

ApiError ApiError::fromResponse(const HttpResponse& response)
{
    // A transport failure after a 2xx status line (a cut-off body) is still a transport failure.
    const int status = response.status;
    if (response.hasError() && (status == 0 || (status >= 200 && status < 300))) {
        ApiError error = transport(response.error, response.errorString, response.tlsErrors);
        error.m_httpStatus = status;
        return error;
    }
    ApiError error = fromStatus(status, response.body);
    if (response.hasError()) {
        error.m_networkError = response.error;
        error.m_networkErrorString = response.errorString;
    }
    return error;
}

ApiError ApiError::transport(TransportError networkError, const QString& errorString,
                             const QStringList& tlsErrors)
{
    ApiError error;
    error.m_kind = isTimeout(networkError)                             ? Kind::Timeout
                   : (isTls(networkError) || !tlsErrors.isEmpty())     ? Kind::Tls
                   : networkError == TransportError::OperationCanceled ? Kind::Cancelled
                                                                       : Kind::Transport;
    error.m_networkError = networkError;
    error.m_networkErrorString = errorString;
    error.m_tlsErrors = tlsErrors;
    return error;
}

ApiError ApiError::cancelled()
{
    ApiError error;
    error.m_kind = Kind::Cancelled;
    error.m_networkError = TransportError::OperationCanceled;
    return error;
}

ApiError ApiError::invalidResponse(int httpStatus, const QString& problem)
{
    ApiError error;
    error.m_kind = Kind::InvalidResponse;
    error.m_httpStatus = httpStatus;
    error.m_problem = problem;
    return error;
}

ApiError ApiError::insecureUrl(const QUrl& url)
{
    ApiError error;
    error.m_kind = Kind::InsecureUrl;
    error.m_problem = url.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    return error;
}

ApiError ApiError::configuration(const QString& problem)
{
    ApiError error;
    error.m_kind = Kind::Configuration;
    error.m_problem = problem;
    return error;
}

ApiError ApiError::notSignedIn()
{
    ApiError error;
    error.m_kind = Kind::NotSignedIn;
    return error;
}

ApiError::Reason ApiError::reason() const
{
    switch (m_kind) {
    case Kind::None:
        return Reason::None;
    case Kind::Cancelled:
        return Reason::Cancelled;
    case Kind::Transport:
    case Kind::Timeout:
    case Kind::Tls:
    case Kind::InsecureUrl:
    case Kind::Configuration:
        return Reason::Unreachable;
    case Kind::NotSignedIn:
        return Reason::NotSignedIn;
    case Kind::InvalidResponse:
        return Reason::BadResponse;
    case Kind::Http:
        break;
    }
    switch (m_httpStatus) {
    case 400:
    case 422:
        return Reason::Invalid;
    case 401:
        return Reason::TokenRejected;
    case 402:
        return Reason::InsufficientFunds;
    case 403:
        return m_serverMessage.contains(u"Feature not enabled", Qt::CaseInsensitive) ? Reason::NotEnrolled
                                                                                     : Reason::Forbidden;
    case 404:
        return Reason::NotFound;
    case 409:
        return Reason::Conflict;
    case 429:
        return Reason::RateLimited;
    default:
        return m_httpStatus >= 500 && m_httpStatus < 600 ? Reason::ServerError : Reason::BadResponse;
    }
}

bool ApiError::outcomeUnknown() const
{
    switch (m_kind) {
    case Kind::Cancelled:
    case Kind::Timeout:
    case Kind::InvalidResponse:
        return true;
    case Kind::Transport:
        // Refused or no such host: the request never reached a server.
        return m_networkError != TransportError::ConnectionRefused
               && m_networkError != TransportError::HostNotFound;
    case Kind::Http:
        return m_httpStatus >= 500;
    case Kind::None:
    case Kind::Tls:
    case Kind::InsecureUrl:
    case Kind::Configuration:
    case Kind::NotSignedIn:
        return false;
    }
    return false;
}

bool ApiError::isTransient() const
{
    switch (m_kind) {
    case Kind::Timeout:
        return true;
    case Kind::Transport:
        switch (m_networkError) {
        case TransportError::ConnectionRefused:
        case TransportError::RemoteHostClosed:
        case TransportError::TemporaryNetworkFailure:
        case TransportError::NetworkSessionFailed:
        case TransportError::UnknownNetwork:
        case TransportError::ProxyConnectionClosed:
        case TransportError::ProxyConnectionRefused:
        case TransportError::UnknownProxy:
        case TransportError::InternalServerError:
        case TransportError::ServiceUnavailable:
        case TransportError::UnknownServer:
        case TransportError::ProtocolFailure:
            return true;
        default:
            return false;
        }
    case Kind::Http:
        return m_httpStatus == 429 || m_httpStatus == 500 || m_httpStatus == 502 || m_httpStatus == 503
               || m_httpStatus == 504;
    default:
        return false;
    }
}

QString ApiError::message() const
{
    // The server's message is data, not a fragment: it goes in as an argument.
    QString server = m_serverMessage;
    if (!m_details.isEmpty()) {
        QStringList parts;
        for (const FieldError& detail : m_details)
            parts.append(detail.field.isEmpty() ? detail.message : detail.field + u": " + detail.message);
        server = server.isEmpty() ? parts.join(u"; ") : server + u" (" + parts.join(u"; ") + u')';
    }
    switch (m_kind) {
    case Kind::None:
        return {};
    case Kind::Cancelled:
        return tr("The request was cancelled.");
    case Kind::Timeout:
        return tr("The server did not answer in time. Check the connection and try again.");
    case Kind::Tls:
        return tr("The secure connection to the server could not be verified: %1")
            .arg(m_tlsErrors.isEmpty() ? m_networkErrorString : m_tlsErrors.join(u"; "));
    case Kind::Transport:
        switch (m_networkError) {
        case TransportError::ConnectionRefused:
            return tr("The server refused the connection. Is it running?");
        case TransportError::HostNotFound:
            return tr("The server's address could not be found. Check the connection's URL.");
        case TransportError::RemoteHostClosed:
            return tr("The server closed the connection before answering.");
        case TransportError::TooManyRedirects:
        case TransportError::InsecureRedirect:
            return tr("The server redirected the request somewhere the app will not follow.");
        default:
            return tr("The request could not be sent: %1").arg(m_networkErrorString);
        }
    case Kind::InvalidResponse:
        return tr("The server sent a response the app cannot read: %1").arg(m_problem);
    case Kind::InsecureUrl:
        return tr("The app refuses plain http to %1; use https (plain http is allowed only to this "
                  "computer).")
            .arg(m_problem);
    case Kind::Configuration:
        return tr("The connection is not set up: %1").arg(m_problem);
    case Kind::NotSignedIn:
        return tr("Not signed in: sign in to this connection under File > Connections.");
    case Kind::Http:
        break;
    }
    if (m_httpStatus >= 300 && m_httpStatus < 400)
        return tr("The server redirected the request to another server; the app follows redirects only "
                  "within the same server, so that the token goes nowhere else.");
    switch (m_httpStatus) {
    case 400:
        return server.isEmpty() ? tr("The server rejected the request as malformed.")
                                : tr("The server rejected the request as malformed: %1").arg(server);
    case 401:
        return tr("The server did not accept the token. Check the token of this connection.");
    case 402:
        return server.isEmpty() ? tr("The balance is too low for this order.")
                                : tr("The balance is too low for this order: %1").arg(server);
    case 403:
        if (isFeatureNotEnabled())
            return tr("This is a preview feature the account is not enrolled in.");
        return server.isEmpty() ? tr("The token is not allowed to do this.")
                                : tr("The token is not allowed to do this: %1").arg(server);
    case 404:
        return server.isEmpty() ? tr("Not found.") : tr("Not found: %1").arg(server);
    case 409:
        return server.isEmpty() ? tr("The request conflicts with the current state.")
                                : tr("The request conflicts with the current state: %1").arg(server);
    case 422:
        return server.isEmpty() ? tr("The server could not process the request.")
                                : tr("The server could not process the request: %1").arg(server);
    case 429:
        return tr("Too many requests; the app will try again shortly.");
    case 503:
        return server.isEmpty() ? tr("The service is unavailable. Try again later.")
                                : tr("The service is unavailable: %1").arg(server);
    default:
        if (m_httpStatus >= 500)
            return server.isEmpty() ? tr("The server failed (HTTP %1).").arg(m_httpStatus)
                                    : tr("The server failed (HTTP %1): %2").arg(m_httpStatus).arg(server);
        return server.isEmpty() ? tr("The request failed (HTTP %1).").arg(m_httpStatus)
                                : tr("The request failed (HTTP %1): %2").arg(m_httpStatus).arg(server);
    }
}

QString ApiError::technicalDetails() const
{
    QStringList lines;
    if (m_httpStatus)
        lines << QStringLiteral("HTTP %1").arg(m_httpStatus);
    if (!m_type.isEmpty())
        lines << QStringLiteral("type: %1").arg(m_type);
    if (!m_serverMessage.isEmpty())
        lines << QStringLiteral("message: %1").arg(m_serverMessage);
    for (const FieldError& detail : m_details)
        lines << QStringLiteral("detail: %1 %2 %3").arg(detail.code, detail.field, detail.message);
    if (m_networkError != TransportError::NoError)
        lines << QStringLiteral("network error %1: %2")
                     .arg(static_cast<int>(m_networkError))
                     .arg(m_networkErrorString);
    for (const QString& tls : m_tlsErrors)
        lines << QStringLiteral("tls: %1").arg(tls);
    if (!m_problem.isEmpty())
        lines << m_problem;
    return lines.join(u'\n');
}

QString ApiError::detailLines() const
{
    QString lines;
    for (const FieldError& detail : m_details)
        lines += QStringLiteral("\n• ") + detail.message;
    return lines;
}

} // namespace sfdesk
