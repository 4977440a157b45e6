// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

namespace sfdesk {

// Qt's plugins (the SQLite driver) and its locale handling want an application object, and
// qFatal/Q_ASSERT must reach libFuzzer as a crash it can record.
namespace FuzzSupport {

inline void ensureApplication()
{
    if (QCoreApplication::instance())
        return; // the replay test has its own
    static int argc = 1;
    static char name[] = "fuzz";
    static char* argv[] = {name, nullptr};
    // Never destroyed: libFuzzer ends the process with exit(), where a static application would go
    // among the other static destructors in an order no one chooses (Qt SQL's globals before it,
    // so the simulator's store closed without them: LeakSanitizer reported the driver's records).
    static const QCoreApplication* const app = new QCoreApplication(argc, argv);
    Q_UNUSED(app);
}

// A broken invariant: libFuzzer saves the input and the run fails (the replay test crashes on it).
[[noreturn]] inline void fail(const char* what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

} // namespace FuzzSupport

} // namespace sfdesk
