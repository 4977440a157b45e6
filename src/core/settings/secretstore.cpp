// SPDX-License-Identifier: Apache-2.0

#include "core/settings/secretstore.h"

#include <QPointer>

namespace sfdesk {

MemorySecretStore::MemorySecretStore(QObject* parent)
    : SecretStore(parent)
{}

void MemorySecretStore::deliver(QObject* context, Callback done, SecretResult result)
{
    result.persistent = false;
    // Later, like a real keychain, so callers never depend on a synchronous answer.
    QMetaObject::invokeMethod(
        context ? context : this, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
}

void MemorySecretStore::read(const QString& key, QObject* context, Callback done)
{
    SecretResult result;
    const auto it = m_secrets.constFind(key);
    if (it == m_secrets.cend())
        result.status = SecretResult::Status::NotFound;
    else
        result.secret = *it;
    deliver(context, std::move(done), result);
}

void MemorySecretStore::write(const QString& key, const QString& secret, QObject* context, Callback done)
{
    m_secrets.insert(key, secret);
    deliver(context, std::move(done), {});
}

void MemorySecretStore::remove(const QString& key, QObject* context, Callback done)
{
    SecretResult result;
    if (!m_secrets.remove(key))
        result.status = SecretResult::Status::NotFound;
    deliver(context, std::move(done), result);
}

QString MemorySecretStore::unavailableReason() const
{
    return tr("Tokens are kept in memory for this run only.");
}

} // namespace sfdesk
