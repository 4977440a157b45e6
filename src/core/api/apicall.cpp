// SPDX-License-Identifier: Apache-2.0

#include "core/api/apicall.h"

#include "common/logging.h"
#include "core/api/apiclient.h"
#include "core/api/resourcejson.h"

#include <QJsonObject>
#include <QRandomGenerator>
#include <QTimer>
#include <QtConcurrentRun>

#include <algorithm>

namespace sfdesk {

ApiCall::ApiCall(ApiClient* client, ApiRequest request)
    : QObject(client)
    , m_client(client)
    , m_request(std::move(request))
    , m_retryTimer(new QTimer(this))
{
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &ApiCall::sendAttempt);
}

ApiCall::~ApiCall()
{
    // A handle that goes away takes its request with it; nobody is left to report to.
    m_finished = true;
    m_reply.reset();
}

QString ApiCall::description() const
{
    return QString::fromLatin1(m_request.method) + u' ' + m_request.path;
}

void ApiCall::start()
{
    sendAttempt();
}

void ApiCall::sendAttempt()
{
    if (m_finished)
        return;
    if (!m_client) {
        fail(ApiError::configuration(tr("the connection was closed")));
        return;
    }
    ++m_attempts;
    qCDebug(lcApi).noquote() << description() << "attempt" << m_attempts;
    // The transfer timeout only notices silence: a server that keeps sending is cut off here.
    const qint64 limit = m_client->options().maxResponseBytes - m_bytes;
    HttpHandlers handlers;
    handlers.downloadProgress = [this, limit](qint64 received, qint64) {
        if (received > limit && m_reply && !m_tooLarge) {
            m_tooLarge = true;
            m_reply->abort();
        }
    };
    handlers.done = [this](const HttpResponse& response) { handleReply(response); };
    m_reply = m_client->dispatch(this, std::move(handlers));
}

void ApiCall::cancel()
{
    if (m_finished)
        return;
    m_cancelled = true;
    m_retryTimer->stop();
    if (m_reply)
        m_reply->abort(); // may call handleReply() at once, which reports
    if (!m_finished)
        fail(ApiError::cancelled());
}

void ApiCall::handleReply(const HttpResponse& reply)
{
    // The exchange calls this as it ends; it may go now (HttpHandlers::done).
    m_reply.reset();
    if (m_finished)
        return;
    if (m_cancelled) {
        fail(ApiError::cancelled());
        return;
    }
    const int status = reply.status;
    if (m_tooLarge) {
        fail(ApiError::invalidResponse(status,
                                       tr("the answer is larger than %n MiB", nullptr,
                                          int(m_client ? m_client->options().maxResponseBytes >> 20 : 0))));
        return;
    }
    if (m_verifying) {
        handleVerification(reply);
        return;
    }
    if (!reply.isSuccess()) {
        ApiError error = ApiError::fromResponse(reply);
        // Our own cancel() is handled above; an abort we did not ask for is the transfer timeout.
        if (error.kind() == ApiError::Kind::Cancelled)
            error = ApiError::transport(TransportError::Timeout, reply.errorString);
        if (settleRepeatedDelete(error))
            return;
        retryOrFail(error);
        return;
    }
    if (!m_request.parse) {
        succeed({});
        return;
    }
    handleBody(status, reply.body);
}

namespace {

// Bodies from this size on are decoded on a worker thread: below it, the hop costs more than the
// parse, and the UI thread stays well under a frame.
constexpr qint64 decodeOffThreadBytes = 64 * 1024;

struct DecodedPage
{
    std::optional<ListEnvelope> envelope;
    QString problem;
    bool notJson = false;
};

QString jsonProblem(const QByteArray& body, JsonNode* document)
{
    if (body.trimmed().isEmpty())
        return ApiCall::tr("the body is empty");
    JsonTape::Error error;
    std::shared_ptr<const JsonTape> tape = JsonTape::parse(body, &error);
    if (!tape)
        return ApiCall::tr("%1 at byte %2").arg(error.problem).arg(error.offset);
    *document = JsonNode(std::move(tape));
    return {};
}

DecodedPage decodePage(const QByteArray& body)
{
    DecodedPage decoded;
    JsonNode document;
    decoded.problem = jsonProblem(body, &document);
    if (!decoded.problem.isEmpty()) {
        decoded.notJson = true;
        return decoded;
    }
    decoded.envelope = parseListEnvelope(document, &decoded.problem);
    return decoded;
}

struct DecodedResult
{
    std::optional<QVariant> result;
    QString problem;
    bool notJson = false;
};

} // namespace

QString ApiCall::requestKey() const
{
    return QString::fromLatin1(m_request.method) + u' ' + m_request.path + u'?'
           + m_request.query.toString(QUrl::FullyEncoded);
}

