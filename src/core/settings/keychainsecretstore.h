// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/settings/secretstore.h"

namespace QKeychain {
class Job;
}

namespace sfdesk {

// Secrets in the system keychain through QtKeychain (Secret Service, KWallet, ...), with
// asynchronous jobs and no nested event loop. QtKeychain runs one job at a time, in order: a job
// waiting on the desktop's keyring prompt holds those after it.
//
// Only when there is no keychain at all (no backend, no session bus, no Secret Service on it) does
// the store keep secrets in memory for this run, and say so (unavailableReason); never in a file.
// Any other keychain error is the caller's to report, and the store goes on using the keychain.
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
    void keepForThisRun(const QString& key, const QString& secret) override { m_memory.insert(key, secret); }
    bool isPersistent() const override { return m_reason.isEmpty(); }
    QString unavailableReason() const override { return m_reason; }

private:
    void markUnavailable(const QKeychain::Job& job);
    void readAttempt(const QString& key, QObject* context, Callback done, int attempt);
    void writeAttempt(const QString& key, const QString& secret, QObject* context, Callback done,
                      int attempt);
    void removeAttempt(const QString& key, bool wasInMemory, QObject* context, Callback done, int attempt);

    QString m_service;
    QString m_reason;
    QHash<QString, QString> m_memory;
};

} // namespace sfdesk
