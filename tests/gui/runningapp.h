// SPDX-License-Identifier: Apache-2.0

#pragma once

// The app as it starts for a user: the whole window, connected to the local simulator it embeds
// (its demo world). For tests that build with src/app/embeddedsimulator.cpp (tests/CMakeLists.txt).

#include "appservices.h"
#include "core/api/apicall.h"
#include "core/api/apiclient.h"
#include "core/connection/connection.h"
#include "core/models/session.h"
#include "core/settings/connectionprofile.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "embeddedsimulator.h"
#include "gui/application/application.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/settings/signindialog.h"

#include <QNetworkAccessManager>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

namespace sfdesk {

struct RunningApp
{
    QTemporaryDir dir;
    Settings settings{dir.filePath(QStringLiteral("s.ini"))};
    QNetworkAccessManager network;
    MemorySecretStore secrets;
    std::unique_ptr<Application> app;
    // Every call the app started on the connection showConnected() made, as "METHOD /path".
    QStringList calls;

    RunningApp()
    {
        app = std::make_unique<Application>(
            appServices(&settings, &secrets, &network,
                        EmbeddedSimulator::factory(dir.filePath(QStringLiteral("local")))));
    }
    ~RunningApp() { app.reset(); }
    Q_DISABLE_COPY_MOVE(RunningApp)

    MainWindow* window() const { return app->window(); }

    // The window on screen at a laptop's size and connected to the simulator: where a user starts.
    [[nodiscard]] bool showConnected()
    {
        MainWindow* shown = window();
        shown->resize(1180, 760);
        shown->show();
        if (!QTest::qWaitForWindowActive(shown))
            return false;
        app->start();
        if (!QTest::qWaitFor([this] { return app->connection()->state() == Connection::State::Ready; },
                             30000))
            return false;
        ApiClient* client = app->connection()->session()->client();
        QObject::connect(client, &ApiClient::callStarted, client,
                         [this](ApiCall* call) { calls << call->description(); });
        return true;
    }

    // The window on screen, started on a server that has no token here ("Staging", where nothing
    // listens): signed out, with the sign-in prompt a signed-out start may open put away.
    [[nodiscard]] bool showSignedOut()
    {
        const ConnectionProfile staging =
            ConnectionProfile::custom(QStringLiteral("Staging"), QUrl(QStringLiteral("https://127.0.0.1:9")));
        settings.setProfiles({staging});
        settings.setCurrentProfileId(staging.id);
        MainWindow* shown = window();
        shown->resize(1180, 760);
        shown->show();
        if (!QTest::qWaitForWindowActive(shown))
            return false;
        app->start();
        if (!QTest::qWaitFor([this] { return app->connection()->state() == Connection::State::SignedOut; },
                             30000))
            return false;
        if (auto* prompt = shown->findChild<SignInDialog*>())
            prompt->reject();
        return true;
    }

    // How many of the calls were `method` with `pathPart` in their path.
    int callsMatching(const QString& method, const QString& pathPart) const
    {
        int count = 0;
        for (const QString& call : calls)
            count += call.startsWith(method + u' ') && call.contains(pathPart);
        return count;
    }

    // Another connection, as File > Connections makes it: a server of its own, where nothing listens.
    void switchConnection()
    {
        app->connectTo(ConnectionProfile::custom(QStringLiteral("Elsewhere"),
                                                 QUrl(QStringLiteral("https://127.0.0.1:9"))));
    }

    // The section's page, shown.
    template <typename T> T* page(const QString& section)
    {
        app->setCurrentSection(section);
        return window()->findChild<T*>();
    }
};

} // namespace sfdesk
