// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QtGlobal>

namespace sfdesk {

// Newest answer wins: a request takes a ticket when it goes out, and its answer is used only if
// no later request took one since (nor was everything asked so far dropped). Answers come back in
// any order; one that is not the latest would show what the user no longer looks at.
class LatestAnswer final
{
public:
    using Ticket = quint64;

    // For a request going out now: answers to the ones before it no longer count.
    Ticket next() { return ++m_latest; }
    // The ticket of the latest request, for more requests that belong with it.
    Ticket current() const { return m_latest; }
    // Whether the answer to the request that took `ticket` is the one to use.
    bool isLatest(Ticket ticket) const { return ticket == m_latest; }
    // Answers to everything asked so far no longer count (what they answered changed).
    void drop() { ++m_latest; }

private:
    Ticket m_latest = 0;
};

} // namespace sfdesk
