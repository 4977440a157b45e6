#pragma once

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

// Qt's plugins (the SQLite driver) and its locale handling want an application object, and
// qFatal/Q_ASSERT must reach libFuzzer as a crash it can record.
namespace FuzzSupport {

inline QCoreApplication& application()
{
    static int argc = 1;
    static char name[] = "fuzz";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    return app;
}

// A broken invariant: libFuzzer saves the input and the run fails.
[[noreturn]] inline void fail(const char* what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

} // namespace FuzzSupport
