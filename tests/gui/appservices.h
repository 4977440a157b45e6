// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/connection/connectionmanager.h"
#include "gui/application/application.h"

#include <QProcessEnvironment>

#include <utility>

namespace sfdesk {

class SecretStore;
class Settings;

// What an app under test runs on: the test's settings, keychain and network, the local profile's
// server when one is given, and an empty environment, so that no SF_API_KEY or server variable of
// the shell that runs the tests reaches the app.
inline Application::Services appServices(Settings* settings, SecretStore* secrets,
                                         QNetworkAccessManager* network, LocalServerFactory localServer = {})
{
    Application::Services services;
    services.settings = settings;
    services.secrets = secrets;
    services.network = network;
    services.localServer = std::move(localServer);
    services.environment = QProcessEnvironment();
    return services;
}

} // namespace sfdesk
