#pragma once

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

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
    static QCoreApplication app(argc, argv);
}

// A broken invariant: libFuzzer saves the input and the run fails (the replay test crashes on it).
[[noreturn]] inline void fail(const char* what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

} // namespace FuzzSupport
