// SPDX-License-Identifier: Apache-2.0

#include "core/notify/dbusnotifier.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QFileInfo>

namespace sfdesk {

namespace {

const QString Service = QStringLiteral("org.freedesktop.Notifications");
const QString Path = QStringLiteral("/org/freedesktop/Notifications");
const QString Interface = QStringLiteral("org.freedesktop.Notifications");
// The action the service runs when the notification itself is clicked.
const QString DefaultAction = QStringLiteral("default");

// Whether a session bus is there to ask. Without one, libdbus would try to start one (autolaunch),
// leaving a stray daemon behind a run without a desktop.
bool hasSessionBus()
{
    if (!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        return true;
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    return !runtime.isEmpty() && QFileInfo::exists(runtime + QStringLiteral("/bus"));
}

} // namespace

DBusNotifier::DBusNotifier(QObject* parent)
    : Notifier(parent)
{
    if (!hasSessionBus())
        return;
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected() || !bus.interface())
        return;
    // A service that starts on the first call (D-Bus activation) counts as there.
    const QString service = Service;
    m_available = bus.interface()->isServiceRegistered(service).value()
                  || bus.interface()->activatableServiceNames().value().contains(service);
    if (!m_available)
        return;
    // Normalized signatures (no spaces), which Qt need not normalize again at run time.
    // clang-format off
    bus.connect(Service, Path, Interface, QStringLiteral("ActionInvoked"), this,
                SLOT(onActionInvoked(uint,QString)));
    bus.connect(Service, Path, Interface, QStringLiteral("NotificationClosed"), this,
                SLOT(onClosed(uint,uint)));
    // clang-format on
}

DBusNotifier::~DBusNotifier() = default;

void DBusNotifier::show(const Notice& notice)
{
    if (!m_available)
        return;
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("Notify"));
    const QStringList actions{DefaultAction, tr("Open")};
    QVariantMap hints;
    hints.insert(QStringLiteral("desktop-entry"), QStringLiteral("sfdesk"));
    hints.insert(QStringLiteral("category"), notice.kind == Notice::Kind::InstanceRunning
                                                 ? QStringLiteral("device")
                                                 : QStringLiteral("transfer.complete"));
    call << QStringLiteral("sfdesk") << uint(0) << QStringLiteral("sfdesk") << notice.title << notice.text
         << actions << hints << int(-1);
    auto* watcher = new QDBusPendingCallWatcher(QDBusConnection::sessionBus().asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher, notice] {
        watcher->deleteLater();
        const QDBusPendingReply<uint> reply = *watcher;
        // The service went away: the activity panel still lists the notice.
        if (reply.isError()) {
            m_available = false;
            return;
        }
        m_shown.insert(reply.value(), notice);
    });
}

void DBusNotifier::onActionInvoked(uint id, const QString& action)
{
    const auto it = m_shown.constFind(id);
    if (it == m_shown.cend())
        return; // another application's notification
    if (action == DefaultAction)
        Q_EMIT activated(*it);
}

void DBusNotifier::onClosed(uint id, uint reason)
{
    Q_UNUSED(reason);
    m_shown.remove(id);
}

} // namespace sfdesk
