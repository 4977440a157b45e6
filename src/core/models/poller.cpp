// SPDX-License-Identifier: Apache-2.0

#include "core/models/poller.h"

#include "core/api/apicall.h"
#include "core/models/connectionstatus.h"

#include <QTimer>

namespace sfdesk {

namespace {

Poller::FetchMany fetchingOne(Poller::Fetch fetch)
{
    return [fetch = std::move(fetch)]() -> QList<ApiCall*> {
        ApiCall* call = fetch();
        return call ? QList<ApiCall*>{call} : QList<ApiCall*>{};
    };
}

Poller::ApplyLater applyingAtOnce(Poller::Apply apply)
{
    return [apply = std::move(apply)](const QVariant& value, const std::function<bool()>&,
                                      const std::function<void()>& done) {
        apply(value);
        done();
    };
}

} // namespace

Poller::Poller(Fetch fetch, Apply apply, QObject* parent)
    : Poller(fetchingOne(std::move(fetch)), applyingAtOnce(std::move(apply)), false, parent)
{}

Poller::Poller(FetchMany fetch, Apply apply, QObject* parent)
    : Poller(std::move(fetch), applyingAtOnce(std::move(apply)), true, parent)
{}

Poller::Poller(Fetch fetch, ApplyLater apply, QObject* parent)
    : Poller(fetchingOne(std::move(fetch)), std::move(apply), false, parent)
{}

Poller::Poller(FetchMany fetch, ApplyLater apply, QObject* parent)
    : Poller(std::move(fetch), std::move(apply), true, parent)
{}

Poller::Poller(FetchMany fetch, ApplyLater apply, bool many, QObject* parent)
    : QObject(parent)
    , m_fetch(std::move(fetch))
    , m_many(many)
    , m_apply(std::move(apply))
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &Poller::pollNow);
}

Poller::~Poller()
{
    abandonCalls();
}

void Poller::setInterval(std::chrono::milliseconds interval)
{
    m_interval = interval;
    if (m_failures == 0)
        m_delay = interval;
    if (m_active && !isInFlight() && m_timer->isActive())
        m_timer->start(m_delay);
}

void Poller::setMaxBackoff(std::chrono::milliseconds maxBackoff)
{
    m_maxBackoff = maxBackoff;
}

void Poller::start()
{
    m_active = true;
    pollNow();
}

void Poller::stop()
{
    m_active = false;
    m_timer->stop();
    abandonCalls();
}

bool Poller::isActive() const
{
    return m_active;
}

bool Poller::isNextPollScheduled() const
{
    return m_timer->isActive();
}

void Poller::cancelCalls()
{
    const auto calls = std::exchange(m_calls, {});
    for (const QPointer<ApiCall>& call : calls) {
        if (!call)
            continue;
        // Its answer is not wanted: nothing of it reaches apply() or the signals.
        disconnect(call, nullptr, this, nullptr);
        call->cancel();
    }
    m_results.clear();
    m_answers.clear();
    m_unchanged.clear();
    m_pending = 0;
    if (m_applying) {
        // The answer being applied is dropped: the next one is applied even if it is the same.
        m_applying = false;
        ++m_applyToken;
        forgetAnswer();
    }
}

void Poller::abandonCalls()
{
    if (!isInFlight())
        return;
    cancelCalls();
    if (m_status)
        m_status->reportFailure(ApiError::cancelled());
}

void Poller::forgetAnswer()
{
    m_lastAnswers.clear();
    m_lastResults.clear();
}

bool Poller::restart()
{
    abandonCalls();
    return pollNow();
}

bool Poller::pollNow()
{
    if (isInFlight())
        return false;
    m_timer->stop();
    const QList<ApiCall*> calls = m_fetch();
    if (calls.isEmpty()) {
        // Nothing to ask yet (say, no workspace known): ask again at the next tick.
        scheduleNext();
        return false;
    }
    m_results = QVariantList(calls.size());
    m_answers = QList<ApiAnswerMemo>(calls.size());
    m_unchanged = QList<bool>(calls.size(), false);
    m_pending = static_cast<int>(calls.size());
    for (ApiCall* call : calls)
        m_calls.append(call);
    if (m_status)
        m_status->reportStarted();
    Q_EMIT started();
    // Each call remembers its last answer: the same bytes again are not decoded.
    for (qsizetype i = 0; i < calls.size() && i < m_lastAnswers.size(); ++i)
        calls.at(i)->setPreviousAnswer(m_lastAnswers.at(i));
    for (qsizetype i = 0; i < calls.size(); ++i) {
        ApiCall* call = calls.at(i);
        connect(call, &ApiCall::succeeded, this, [this, i, call](const QVariant& result) {
            m_results[i] = result;
            m_answers[i] = call->answer();
            m_unchanged[i] = call->answerUnchanged();
            if (--m_pending > 0)
                return;
            m_calls.clear();
            m_failures = 0;
            m_delay = m_interval;
            applyResults();
        });
        connect(call, &ApiCall::failed, this, [this, call](const ApiError& error) {
            disconnect(call, nullptr, this, nullptr);
            m_calls.removeAll(call);
            // The other calls of this poll no longer matter.
            cancelCalls();
            if (error.kind() != ApiError::Kind::Cancelled) {
                ++m_failures;
                m_delay = std::min<std::chrono::milliseconds>(
                    m_maxBackoff, m_interval * (qint64(1) << std::min(m_failures, 16)));
            }
            if (m_status)
                m_status->reportFailure(error);
            Q_EMIT failed(error);
            scheduleNext();
        });
    }
    return true;
}

void Poller::applyResults()
{
    // A call answers "unchanged" only against the memo of its position, kept with its result.
    bool changed = m_results.size() != m_lastAnswers.size();
    for (qsizetype i = 0; i < m_results.size(); ++i) {
        if (!m_unchanged.at(i))
            changed = true;
        else if (i < m_lastResults.size())
            m_results[i] = m_lastResults.at(i); // the bytes of last time: what they decoded to then
    }
    m_lastAnswers = std::exchange(m_answers, {});
    m_unchanged.clear();
    if (!changed) {
        m_results.clear();
        finishPoll();
        return;
    }
    // A single call's result need not be kept: unchanged, it is not applied at all.
    m_lastResults = m_many ? m_results : QVariantList(m_results.size());
    const QVariant result = m_many ? QVariant(m_results) : m_results.value(0);
    m_results.clear();
    m_applying = true;
    const quint64 token = ++m_applyToken;
    const QPointer<Poller> self(this);
    m_apply(
        result, [self, token] { return self && self->m_applying && self->m_applyToken == token; },
        [self, token] {
            if (!self || !self->m_applying || self->m_applyToken != token)
                return; // dropped by a restart or a stop
            self->m_applying = false;
            self->finishPoll();
        });
}

void Poller::finishPoll()
{
    if (m_status)
        m_status->reportSuccess();
    Q_EMIT polled();
    if (m_pollAfterSuccess)
        scheduleNext();
}

void Poller::scheduleNext()
{
    if (m_active && !isInFlight())
        m_timer->start(m_delay);
}

} // namespace sfdesk
