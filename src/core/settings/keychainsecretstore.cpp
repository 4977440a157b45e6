#include "core/settings/keychainsecretstore.h"

#include <QPointer>

#include <qt6keychain/keychain.h>

namespace {

// The keychain cannot be reached at all (as opposed to: this entry is missing, or the user denied
// access). QtKeychain reports a missing Secret Service or session bus as NoBackendAvailable or, from
// D-Bus, as OtherError ("Could not connect", "ServiceUnknown"); both mean: no keychain for this run.
bool isUnavailable(const QKeychain::Job& job)
{
    return job.error() == QKeychain::NoBackendAvailable || job.error() == QKeychain::OtherError;
}

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
            [this, key, guard, done = std::move(done), context](QKeychain::Job* finished) {
                SecretResult result;
                if (finished->error() == QKeychain::NoError) {
                    result.secret = static_cast<QKeychain::ReadPasswordJob*>(finished)->textData();
                } else if (finished->error() == QKeychain::EntryNotFound) {
                    result.status = SecretResult::Status::NotFound;
                } else if (isUnavailable(*finished)) {
                    markUnavailable(finished->errorString());
                    read(key, context, done);
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
            [this, key, secret, done = std::move(done), context](QKeychain::Job* finished) {
                SecretResult result;
                if (finished->error() == QKeychain::NoError) {
                    done(result);
                    return;
                }
                if (isUnavailable(*finished)) {
                    markUnavailable(finished->errorString());
                    write(key, secret, context, done);
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
    connect(
        job, &QKeychain::Job::finished, context, [this, done = std::move(done)](QKeychain::Job* finished) {
            SecretResult result;
            if (finished->error() == QKeychain::EntryNotFound) {
                result.status = SecretResult::Status::NotFound;
            } else if (isUnavailable(*finished)) {
                markUnavailable(finished->errorString());
                result.persistent = false;
                result.status = SecretResult::Status::NotFound;
            } else if (finished->error() != QKeychain::NoError) {
                result.status = SecretResult::Status::Error;
                result.error = tr("The keychain could not remove the token: %1").arg(finished->errorString());
            }
            done(result);
        });
    job->start();
}
