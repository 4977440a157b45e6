// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/notify/notifier.h"

#include <QHash>
#include <QList>

#include <optional>

namespace sfdesk {

// The desktop's notification service (org.freedesktop.Notifications) over the session bus. Without
// the service, or once a call to it fails, it is not available and shows nothing.
class DBusNotifier final : public Notifier
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DBusNotifier)

public:
    explicit DBusNotifier(QObject* parent = nullptr);
    ~DBusNotifier() override;

    bool isAvailable() const override { return m_available; }
    void show(const Notice& notice) override;
    // Notifications shown and not yet closed.
    int openCount() const { return static_cast<int>(m_shown.size()); }

private Q_SLOTS:
    // Slots by name: QDBusConnection::connect takes no functor.
    void onActionInvoked(uint id, const QString& action);
    void onClosed(uint id, uint reason);

private:
    void send(const Notice& notice);

    bool m_available = false;
    // Whether the service reads a body as markup ("body-markup"), once it said; the notices shown
    // before it answered wait here.
    std::optional<bool> m_bodyMarkup;
    QList<Notice> m_waiting;
    // The service's id of each notification still open, with its notice, to open it on a click.
    QHash<uint, Notice> m_shown;
};

} // namespace sfdesk
