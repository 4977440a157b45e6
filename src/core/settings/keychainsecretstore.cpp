// SPDX-License-Identifier: Apache-2.0

#include "core/settings/keychainsecretstore.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
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

// There is no keychain at all, as opposed to: this entry is missing, the keyring is locked, the
// user dismissed its prompt, or it failed otherwise. QtKeychain says NoBackendAvailable, or passes
// D-Bus's own words on as OtherError: no session bus (NoServer; GIO's "Could not connect",
// "Cannot autolaunch D-Bus") or no Secret Service on it (ServiceUnknown).
bool isNoKeychain(const QKeychain::Job& job)
{
    if (job.error() == QKeychain::NoBackendAvailable)
        return true;
    if (job.error() != QKeychain::OtherError)
        return false;
    const QString why = job.errorString();
    return why.contains(u"org.freedesktop.DBus.Error.ServiceUnknown")
           || why.contains(u"org.freedesktop.DBus.Error.NoServer")
           || why.contains(u"was not provided by any .service files") || why.contains(u"D-Bus is not running")
           || why.startsWith(u"Could not connect:") || why.startsWith(u"Cannot autolaunch D-Bus");
}

// What went wrong, in a sentence a user can act on, with the keychain's own words after it.
QString problem(const QKeychain::Job& job)
{
    const QString said = job.errorString();
    QString sentence;
    if (job.error() == QKeychain::AccessDenied || said.contains(u"locked", Qt::CaseInsensitive))
        sentence = KeychainSecretStore::tr("The system keychain is locked, or refused sfdesk access to it.");
    else if (said.contains(u"dismiss", Qt::CaseInsensitive) || said.contains(u"cancel", Qt::CaseInsensitive))
        sentence = KeychainSecretStore::tr("The keychain's password prompt was closed without an answer.");
    else if (said.contains(u"/collection/") || said.contains(u"No such object", Qt::CaseInsensitive))
        sentence = KeychainSecretStore::tr(
            "The system keychain has no default keyring, and could not ask you to create one. Create "
            "one in your desktop's password manager (for example Passwords and Keys) and try again.");
    else if (isTransient(job))
        sentence = KeychainSecretStore::tr("The system keychain did not answer in time.");
    else
        sentence = KeychainSecretStore::tr("The system keychain reported an error.");
    return said.isEmpty() ? sentence : KeychainSecretStore::tr("%1 (It said: %2)").arg(sentence, said);
}

constexpr int MaxAttempts = 3;
constexpr int RetryDelayMs = 400;

// Whether the Secret Service holds an entry for the key in a locked keyring. QtKeychain (through
// libsecret) skips locked entries without a word when it cannot unlock them: a removal then says it
// succeeded and a read says there is nothing, while the token stays. Asked on the bus by the
// attributes QtKeychain stores under; false when no Secret Service answers (another keychain).
void whetherLocked(const QString& service, const QString& key, QObject* context,
                   std::function<void(bool)> then)
{
    QDBusMessage search = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.secrets"), QStringLiteral("/org/freedesktop/secrets"),
        QStringLiteral("org.freedesktop.Secret.Service"), QStringLiteral("SearchItems"));
    // Never started for this question: a desktop whose keychain is another has none to ask.
    search.setAutoStartService(false);
    search << QVariant::fromValue(
        QMap<QString, QString>{{QStringLiteral("user"), key}, {QStringLiteral("server"), service}});
    auto* watcher =
        new QDBusPendingCallWatcher(QDBusConnection::sessionBus().asyncCall(search, 10000), context);
    QObject::connect(watcher, &QDBusPendingCallWatcher::finished, context, [watcher, then = std::move(then)] {
        watcher->deleteLater();
        const QDBusPendingReply<QList<QDBusObjectPath>, QList<QDBusObjectPath>> reply = *watcher;
        then(!reply.isError() && !reply.argumentAt<1>().isEmpty());
    });
}

void deliverLater(QObject* context, SecretStore::Callback done, const SecretResult& result)
{
    QMetaObject::invokeMethod(
        context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
}

} // namespace

KeychainSecretStore::KeychainSecretStore(const QString& service, QObject* parent)
    : SecretStore(parent)
    , m_service(service)
{
    qDBusRegisterMetaType<QMap<QString, QString>>();
}

KeychainSecretStore::~KeychainSecretStore() = default;

void KeychainSecretStore::markUnavailable(const QKeychain::Job& job)
{
    if (!m_reason.isEmpty())
        return;
    m_reason = tr("No system keychain was found (%1). Tokens are kept in memory for this run only, and "
                  "asked for again next time.")
                   .arg(job.errorString());
    Q_EMIT persistenceChanged();
}

void KeychainSecretStore::read(const QString& key, QObject* context, Callback done)
{
    readAttempt(key, context, std::move(done), 1);
}

