// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/api/httptransport.h"
#include "core/api/jsontape.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QUrlQuery>
#include <QVariant>

#include <functional>
#include <memory>
#include <optional>

class QTimer;

namespace sfdesk {

class ApiClient;

// What one API call sends. Built by ApiClient.
struct ApiRequest
{
    QByteArray method = "GET";
    QString path; // relative to the API base, e.g. "/instances"
    QUrlQuery query;
    std::optional<QJsonDocument> body;
    QList<std::pair<QByteArray, QByteArray>> headers;
    // Safe to send again after a transport failure or a 5xx.
    bool idempotent = true;
    // Changes what the server holds: lists that show it are read again once it is done.
    bool changesState = false;
    // Follow the cursor until has_more is false and hand the parser every item at once.
    bool allPages = false;
    // Turns the response into the result; empty for calls without a body (204).
    std::function<std::optional<QVariant>(const JsonNode&, QString* error)> parse;

    static ApiRequest make(const QByteArray& method, const QString& path)
    {
        ApiRequest request;
        request.method = method;
        request.path = path;
        // Only reads and replays are safe to repeat; writes opt in.
        request.idempotent = method == "GET" || method == "HEAD" || method == "PUT" || method == "DELETE";
        request.changesState = method != "GET" && method != "HEAD";
        return request;
    }
    ApiRequest&& withQuery(const QUrlQuery& value) &&
    {
        query = value;
        return std::move(*this);
    }
    ApiRequest&& withBody(const QJsonDocument& value) &&
    {
        body = value;
        return std::move(*this);
    }
    ApiRequest&& withHeader(const QByteArray& name, const QByteArray& value) &&
    {
        headers.append({name, value});
        return std::move(*this);
    }
    ApiRequest&& withIdempotent(bool value) &&
    {
        idempotent = value;
        return std::move(*this);
    }
    ApiRequest&& withChangesState(bool value) &&
    {
        changesState = value;
        return std::move(*this);
    }
    ApiRequest&& withAllPages() &&
    {
        allPages = true;
        return std::move(*this);
    }
    template <typename Fn> ApiRequest&& parsedBy(Fn&& fn) &&
    {
        parse = std::forward<Fn>(fn);
        return std::move(*this);
    }
};

// What a GET answered, page by page, kept by a poller so that an answer with the same bytes is
// not decoded again: a poll of an unchanged list costs a comparison, not a parse.
struct ApiAnswerMemo
{
    struct Page
    {
        QByteArray body;
        QString cursor;
        bool hasMore = false;
        int items = 0;
    };
    // Method, path and query of the first page: a memo of another request is never used.
    QString request;
    QList<Page> pages;
};

// The handle of one call: reports exactly once, with succeeded() or failed(), then deletes itself.
// cancel() aborts the request and reports failed() with Kind::Cancelled. Retries and pages happen
// inside the handle; the caller sees one outcome.
class ApiCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiCall)

public:
    ~ApiCall() override;

    void cancel();
    bool isFinished() const { return m_finished; }
    // "GET /instances", for an activity list.
    QString description() const;
    int attempts() const { return m_attempts; }
    const ApiRequest& request() const { return m_request; }

    // A GET that answers exactly what `previous` holds succeeds with an empty result and
    // answerUnchanged() true, without decoding anything. Set before the answer arrives.
    void setPreviousAnswer(ApiAnswerMemo previous) { m_previous = std::move(previous); }
    bool answerUnchanged() const { return m_unchanged; }
    // After success: the answer's pages, to hand to the next call of the same request.
    const ApiAnswerMemo& answer() const { return m_answer; }

    // Results are typed on ApiReply<T>, which ApiClient's calls return; this handle carries a QVariant.
    template <typename Fn> ApiCall* onFailure(QObject* context, Fn&& fn)
    {
        connect(this, &ApiCall::failed, context, std::forward<Fn>(fn));
        return this;
    }

Q_SIGNALS:
    void succeeded(const QVariant& result);
    void failed(const sfdesk::ApiError& error);
    // Emitted after either of the above.
    void finished();
    // Paginated calls: items received so far.
    void progress(int items);

private:
    friend class ApiClient;
    ApiCall(ApiClient* client, ApiRequest request);

    void start();
    void sendAttempt();
    void handleReply(const HttpResponse& reply);
    enum class Retry
    {
        IfTransient,
        EvenIfNotTransient,
    };
    void retryOrFail(const ApiError& error, Retry retry = Retry::IfTransient);
    void succeed(const QVariant& result);
    void fail(const ApiError& error);
    // A DELETE repeated after its answer was lost can find its own first attempt's work done.
    bool settleRepeatedDelete(const ApiError& error);
    void handleVerification(const HttpResponse& reply);
    // The successful answer's body: one page, or one of a list's pages.
    void handleBody(int status, const QByteArray& body);
    void continuePages(int status, const ApiAnswerMemo::Page& page);
    void finishPages(int status);
    // Runs decode() on a worker thread when the bytes are many (the UI thread must not stall on
    // a large list), then done() on this object's thread unless the call ended meanwhile.
    template <typename Result>
    void decodeThen(qint64 bytes, std::function<Result()> decode, std::function<void(Result)> done);
    QString requestKey() const;

    QPointer<ApiClient> m_client;
    ApiRequest m_request;
    std::unique_ptr<HttpExchange> m_reply;
    QTimer* m_retryTimer = nullptr;
    // The pages read so far; a page that matched the previous answer has no data until needed.
    QList<std::optional<JsonNode>> m_pageData;
    ApiAnswerMemo m_previous;
    ApiAnswerMemo m_answer;
    bool m_unchanged = false;
    int m_itemCount = 0;
    QString m_cursor;
    QSet<QString> m_seenCursors;
    int m_pages = 0;
    qint64 m_bytes = 0;
    bool m_tooLarge = false;
    // An attempt ended without an answer: the server may have done the work.
    bool m_answerLost = false;
    // Checking with a GET whether a repeated DELETE's object is gone; the DELETE's error otherwise.
    std::optional<ApiError> m_verifying;
    int m_attempts = 0;
    // The client's token generation when the last attempt was sent.
    quint64 m_sentWithToken = 0;
    bool m_cancelled = false;
    bool m_finished = false;
};

} // namespace sfdesk
