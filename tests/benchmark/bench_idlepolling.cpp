// SPDX-License-Identifier: Apache-2.0

// Requests the app sends while it sits idle on one view, against what that view shows: every
// shown list once per poll interval, plus the status bar's account check; of the lists no view
// shows, only those the background notifications read, every Session::BackgroundEvery intervals. Runs the
// whole application (all sections, the real connection) against sfsim over HTTP, with the poll interval
// shortened so that a few seconds cover many intervals. Prints one line per section: "idle SECTION lists N
// expected E measured M per interval".
#include "../gui/appservices.h"
#include "core/api/apiclient.h"
#include "core/connection/connection.h"
#include "core/market/apimarketbackend.h"
#include "core/models/session.h"
#include "core/notify/noticewatcher.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "gui/application/application.h"
#include "gui/common/viewcontext.h"
#include "gui/mainwindow/mainwindow.h"
#include "support/simprocess.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace sfdesk;

int main(int argc, char** argv)
{
    QApplication qtApp(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    constexpr int intervalMs = 400;
    // A whole number of the background's cadence (Session::BackgroundEvery).
    constexpr int intervals = 12;

    SimProcess sim;
    if (!sim.start()) {
        std::fprintf(stderr, "bench_idlepolling: sfsim did not start: %s\n", qPrintable(sim.errorOutput()));
        return 1;
    }
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    const ConnectionProfile profile = ConnectionProfile::custom(QStringLiteral("bench"), sim.baseUrl());
    settings.saveProfile(profile);
    MemorySecretStore secrets;
    bool stored = false;
    secrets.write(profile.secretKey(), sim.token(QStringLiteral("acme-owner")), &qtApp,
                  [&stored](const SecretResult&) { stored = true; });
    if (!QTest::qWaitFor([&stored] { return stored; }))
        return 1;

    QNetworkAccessManager network;
    Application app(appServices(&settings, &secrets, &network));
    app.window()->resize(1200, 800);
    app.window()->show();
    app.start();
    if (!QTest::qWaitFor([&app] { return app.connection()->state() == Connection::State::Ready; }, 20000)) {
        std::fprintf(stderr, "bench_idlepolling: not signed in\n");
        return 1;
    }
    app.context()->setPollInterval(intervalMs);
    app.market()->setPollInterval(intervalMs);
    app.connection()->session()->setInterval(std::chrono::milliseconds(intervalMs));

    QStringList paths;
    QObject::connect(app.connection()->client(), &ApiClient::callStarted, &qtApp,
                     [&paths](ApiCall* call) { paths << call->request().path; });
    // section, the lists it polls (availability: SKUs and their availability; the planner: pools,
    // orders, SKUs, its quotes on demand; images change only by the user's hand and are read once
    // per visit)
    const QList<std::pair<QString, int>> sections{
        {QStringLiteral("pools"), 1},        {QStringLiteral("instances"), 1},
        {QStringLiteral("images"), 0},       {QStringLiteral("availability"), 2},
        {QStringLiteral("reservations"), 3}, {QStringLiteral("cloudinit"), 0}};
    // The background notifications read orders (with the procurements'), pools and instances
    // every Session::BackgroundEvery intervals while no view shows them; the last row is Images
    // with every notice kind turned off.
    const auto measure = [&](const QString& section, const QString& label, int lists) {
        app.setCurrentSection(section);
        QTest::qWait(3 * intervalMs);
        paths.clear();
        QElapsedTimer timer;
        timer.start();
        QTest::qWait(intervals * intervalMs);
        const double measured = paths.size() * double(intervalMs) / double(timer.elapsed());
        QStringList distinct = paths;
        distinct.removeDuplicates();
        std::printf("idle %s lists %d expected %d measured %.2f per interval (%s)\n", qPrintable(label),
                    lists, lists + 1, measured, qPrintable(distinct.join(u' ')));
    };
    for (const auto& [section, lists] : sections)
        measure(section, section, lists);
    for (const Notice::Kind kind : {Notice::Kind::OrderFilled, Notice::Kind::OrderExpired,
                                    Notice::Kind::CapacitySoon, Notice::Kind::InstanceRunning})
        app.noticeWatcher()->setEnabled(kind, false);
    measure(QStringLiteral("images"), QStringLiteral("images_without_notices"), 0);
    return 0;
}
