// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "core/api/httptransport.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>

namespace sfdesk {

// Every way a call can fail, as one value: the kind, the raw parts (transport error, HTTP status,
// the envelope's type, message and details) and one translated sentence for the user.
class ApiError final
{
    Q_DECLARE_TR_FUNCTIONS(ApiError)

public:
    enum class Kind
    {
        None,
        Cancelled,
        Transport,       // connection refused, reset, host not found, ...
        Timeout,         // no data within the transfer timeout
        Tls,             // certificate or handshake problem; never ignored
        Http,            // a non-2xx status, with or without an envelope
        InvalidResponse, // 2xx whose body the app cannot read
        InsecureUrl,     // plain http to a host that is not loopback
        Configuration,   // bad URL, ...
        NotSignedIn,     // no token yet: nothing was sent
    };
    // What a failure means to the app, whichever status or transport error carried it. Code outside
    // the API layer decides on this, never on a status code.
    enum class Reason
    {
        None,
        Cancelled,
        Unreachable,       // no answer: transport, timeout, TLS, a URL the app will not use
        NotSignedIn,       // no token yet: nothing was sent
        TokenRejected,     // 401: the server does not accept the token
        NotEnrolled,       // 403 "Feature not enabled.": a preview the account is not in
        Forbidden,         // 403 otherwise: the token may not do this
        NotFound,          // 404
        Conflict,          // 409: refused in the current state (a delete with blockers, a name taken)
        InsufficientFunds, // 402: the balance cannot cover it
        Invalid,           // 400, 422: the request as sent is refused
        RateLimited,       // 429
        ServerError,       // 5xx
        BadResponse,       // an answer the app cannot read, or a status it does not expect
    };

    ApiError() = default;
    // A response that is not a success: its status and envelope, or its transport error.
    static ApiError fromResponse(const HttpResponse& response);
    static ApiError fromStatus(int httpStatus, const QByteArray& body);
    static ApiError transport(TransportError error, const QString& errorString,
                              const QStringList& tlsErrors = {});
    static ApiError cancelled();
    static ApiError invalidResponse(int httpStatus, const QString& problem);
    static ApiError insecureUrl(const QUrl& url);
    static ApiError configuration(const QString& problem);
    static ApiError notSignedIn();

    bool isError() const { return m_kind != Kind::None; }
    Kind kind() const { return m_kind; }
    Reason reason() const;
    int httpStatus() const { return m_httpStatus; }
    TransportError networkError() const { return m_networkError; }
    QString networkErrorString() const { return m_networkErrorString; }
    // The envelope's error.type and error.message, empty without an envelope.
    QString type() const { return m_type; }
    QString serverMessage() const { return m_serverMessage; }
    const QList<FieldError>& details() const { return m_details; }
    QStringList tlsErrors() const { return m_tlsErrors; }

    // One translated sentence, for a dialog or the status bar.
    QString message() const;
    // The server's field details, each on a line of its own after a bullet ("\n• …"); empty when
    // it gave none. Dialogs show it under the message.
    QString detailLines() const;
    // The raw parts, for a details pane or a bug report (never holds the token).
    QString technicalDetails() const;

    // Whether trying again later can help (transport trouble, timeouts, 5xx, 429).
    bool isTransient() const;
    // Whether the server may have done what the request asked although the call failed: no answer
    // came back (the connection broke or timed out after the request could have gone out, or the
    // call was cancelled), the answer cannot be read, or the server failed (5xx, a proxy's 502 or
    // 504 included). A write that is not idempotent must not simply be sent again then: look first.
    bool outcomeUnknown() const;
    bool isFeatureNotEnabled() const { return reason() == Reason::NotEnrolled; }
    bool isNotFound() const { return reason() == Reason::NotFound; }

private:
    void readEnvelope(const QByteArray& body);

    Kind m_kind = Kind::None;
    int m_httpStatus = 0;
    TransportError m_networkError = TransportError::NoError;
    QString m_networkErrorString;
    QString m_type;
    QString m_serverMessage;
    QList<FieldError> m_details;
    QStringList m_tlsErrors;
    QString m_problem;
};

} // namespace sfdesk

Q_DECLARE_METATYPE(sfdesk::ApiError)
