// SPDX-License-Identifier: Apache-2.0

#include "common/logging.h"
#include "sim/http/simserver.h"
#include "sim/world/simoptions.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QSocketNotifier>

#include <csignal>
#include <cstdio>
#include <sys/socket.h>
#include <unistd.h>

using namespace sfdesk;

namespace {

int signalPipe[2] = {-1, -1};

void onTerminate(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(signalPipe[1], &byte, 1);
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sfsim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SFDESK_VERSION));

    const auto parsed = sfsim::parseSimOptions(QCoreApplication::arguments());
    if (!parsed.options) {
        std::fprintf(stderr, "sfsim: %s\n", qPrintable(parsed.error));
        return 2;
    }

    if (!parsed.options->log.isEmpty()) {
        QString why;
        if (!Logging::enable(parsed.options->log, &why)) {
            std::fprintf(stderr, "sfsim: --log: %s\n", qPrintable(why));
            return 2;
        }
    }

    sfsim::SimServer server(*parsed.options);
    QString error;
    if (!server.start(&error)) {
        std::fprintf(stderr, "sfsim: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("sfsim listening on %s\n", qPrintable(server.baseUrl().toString()));
    std::printf("sfsim image transfers (presigned part and download URLs) on %s\n",
                qPrintable(server.transferUrl().toString()));
    // The tokens are shown once, when the world is created; afterwards only the tokens file has them.
    if (server.seededOnStart()) {
        const QJsonObject tokens = server.tokens();
        std::printf("sfsim created a new %s; API tokens (shown once):\n",
                    parsed.options->demo ? "demo world" : "world");
        for (auto it = tokens.begin(); it != tokens.end(); ++it)
            std::printf("  %-22s %s\n", qPrintable(it.key()), qPrintable(it.value().toString()));
    }
    std::fflush(stdout);

    // SIGTERM and SIGINT end the event loop, so the store closes cleanly.
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) == 0) {
        auto* notifier = new QSocketNotifier(signalPipe[0], QSocketNotifier::Read, &app);
        QObject::connect(notifier, &QSocketNotifier::activated, &app, [] { QCoreApplication::quit(); });
        struct sigaction action = {};
        action.sa_handler = onTerminate;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(SIGTERM, &action, nullptr);
        sigaction(SIGINT, &action, nullptr);
    }
    return QCoreApplication::exec();
}
