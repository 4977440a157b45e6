// SPDX-License-Identifier: Apache-2.0

#include "core/settings/credentials.h"

#include "core/settings/secretstore.h"

namespace sfdesk {

namespace Credentials {

QString environmentToken(const QProcessEnvironment& environment, QString* variable)
{
    for (const auto* name : {"SF_BEARER_TOKEN", "SF_API_KEY"}) {
        const QString value = environment.value(QLatin1StringView(name)).trimmed();
        if (!value.isEmpty()) {
            if (variable)
                *variable = QLatin1StringView(name);
            return value;
        }
    }
    return {};
}

void tokenFor(const ConnectionProfile& profile, SecretStore* store, const QProcessEnvironment& environment,
              QObject* context, std::function<void(const Token&)> done)
{
    // By the address the token would go to, not by the profile's kind, which an edited settings
    // file can claim for any address.
    if (profile.kind != ConnectionProfile::Kind::LocalSimulator
        && ConnectionProfile::isSfComputeServer(profile.url)) {
        QString variable;
        const QString fromEnvironment = environmentToken(environment, &variable);
        if (!fromEnvironment.isEmpty()) {
            const Token token{fromEnvironment, variable, {}};
            QMetaObject::invokeMethod(
                context, [done = std::move(done), token] { done(token); }, Qt::QueuedConnection);
            return;
        }
    }
    store->read(profile.secretKey(), context, [done = std::move(done)](const SecretResult& result) {
        Token token;
        if (result.status == SecretResult::Status::Ok) {
            token.value = result.secret;
            token.source = result.persistent ? QStringLiteral("keychain") : QStringLiteral("memory");
        } else if (result.status == SecretResult::Status::Error) {
            token.error = result.error;
        }
        done(token);
    });
}

} // namespace Credentials

} // namespace sfdesk
