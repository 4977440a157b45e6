// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/settings/connectionprofile.h"

#include <QObject>
#include <QProcessEnvironment>

#include <functional>

namespace sfdesk {

class SecretStore;

// Finds the token for a profile. For SF Compute's own server (https://api.sfcompute.com, whatever
// the profile's kind says) in the order the sf CLI uses: SF_BEARER_TOKEN, then SF_API_KEY, then the
// secret store. Every other address only from the secret store: an SF Compute key in the
// environment is never sent to another host.
namespace Credentials {

struct Token
{
    QString value;
    // Where it came from, for the status bar: "SF_API_KEY", "keychain", "memory", or empty.
    QString source;
    QString error;
};

QString environmentToken(const QProcessEnvironment& environment, QString* variable = nullptr);

void tokenFor(const ConnectionProfile& profile, SecretStore* store, const QProcessEnvironment& environment,
              QObject* context, std::function<void(const Token&)> done);

} // namespace Credentials

} // namespace sfdesk
