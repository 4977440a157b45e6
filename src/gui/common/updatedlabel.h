// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QElapsedTimer>
#include <QLabel>

class QTimer;

namespace sfdesk {

// "updated 12 s ago", ticking by itself; or what went wrong with the last refresh.
class UpdatedLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UpdatedLabel)

public:
    explicit UpdatedLabel(QWidget* parent = nullptr);
    ~UpdatedLabel() override;

    void markUpdated();
    void markFailed(const QString& reason);
    // Nothing read yet (another session, or none): says nothing, rather than an old time.
    void reset();

private:
    static QString agoText(qint64 seconds);
    void refreshText();

    QElapsedTimer m_since;
    QTimer* m_tick;
    QString m_failure;
};

} // namespace sfdesk
