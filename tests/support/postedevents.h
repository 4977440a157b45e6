// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>
#include <QEvent>

namespace sfdesk {

// Delivers the events posted so far (queued calls and deferred deletes among them), then whatever
// is ready at once: what a test waits for when something queued must not arrive. No timer fires
// early here, so what a timer would do is waited for otherwise.
inline void flushPostedEvents()
{
    QCoreApplication::sendPostedEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
}

} // namespace sfdesk
