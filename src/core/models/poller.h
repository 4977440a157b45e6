#pragma once

#include "core/api/apierror.h"

#include <QObject>
#include <QPointer>
#include <QVariant>

#include <chrono>
#include <functional>

class ApiCall;
class ConnectionStatus;
class QTimer;

// Calls fetch() every interval and hands the result to apply(). Single-flight: a poll that is due
// while one is in flight is skipped. After a failure the delay doubles up to maxBackoff; a success
// brings it back to the interval.
class Poller final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Poller)

public:
    using Fetch = std::function<ApiCall*()>;
    using Apply = std::function<void(const QVariant&)>;

    Poller(Fetch fetch, Apply apply, QObject* parent = nullptr);
    ~Poller() override;

    void setInterval(std::chrono::milliseconds interval);
    void setMaxBackoff(std::chrono::milliseconds maxBackoff);
    void setStatus(ConnectionStatus* status) { m_status = status; }
    std::chrono::milliseconds currentDelay() const { return m_delay; }

    void start();
    void stop();
    bool isActive() const;
    bool isInFlight() const { return !m_call.isNull(); }
    int consecutiveFailures() const { return m_failures; }

public Q_SLOTS:
    // Polls at once unless a poll is in flight; returns whether it started one.
    bool pollNow();

Q_SIGNALS:
    void polled();
    void failed(const ApiError& error);

private:
    void scheduleNext();

    Fetch m_fetch;
    Apply m_apply;
    QTimer* m_timer;
    QPointer<ApiCall> m_call;
    QPointer<ConnectionStatus> m_status;
    std::chrono::milliseconds m_interval{10000};
    std::chrono::milliseconds m_maxBackoff{300000};
    std::chrono::milliseconds m_delay{10000};
    int m_failures = 0;
    bool m_active = false;
};
