#include "core/models/poller.h"

#include "core/api/apicall.h"
#include "core/models/connectionstatus.h"

#include <QTimer>

Poller::Poller(Fetch fetch, Apply apply, QObject* parent)
    : QObject(parent)
    , m_fetch(std::move(fetch))
    , m_apply(std::move(apply))
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &Poller::pollNow);
}

Poller::~Poller()
{
    if (m_call)
        m_call->cancel();
}

void Poller::setInterval(std::chrono::milliseconds interval)
{
    m_interval = interval;
    if (m_failures == 0)
        m_delay = interval;
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
    if (m_call)
        m_call->cancel();
}

bool Poller::isActive() const
{
    return m_active;
}

bool Poller::pollNow()
{
    if (m_call)
        return false;
    m_timer->stop();
    ApiCall* call = m_fetch();
    if (!call)
        return false;
    m_call = call;
    if (m_status)
        m_status->reportStarted();
    connect(call, &ApiCall::succeeded, this, [this](const QVariant& result) {
        m_failures = 0;
        m_delay = m_interval;
        m_apply(result);
        if (m_status)
            m_status->reportSuccess();
        Q_EMIT polled();
    });
    connect(call, &ApiCall::failed, this, [this](const ApiError& error) {
        if (error.kind() != ApiError::Kind::Cancelled) {
            ++m_failures;
            m_delay = std::min<std::chrono::milliseconds>(
                m_maxBackoff, m_interval * (qint64(1) << std::min(m_failures, 16)));
        }
        if (m_status)
            m_status->reportFailure(error);
        Q_EMIT failed(error);
    });
    connect(call, &ApiCall::finished, this, [this] {
        m_call = nullptr;
        scheduleNext();
    });
    return true;
}

void Poller::scheduleNext()
{
    if (m_active)
        m_timer->start(m_delay);
}
