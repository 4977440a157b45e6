// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/settings/secretstore.h"

namespace sfdesk {

// Secrets in the system keychain through QtKeychain (Secret Service, KWallet, ...), with
// asynchronous jobs and no nested event loop. Without a keychain it says so (unavailableReason)
// and keeps secrets in memory for this run only: never in a file.
class KeychainSecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainSecretStore)

public:
    explicit KeychainSecretStore(const QString& service, QObject* parent = nullptr);
    ~KeychainSecretStore() override;

    void read(const QString& key, QObject* context, Callback done) override;
    void write(const QString& key, const QString& secret, QObject* context, Callback done) override;
    void remove(const QString& key, QObject* context, Callback done) override;
    bool isPersistent() const override { return m_reason.isEmpty(); }
    QString unavailableReason() const override { return m_reason; }

private:
    void markUnavailable(const QString& detail);
    void readAttempt(const QString& key, QObject* context, Callback done, int attempt);
    void writeAttempt(const QString& key, const QString& secret, QObject* context, Callback done,
                      int attempt);
    void removeAttempt(const QString& key, QObject* context, Callback done, int attempt);

    QString m_service;
    QString m_reason;
    QHash<QString, QString> m_memory;
};

} // namespace sfdesk