template <typename Result>
void ApiCall::decodeThen(qint64 bytes, std::function<Result()> decode, std::function<void(Result)> done)
{
    if (bytes < decodeOffThreadBytes) {
        done(decode());
        return;
    }
    // The continuation belongs to this call: if the call is gone, it never runs.
    QtConcurrent::run(std::move(decode)).then(this, [this, done = std::move(done)](Result result) {
        if (!m_finished)
            done(std::move(result));
    });
}

void ApiCall::handleBody(int status, const QByteArray& body)
{
    m_bytes += body.size();
    const int page = static_cast<int>(m_pageData.size());
    if (page == 0)
        m_answer.request = requestKey();
    const bool samePage = m_previous.request == m_answer.request && page < m_previous.pages.size()
                          && m_previous.pages.at(page).body == body;
    if (!m_request.allPages) {
        if (samePage && m_previous.pages.size() == 1) {
            m_answer.pages = {m_previous.pages.at(0)};
            m_unchanged = true;
            succeed({});
            return;
        }
        const auto parse = m_request.parse;
        decodeThen<DecodedResult>(
            body.size(),
            [body, parse] {
                DecodedResult decoded;
                JsonNode document;
                decoded.problem = jsonProblem(body, &document);
                decoded.notJson = !decoded.problem.isEmpty();
                if (!decoded.notJson)
                    decoded.result = parse(document, &decoded.problem);
                return decoded;
            },
            [this, status, body](DecodedResult decoded) {
                if (decoded.notJson) {
                    // A body that is not JSON at all is usually a transfer cut short; an idempotent
                    // request may be repeated. A body of the wrong shape would come back the same.
                    retryOrFail(ApiError::invalidResponse(status, decoded.problem),
                                Retry::EvenIfNotTransient);
                } else if (!decoded.result) {
                    fail(ApiError::invalidResponse(status, decoded.problem));
                } else {
                    m_answer.pages = {ApiAnswerMemo::Page{body, {}, false, 0}};
                    succeed(*decoded.result);
                }
            });
        return;
    }
    if (samePage) {
        // The same bytes as last time: the same cursor, and nothing to decode unless a later
        // page turns out to differ.
        m_pageData.append(std::nullopt);
        continuePages(status, m_previous.pages.at(page));
        return;
    }
    decodeThen<DecodedPage>(
        body.size(), [body] { return decodePage(body); },
        [this, status, body](DecodedPage decoded) {
            if (decoded.notJson) {
                retryOrFail(ApiError::invalidResponse(status, decoded.problem), Retry::EvenIfNotTransient);
                return;
            }
            if (!decoded.envelope) {
                fail(ApiError::invalidResponse(status, decoded.problem));
                return;
            }
            m_pageData.append(decoded.envelope->data);
            continuePages(status,
                          ApiAnswerMemo::Page{body, decoded.envelope->cursor, decoded.envelope->hasMore,
                                              static_cast<int>(decoded.envelope->data.size())});
        });
}

void ApiCall::continuePages(int status, const ApiAnswerMemo::Page& page)
{
    m_answer.pages.append(page);
    m_itemCount += page.items;
    ++m_pages;
    Q_EMIT progress(m_itemCount);
    // Stop on has_more=false. A cursor seen before, or pages without end, is a server bug that
    // would loop for ever: that list fails rather than show a part as the whole.
    if (page.hasMore && !page.cursor.isEmpty()) {
        const ClientOptions options = m_client ? m_client->options() : ClientOptions{};
        if (m_seenCursors.contains(page.cursor)) {
            fail(ApiError::invalidResponse(status, tr("the list's pages lead back to a page already read")));
            return;
        }
        if (m_pages >= options.maxPages || m_bytes >= options.maxResponseBytes) {
            fail(ApiError::invalidResponse(status,
                                           tr("the list did not end after %n pages", nullptr, m_pages)));
            return;
        }
        m_seenCursors.insert(page.cursor);
        m_cursor = page.cursor;
        m_request.query.removeAllQueryItems(QStringLiteral("starting_after"));
        m_request.query.addQueryItem(QStringLiteral("starting_after"), m_cursor);
        m_attempts = 0;
        sendAttempt();
        return;
    }
    finishPages(status);
}

