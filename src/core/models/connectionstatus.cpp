// SPDX-License-Identifier: Apache-2.0

#include "core/models/connectionstatus.h"

namespace sfdesk {

ConnectionStatus::ConnectionStatus(QObject* parent)
    : QObject(parent)
{}

QString ConnectionStatus::summary(const QDateTime& now) const
{
    if (m_error.isError())
        return m_error.message();
    if (!m_lastUpdated.isValid())
        return m_busy ? tr("Loading…") : tr("Not updated yet");
    const qint64 seconds = qMax<qint64>(0, m_lastUpdated.secsTo(now));
    if (seconds < 60)
        return tr("Updated %n second(s) ago", nullptr, static_cast<int>(seconds));
    return tr("Updated %n minute(s) ago", nullptr, static_cast<int>(seconds / 60));
}

void ConnectionStatus::reportStarted()
{
    ++m_busy;
    Q_EMIT changed();
}

void ConnectionStatus::reportSuccess(const QDateTime& at)
{
    m_busy = qMax(0, m_busy - 1);
    m_lastUpdated = at;
    m_error = {};
    Q_EMIT changed();
}

void ConnectionStatus::reportFailure(const ApiError& error)
{
    m_busy = qMax(0, m_busy - 1);
    // A cancelled poll is not a failure worth showing.
    if (error.kind() != ApiError::Kind::Cancelled)
        m_error = error;
    Q_EMIT changed();
}

} // namespace sfdesk
