// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDateTime>

// Time for code that compares against "now", so that tests can fix it.
class Clock
{
public:
    virtual ~Clock() = default;
    virtual qint64 nowSecs() const = 0;

    // The process-wide real clock.
    static const Clock* system();
};

class SystemClock final : public Clock
{
public:
    qint64 nowSecs() const override { return QDateTime::currentSecsSinceEpoch(); }
};

class MockClock final : public Clock
{
public:
    explicit MockClock(qint64 now = 0)
        : m_now(now)
    {}
    qint64 nowSecs() const override { return m_now; }
    void set(qint64 now) { m_now = now; }
    void advance(qint64 seconds) { m_now += seconds; }

private:
    qint64 m_now;
};

inline const Clock* Clock::system()
{
    static const SystemClock clock;
    return &clock;
}