void ApiCall::finishPages(int status)
{
    const bool allSame = std::all_of(m_pageData.cbegin(), m_pageData.cend(),
                                     [](const std::optional<JsonNode>& data) { return !data; });
    if (allSame && m_answer.pages.size() == m_previous.pages.size()) {
        m_unchanged = true;
        succeed({});
        return;
    }
    // Pages that matched the previous answer were not decoded; the list as a whole changed, so
    // they are now.
    QList<std::pair<QByteArray, std::optional<JsonNode>>> pages;
    for (qsizetype i = 0; i < m_pageData.size(); ++i)
        pages.append({m_pageData.at(i) ? QByteArray() : m_answer.pages.at(i).body, m_pageData.at(i)});
    m_pageData.clear();
    const auto parse = m_request.parse;
    decodeThen<DecodedResult>(
        m_bytes,
        [pages = std::move(pages), parse] {
            DecodedResult decoded;
            QList<JsonNode> lists;
            for (const auto& [body, data] : pages) {
                if (data) {
                    lists.append(*data);
                    continue;
                }
                DecodedPage page = decodePage(body);
                if (!page.envelope) {
                    decoded.problem = page.problem;
                    return decoded;
                }
                lists.append(page.envelope->data);
            }
            // One page is its own list; several are put on one tape, their tokens copied.
            JsonNode items = lists.size() == 1 ? lists.first() : JsonNode(JsonTape::concatenate(lists));
            if (items.isUndefined()) {
                decoded.problem = ApiCall::tr("the answer is larger than %n MiB", nullptr, 4096);
                return decoded;
            }
            decoded.result = parse(items, &decoded.problem);
            return decoded;
        },
        [this, status](DecodedResult decoded) {
            if (!decoded.result)
                fail(ApiError::invalidResponse(status, decoded.problem));
            else
                succeed(*decoded.result);
        });
}

bool ApiCall::settleRepeatedDelete(const ApiError& error)
{
    if (m_request.method != "DELETE" || !m_answerLost || error.kind() != ApiError::Kind::Http)
        return false;
    if (error.httpStatus() == 404) {
        succeed({});
        return true;
    }
    if (error.httpStatus() != 409 && error.httpStatus() != 422)
        return false;
    // "Cannot be cancelled" may mean our first attempt cancelled it, or that it filled meanwhile:
    // the object's status tells which.
    m_verifying = error;
    ApiRequest check = ApiRequest::make("GET", m_request.path);
    check.parse = {};
    check.changesState = true;
    m_request = std::move(check);
    m_attempts = 0;
    sendAttempt();
    return true;
}

void ApiCall::handleVerification(const HttpResponse& reply)
{
    const ApiError original = *m_verifying;
    if (reply.status == 404) {
        succeed({});
        return;
    }
    if (reply.isSuccess()) {
        const QString status = QJsonDocument::fromJson(reply.body).object().value(u"status").toString();
        if (status == u"cancelled" || status == u"deleted" || status == u"terminated") {
            succeed({});
            return;
        }
    }
    fail(original);
}

void ApiCall::retryOrFail(const ApiError& error, Retry retry)
{
    const bool neverReached = error.networkError() == TransportError::ConnectionRefused
                              || error.networkError() == TransportError::HostNotFound;
    if (((error.kind() == ApiError::Kind::Transport || error.kind() == ApiError::Kind::Timeout)
         && !neverReached)
        || error.kind() == ApiError::Kind::InvalidResponse || error.httpStatus() == 502
        || error.httpStatus() == 504)
        m_answerLost = true;
    const ClientOptions options = m_client ? m_client->options() : ClientOptions{};
    const bool worthRepeating = error.isTransient() || retry == Retry::EvenIfNotTransient;
    if (m_request.idempotent && worthRepeating && m_attempts < options.maxAttempts) {
        // Exponential backoff with jitter, so that clients do not retry in step.
        const qint64 base = options.retryBaseDelay.count() << (m_attempts - 1);
        const qint64 jitter = base > 1 ? QRandomGenerator::global()->bounded(base / 2) : 0;
        qCInfo(lcApi).noquote() << description() << "retried in" << base + jitter << "ms:" << error.message();
        m_retryTimer->start(std::chrono::milliseconds(base + jitter));
        return;
    }
    fail(error);
}

void ApiCall::succeed(const QVariant& result)
{
    if (m_finished)
        return;
    m_finished = true;
    qCDebug(lcApi).noquote() << description() << "succeeded";
    Q_EMIT succeeded(result);
    if (m_request.changesState && m_client)
        Q_EMIT m_client->wrote(m_request.path);
    Q_EMIT finished();
    deleteLater();
}

void ApiCall::fail(const ApiError& error)
{
    if (m_finished)
        return;
    m_finished = true;
    qCInfo(lcApi).noquote() << description() << "failed, status" << error.httpStatus() << "-"
                            << error.message();
    if (error.httpStatus() == 401 && m_client && m_sentWithToken == m_client->m_tokenGeneration)
        Q_EMIT m_client->unauthorized();
    Q_EMIT failed(error);
    // A write whose answer was lost may have taken effect: what shows it is read again.
    if (m_request.changesState && m_client && (m_answerLost || error.isTransient()))
        Q_EMIT m_client->wrote(m_request.path);
    Q_EMIT finished();
    deleteLater();
}

} // namespace sfdesk
