// SPDX-License-Identifier: Apache-2.0

#include "core/settings/keychainsecretstore.h"

#include <QPointer>
#include <QTimer>

#include <qt6keychain/keychain.h>

namespace sfdesk {

namespace {

// A keychain that answered late or was busy (a D-Bus timeout, a keyring still unlocking) may answer
// the next time: such an error is tried again a few times, and never taken for "no keychain".
bool isTransient(const QKeychain::Job& job)
{
    if (job.error() != QKeychain::OtherError)
        return false;
    const QString why = job.errorString();
    return why.contains(u"NoReply") || why.contains(u"Timeout", Qt::CaseInsensitive)
           || why.contains(u"timed out", Qt::CaseInsensitive) || why.contains(u"LimitsExceeded");
}

// The keychain cannot be reached at all (as opposed to: this entry is missing, or the user denied
// access). QtKeychain reports a missing Secret Service or session bus as NoBackendAvailable or, from
// D-Bus, as OtherError ("Could not connect", "ServiceUnknown"); both mean: no keychain for this run.
bool isUnavailable(const QKeychain::Job& job)
{
    return job.error() == QKeychain::NoBackendAvailable
           || (job.error() == QKeychain::OtherError && !isTransient(job));
}

constexpr int MaxAttempts = 3;
constexpr int RetryDelayMs = 400;

} // namespace

KeychainSecretStore::KeychainSecretStore(const QString& service, QObject* parent)
    : SecretStore(parent)
    , m_service(service)
{}

KeychainSecretStore::~KeychainSecretStore() = default;

void KeychainSecretStore::markUnavailable(const QString& detail)
{
    if (!m_reason.isEmpty())
        return;
    m_reason =
        tr("No system keychain is available (%1). Tokens are kept in memory for this run only.").arg(detail);
    Q_EMIT persistenceChanged();
}

void KeychainSecretStore::read(const QString& key, QObject* context, Callback done)
{
    readAttempt(key, context, std::move(done), 1);
}

void KeychainSecretStore::readAttempt(const QString& key, QObject* context, Callback done, int attempt)
{
    if (!isPersistent()) {
        SecretResult result;
        result.persistent = false;
        if (m_memory.contains(key))
            result.secret = m_memory.value(key);
        else
            result.status = SecretResult::Status::NotFound;
        QMetaObject::invokeMethod(
            context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
        return;
    }
    auto* job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    QPointer<QObject> guard(context);
    connect(job, &QKeychain::Job::finished, context,
            [this, key, guard, done = std::move(done), context, attempt](QKeychain::Job* finished) {
                SecretResult result;
                if (isTransient(*finished) && attempt < MaxAttempts) {
                    QTimer::singleShot(RetryDelayMs, context, [this, key, context, done, attempt] {
                        readAttempt(key, context, done, attempt + 1);
                    });
                    return;
                }
                if (finished->error() == QKeychain::NoError) {
                    result.secret = static_cast<QKeychain::ReadPasswordJob*>(finished)->textData();
                } else if (finished->error() == QKeychain::EntryNotFound) {
                    result.status = SecretResult::Status::NotFound;
                } else if (isUnavailable(*finished)) {
                    markUnavailable(finished->errorString());
                    readAttempt(key, context, done, 1);
                    return;
                } else {
                    result.status = SecretResult::Status::Error;
                    result.error =
                        tr("The keychain could not read the token: %1").arg(finished->errorString());
                }
                if (guard)
                    done(result);
            });
    job->start();
}

void KeychainSecretStore::write(const QString& key, const QString& secret, QObject* context, Callback done)
{
    writeAttempt(key, secret, context, std::move(done), 1);
}

void KeychainSecretStore::writeAttempt(const QString& key, const QString& secret, QObject* context,
                                       Callback done, int attempt)
{
    if (!isPersistent()) {
        m_memory.insert(key, secret);
        SecretResult result;
        result.persistent = false;
        QMetaObject::invokeMethod(
            context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
        return;
    }
    auto* job = new QKeychain::WritePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    job->setTextData(secret);
    connect(job, &QKeychain::Job::finished, context,
            [this, key, secret, done = std::move(done), context, attempt](QKeychain::Job* finished) {
                SecretResult result;
                if (finished->error() == QKeychain::NoError) {
                    done(result);
                    return;
                }
                if (isTransient(*finished) && attempt < MaxAttempts) {
                    QTimer::singleShot(RetryDelayMs, context, [this, key, secret, context, done, attempt] {
                        writeAttempt(key, secret, context, done, attempt + 1);
                    });
                    return;
                }
                if (isUnavailable(*finished)) {
                    markUnavailable(finished->errorString());
                    writeAttempt(key, secret, context, done, 1);
                    return;
                }
                result.status = SecretResult::Status::Error;
                result.error = tr("The keychain could not store the token: %1").arg(finished->errorString());
                done(result);
            });
    job->start();
}

void KeychainSecretStore::remove(const QString& key, QObject* context, Callback done)
{
    removeAttempt(key, context, std::move(done), 1);
}

void KeychainSecretStore::removeAttempt(const QString& key, QObject* context, Callback done, int attempt)
{
    const bool inMemory = m_memory.remove(key) > 0;
    if (!isPersistent()) {
        SecretResult result;
        result.persistent = false;
        if (!inMemory)
            result.status = SecretResult::Status::NotFound;
        QMetaObject::invokeMethod(
            context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
        return;
    }
    auto* job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, context,
            [this, key, context, done = std::move(done), attempt](QKeychain::Job* finished) {
                SecretResult result;
                if (isTransient(*finished) && attempt < MaxAttempts) {
                    QTimer::singleShot(RetryDelayMs, context, [this, key, context, done, attempt] {
                        removeAttempt(key, context, done, attempt + 1);
                    });
                    return;
                }
                if (finished->error() == QKeychain::EntryNotFound) {
                    result.status = SecretResult::Status::NotFound;
                } else if (isUnavailable(*finished)) {
                    markUnavailable(finished->errorString());
                    result.persistent = false;
                    result.status = SecretResult::Status::NotFound;
                } else if (finished->error() != QKeychain::NoError) {
                    result.status = SecretResult::Status::Error;
                    result.error =
                        tr("The keychain could not remove the token: %1").arg(finished->errorString());
                }
                done(result);
            });
    job->start();
}

} // namespace sfdesk
