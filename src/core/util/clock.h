// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDateTime>

namespace sfdesk {

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

inline const Clock* Clock::system()
{
    static const SystemClock clock;
    return &clock;
}

} // namespace sfdesk
