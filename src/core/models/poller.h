// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apicall.h"
#include "core/api/apierror.h"
#include "core/api/apireply.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QVariant>

#include <chrono>
#include <functional>
#include <type_traits>

class QTimer;

namespace sfdesk {

class ConnectionStatus;

// Calls fetch() every interval and hands the result to apply(). Single-flight: a poll that is due
// while one is in flight is skipped; a poll is in flight until its result is applied (a long list
// is applied after a diff on a worker thread, see ApplyLater). After a failure the delay doubles up to
// maxBackoff; a success brings it back to the interval. restart() cancels the poll in flight (its answer may
// be older than what the caller knows changed) and asks again.
class Poller final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Poller)

public:
    using Fetch = std::function<ApiCall*()>;
    // A list put together from several calls (one per workspace): apply() gets their results in a
    // QVariantList, in the order of the calls, once all succeeded; the first failure fails the poll.
    using FetchMany = std::function<QList<ApiCall*>()>;
    using Apply = std::function<void(const QVariant&)>;
    // An apply that ends later: it applies the result only while wanted() (a restart drops the
    // answer being applied) and calls done() once it applied or dropped it; the poll ends, and
    // polled() is emitted, then.
    using ApplyLater =
        std::function<void(const QVariant&, std::function<bool()> wanted, std::function<void()> done)>;

    Poller(Fetch fetch, Apply apply, QObject* parent = nullptr);
    Poller(FetchMany fetch, Apply apply, QObject* parent = nullptr);
    Poller(Fetch fetch, ApplyLater apply, QObject* parent = nullptr);
    // Several calls whose results are applied later (a long list put together from them).
    Poller(FetchMany fetch, ApplyLater apply, QObject* parent = nullptr);
    ~Poller() override;

    // A poller of one typed call: apply takes what fetch's ApiReply<T> answers, and a function
    // of another type does not compile.
    template <typename FetchFn, typename ApplyFn>
    static Poller* of(FetchFn fetch, ApplyFn apply, QObject* parent)
    {
        using Result = typename std::invoke_result_t<FetchFn&>::Result;
        static_assert(std::is_invocable_v<ApplyFn&, const Result&>, "apply does not take what fetch answers");
        return new Poller(
            Fetch([fetch = std::move(fetch)]() mutable -> ApiCall* { return fetch().call(); }),
            [apply = std::move(apply)](const QVariant& value) mutable { apply(value.value<Result>()); },
            parent);
    }

    // of() with an apply that ends later (see ApplyLater): apply takes the result, wanted and done.
    template <typename FetchFn, typename ApplyFn>
    static Poller* applyingLater(FetchFn fetch, ApplyFn apply, QObject* parent)
    {
        using Result = typename std::invoke_result_t<FetchFn&>::Result;
        static_assert(
            std::is_invocable_v<ApplyFn&, const Result&, std::function<bool()>, std::function<void()>>,
            "apply does not take what fetch answers");
        return new Poller(
            Fetch([fetch = std::move(fetch)]() mutable -> ApiCall* { return fetch().call(); }),
            ApplyLater([apply = std::move(apply)](const QVariant& value, std::function<bool()> wanted,
                                                  std::function<void()> done) mutable {
                apply(value.value<Result>(), std::move(wanted), std::move(done));
            }),
            parent);
    }

    void setInterval(std::chrono::milliseconds interval);
    void setMaxBackoff(std::chrono::milliseconds maxBackoff);
    void setStatus(ConnectionStatus* status) { m_status = status; }
    // A list that hardly changes (workspaces, feature flags, fabrics): once read it is not polled
    // again until restart(); failures are still retried with backoff.
    void setPollAfterSuccess(bool poll) { m_pollAfterSuccess = poll; }
    std::chrono::milliseconds currentDelay() const { return m_delay; }

    void start();
    void stop();
    bool isActive() const;
    bool isInFlight() const { return !m_calls.isEmpty() || m_applying; }
    // The next poll is due on its timer (after the interval or the backoff).
    bool isNextPollScheduled() const;
    int consecutiveFailures() const { return m_failures; }
    // The list was changed by other means than apply() (cleared, say): the next answer is applied
    // even if it is the same as the last.
    void forgetAnswer();

public Q_SLOTS:
    // Polls at once unless a poll is in flight; returns whether it started one.
    bool pollNow();
    // Cancels the poll in flight, if any, and polls at once.
    bool restart();

Q_SIGNALS:
    void started();
    void polled();
    void failed(const sfdesk::ApiError& error);

private:
    // Cancels the calls in flight without reporting anything of them.
    void cancelCalls();
    void abandonCalls();
    // The poll's result is applied (or was the same as last time): reports it, schedules the next.
    void finishPoll();
    // Hands the finished poll's results to apply() unless every answer was the same as last time,
    // then finishes the poll, at once or when apply() is done.
    void applyResults();
    void scheduleNext();

    Poller(FetchMany fetch, ApplyLater apply, bool many, QObject* parent);

    FetchMany m_fetch;
    bool m_many = false;
    ApplyLater m_apply;
    // A result is being applied (ApplyLater); the token tells an apply dropped by a restart.
    bool m_applying = false;
    quint64 m_applyToken = 0;
    QTimer* m_timer;
    QList<QPointer<ApiCall>> m_calls;
    QVariantList m_results;
    // Per call of a poll, by position: the answers of this poll so far, and of the last applied
    // one with what each decoded to. A call whose bytes are the same as last time is not decoded;
    // a list of several calls reuses its last result, and is not applied at all if none changed.
    QList<ApiAnswerMemo> m_answers;
    QList<bool> m_unchanged;
    QList<ApiAnswerMemo> m_lastAnswers;
    QVariantList m_lastResults;
    int m_pending = 0;
    QPointer<ConnectionStatus> m_status;
    std::chrono::milliseconds m_interval{10000};
    std::chrono::milliseconds m_maxBackoff{300000};
    std::chrono::milliseconds m_delay{10000};
    int m_failures = 0;
    bool m_active = false;
    bool m_pollAfterSuccess = true;
};

} // namespace sfdesk
