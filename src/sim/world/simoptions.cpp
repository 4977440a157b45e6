// SPDX-License-Identifier: Apache-2.0

#include "sim/world/simoptions.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "sim/api/simfaults.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <limits>

namespace sfsim {

using sfdesk::constValue;
namespace Logging = sfdesk::Logging;

SimOptionsResult parseSimOptions(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "sfsim: a local simulator of the SF Compute API (/preview/v2): market, pools, instances,\n"
        "InfiniBand fabrics and partitions, auth. Listens on loopback unless told otherwise."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption host(QStringLiteral("host"),
                                  QStringLiteral("Address to listen on (default 127.0.0.1)."),
                                  QStringLiteral("address"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption port(QStringLiteral("port"),
                                  QStringLiteral("Port to listen on; 0 picks a free one."),
                                  QStringLiteral("port"), QStringLiteral("0"));
    const QCommandLineOption db(QStringLiteral("db"),
                                QStringLiteral("SQLite file holding the world (default: in memory)."),
                                QStringLiteral("file"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed of the generated world (default 1)."),
                                  QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption timeScale(QStringLiteral("time-scale"),
                                       QStringLiteral("Virtual seconds per real second (default 1)."),
                                       QStringLiteral("x"), QStringLiteral("1"));
    const QCommandLineOption startTime(
        QStringLiteral("start-time"),
        QStringLiteral("Virtual time to start at, in Unix seconds (default: now). A stored world "
                       "never goes back in time."),
        QStringLiteral("t"));
    const QCommandLineOption control(QStringLiteral("control"),
                                     QStringLiteral("Enable the /_sim control routes (loopback only)."));
    const QCommandLineOption tokensFile(QStringLiteral("tokens-file"),
                                        QStringLiteral("Write the seeded API tokens to this JSON file."),
                                        QStringLiteral("file"));
    const QCommandLineOption ibRelease(
        QStringLiteral("ib-release-seconds"),
        QStringLiteral("Delay before a terminated instance's node releases its "
                       "InfiniBand partition (default 30)."),
        QStringLiteral("s"), QStringLiteral("30"));
    const QCommandLineOption faults(
        QStringLiteral("faults"),
        QStringLiteral(
            "Fault injection on API routes (never on /_sim), as comma-separated key=value: "
            "latency=300ms (delay), jitter=100ms (random extra delay), error=0.2 (share answered "
            "503 without effect), drop=0.1 (share handled, then the connection closed unanswered), "
            "truncate=0.05 (share handled, then the body cut off). Draws follow --seed."),
        QStringLiteral("spec"));
    const QCommandLineOption allowRemote(QStringLiteral("allow-remote"),
                                         QStringLiteral("Allow listening on a non-loopback address."));
    const QCommandLineOption requestLog(
        QStringLiteral("request-log"),
        QStringLiteral("Append every API request (method, path, query, body; whether it carried a "
                       "token, never the token) to this JSON Lines file."),
        QStringLiteral("file"));
    const QCommandLineOption idleTimeout(
        QStringLiteral("idle-timeout"),
        QStringLiteral("Close connections idle for this many seconds (default 60; 0: never)."),
        QStringLiteral("s"), QStringLiteral("60"));
    const QCommandLineOption headTimeout(
        QStringLiteral("head-timeout"),
        QStringLiteral("Answer 408 and close a connection whose request headers have not all arrived "
                       "this many seconds after the request's first byte, or after connecting "
                       "(default 10; 0: never)."),
        QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption requestTimeout(
        QStringLiteral("request-timeout"),
        QStringLiteral("Answer 408 and close a connection whose request, headers and body, has not "
                       "all arrived this many seconds after its first byte (default 30; 0: never)."),
        QStringLiteral("s"), QStringLiteral("30"));
    const QCommandLineOption maxConnections(
        QStringLiteral("max-connections"),
        QStringLiteral("Open connections at most; more are answered 503 (default 256)."), QStringLiteral("n"),
        QStringLiteral("256"));
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QStringLiteral("Seed a new world with the demo account: pools, orders, a partition with running "
                       "workers, a busy market (a stored world is kept as it is)."));
    const QCommandLineOption log(QStringLiteral("log"),
                                 QStringLiteral("Print the debug messages of these subsystems on stderr: a "
                                                "comma-separated list of sim, api, market, cloudinit, ui, "
                                                "or all (sim: each request, its status and time)."),
                                 QStringLiteral("subsystems"));
    parser.addOptions({host, port, db, seed, timeScale, startTime, control, tokensFile, ibRelease, faults,
                       allowRemote, idleTimeout, headTimeout, requestTimeout, maxConnections, demo,
                       requestLog, log});
    parser.process(arguments);

    SimOptions o;
    SimOptionsResult result;
    if (!o.host.setAddress(parser.value(host))) {
        result.error = QStringLiteral("--host: not an IP address: %1").arg(parser.value(host));
        return result;
    }
    bool ok = false;
    const uint p = parser.value(port).toUInt(&ok);
    if (!ok || p > 65535) {
        result.error = QStringLiteral("--port: expected 0 to 65535, got %1").arg(parser.value(port));
        return result;
    }
    o.port = static_cast<quint16>(p);
    o.seed = parser.value(seed).toULongLong(&ok);
    if (!ok) {
        result.error =
            QStringLiteral("--seed: expected a non-negative integer, got %1").arg(parser.value(seed));
        return result;
    }
    o.timeScale = parser.value(timeScale).toDouble(&ok);
    if (!ok || o.timeScale <= 0) {
        result.error =
            QStringLiteral("--time-scale: expected a positive number, got %1").arg(parser.value(timeScale));
        return result;
    }
    if (parser.isSet(startTime)) {
        o.startTime = parser.value(startTime).toLongLong(&ok);
        if (!ok || *o.startTime < 0) {
            result.error =
                QStringLiteral("--start-time: expected Unix seconds, got %1").arg(parser.value(startTime));
            return result;
        }
    }
    // The integer options, in the order they are checked: each within its range, else the error
    // says what the option expects.
    const struct
    {
        const QCommandLineOption& option;
        int& value;
        int low;
        int high;
        const char* expected;
    } integers[] = {
        {ibRelease, o.ibReleaseSeconds, 0, std::numeric_limits<int>::max(), "a non-negative integer"},
        {idleTimeout, o.idleTimeoutSeconds, 0, 86400, "0 to 86400 seconds"},
        {headTimeout, o.headTimeoutSeconds, 0, 86400, "0 to 86400 seconds"},
        {requestTimeout, o.requestTimeoutSeconds, 0, 86400, "0 to 86400 seconds"},
        {maxConnections, o.maxConnections, 1, 100000, "1 to 100000"},
    };
    for (const auto& integer : integers) {
        integer.value = parser.value(integer.option).toInt(&ok);
        if (!ok || integer.value < integer.low || integer.value > integer.high) {
            result.error = QStringLiteral("--%1: expected %2, got %3")
                               .arg(integer.option.names().constFirst(),
                                    QString::fromLatin1(integer.expected), parser.value(integer.option));
            return result;
        }
    }
    o.demo = parser.isSet(demo);
    o.dbFile = parser.value(db);
    o.control = parser.isSet(control);
    o.tokensFile = parser.value(tokensFile);
    o.requestLog = parser.value(requestLog);
    o.faults = parser.value(faults);
    QString faultError;
    if (!FaultSpec::parse(o.faults, &faultError)) {
        result.error = QStringLiteral("--faults: %1").arg(faultError);
        return result;
    }
    if (parser.isSet(log)) {
        o.log = parser.value(log);
        // Checked here, turned on by the caller: parsing changes nothing in the process.
        const QStringList known = Logging::subsystems();
        for (const QString& part : constValue(o.log.split(u',', Qt::SkipEmptyParts))) {
            const QString name = part.trimmed().toLower();
            if (name != u"all" && !known.contains(name)) {
                result.error = QStringLiteral("--log: unknown subsystem '%1' (known: %2, all)")
                                   .arg(name, known.join(u", "));
                return result;
            }
        }
    }
    o.allowRemote = parser.isSet(allowRemote);
    if (!o.host.isLoopback() && !o.allowRemote) {
        result.error =
            QStringLiteral("refusing to listen on %1: it is not a loopback address; pass --allow-remote "
                           "to serve other machines")
                .arg(o.host.toString());
        return result;
    }
    result.options = o;
    return result;
}

} // namespace sfsim
