// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHostAddress>
#include <QString>
#include <QStringList>

#include <optional>

class QCoreApplication;

namespace sfsim {

// The command line of sfsim. Tests and tools depend on these names exactly.
struct SimOptions
{
    QHostAddress host = QHostAddress::LocalHost;
    quint16 port = 0;
    QString dbFile;
    quint64 seed = 1;
    double timeScale = 1.0;
    // Virtual time at the first start of a world (Unix seconds); default: real time.
    std::optional<qint64> startTime;
    bool control = false;
    QString tokensFile;
    int ibReleaseSeconds = 30;
    QString faults;
    bool allowRemote = false;
    // Appends every API request (method, path, query, body; whether it carried a token, never the
    // token) to this JSON Lines file, for checking clients against the API document.
    QString requestLog;
    // A connection that sends nothing for this long is closed; 0 keeps idle connections.
    int idleTimeoutSeconds = 60;
    // A request's headers must arrive within this many seconds of its first byte (of the
    // connection, for its first request), and the whole request within requestTimeoutSeconds;
    // otherwise it is answered 408 and the connection closed. 0: no limit.
    int headTimeoutSeconds = 10;
    int requestTimeoutSeconds = 30;
    // Connections beyond this many are answered 503 and closed.
    int maxConnections = 256;
    // A new world gets the demo account of seedDemoWorld() (simdemo.h); a stored one is kept.
    bool demo = false;
    // The subsystems whose debug messages print (--log; Logging::enable's form); empty: none.
    QString log;
};

struct SimOptionsResult
{
    std::optional<SimOptions> options;
    QString error;
};

// Parses and validates arguments; --help and --version are handled by the parser (they exit).
SimOptionsResult parseSimOptions(const QStringList& arguments);

} // namespace sfsim
