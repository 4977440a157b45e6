// SPDX-License-Identifier: Apache-2.0

#pragma once

// For the fault variants of the GUI tests (ctest tst_*_faults, SFDESK_SIM_FAULTS set): sfsim answers
// slowly and a third of its answers fail. A user whose action fails sees why and does it again; the
// tests do the same, and check that each failure was shown. Without faults these helpers do what the
// clean tests always did: the action once, the clean timeout.

#include "support/simprocess.h"

#include <QTest>

#include <chrono>
#include <cstdio>
#include <functional>

namespace sfdesk {

namespace UnderFaults {

// Failures shown to the user and retried, over the run (printed by the tests at the end).
inline int shownFailures = 0;

inline bool active()
{
    return !SimProcess::faultsFromEnvironment().isEmpty();
}

// 300 ms per request, failed reads retried with backoff, polls that come round again.
inline int timeout(int cleanMs)
{
    return active() ? cleanMs * 4 : cleanMs;
}

// A cut-off answer leaves a request waiting for the rest until the transfer timeout (30 s by default,
// per attempt). On loopback, 5 s without data is a lost answer; the fault runs say so, so that a
// user's retry comes within the tests' timeouts.
template <typename Client> void shortenTransferTimeout(Client& client)
{
    if (!active())
        return;
    auto options = client.options();
    options.transferTimeout = std::chrono::seconds(5);
    client.setOptions(options);
}

// Does `act` and waits until `done` holds or `failureShown` does (the failure of this attempt, on
// screen); after a shown failure, does it again, as a user would. A failure that is not shown ends
// the attempts: the test then fails on `done`. Returns whether `done` holds; *failures counts the
// failures that were shown.
inline bool retry(const std::function<void()>& act, const std::function<bool()>& done,
                  const std::function<bool()>& failureShown, int timeoutMs, int* failures = nullptr,
                  int attempts = 10)
{
    for (int attempt = 0; attempt < attempts; ++attempt) {
        act();
        if (!QTest::qWaitFor([&] { return done() || failureShown(); }, timeoutMs))
            return done();
        if (done())
            return true;
        ++shownFailures;
        if (failures)
            ++*failures;
        if (!active())
            return false;
    }
    return done();
}

inline void report()
{
    if (active())
        std::printf("under faults (%s): %d failures shown and retried\n",
                    qPrintable(SimProcess::faultsFromEnvironment()), shownFailures);
}

} // namespace UnderFaults

} // namespace sfdesk
