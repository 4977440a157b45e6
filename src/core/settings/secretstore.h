// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

namespace sfdesk {

struct SecretResult
{
    enum class Status
    {
        Ok,
        NotFound,
        Error,
    };
    Status status = Status::Ok;
    QString secret; // for reads
    QString error;  // translated sentences, for Error
    // False when the secret is only held in memory for this run (no keychain), and, for a removal,
    // when no keychain could be reached to remove it from.
    bool persistent = true;
};

// Where tokens live. Asynchronous: the callback runs later, on the context object's thread, and
// not at all if the context is gone. No implementation may fall back to plaintext files.
class SecretStore : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretStore)

public:
    using Callback = std::function<void(const SecretResult&)>;

    using QObject::QObject;
    ~SecretStore() override = default;

    // The secret kept for this run if there is one, else the keychain's.
    virtual void read(const QString& key, QObject* context, Callback done) = 0;
    // Into the keychain; an error there keeps nothing anywhere (the caller asks the user whether to
    // keep it for this run). Only without any keychain is it kept in memory, said by persistent.
    virtual void write(const QString& key, const QString& secret, QObject* context, Callback done) = 0;
    // From this run's memory and from the keychain, which is always asked, also while the store
    // keeps secrets in memory only. Error: it may still be in the keychain.
    virtual void remove(const QString& key, QObject* context, Callback done) = 0;
    // In memory for this run only, when the user chose so after the keychain failed; read() then
    // answers with it. A later successful write() into the keychain replaces it.
    virtual void keepForThisRun(const QString& key, const QString& secret) = 0;

    // False once the store knows it cannot keep secrets across runs.
    virtual bool isPersistent() const = 0;
    // Why not, in one translated sentence; empty while persistent.
    virtual QString unavailableReason() const = 0;

Q_SIGNALS:
    void persistenceChanged();
};

// Secrets in memory, for tests and for runs without a keychain.
class MemorySecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemorySecretStore)

public:
    explicit MemorySecretStore(QObject* parent = nullptr);

    void read(const QString& key, QObject* context, Callback done) override;
    void write(const QString& key, const QString& secret, QObject* context, Callback done) override;
    void remove(const QString& key, QObject* context, Callback done) override;
    void keepForThisRun(const QString& key, const QString& secret) override { m_secrets.insert(key, secret); }
    bool isPersistent() const override { return false; }
    QString unavailableReason() const override;

    // Direct access for code that already runs asynchronously (the keychain fallback).
    bool contains(const QString& key) const { return m_secrets.contains(key); }

private:
    void deliver(QObject* context, Callback done, SecretResult result);

    QHash<QString, QString> m_secrets;
};

} // namespace sfdesk
