// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/util/clock.h"

namespace sfdesk {

// A clock a test sets and moves by hand.
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

} // namespace sfdesk
