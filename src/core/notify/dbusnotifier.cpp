// SPDX-License-Identifier: Apache-2.0

#include "core/notify/dbusnotifier.h"

#include "common/constvalue.h"
#include "core/util/plaintext.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QFileInfo>

#include <utility>

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
    if (m_bodyMarkup) {
        send(notice);
        return;
    }
    // Whether the service reads the body as markup, asked once before the first notice (asking at
    // start would start a service that is started on demand) and kept for the run.
    m_waiting.append(notice);
    if (m_waiting.size() > 1)
        return;
    auto* watcher =
        new QDBusPendingCallWatcher(QDBusConnection::sessionBus().asyncCall(QDBusMessage::createMethodCall(
                                        Service, Path, Interface, QStringLiteral("GetCapabilities"))),
                                    this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        const QDBusPendingReply<QStringList> reply = *watcher;
        // Without an answer the body is escaped: a service that shows markup as it is would show
        // "&amp;", where one that reads it would show a link or a picture a name brought.
        m_bodyMarkup = reply.isError() || reply.value().contains(QStringLiteral("body-markup"));
        for (const Notice& waiting : constValue(std::exchange(m_waiting, {})))
            send(waiting);
    });
}

void DBusNotifier::send(const Notice& notice)
{
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("Notify"));
    // A price watch's one action is to open its order (never to place it).
    const QStringList actions{DefaultAction,
                              notice.kind == Notice::Kind::PriceWatch ? tr("Buy…") : tr("Open")};
    QVariantMap hints;
    hints.insert(QStringLiteral("desktop-entry"), QStringLiteral("sfdesk"));
    hints.insert(QStringLiteral("category"), notice.kind == Notice::Kind::InstanceRunning
                                                 ? QStringLiteral("device")
                                                 : QStringLiteral("transfer.complete"));
    // The summary is plain text; the body is markup where the service supports it (names in it
    // could otherwise bring links and images).
    call << QStringLiteral("sfdesk") << uint(0) << QStringLiteral("sfdesk") << notice.title
         << (*m_bodyMarkup ? PlainText::markupEscaped(notice.text) : notice.text) << actions << hints
         << int(-1);
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