void KeychainSecretStore::readAttempt(const QString& key, QObject* context, Callback done, int attempt)
{
    if (m_memory.contains(key) || !isPersistent()) {
        SecretResult result;
        result.persistent = false;
        if (m_memory.contains(key))
            result.secret = m_memory.value(key);
        else
            result.status = SecretResult::Status::NotFound;
        deliverLater(context, std::move(done), result);
        return;
    }
    auto* job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, context,
            [this, key, done = std::move(done), context, attempt](QKeychain::Job* finished) {
                if (isTransient(*finished) && attempt < MaxAttempts) {
                    QTimer::singleShot(RetryDelayMs, context, [this, key, context, done, attempt] {
                        readAttempt(key, context, done, attempt + 1);
                    });
                    return;
                }
                if (isNoKeychain(*finished)) {
                    markUnavailable(*finished);
                    readAttempt(key, context, done, 1);
                    return;
                }
                SecretResult result;
                if (finished->error() == QKeychain::NoError) {
                    result.secret = static_cast<QKeychain::ReadPasswordJob*>(finished)->textData();
                } else if (finished->error() == QKeychain::EntryNotFound) {
                    result.status = SecretResult::Status::NotFound;
                    whetherLocked(m_service, key, context, [done, result](bool locked) {
                        if (!locked) {
                            done(result);
                            return;
                        }
                        SecretResult refused;
                        refused.status = SecretResult::Status::Error;
                        refused.error =
                            tr("The system keychain holds a token for this connection in a locked "
                               "keyring, which could not be unlocked.");
                        done(refused);
                    });
                    return;
                } else {
                    result.status = SecretResult::Status::Error;
                    result.error = problem(*finished);
                }
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
        deliverLater(context, std::move(done), result);
        return;
    }
    auto* job = new QKeychain::WritePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    job->setTextData(secret);
    // Not bound to the context: what the keychain did is known here even when nobody waits for it.
    connect(job, &QKeychain::Job::finished, this,
            [this, key, secret, done = std::move(done), guard = QPointer<QObject>(context),
             attempt](QKeychain::Job* finished) {
                if (finished->error() == QKeychain::NoError) {
                    // The keychain has it now: the copy kept for this run is not needed.
                    m_memory.remove(key);
                    if (guard)
                        done({});
                    return;
                }
                if (!guard)
                    return;
                if (isTransient(*finished) && attempt < MaxAttempts) {
                    QTimer::singleShot(RetryDelayMs, guard.data(), [this, key, secret, guard, done, attempt] {
                        writeAttempt(key, secret, guard.data(), done, attempt + 1);
                    });
                    return;
                }
                if (isNoKeychain(*finished)) {
                    markUnavailable(*finished);
                    writeAttempt(key, secret, guard.data(), done, 1);
                    return;
                }
                SecretResult result;
                result.status = SecretResult::Status::Error;
                result.error = problem(*finished);
                done(result);
            });
    job->start();
}

void KeychainSecretStore::remove(const QString& key, QObject* context, Callback done)
{
    const bool wasInMemory = m_memory.remove(key) > 0;
    removeAttempt(key, wasInMemory, context, std::move(done), 1);
}

void KeychainSecretStore::removeAttempt(const QString& key, bool wasInMemory, QObject* context, Callback done,
                                        int attempt)
{
    // Asked also while secrets are kept in memory: the keychain may be back, or may hold the token
    // from an earlier run. Without a keychain the job costs nothing.
    auto* job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setKey(key);
    connect(
        job, &QKeychain::Job::finished, context,
        [this, key, wasInMemory, context, done = std::move(done), attempt](QKeychain::Job* finished) {
            if (isTransient(*finished) && attempt < MaxAttempts) {
                QTimer::singleShot(RetryDelayMs, context, [this, key, wasInMemory, context, done, attempt] {
                    removeAttempt(key, wasInMemory, context, done, attempt + 1);
                });
                return;
            }
            SecretResult result;
            if (finished->error() == QKeychain::NoError || finished->error() == QKeychain::EntryNotFound) {
                result.persistent = isPersistent();
                if (finished->error() == QKeychain::EntryNotFound && !wasInMemory)
                    result.status = SecretResult::Status::NotFound;
                // "Removed" may mean: skipped, in a keyring that is locked.
                whetherLocked(m_service, key, context, [done, result](bool locked) {
                    if (!locked) {
                        done(result);
                        return;
                    }
                    SecretResult kept;
                    kept.status = SecretResult::Status::Error;
                    kept.error = tr("The token is in a locked keyring of the system keychain, which could "
                                    "not be unlocked. Unlock it (in your desktop's password manager, for "
                                    "example), then try again.");
                    done(kept);
                });
                return;
            } else if (isNoKeychain(*finished)) {
                markUnavailable(*finished);
                // Nothing could be there from this run; whether an earlier run left one, the
                // caller says.
                result.persistent = false;
                if (!wasInMemory)
                    result.status = SecretResult::Status::NotFound;
            } else {
                result.status = SecretResult::Status::Error;
                result.error = problem(*finished);
            }
            done(result);
        });
    job->start();
}

} // namespace sfdesk
