// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"

#include <QDateTime>
#include <QObject>

namespace sfdesk {

// What the status bar shows for a connection: when data last arrived, and the last error (cleared
// by the next success). Every poller of a session reports here.
class ConnectionStatus final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionStatus)

public:
    explicit ConnectionStatus(QObject* parent = nullptr);

    QDateTime lastUpdated() const { return m_lastUpdated; }
    bool hasError() const { return m_error.isError(); }
    ApiError lastError() const { return m_error; }
    bool isBusy() const { return m_busy > 0; }

    // "Updated 5 seconds ago", or the error sentence.
    QString summary(const QDateTime& now = QDateTime::currentDateTimeUtc()) const;

    void reportStarted();
    void reportSuccess(const QDateTime& at = QDateTime::currentDateTimeUtc());
    void reportFailure(const ApiError& error);

Q_SIGNALS:
    void changed();

private:
    QDateTime m_lastUpdated;
    ApiError m_error;
    int m_busy = 0;
};

} // namespace sfdesk
